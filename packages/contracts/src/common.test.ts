import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MULTI_LINE_TEXT,
  SINGLE_LINE_TEXT,
  ZApiError,
  ZClientHeaders,
  ZClock,
  ZIdOrSlug,
  ZImage,
  ZLatLong,
  ZLocalizedText,
  ZMultiLineText,
  ZPageQuery,
  ZSingleLineText,
  ZSlug,
  ZSum,
} from './common.ts';
import { expectAccepted, expectRefused } from './test-cases.ts';

/** Every character the text rules refuse in both kinds of text, named for the failure message. */
const ALWAYS_REFUSED: [string, string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['backspace', '\b'],
  ['vertical tab', '\v'],
  ['form feed', '\f'],
  ['ESC', '\u001b'],
  ['unit separator', '\u001f'],
  ['DEL', '\u007f'],
  ['C1 NEL', '\u0085'],
  ['C1 CSI', '\u009b'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['lone high surrogate', '\ud83d'],
  ['lone low surrogate', '\ude00'],
  ['reversed pair', '\ude00\ud83d'],
];

const ACCEPTED = [
  '',
  'Алишер Навоий',
  "O'zbekiston, Toshkent sh., Amir Temur ko'chasi 1",
  'Zoë — café №5 «Baraka»',
  'Pizza 🍕 and 👨‍👩‍👧 family',
  '  spaces   inside  ',
  '"quotes" <b>not html</b> & \\ backslash',
];

describe('ZSingleLineText', () => {
  it.each(ACCEPTED)('accepts %j', (text) => {
    expect(ZSingleLineText.safeParse(text).success).toBe(true);
  });

  it.each([...ALWAYS_REFUSED, ['tab', '\t'], ['line feed', '\n'], ['carriage return', '\r']])(
    'refuses a %s anywhere in the text',
    (_name, char) => {
      for (const text of [char, `Ali${char}`, `${char}Ali`, `A${char}li`]) {
        const result = ZSingleLineText.safeParse(text);
        expect(result.success, JSON.stringify(text)).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('must be one line of text without control characters');
      }
    },
  );
});

describe('ZMultiLineText', () => {
  it.each([...ACCEPTED, 'line one\nline two', 'windows\r\nlines', 'a\ttab'])('accepts %j', (text) => {
    expect(ZMultiLineText.safeParse(text).success).toBe(true);
  });

  it.each(ALWAYS_REFUSED)('refuses a %s', (_name, char) => {
    expect(ZMultiLineText.safeParse(`comment ${char} here`).success).toBe(false);
  });
});

describe('the patterns as the OpenAPI document carries them', () => {
  // JSON Schema validators compile `pattern` with or without the `u` flag: both must mean the same.
  for (const pattern of [SINGLE_LINE_TEXT, MULTI_LINE_TEXT]) {
    const plain = new RegExp(pattern.source);
    const unicode = new RegExp(pattern.source, 'u');
    it(`${pattern === SINGLE_LINE_TEXT ? 'single' : 'multi'}-line: the same answers with and without the u flag`, () => {
      for (const text of [...ACCEPTED, ...ALWAYS_REFUSED.map(([, c]) => `x${c}y`), 'a\nb', 'a\tb']) {
        expect(unicode.test(text), JSON.stringify(text)).toBe(plain.test(text));
      }
    });
  }

  it('stays fast on a 2 MB text (no catastrophic backtracking)', () => {
    const started = performance.now();
    expect(ZMultiLineText.safeParse('я😀'.repeat(700_000)).success).toBe(true);
    expect(ZSingleLineText.safeParse(`${'a'.repeat(2_000_000)}\u0000`).success).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('the shared primitives', () => {
  it.each<[string, z.ZodType, unknown]>([
    ['a sum', ZSum, 125_000],
    ['a sum of nothing', ZSum, 0],
    ['midnight', ZClock, '00:00'],
    ['a minute to midnight', ZClock, '23:59'],
    ['a point', ZLatLong, { lat: 41.311081, long: 69.240562 }],
    ['the corners of the map', ZLatLong, { lat: -90, long: 180 }],
    ['a slug', ZSlug, 'plov-tashkent-2'],
    ['an id or a slug', ZIdOrSlug, 'Shashlik-Lamb'],
    ['a uuid as an id or a slug', ZIdOrSlug, '2a9195a4-7616-5bf8-b6ae-2f6e0bd957ab'],
    ['a text in every language', ZLocalizedText, { ru: 'Плов', uz: 'Osh', en: 'Plov' }],
    [
      'a picture in two widths',
      ZImage,
      {
        alt: { ru: 'Плов', uz: 'Osh', en: 'Plov' },
        width: 640,
        height: 360,
        url: '/images/r1/products/plov-320.webp',
        sources: [
          { width: 320, url: '/images/r1/products/plov-320.webp' },
          { width: 640, url: '/images/r1/products/plov-640.webp' },
        ],
      },
    ],
    // Real error answers of the API: GET /v2/product/nope-nope, GET /v1/branches?limit=0.
    ['an error', ZApiError, { statusCode: 404, code: 'PRODUCT_NOT_FOUND', message: 'Блюдо не найдено' }],
    [
      'a validation error naming its field',
      ZApiError,
      {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'Неверные данные: limit — не меньше 1',
        fields: [{ field: 'limit', message: 'must be at least 1' }],
      },
    ],
    [
      'the client headers',
      ZClientHeaders,
      { shipper: '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60', platform: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d' },
    ],
  ])('accepts %s', (_name, schema, value) => {
    expectAccepted(schema, value);
  });

  it.each<[string, z.ZodType, unknown]>([
    ['a negative sum', ZSum, -1],
    ['a sum in tiyin fractions', ZSum, 1000.5],
    ['a sum that is not a number', ZSum, '1000'],
    ['an infinite sum', ZSum, Number.POSITIVE_INFINITY],
    ['24:00', ZClock, '24:00'],
    ['an hour without its zero', ZClock, '9:30'],
    ['seconds', ZClock, '09:30:00'],
    ['a latitude beyond the pole', ZLatLong, { lat: 90.000001, long: 0 }],
    ['a longitude beyond 180', ZLatLong, { lat: 0, long: -180.5 }],
    ['a point written as a string', ZLatLong, { lat: '41.3', long: '69.2' }],
    ['a slug in capitals', ZSlug, 'Plov'],
    ['a slug with a double dash', ZSlug, 'plov--tashkent'],
    ['a slug ending in a dash', ZSlug, 'plov-'],
    ['a slug over 120 characters', ZSlug, 'a'.repeat(121)],
    ['an id or slug with a dot', ZIdOrSlug, 'plov.html'],
    ['an empty id or slug', ZIdOrSlug, ''],
    ['a text without its Uzbek', ZLocalizedText, { ru: 'Плов', en: 'Plov' }],
    [
      'a picture without files',
      ZImage,
      { alt: { ru: '', uz: '', en: '' }, width: 1, height: 1, url: '/x', sources: [] },
    ],
    [
      'a picture of no height',
      ZImage,
      { alt: { ru: '', uz: '', en: '' }, width: 1, height: 0, url: '/x', sources: [{ width: 1, url: '/x' }] },
    ],
    ['an error without its code', ZApiError, { statusCode: 500, message: 'x' }],
    ['an error of a fractional status', ZApiError, { statusCode: 404.5, code: 'X', message: 'x' }],
    [
      'headers of a shipper that is not an id',
      ZClientHeaders,
      { shipper: 'baraka', platform: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d' },
    ],
  ])('refuses %s', (_name, schema, value) => {
    expectRefused(schema, value);
  });

  it.each<[string, Record<string, string>]>([
    ['page 0', { page: '0' }],
    ['a page beyond 10 000', { page: '10001' }],
    ['a fractional page', { page: '1.5' }],
    ['a limit of 0', { limit: '0' }],
    ['a limit over 100', { limit: '101' }],
    ['a limit that is not a number', { limit: 'all' }],
  ])('a page query refuses %s', (_name, query) => {
    expectRefused(ZPageQuery, query, [Object.keys(query)[0] as string]);
  });

  it('a page query reads numbers from the query string and starts at page 1 of 20', () => {
    expect(ZPageQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(ZPageQuery.parse({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
  });
});
