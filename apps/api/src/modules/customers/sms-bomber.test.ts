import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../../db/schema/index.ts';
import { loadEnv } from '../../env.ts';
import { RATE_LIMIT_POLICIES } from '../../http/rate-limit.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { freshPhone } from './customers.fixtures.ts';

/**
 * Finding 4 of issue 9: public SMS-bomber scripts list the original platform's sign-in endpoint;
 * ours must not be usable that way. Played with the production defaults (per phone 60 s apart,
 * 3 in 15 minutes, 10 a day; per address bucket 20 an hour and the sign-in rate limit 30 in
 * 10 minutes; the whole API 300 an hour and 3 000 a day): how many SMS leave at most.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const clock = createTestClock();
let t: TestApp;

beforeAll(async () => {
  // The production defaults of every limit (the test app otherwise makes request rate limits roomy).
  const defaults = loadEnv({ NODE_ENV: 'test' });
  const limits = Object.fromEntries(
    Object.values(RATE_LIMIT_POLICIES).map((policy) => [policy.env, defaults[policy.env]]),
  );
  t = await buildTestApp({
    clock: clock.now,
    env: {
      ...limits,
      SMS_BUDGET_PER_HOUR: defaults.SMS_BUDGET_PER_HOUR,
      SMS_BUDGET_PER_DAY: defaults.SMS_BUDGET_PER_DAY,
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const askCode = (phone: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/customers/register',
    remoteAddress: ip,
    headers: CLIENT_HEADERS,
    payload: { phone },
  });

/** SMS the provider was given (the outbox records each one): to one phone, or all. */
async function smsSent(phone?: string): Promise<number> {
  const [row] = await t.db.db
    .select({ n: count() })
    .from(smsOutbox)
    .where(phone ? eq(smsOutbox.phone, phone) : undefined);
  return row?.n ?? 0;
}

let addressCounter = 0;
/** A new address every time: IPv4 and IPv6 in turn, every IPv6 one in its own /64. */
function rotatingAddress(): string {
  addressCounter += 1;
  const n = addressCounter;
  return n % 2
    ? `100.${64 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`
    : `2001:db8:${n.toString(16)}:${n % 7}::${n}`;
}

describe('an SMS bomber', () => {
  it('rotating addresses against one victim phone: 10 SMS in a day at most', async () => {
    const victim = freshPhone();
    const statuses: number[] = [];
    // The first hour: a request every 72 s, each from an address never seen before.
    for (let i = 0; i < 50; i++) {
      statuses.push((await askCode(victim, rotatingAddress())).statusCode);
      clock.advance(72 * SECOND);
    }
    expect(await smsSent(victim)).toBe(10);
    // The rest of the day: every hour, still from new addresses.
    for (let i = 0; i < 22; i++) {
      clock.advance(HOUR);
      statuses.push((await askCode(victim, rotatingAddress())).statusCode);
    }
    expect(await smsSent(victim)).toBe(10);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  });

  it('one address (one IPv6 /64, rotating its interface ids) against many phones: 20 SMS an hour', async () => {
    clock.advance(2 * HOUR);
    const before = await smsSent();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const ip = `2001:db8:bad:1:${(i * 31).toString(16)}:${i.toString(16)}:0:1`;
      statuses.push((await askCode(freshPhone(), ip)).statusCode);
      clock.advance(36 * SECOND);
    }
    expect((await smsSent()) - before).toBe(20);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  });

  it('many addresses against many made-up phones at once: registrations take at most half the hour’s 300', async () => {
    clock.advance(2 * HOUR);
    const before = await smsSent();
    const statuses: number[] = [];
    // 31 addresses asking codes for 10 phones each, all at the same moment: no address, no phone
    // is over its own limit, so only the global budget stands in the way: registration codes (to
    // phones no customer has) may take half of it (REGISTER_BUDGET_SHARE), the rest is the customers'.
    for (let a = 0; a < 31; a++) {
      const ip = rotatingAddress();
      for (let p = 0; p < 10; p++) statuses.push((await askCode(freshPhone(), ip)).statusCode);
    }
    expect((await smsSent()) - before).toBe(150);
    expect(statuses.filter((s) => s === 200)).toHaveLength(150);
    expect(statuses.filter((s) => s === 503)).toHaveLength(160);
  });
});
