import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client.ts';
import { localeFromAcceptLanguage } from '../../http/locale.ts';
import { createTestDb } from '../../test/test-db.ts';
import { createOutboxSender, listOutbox } from './outbox.ts';
import { codeMessage } from './templates.ts';

let db: DbHandle;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.close();
});

describe('outbox SMS provider', () => {
  it('stores each message and logs it at info level', async () => {
    const logged: { obj: object; msg: string }[] = [];
    let now = new Date('2026-03-01T10:00:00Z');
    const sms = createOutboxSender({
      db: db.db,
      log: { info: (obj, msg) => logged.push({ obj, msg }) },
      now: () => now,
    });
    await sms.send({ phone: '998901112233', text: 'Baraka: код для входа 123456.' });
    now = new Date('2026-03-01T10:01:00Z');
    await sms.send({ phone: '998901112233', text: 'Baraka: код для входа 654321.' });
    await sms.send({ phone: '998909998877', text: 'other phone' });
    const rows = await listOutbox(db.db, '998901112233');
    expect(rows.map((r) => r.text)).toEqual([
      'Baraka: код для входа 654321.',
      'Baraka: код для входа 123456.',
    ]);
    expect(rows[0]?.createdAt).toEqual(now);
    expect(logged[0]?.obj).toEqual({ phone: '998901112233', text: 'Baraka: код для входа 123456.' });
  });
});

describe('SMS templates', () => {
  const message = (purpose: 'login' | 'register' | 'phone-change', locale: 'ru' | 'uz' | 'en') =>
    codeMessage({ purpose, locale, brand: 'Baraka', code: '012345' });

  it('write the code in the chosen language', () => {
    expect(message('login', 'ru')).toBe('Baraka: код для входа 012345. Никому не сообщайте его.');
    expect(message('login', 'uz')).toBe('Baraka: kirish kodi 012345. Uni hech kimga aytmang.');
    expect(message('login', 'en')).toBe('Baraka: your sign-in code is 012345. Do not share it with anyone.');
    for (const locale of ['ru', 'uz', 'en'] as const) {
      expect(message('register', locale)).toBe(message('login', locale));
    }
  });

  it('say that a phone-change code is for changing the phone number, not for signing in', () => {
    expect(message('phone-change', 'ru')).toBe(
      'Baraka: код для смены номера телефона 012345. Никому не сообщайте его.',
    );
    expect(message('phone-change', 'uz')).toBe(
      "Baraka: telefon raqamini o'zgartirish kodi 012345. Uni hech kimga aytmang.",
    );
    expect(message('phone-change', 'en')).toBe(
      'Baraka: your phone number change code is 012345. Do not share it with anyone.',
    );
  });

  it.each([
    [undefined, 'ru'],
    ['', 'ru'],
    ['uz', 'uz'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR, uz;q=0.4, en;q=0.8', 'en'],
    ['de', 'ru'],
    ['en;q=0, uz', 'uz'],
  ])('reads Accept-Language %j as %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
