import { ZApiError } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { customerClient, freshIp, freshPhone } from './customers.fixtures.ts';

const clock = createTestClock();
let t: TestApp;
let c: ReturnType<typeof customerClient>;

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  c = customerClient(t);
});
afterAll(async () => {
  await t?.close();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Registration codes: a new phone needs no customer, so one phone can be sent codes again and again. A
 * refused send records nothing, so the same refusal can be asked for in each language.
 */
const send = (phone: string, ip: string, language?: string) =>
  c.post(
    '/v1/customers/register',
    { phone },
    { ip, ...(language ? { headers: { 'accept-language': language } } : {}) },
  );

function expect429(res: Awaited<ReturnType<typeof send>>, code: string, retryAfter: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(retryAfter));
  const error = ZApiError.parse(res.json());
  expect(error.code).toBe(code);
  return error;
}

describe('per phone: 3 codes in 15 minutes', () => {
  it('refuses the 4th with 429 and the seconds until the oldest leaves the window', async () => {
    const phone = freshPhone();
    const ips = [freshIp(), freshIp(), freshIp(), freshIp()];
    for (const ip of ips.slice(0, 3)) {
      expect((await send(phone, ip)).statusCode).toBe(200);
      clock.advance(61 * SECOND);
    }
    // 183 s after the first send; it leaves the 15-minute window in 717 s.
    const refused = (language?: string) =>
      send(phone, ips[3] ?? '', language).then((res) => expect429(res, 'PHONE_LIMIT', 900 - 183).message);
    // Russian by default, like the storefront.
    expect(await refused()).toBe(
      'На этот номер отправлено слишком много кодов (не больше 3 за 15 минут). Попробуйте снова через 12 минут',
    );
    expect(await refused('uz-Latn-UZ')).toBe(
      "Bu raqamga juda ko'p kod yuborildi (15 daqiqada ko'pi bilan 3 ta). 12 daqiqadan so'ng qayta urinib ko'ring",
    );
    expect(await refused('en-US,en;q=0.9')).toBe(
      'Too many codes sent to this phone number (at most 3 in 15 minutes). Try again in 12 minutes',
    );
    clock.advance(717 * SECOND - 1);
    expect((await send(phone, freshIp())).statusCode).toBe(429);
    clock.advance(1);
    expect((await send(phone, freshIp())).statusCode).toBe(200);
  });

  it('counts per phone: another phone from the same address is not held back', async () => {
    const ip = freshIp();
    const phone = freshPhone();
    for (let i = 0; i < 3; i++) {
      expect((await send(phone, ip)).statusCode).toBe(200);
      clock.advance(61 * SECOND);
    }
    expect((await send(phone, ip)).statusCode).toBe(429);
    expect((await send(freshPhone(), ip)).statusCode).toBe(200);
    clock.advance(HOUR);
  });
});

describe('per phone: 10 codes a day', () => {
  it('refuses the 11th within 24 hours with Retry-After', async () => {
    const phone = freshPhone();
    const start = clock.now().getTime();
    // Every 306 s: never more than 3 in a 15-minute window, so only the daily limit can refuse.
    for (let i = 0; i < 10; i++) {
      const res = await send(phone, freshIp());
      expect(res.statusCode, `send ${i + 1}`).toBe(200);
      clock.advance(306 * SECOND);
    }
    const elapsed = (clock.now().getTime() - start) / SECOND;
    const refusedIp = freshIp();
    const error = expect429(await send(phone, refusedIp), 'PHONE_LIMIT', 24 * 3600 - elapsed);
    expect(error.message).toMatch(/^На этот номер отправлено слишком много кодов \(не больше 10 в сутки\)/);
    expect(expect429(await send(phone, refusedIp, 'en'), 'PHONE_LIMIT', 24 * 3600 - elapsed).message).toMatch(
      /at most 10 in a day/,
    );
    clock.set(new Date(start + 24 * HOUR));
    expect((await send(phone, freshIp())).statusCode).toBe(200);
    clock.advance(HOUR);
  });
});

describe('per client address: 20 codes an hour', () => {
  it('refuses the 21st from one address, not from another, and Retry-After counts down', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await send(freshPhone(), ip)).statusCode, `send ${i + 1}`).toBe(200);
    const error = expect429(await send(freshPhone(), ip), 'IP_LIMIT', 3600);
    expect(error.message).toBe(
      'С этой сети запрошено слишком много кодов (не больше 20 в час). Попробуйте снова через 60 минут',
    );
    expect(expect429(await send(freshPhone(), ip, 'en'), 'IP_LIMIT', 3600).message).toBe(
      'Too many codes requested from this network (at most 20 an hour). Try again in 60 minutes',
    );
    expect(expect429(await send(freshPhone(), ip, 'uz'), 'IP_LIMIT', 3600).message).toBe(
      "Bu tarmoqdan juda ko'p kod so'raldi (bir soatda ko'pi bilan 20 ta). 60 daqiqadan so'ng qayta urinib ko'ring",
    );
    clock.advance(10 * MINUTE);
    expect429(await send(freshPhone(), ip), 'IP_LIMIT', 3000);
    expect((await send(freshPhone(), freshIp())).statusCode).toBe(200);

    // The sends are in the database: a restarted API (a new app on the same database) still refuses.
    const restarted = await buildApp({
      db: t.db,
      env: { LOG_LEVEL: 'silent', DATA_DIR: t.app.config.DATA_DIR },
      logger: false,
      clock: clock.now,
    });
    try {
      const res = await restarted.inject({
        method: 'POST',
        url: '/v1/customers/register',
        remoteAddress: ip,
        headers: CLIENT_HEADERS,
        payload: { phone: freshPhone() },
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('3000');
    } finally {
      await restarted.close();
    }
    clock.advance(50 * MINUTE);
    expect((await send(freshPhone(), ip)).statusCode).toBe(200);
  });

  it('holds against parallel requests', async () => {
    clock.advance(2 * HOUR);
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 25 }, () => send(freshPhone(), ip)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('holds the 60-second rule against parallel sends to one phone', async () => {
    const phone = freshPhone();
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(phone, freshIp())));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429]);
  });
});

describe('per client address: OTP_SENDS_PER_ADDRESS_PER_HOUR sets the limit', () => {
  it('an API with the setting at 3 refuses the 4th code from an address, and its text says 3', async () => {
    clock.advance(2 * HOUR);
    // A second app on the same database, as another deployment's setting would be.
    const strict = await buildApp({
      db: t.db,
      env: { LOG_LEVEL: 'silent', DATA_DIR: t.app.config.DATA_DIR, OTP_SENDS_PER_ADDRESS_PER_HOUR: 3 },
      logger: false,
      clock: clock.now,
    });
    const sendTo = (app: typeof strict, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/customers/register',
        remoteAddress: ip,
        headers: { ...CLIENT_HEADERS, 'accept-language': 'en' },
        payload: { phone: freshPhone() },
      });
    try {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await sendTo(strict, ip)).statusCode, `send ${i + 1}`).toBe(200);
      const refused = await sendTo(strict, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      expect(ZApiError.parse(refused.json())).toMatchObject({
        code: 'IP_LIMIT',
        message: 'Too many codes requested from this network (at most 3 an hour). Try again in 60 minutes',
      });
      // The same three sends are well under the default of 20 on the app without the setting.
      expect((await send(freshPhone(), ip)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('per client address: an IPv6 address counts by its /64', () => {
  it('21 addresses of one /64 are limited like one address; another /64 is counted apart', async () => {
    clock.advance(2 * HOUR);
    // One subscriber's /64: a different interface id for every send, as a bomber would rotate them.
    const subscriber = (i: number) =>
      `2001:db8:7:1:${((i * 7919) % 0xffff).toString(16)}:0:0:${i.toString(16)}`;
    for (let i = 1; i <= 20; i++) {
      expect((await send(freshPhone(), subscriber(i))).statusCode, `send ${i}`).toBe(200);
    }
    expect429(await send(freshPhone(), subscriber(21)), 'IP_LIMIT', 3600);
    expect429(await send(freshPhone(), '2001:DB8:7:1::abcd'), 'IP_LIMIT', 3600);
    // The neighbouring /64 (2001:db8:7:2::/64) is another subscriber.
    for (let i = 1; i <= 20; i++) {
      expect((await send(freshPhone(), `2001:db8:7:2::${i.toString(16)}`)).statusCode, `send ${i}`).toBe(200);
    }
    expect429(await send(freshPhone(), '2001:db8:7:2::ffff'), 'IP_LIMIT', 3600);
  });

  it('IPv4 addresses still count one by one (an IPv4-mapped address as its IPv4 address)', async () => {
    clock.advance(2 * HOUR);
    for (let i = 1; i <= 20; i++) {
      const ip = i % 2 ? '192.0.2.10' : '::ffff:192.0.2.10';
      expect((await send(freshPhone(), ip)).statusCode, `send ${i}`).toBe(200);
    }
    expect429(await send(freshPhone(), '192.0.2.10'), 'IP_LIMIT', 3600);
    expect429(await send(freshPhone(), '::ffff:192.0.2.10'), 'IP_LIMIT', 3600);
    expect((await send(freshPhone(), '192.0.2.11')).statusCode).toBe(200);
  });
});
