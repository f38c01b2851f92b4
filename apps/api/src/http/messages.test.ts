import { LOCALES, ZApiError } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import { localeFromAcceptLanguage } from './locale.ts';
import { localize, MESSAGE_PARTS, MESSAGES, type MessageKey, ruPlural } from './messages.ts';

/** Every parameter any text takes, so each entry can be rendered without knowing its own. */
const ANY_PARAMS = {
  seconds: 40,
  max: 3,
  windowMinutes: 15,
  minutes: 12,
  context: 'body',
  details: 'phone must be 998 followed by 9 digits',
  header: 'Shipper',
  method: 'GET',
  path: '/v1/x',
  detail: 'Body cannot be empty',
  // ordering (issue 5)
  time: '10:00',
  reopens: { ru: '07.12 10:00', uz: '07.12 10:00', en: 'Dec 7, 10:00' },
  days: 3,
  start: '10:00',
  end: '22:00',
  price: 60_000,
  title: { ru: 'Лаваш', uz: 'Lavash', en: 'Wrap' },
  // order life and staff (issue 5)
  status: 'vendor-ready',
  event: 'courier-picked',
  // who moved an order last (issue 13)
  order: 'B-10234',
  step: 'operator-accepted',
  by: { name: 'Dilnoza', role: 'operator' },
  // the modifier stop list (issue 13)
  modifier: { ru: 'Сыр', uz: 'Pishloq', en: 'Cheese' },
};
const render = (key: MessageKey, locale: (typeof LOCALES)[number]) =>
  (MESSAGES[key][locale] as (p: typeof ANY_PARAMS) => string)(ANY_PARAMS);

const CYRILLIC = /[\u0400-\u04FF]/;
/** Uzbek Latin uses the ASCII apostrophe (o'z, so'm); the typographic ones break search and SMS. */
const NON_ASCII_APOSTROPHE = /[\u2018\u2019\u02BB\u02BC`]/;

describe('message catalogue', () => {
  it('is the union of its domains’ parts, each code defined by one part only', () => {
    const owners = new Map<string, string[]>();
    for (const [part, texts] of Object.entries(MESSAGE_PARTS)) {
      for (const code of Object.keys(texts)) owners.set(code, [...(owners.get(code) ?? []), part]);
    }
    // A code in two parts would be silently overwritten by the later one when they are joined.
    expect([...owners].filter(([, parts]) => parts.length > 1)).toEqual([]);
    expect(Object.keys(MESSAGES).sort()).toEqual([...owners.keys()].sort());
    expect(Object.keys(MESSAGES).length).toBeGreaterThanOrEqual(119);
  });

  it('has every customer-facing error code of the customers and vacancy endpoints', () => {
    const required = [
      'WRONG_CODE',
      'TOO_MANY_ATTEMPTS',
      'CODE_EXPIRED',
      'CODE_NOT_FOUND',
      'RESEND_TOO_EARLY',
      'PHONE_LIMIT',
      'IP_LIMIT',
      'SMS_UNAVAILABLE',
      'CUSTOMER_EXISTS',
      'CUSTOMER_NOT_FOUND',
      'PHONE_TAKEN',
      'OTP_REQUIRED',
      'FORBIDDEN',
      'UNAUTHORIZED',
      'VACANCY_NOT_FOUND',
      'VACANCY_CLOSED',
      'ALREADY_APPLIED',
      'VALIDATION_ERROR',
      'MISSING_HEADER',
      'INVALID_HEADER',
      'NOT_FOUND',
      'ROUTE_NOT_FOUND',
      'INTERNAL_ERROR',
    ];
    expect(required.filter((code) => !Object.hasOwn(MESSAGES, code))).toEqual([]);
  });

  it.each(Object.keys(MESSAGES) as MessageKey[])('has %s in ru, uz and en, each its own text', (key) => {
    const entry = MESSAGES[key] as Record<string, unknown>;
    expect(Object.keys(entry).sort()).toEqual([...LOCALES].sort());
    const [ru, uz, en] = [render(key, 'ru'), render(key, 'uz'), render(key, 'en')];
    for (const text of [ru, uz, en]) {
      expect(text.trim()).not.toBe('');
      // Every parameter it reads is one of ANY_PARAMS, of the type it expects.
      expect(text).not.toMatch(/undefined|NaN|\[object Object\]/);
    }
    expect(ru).toMatch(CYRILLIC);
    expect(uz).not.toMatch(CYRILLIC);
    expect(uz).not.toMatch(NON_ASCII_APOSTROPHE);
    expect(en).not.toMatch(CYRILLIC);
    expect(new Set([ru, uz, en]).size).toBe(3);
  });

  it('puts the parameters into every language', () => {
    const limit = { max: 3, windowMinutes: 15, minutes: 12 };
    expect(localize('PHONE_LIMIT', 'ru', limit)).toBe(
      'На этот номер отправлено слишком много кодов (не больше 3 за 15 минут). Попробуйте снова через 12 минут',
    );
    expect(localize('PHONE_LIMIT', 'uz', limit)).toBe(
      "Bu raqamga juda ko'p kod yuborildi (15 daqiqada ko'pi bilan 3 ta). 12 daqiqadan so'ng qayta urinib ko'ring",
    );
    expect(localize('PHONE_LIMIT', 'en', { ...limit, minutes: 1 })).toBe(
      'Too many codes sent to this phone number (at most 3 in 15 minutes). Try again in a minute',
    );
    expect(localize('PHONE_LIMIT', 'ru', { max: 10, windowMinutes: 24 * 60, minutes: 1 })).toBe(
      'На этот номер отправлено слишком много кодов (не больше 10 в сутки). Попробуйте снова через 1 минуту',
    );
    expect(localize('RESEND_TOO_EARLY', 'uz', { seconds: 40 })).toBe(
      "Yangi kodni 40 soniyadan so'ng so'rash mumkin",
    );
  });

  it.each([
    [1, 'минуту'],
    [2, 'минуты'],
    [4, 'минуты'],
    [5, 'минут'],
    [11, 'минут'],
    [12, 'минут'],
    [14, 'минут'],
    [21, 'минуту'],
    [22, 'минуты'],
    [25, 'минут'],
    [60, 'минут'],
    [101, 'минуту'],
    [111, 'минут'],
  ])('says %i %s in Russian', (n, word) => {
    expect(ruPlural(n, ['минуту', 'минуты', 'минут'])).toBe(`${n} ${word}`);
    expect(localize('IP_LIMIT', 'ru', { max: 20, minutes: n })).toMatch(new RegExp(`через ${n} ${word}$`));
  });

  it.each([
    [1, '1 секунду'],
    [3, '3 секунды'],
    [40, '40 секунд'],
    [41, '41 секунду'],
  ])('says %i seconds in Russian as %s', (seconds, text) => {
    expect(localize('RESEND_TOO_EARLY', 'ru', { seconds })).toBe(`Новый код можно запросить через ${text}`);
  });
});

describe('Accept-Language', () => {
  it.each([
    [undefined, 'ru'],
    ['', 'ru'],
    ['ru-RU', 'ru'],
    ['uz', 'uz'],
    ['uz-Latn', 'uz'],
    ['uz-Latn-UZ,ru;q=0.8', 'uz'],
    ['uz_UZ', 'uz'],
    ['en-US', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['fr-FR, uz;q=0.4, en;q=0.8', 'en'],
    ['de', 'ru'],
    ['*', 'ru'],
    ['en;q=0, uz', 'uz'],
    ['en;q=oops', 'ru'],
    [['en', 'uz'], 'en'],
  ] as const)('reads %j as %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header as string | string[] | undefined)).toBe(locale);
  });
});

describe('errors answer in the language of the request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (url: string, language: string | undefined, payload?: object) =>
    t.app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers: { ...CLIENT_HEADERS, ...(language === undefined ? {} : { 'accept-language': language }) },
      ...(payload ? { payload } : {}),
    });

  it.each([
    ['GET /v1/customers/me without a token', '/v1/customers/me', undefined, 401, 'UNAUTHORIZED'],
    ['an unknown phone', '/v1/customers/phone', { phone: '998901234567' }, 404, 'CUSTOMER_NOT_FOUND'],
    [
      'sign-in without a code',
      '/v2/customers/login-without-otp',
      { phone: '998901234567' },
      403,
      'OTP_REQUIRED',
    ],
    [
      'an unknown vacancy',
      '/v1/vacancies/00000000-0000-4000-8000-000000000000/applications',
      { full_name: 'Aziz Karimov', phone: '998901234567' },
      404,
      'VACANCY_NOT_FOUND',
    ],
  ] as const)(
    '%s: same code, message in ru (default), uz, en',
    async (_label, url, payload, status, code) => {
      const answers = [];
      for (const language of [undefined, 'ru', 'uz-Latn', 'en-US', 'fr'] as const) {
        const res = await inject(url, language, payload);
        expect(res.statusCode).toBe(status);
        answers.push(ZApiError.parse(res.json()));
      }
      const [byDefault, ru, uz, en, unknown] = answers;
      for (const answer of answers) expect(answer.code).toBe(code);
      expect(ru?.message).toBe(localize(code, 'ru'));
      expect(byDefault?.message).toBe(ru?.message);
      expect(unknown?.message).toBe(ru?.message);
      expect(uz?.message).toBe(localize(code, 'uz'));
      expect(en?.message).toBe(localize(code, 'en'));
    },
  );

  it('translates a validation error and keeps code and fields', async () => {
    const answers = await Promise.all(
      ['ru', 'uz', 'en'].map((language) =>
        inject('/v1/customers/phone', language, { phone: '12345' }).then((res) =>
          ZApiError.parse(res.json()),
        ),
      ),
    );
    expect(answers.map((a) => a.message)).toEqual([
      'Неверные данные: phone — должен быть 998 и ещё 9 цифр',
      "Noto'g'ri ma'lumotlar: phone — 998 va yana 9 ta raqamdan iborat bo'lishi kerak",
      'Invalid body: phone must be 998 followed by 9 digits',
    ]);
    for (const a of answers) {
      expect(a.code).toBe('VALIDATION_ERROR');
      expect(a.fields).toEqual([{ field: 'phone', message: 'must be 998 followed by 9 digits' }]);
    }
  });

  it('translates a missing header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/cities',
      headers: { platform: CLIENT_HEADERS.platform, 'accept-language': 'uz' },
    });
    expect(ZApiError.parse(res.json())).toMatchObject({
      code: 'MISSING_HEADER',
      message: 'Shipper sarlavhasi talab qilinadi',
      fields: [{ field: 'Shipper', message: 'is required' }],
    });
  });
});
