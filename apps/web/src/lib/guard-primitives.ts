import type { TLocalizedText } from '@app/contracts';

/**
 * The pieces every browser-side response check is built from (see `response-guards.ts` for why the
 * browser checks shapes by hand instead of parsing with zod).
 */
export type TRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is TRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A whole number >= 0 (counts, sums of money). */
export const isCount = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0;

export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export const isText = (value: unknown): value is TLocalizedText =>
  isRecord(value) &&
  typeof value.ru === 'string' &&
  typeof value.uz === 'string' &&
  typeof value.en === 'string';

export const isDate = (value: unknown): boolean =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

export const isLatLong = (value: unknown): boolean =>
  isRecord(value) && isNumber(value.lat) && isNumber(value.long);

/** An array whose every entry is an object passing `item`. */
export const isArrayOf = (value: unknown, item: (entry: TRecord) => boolean): boolean =>
  Array.isArray(value) && value.every((entry) => isRecord(entry) && item(entry));
