import { ADDRESS_MAX_CHARS, CODE_LENGTH, PHONE_MIN_LENGTH } from './constants.ts';

const COUNTRY_CODE = '998';
/** Digits after the country code: operator code (2) + subscriber number (7). */
const NATIONAL_DIGITS = 9;
/** Group sizes of the national part in the mask '+998 99 999 99 99'. */
const MASK_GROUPS = [2, 3, 2, 2] as const;

/** Keeps only the digits (a telephone input accepts digits and deletions, nothing else). */
export const normalizePhone = (input: string): string => input.replace(/\D/g, '');

/**
 * The national part of a phone: the digits after the fixed +998. The storefront's input always
 * shows the +998 prefix, so a value whose digits start with 998 carries the country code and it is
 * stripped; anything else is taken as national digits. Extra digits beyond nine are dropped.
 */
const nationalDigits = (input: string): string => {
  const digits = normalizePhone(input);
  const national = digits.startsWith(COUNTRY_CODE) ? digits.slice(COUNTRY_CODE.length) : digits;
  return national.slice(0, NATIONAL_DIGITS);
};

/**
 * Progressive mask '+998 99 999 99 99': formats as much as has been typed, so it can run on every
 * keystroke ('+998', '+998 9', '+998 90 12', ...).
 */
export const formatPhoneMask = (input: string): string => {
  let rest = nationalDigits(input);
  const parts = [`+${COUNTRY_CODE}`];
  for (const size of MASK_GROUPS) {
    if (!rest) break;
    parts.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  return parts.join(' ');
};

/**
 * The spec's rule is "at least 11 characters after removing spaces". That alone would accept
 * '+998 90 123 45' (an incomplete number the SMS can never reach), so a valid phone must also be
 * complete: +998 and nine digits. The length rule is kept as stated and is implied by completeness.
 * (docs/decisions/008-phone-needs-twelve-digits.md)
 */
export const isPhoneValid = (masked: string): boolean =>
  masked.replace(/\s/g, '').length >= PHONE_MIN_LENGTH && toApiPhone(masked) !== null;

/** '998XXXXXXXXX' as the API and SMS providers take it, or null for an incomplete number. */
export const toApiPhone = (masked: string): string | null => {
  const digits = normalizePhone(masked);
  if (digits.length === COUNTRY_CODE.length + NATIONAL_DIGITS && digits.startsWith(COUNTRY_CODE)) {
    return digits;
  }
  if (digits.length === NATIONAL_DIGITS) return `${COUNTRY_CODE}${digits}`;
  return null;
};

/** Code input: non-digits are rejected (dropped) and anything beyond six digits is ignored. */
export const sanitizeCode = (input: string): string => input.replace(/\D/g, '').slice(0, CODE_LENGTH);

/** The code may be submitted only at exactly six digits. */
export const isCodeComplete = (code: string): boolean => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);

export const isNameValid = (name: string): boolean => name.trim().length > 0;

const isRealDate = (year: number, month: number, day: number): boolean => {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC avoids the machine's DST.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Date of birth for the profile update: 'YYYY-MM-DD', or null when empty, the date picker's
 * 'invalid date' text, or not a real calendar date. Accepts ISO dates (optionally with a time, which
 * is ignored) and the 'DD.MM.YYYY' form customers type in ru/uz.
 */
export const parseDateOfBirth = (input: string | null | undefined): string | null => {
  const text = (input ?? '').trim();
  if (!text || text.toLowerCase() === 'invalid date') return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  let year: number;
  let month: number;
  let day: number;
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (dotted) {
    [day, month, year] = [Number(dotted[1]), Number(dotted[2]), Number(dotted[3])];
  } else {
    return null;
  }
  if (year < 1 || !isRealDate(year, month, day)) return null;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
};

/**
 * Cuts a displayed address to `max` characters plus '…'. Counts code points, so an emoji or a
 * combining pair is never split in half.
 */
export const truncateAddress = (address: string, max: number = ADDRESS_MAX_CHARS): string => {
  const chars = Array.from(address);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : address;
};
