import { describe, expect, it } from 'vitest';
import {
  formatPhoneMask,
  isCodeComplete,
  isNameValid,
  isPhoneValid,
  normalizePhone,
  parseDateOfBirth,
  sanitizeCode,
  toApiPhone,
  truncateAddress,
} from './validation.ts';

describe('phone', () => {
  it('normalizePhone keeps only digits', () => {
    expect(normalizePhone('+998 (90) 123-45-67')).toBe('998901234567');
    expect(normalizePhone('abc')).toBe('');
  });

  it('formatPhoneMask formats progressively as +998 99 999 99 99', () => {
    expect(formatPhoneMask('')).toBe('+998');
    expect(formatPhoneMask('+998')).toBe('+998');
    expect(formatPhoneMask('9')).toBe('+998 9');
    expect(formatPhoneMask('90')).toBe('+998 90');
    expect(formatPhoneMask('901')).toBe('+998 90 1');
    expect(formatPhoneMask('90123')).toBe('+998 90 123');
    expect(formatPhoneMask('901234')).toBe('+998 90 123 4');
    expect(formatPhoneMask('9012345')).toBe('+998 90 123 45');
    expect(formatPhoneMask('90123456')).toBe('+998 90 123 45 6');
    expect(formatPhoneMask('901234567')).toBe('+998 90 123 45 67');
  });

  it('formatPhoneMask treats a leading 998 as the country code and is idempotent', () => {
    expect(formatPhoneMask('+998901234567')).toBe('+998 90 123 45 67');
    expect(formatPhoneMask('+998 9')).toBe('+998 9');
    const once = formatPhoneMask('998 90 1234567');
    expect(formatPhoneMask(once)).toBe(once);
  });

  it('formatPhoneMask drops digits beyond the number and anything that is not a digit', () => {
    expect(formatPhoneMask('+998 90 123 45 67 89')).toBe('+998 90 123 45 67');
    expect(formatPhoneMask('90-12a3')).toBe('+998 90 123');
  });

  it('a complete number is valid and becomes 998XXXXXXXXX for the API', () => {
    expect(isPhoneValid('+998 90 123 45 67')).toBe(true);
    expect(toApiPhone('+998 90 123 45 67')).toBe('998901234567');
    expect(toApiPhone('901234567')).toBe('998901234567');
  });

  it('fewer than 11 characters without spaces is wrong (the spec minimum)', () => {
    // '+998 90 123 4' is 10 characters once spaces are removed.
    expect(isPhoneValid('+998 90 123 4')).toBe(false);
    expect(isPhoneValid('')).toBe(false);
  });

  it('11 characters that are still not a whole number are wrong too', () => {
    // '+9989012345' has the 11 characters the spec asks for but no SMS can reach it.
    expect(isPhoneValid('+998 90 123 45')).toBe(false);
    expect(isPhoneValid('+998 90 123 45 6')).toBe(false);
    expect(toApiPhone('+998 90 123 45 6')).toBeNull();
  });

  it('other countries and extra digits are not a valid phone', () => {
    expect(toApiPhone('+7 912 345 67 89')).toBeNull();
    expect(toApiPhone('+998 90 123 45 678')).toBeNull();
    expect(isPhoneValid('+7 912 345 67 89')).toBe(false);
  });
});

describe('one-time code', () => {
  it('sanitizeCode rejects letters and ignores characters beyond six', () => {
    expect(sanitizeCode('12ab34')).toBe('1234');
    expect(sanitizeCode('1234567890')).toBe('123456');
    expect(sanitizeCode(' 12 34 56 ')).toBe('123456');
    expect(sanitizeCode('abcdef')).toBe('');
  });

  it('isCodeComplete only at exactly six digits', () => {
    expect(isCodeComplete('123456')).toBe(true);
    expect(isCodeComplete('12345')).toBe(false);
    expect(isCodeComplete('1234567')).toBe(false);
    expect(isCodeComplete('12345a')).toBe(false);
    expect(isCodeComplete('')).toBe(false);
  });
});

describe('isNameValid', () => {
  it('needs something besides spaces', () => {
    expect(isNameValid('Aziz')).toBe(true);
    expect(isNameValid('  Aziz ')).toBe(true);
    expect(isNameValid('')).toBe(false);
    expect(isNameValid('   \t')).toBe(false);
  });
});

describe('parseDateOfBirth', () => {
  it('is null when empty or the "invalid date" text', () => {
    expect(parseDateOfBirth('')).toBeNull();
    expect(parseDateOfBirth('   ')).toBeNull();
    expect(parseDateOfBirth(null)).toBeNull();
    expect(parseDateOfBirth(undefined)).toBeNull();
    expect(parseDateOfBirth('invalid date')).toBeNull();
    expect(parseDateOfBirth('Invalid date')).toBeNull();
  });

  it('accepts ISO dates, with or without a time', () => {
    expect(parseDateOfBirth('1995-04-23')).toBe('1995-04-23');
    expect(parseDateOfBirth('1995-04-23T00:00:00.000Z')).toBe('1995-04-23');
    expect(parseDateOfBirth('1995-04-23T00:00:00+05:00')).toBe('1995-04-23');
  });

  it('accepts DD.MM.YYYY', () => {
    expect(parseDateOfBirth('23.04.1995')).toBe('1995-04-23');
  });

  it('is null for a date that does not exist', () => {
    expect(parseDateOfBirth('2023-02-29')).toBeNull();
    expect(parseDateOfBirth('2023-04-31')).toBeNull();
    expect(parseDateOfBirth('2023-13-01')).toBeNull();
    expect(parseDateOfBirth('2023-00-10')).toBeNull();
    expect(parseDateOfBirth('31.02.2000')).toBeNull();
    expect(parseDateOfBirth('0000-01-01')).toBeNull();
  });

  it('accepts 29 February in a leap year', () => {
    expect(parseDateOfBirth('2024-02-29')).toBe('2024-02-29');
    expect(parseDateOfBirth('2000-02-29')).toBe('2000-02-29');
    expect(parseDateOfBirth('1900-02-29')).toBeNull();
  });

  it('is null for anything else', () => {
    expect(parseDateOfBirth('yesterday')).toBeNull();
    expect(parseDateOfBirth('1995/04/23')).toBeNull();
    expect(parseDateOfBirth('95-4-23')).toBeNull();
  });
});

describe('truncateAddress', () => {
  const forty = 'Toshkent, Chilonzor tumani, Bunyodkor 12';

  it('keeps an address of up to 40 characters', () => {
    expect(forty).toHaveLength(40);
    expect(truncateAddress(forty)).toBe(forty);
  });

  it('cuts a longer address at 40 characters and adds an ellipsis', () => {
    expect(truncateAddress(`${forty}, kv. 5`)).toBe(`${forty}…`);
  });

  it('takes another limit', () => {
    expect(truncateAddress('abcdef', 3)).toBe('abc…');
  });

  it('never splits a character in half', () => {
    expect(truncateAddress('🏠🏠🏠', 2)).toBe('🏠🏠…');
  });
});
