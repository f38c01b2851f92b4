/** Dates of content are shown as calendar days in Tashkent, whatever the server's zone. */
export const CONTENT_TIME_ZONE = 'Asia/Tashkent';
export const DATE_FORMAT = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: CONTENT_TIME_ZONE,
} as const;
