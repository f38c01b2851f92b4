import { ZApiError } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { customers } from '../../db/schema/index.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { freshPhone } from './customers.fixtures.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const clock = createTestClock();
let t: TestApp;
/** The API with a small budget (5 an hour, 8 a day) and its log lines kept for the assertions. */
let app: FastifyInstance;
const logLines: Array<{ level: number; msg: string; [k: string]: unknown }> = [];
const alerts = () => logLines.filter((l) => l.msg === 'sms budget reached');
const registrationAlerts = () => logLines.filter((l) => l.msg === 'sms registration budget reached');

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  app = await buildApp({
    db: t.db,
    env: { DATA_DIR: t.app.config.DATA_DIR, SMS_BUDGET_PER_HOUR: 5, SMS_BUDGET_PER_DAY: 8 },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line)) } },
    clock: clock.now,
    runJobs: false,
  });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

let n = 0;
/** A new address every time: IPv4 and IPv6 (each its own /64) in turn. */
const anywhere = () => {
  n += 1;
  return n % 2 ? `203.0.113.${n}` : `2001:db8:${n.toString(16)}::1`;
};

/** A sign-in code for another of the chain's customers (a new one each time) from a new address. */
async function sendFromAnywhere(language?: string) {
  const phone = freshPhone();
  await t.db.db.insert(customers).values({
    shipperId: DEMO_SHIPPER_ID,
    name: 'Budget',
    phone,
    registrationSource: 'website',
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
  return app.inject({
    method: 'POST',
    url: '/v1/customers/login',
    remoteAddress: anywhere(),
    headers: { ...CLIENT_HEADERS, ...(language ? { 'accept-language': language } : {}) },
    payload: { phone },
  });
}

/** A registration code for a phone no customer has, from a new address. */
const registerFromAnywhere = () =>
  app.inject({
    method: 'POST',
    url: '/v1/customers/register',
    remoteAddress: anywhere(),
    headers: CLIENT_HEADERS,
    payload: { phone: freshPhone() },
  });

function expectBudgetRefusal(res: Awaited<ReturnType<typeof sendFromAnywhere>>, retryAfter: number) {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe(String(retryAfter));
  const error = ZApiError.parse(res.json());
  expect(error.code).toBe('SMS_UNAVAILABLE');
  return error.message;
}

describe('the global SMS budget', () => {
  it('refuses the 6th code in an hour from any phone and address, alerts once, frees as the window moves', async () => {
    const start = clock.now().getTime();
    for (let i = 0; i < 5; i++) {
      expect((await sendFromAnywhere()).statusCode, `send ${i + 1}`).toBe(200);
      clock.advance(MINUTE);
    }
    // 5 minutes after the first send: it leaves the hour in 55 minutes.
    expect(expectBudgetRefusal(await sendFromAnywhere(), 55 * 60)).toBe('Временно недоступно');
    expect(expectBudgetRefusal(await sendFromAnywhere('en'), 55 * 60)).toBe('Temporarily unavailable');
    expect(expectBudgetRefusal(await sendFromAnywhere('uz'), 55 * 60)).toBe('Vaqtincha mavjud emas');
    clock.advance(10 * MINUTE);
    expectBudgetRefusal(await sendFromAnywhere(), 45 * 60);

    // One error line for the whole crowd of refusals, naming the window and the count.
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]).toMatchObject({ level: 50, window: 'hour', sent: 5, budget: 5 });

    // The first send leaves the hour: one place is free, and taken.
    clock.set(new Date(start + HOUR));
    expect((await sendFromAnywhere()).statusCode).toBe(200);
    expectBudgetRefusal(await sendFromAnywhere(), 60);
    // Still the same window of alerting: no second line within the hour after the first.
    expect(alerts()).toHaveLength(1);
  });

  it('alerts again in the next window, and refuses the 9th in a day with the day in the log', async () => {
    // An hour after the first alert, with the hour's sends gone.
    clock.advance(2 * HOUR);
    // 6 sent so far today; two more fit the day (8), then the day's budget refuses.
    expect((await sendFromAnywhere()).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await sendFromAnywhere()).statusCode).toBe(200);
    clock.advance(MINUTE);
    const res = await sendFromAnywhere();
    expect(res.statusCode).toBe(503);
    expect(ZApiError.parse(res.json()).code).toBe('SMS_UNAVAILABLE');
    // The first sends of the day leave it about 21 hours on: Retry-After says how long.
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(20 * 3600);
    expect(Number(res.headers['retry-after'])).toBeLessThan(22 * 3600);
    expect(alerts()).toHaveLength(2);
    expect(alerts()[1]).toMatchObject({ level: 50, window: 'day', sent: 8, budget: 8 });
    // The refusal recorded nothing: the budget counts sends that reached the provider.
    expect((await sendFromAnywhere()).statusCode).toBe(503);
    expect(alerts()).toHaveLength(2);
  });
});

describe('registration codes take at most half of the budget (REGISTER_BUDGET_SHARE)', () => {
  it('refuses the 3rd registration in an hour of 5 while the chain’s customers still sign in', async () => {
    // A day on: both windows are empty again.
    clock.advance(25 * HOUR);
    const start = clock.now().getTime();
    expect((await registerFromAnywhere()).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await registerFromAnywhere()).statusCode).toBe(200);
    clock.advance(MINUTE);
    // Two of the hour's five (half, rounded down): made-up numbers can spend no more.
    expectBudgetRefusal(await registerFromAnywhere(), 58 * 60);
    expect(registrationAlerts()).toHaveLength(1);
    expect(registrationAlerts()[0]).toMatchObject({
      level: 50,
      window: 'hour',
      sent: 2,
      budget: 2,
      purpose: 'register',
    });
    // The rest of the budget is the customers': three sign-ins, then the whole budget is spent.
    for (let i = 0; i < 3; i++) expect((await sendFromAnywhere()).statusCode, `sign-in ${i + 1}`).toBe(200);
    expectBudgetRefusal(await sendFromAnywhere(), 58 * 60);
    // The first registration leaves the hour: one more registration fits, then the share (and now
    // the whole budget) is full again until the second leaves, a minute on.
    clock.set(new Date(start + HOUR));
    expect((await registerFromAnywhere()).statusCode).toBe(200);
    expectBudgetRefusal(await registerFromAnywhere(), 60);
    expect(registrationAlerts()).toHaveLength(1);
  });
});
