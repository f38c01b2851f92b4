import { CHAIN_TIME_ZONE } from '@app/domain';

/** Dates of content are shown as calendar days in Tashkent, whatever the server's zone. */
export const DATE_FORMAT = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: CHAIN_TIME_ZONE,
} as const;
