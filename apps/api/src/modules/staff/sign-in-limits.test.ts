import { ZApiError } from '@app/contracts';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { staffAccounts, staffSignIns } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { FIXTURE_STAFF_PASSWORD as PASSWORD } from '../../test/fixture-staff.ts';
import { PASSWORD_HASH_SLOTS, passwordCheckSlots } from './hash-slots.ts';
import { backoffDelayMs, SIGN_IN_LIMITS } from './sign-in-limits.ts';
import { SIGN_IN_PRUNE_BATCH } from './sign-ins.repository.ts';

const DAY = 24 * 3_600_000;
const clock = createTestClock(new Date('2026-03-01T09:00:00.000Z'));
let t: TestApp;

const signIn = (
  login: string,
  password: string,
  ip: string,
  opts: { lang?: string; userAgent?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/staff/login',
    remoteAddress: ip,
    headers: {
      ...CLIENT_HEADERS,
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}),
    },
    payload: { login, password },
  });

/** Passwords hashed so far in this process (every check goes through the hashing slots). */
const hashes = () => passwordCheckSlots.stats.started;
const WRONG = 'wrong-password';

/** `count` addresses no test has used, in a range of this caller's own. */
const addresses = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}.${i + 1}`);

/** Wrong passwords for `login`, each from the next address, each after the wait the last one set. */
async function sprayFromMany(login: string, count: number, prefix: string): Promise<void> {
  const ips = addresses(prefix, count);
  for (let i = 0; i < count; i++) {
    clock.advance(backoffDelayMs(SIGN_IN_LIMITS.perLogin, i));
    const res = await signIn(login, `${WRONG}-${i}`, ips[i] as string);
    expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
  }
}

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t?.close();
});
// Each test starts a day later, past every window but the known-address one: no test leans on another.
beforeEach(() => clock.advance(DAY));

describe('the delays', () => {
  it('grow by doubling after the free failures, each scope up to its own cap', () => {
    const seconds = (rule: (typeof SIGN_IN_LIMITS)[keyof typeof SIGN_IN_LIMITS], upTo: number) =>
      Array.from({ length: upTo + 1 }, (_, n) => backoffDelayMs(rule, n) / 1000);
    expect(seconds(SIGN_IN_LIMITS.perLogin, 13)).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(seconds(SIGN_IN_LIMITS.perPair, 18).slice(5)).toEqual([
      1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1800, 1800, 1800,
    ]);
    expect(seconds(SIGN_IN_LIMITS.perAddress, 33).slice(19)).toEqual([
      0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3600, 3600,
    ]);
  });
});

describe('one login attacked from many addresses', () => {
  it('keeps the owner out for a minute at most: then the right password from a new address signs in', async () => {
    await sprayFromMany('operator', 12, '198.51.100');
    const owner = '198.51.100.200';
    const held = await signIn('operator', PASSWORD, owner, { lang: 'en' });
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('60');
    expect(ZApiError.parse(held.json())).toMatchObject({
      code: 'STAFF_LOGIN_LIMIT',
      message: 'Too many failed sign-ins. Try again in a minute',
    });
    // Hammering meanwhile is refused before any hashing and does not push the wait further.
    const before = hashes();
    for (const ip of addresses('198.51.100', 30).map((ip) => ip.replace('198.51.100', '198.51.102'))) {
      expect((await signIn('operator', WRONG, ip)).statusCode).toBe(429);
    }
    expect(hashes()).toBe(before);
    clock.advance(59_000);
    expect((await signIn('operator', PASSWORD, owner)).headers['retry-after']).toBe('1');
    clock.advance(1_000);
    expect((await signIn('operator', PASSWORD, owner)).statusCode).toBe(200);
  });

  it('lets the owner in at once from an address they signed in from before', async () => {
    const home = '203.0.113.50';
    expect((await signIn('vendor-chilonzor', PASSWORD, home)).statusCode).toBe(200);
    clock.advance(DAY);
    await sprayFromMany('vendor-chilonzor', 12, '198.51.103');
    expect((await signIn('vendor-chilonzor', PASSWORD, '198.51.103.200')).statusCode).toBe(429);
    expect((await signIn('vendor-chilonzor', PASSWORD, home)).statusCode).toBe(200);
  });
});

describe('many logins sprayed from one address', () => {
  it('are refused after the per-address allowance, without hashing', async () => {
    const ip = '192.0.2.77';
    const before = hashes();
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) statuses.push((await signIn(`sprayed-${i}`, WRONG, ip)).statusCode);
    expect(statuses).toEqual([...Array<number>(20).fill(401), ...Array<number>(10).fill(429)]);
    expect(hashes() - before).toBe(20);
    // A real account's right password from there waits too; another address does not.
    expect((await signIn('courier-2', PASSWORD, ip)).statusCode).toBe(429);
    expect((await signIn('sprayed-31', WRONG, '192.0.2.78')).statusCode).toBe(401);
    // The wait grows: the 21st failure set 1 s.
    clock.advance(1000);
    expect((await signIn('sprayed-32', WRONG, ip)).statusCode).toBe(401);
    expect((await signIn('sprayed-33', WRONG, ip)).headers['retry-after']).toBe('2');
  });

  it('counts an IPv6 /64 as one address, whichever addresses of it rotate', async () => {
    const hex = (n: number) => (n & 0xffff).toString(16);
    const before = hashes();
    const statuses: number[] = [];
    for (let i = 1; i <= 30; i++) {
      const ip = `2001:db8:77:1:${hex(i)}:${hex(i * 7919)}:${hex(i * 31)}:${hex(i)}`;
      statuses.push((await signIn(`v6-sprayed-${i}`, WRONG, ip)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(20).fill(401), ...Array<number>(10).fill(429)]);
    expect(hashes() - before).toBe(20);
    expect((await signIn('v6-sprayed-31', WRONG, '2001:db8:77:2::1')).statusCode).toBe(401);
  });
});

describe('one login from one address', () => {
  it('waits longer after each further failure, with the right Retry-After; a right password clears it', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 5; i++) expect((await signIn('courier', `${WRONG}-${i}`, ip)).statusCode).toBe(401);
    const first = await signIn('courier', PASSWORD, ip, { lang: 'en' });
    expect(first.statusCode).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.json().message).toBe('Too many failed sign-ins. Try again in 1 second');
    clock.advance(1000);
    expect((await signIn('courier', `${WRONG}-5`, ip)).statusCode).toBe(401);
    const second = await signIn('courier', PASSWORD, ip);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    clock.advance(2000);
    expect((await signIn('courier', `${WRONG}-6`, ip)).statusCode).toBe(401);
    expect((await signIn('courier', PASSWORD, ip)).headers['retry-after']).toBe('4');
    // Part of the wait gone: what is left, rounded up to whole seconds.
    clock.advance(1500);
    const third = await signIn('courier', PASSWORD, ip);
    expect(third.headers['retry-after']).toBe('3');
    expect(third.json().message).toBe(
      'Слишком много неудачных попыток входа. Попробуйте снова через 3 секунды',
    );
    clock.advance(2500);
    expect((await signIn('courier', PASSWORD, ip)).statusCode).toBe(200);
    // The right password started the count again: 5 free, then the 1-second wait.
    for (let i = 0; i < 5; i++)
      expect((await signIn('courier', `${WRONG}-again-${i}`, ip)).statusCode).toBe(401);
    expect((await signIn('courier', PASSWORD, ip)).headers['retry-after']).toBe('1');
  });

  it('lets no parallel wrong attempt slip past the count', async () => {
    const before = hashes();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn('vendor-yunusobod', `${WRONG}-${i}`, '192.0.2.20')),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
    expect(hashes() - before).toBe(5);
  });
});

describe('the hashing work', () => {
  it('never runs more hashes at once than the bound, however many sign-ins come at once', async () => {
    const before = { ...passwordCheckSlots.stats };
    const n = 16;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) => signIn(`parallel-${i}`, WRONG, `10.9.0.${i + 1}`)),
    );
    const busy = results.filter((r) => r.statusCode === 503);
    expect(results.every((r) => r.statusCode === 401 || r.statusCode === 503)).toBe(true);
    for (const r of busy) {
      expect(r.headers['retry-after']).toBe('1');
      expect(ZApiError.parse(r.json()).code).toBe('STAFF_LOGIN_BUSY');
    }
    expect(passwordCheckSlots.stats.peakInFlight).toBeLessThanOrEqual(PASSWORD_HASH_SLOTS);
    expect(passwordCheckSlots.stats.started - before.started).toBe(n - busy.length);
    expect(passwordCheckSlots.stats.refused - before.refused).toBe(busy.length);
    expect(passwordCheckSlots.inFlight).toBe(0);
  });

  it('answers 503 with Retry-After when every slot and the queue are taken, and records nothing', async () => {
    let open: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      open = resolve;
    });
    const occupying = Array.from({ length: passwordCheckSlots.slots + passwordCheckSlots.maxWaiting }, () =>
      passwordCheckSlots.run(() => held),
    );
    try {
      expect(passwordCheckSlots.waiting).toBe(passwordCheckSlots.maxWaiting);
      const res = await signIn('courier-2', PASSWORD, '192.0.2.40', { lang: 'en' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(ZApiError.parse(res.json())).toEqual({
        statusCode: 503,
        code: 'STAFF_LOGIN_BUSY',
        message: 'Too many sign-ins at once. Try again in a second',
      });
      const rows = await t.app.db.select().from(staffSignIns).where(eq(staffSignIns.address, '192.0.2.40'));
      expect(rows).toEqual([]);
    } finally {
      open();
      await Promise.all(occupying);
    }
    expect((await signIn('courier-2', PASSWORD, '192.0.2.40')).statusCode).toBe(200);
  });
});

describe('the record of sign-ins', () => {
  it('keeps failed and successful ones with the address, its bucket, the user agent and the reason', async () => {
    const courier2 = stableId('staff', 'courier-2');
    await signIn('  Courier-2 ', WRONG, '2001:db8:5:6:7:8:9:a', { userAgent: 'Mozilla/5.0 (test)' });
    await signIn('Ghost', WRONG, '192.0.2.30', { userAgent: `Agent/${'x'.repeat(1000)}` });
    expect((await signIn('courier-2', PASSWORD, '192.0.2.31')).statusCode).toBe(200);
    await t.app.db.update(staffAccounts).set({ isActive: false }).where(eq(staffAccounts.id, courier2));
    try {
      expect((await signIn('courier-2', PASSWORD, '192.0.2.31')).statusCode).toBe(401);
    } finally {
      await t.app.db.update(staffAccounts).set({ isActive: true }).where(eq(staffAccounts.id, courier2));
    }
    const rows = await t.app.db
      .select()
      .from(staffSignIns)
      .where(eq(staffSignIns.createdAt, clock.now()))
      .orderBy(asc(staffSignIns.id));
    expect(rows.map(({ id: _id, shipperId: _s, ...row }) => row)).toEqual([
      {
        login: 'courier-2',
        loginTyped: 'Courier-2',
        staffId: courier2,
        address: '2001:db8:5:6:7:8:9:a',
        bucket: '2001:db8:5:6::/64',
        userAgent: 'Mozilla/5.0 (test)',
        outcome: 'wrong-password',
        createdAt: clock.now(),
      },
      {
        login: 'ghost',
        loginTyped: 'Ghost',
        staffId: null,
        address: '192.0.2.30',
        bucket: '192.0.2.30',
        userAgent: `Agent/${'x'.repeat(250)}`,
        outcome: 'unknown-login',
        createdAt: clock.now(),
      },
      {
        login: 'courier-2',
        loginTyped: 'courier-2',
        staffId: courier2,
        address: '192.0.2.31',
        bucket: '192.0.2.31',
        userAgent: 'lightMyRequest',
        outcome: 'signed-in',
        createdAt: clock.now(),
      },
      {
        login: 'courier-2',
        loginTyped: 'courier-2',
        staffId: courier2,
        address: '192.0.2.31',
        bucket: '192.0.2.31',
        userAgent: 'lightMyRequest',
        outcome: 'inactive-account',
        createdAt: clock.now(),
      },
    ]);
  });

  it('forgets rows older than 90 days, a bounded batch per sign-in', async () => {
    const at = (daysAgo: number) => new Date(clock.now().getTime() - daysAgo * DAY);
    const old = (login: string, daysAgo: number) => ({
      shipperId: CLIENT_HEADERS.shipper,
      login,
      loginTyped: login,
      staffId: null,
      address: '192.0.2.50',
      bucket: '192.0.2.50',
      userAgent: null,
      outcome: 'unknown-login' as const,
      createdAt: at(daysAgo),
    });
    await t.app.db
      .insert(staffSignIns)
      .values([
        ...Array.from({ length: SIGN_IN_PRUNE_BATCH + 5 }, () => old('prune-old', 91)),
        old('prune-kept', 89),
      ]);
    const left = async (login: string) =>
      (await t.app.db.select().from(staffSignIns).where(eq(staffSignIns.login, login))).length;
    await signIn('prune-trigger', WRONG, '192.0.2.51');
    expect(await left('prune-old')).toBe(5);
    expect(await left('prune-kept')).toBe(1);
    await signIn('prune-trigger', WRONG, '192.0.2.51');
    expect(await left('prune-old')).toBe(0);
    expect(await left('prune-kept')).toBe(1);
    const triggers = await t.app.db
      .select()
      .from(staffSignIns)
      .where(and(like(staffSignIns.login, 'prune-trigger'), eq(staffSignIns.outcome, 'unknown-login')));
    expect(triggers).toHaveLength(2);
  });
});
