import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { FAKE_IIKO_API_LOGIN, FAKE_IIKO_ORGANIZATION_ID, type FakeIiko, startFakeIiko } from './fake-iiko.ts';
import { createIikoLoyalty, IIKO_GUEST_TTL_MS, type IikoConfig } from './iiko.ts';
import { isLoyaltyUnavailable, LoyaltyOutcomeUnknownError, LoyaltyRefusedError } from './loyalty-program.ts';

let fake: FakeIiko;
beforeAll(async () => {
  fake = await startFakeIiko();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.delayMs = 0;
  for (const path of [
    '/api/1/access_token',
    '/api/1/loyalty/iiko/customer/info',
    '/api/1/loyalty/iiko/customer/wallet/chargeoff',
  ])
    fake.fail(path, null);
});

let clockMs = Date.UTC(2026, 2, 2, 9);
const program = (overrides: Partial<IikoConfig> = {}) =>
  createIikoLoyalty({
    baseUrl: fake.url,
    apiLogin: FAKE_IIKO_API_LOGIN,
    organizationId: FAKE_IIKO_ORGANIZATION_ID,
    rules: { cashbackPercent: 5, maxSharePercent: 50 },
    now: () => clockMs,
    ...overrides,
  });
/** balance() reads nothing of the database for iiko. */
const noDb = {} as Db;
const customer = (phone: string) => ({ shipperId: 's', customerId: 'c', phone });
const calls = () => fake.requests.map((r) => r.path.replace('/api/1/', ''));

describe('iiko loyalty adapter', () => {
  it("reads the bonus wallet (type 1) of the guest by phone, with '+' and the organization", async () => {
    fake.addGuest('+998901110001', 12_345.6);
    const balance = await program().balance(noDb, customer('998901110001'));
    expect(balance).toBe(12_345);
    expect(calls()).toEqual(['access_token', 'loyalty/iiko/customer/info']);
    expect(fake.requests[0]?.body).toEqual({ apiLogin: FAKE_IIKO_API_LOGIN });
    expect(fake.requests[1]?.authorization).toBe('Bearer iiko-token-1');
    expect(fake.requests[1]?.body).toEqual({
      organizationId: FAKE_IIKO_ORGANIZATION_ID,
      type: 'phone',
      phone: '+998901110001',
    });
  });

  it('answers null (no card) for a phone iiko does not know', async () => {
    expect(await program().balance(noDb, customer('998901110099'))).toBeNull();
  });

  it('keeps its token until it expires, then asks for a new one', async () => {
    fake.addGuest('+998901110002', 500);
    const iiko = program({ tokenTtlMs: 60_000 });
    await iiko.balance(noDb, customer('998901110002'));
    await iiko.balance(noDb, customer('998901110002'));
    expect(calls().filter((c) => c === 'access_token')).toHaveLength(1);
    clockMs += 61_000;
    await iiko.balance(noDb, customer('998901110002'));
    expect(calls().filter((c) => c === 'access_token')).toHaveLength(2);
    expect(fake.requests.at(-1)?.authorization).not.toBe(fake.requests[1]?.authorization);
  });

  it('asks for a new token once when iiko answers 401, and asks again', async () => {
    fake.addGuest('+998901110003', 700);
    const iiko = program();
    await iiko.balance(noDb, customer('998901110003'));
    fake.expireTokens();
    fake.requests.length = 0;
    expect(await iiko.balance(noDb, customer('998901110003'))).toBe(700);
    expect(calls()).toEqual(['loyalty/iiko/customer/info', 'access_token', 'loyalty/iiko/customer/info']);
  });

  it('shares one token request between concurrent calls', async () => {
    fake.addGuest('+998901110004', 100);
    const iiko = program();
    await Promise.all([1, 2, 3].map(() => iiko.balance(noDb, customer('998901110004'))));
    expect(calls().filter((c) => c === 'access_token')).toHaveLength(1);
  });

  it.each([
    [
      'a token refused',
      '/api/1/access_token',
      401,
      /access_token failed \(HTTP 401: Internal server error\)/,
    ],
    [
      'a server error',
      '/api/1/loyalty/iiko/customer/info',
      500,
      /customer\/info failed \(HTTP 500: Internal server error\)/,
    ],
    ['a bad answer', '/api/1/loyalty/iiko/customer/info', 200, /customer\/info failed \(HTTP 200/],
  ])('refuses clearly on %s', async (_name, path, status, message) => {
    fake.addGuest('+998901110005', 100);
    fake.fail(path, status, status === 200 ? { unexpected: true } : undefined);
    const error = await program()
      .balance(noDb, customer('998901110005'))
      .catch((e: unknown) => e);
    expect(isLoyaltyUnavailable(error)).toBe(true);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses clearly when iiko does not know its apiLogin', async () => {
    const error = await program({ apiLogin: 'wrong' })
      .balance(noDb, customer('998901110005'))
      .catch((e: unknown) => e);
    expect(isLoyaltyUnavailable(error)).toBe(true);
    expect((error as Error).message).toBe('iiko access_token failed (HTTP 401: Login is not authorized)');
  });

  it('gives up on a hung iiko after its timeout: a read did nothing, a movement may have', async () => {
    fake.addGuest('+998901110006', 100);
    const iiko = program({ timeoutMs: 200 });
    // Its token first: then the guest read is what iiko leaves unanswered.
    await iiko.balance(noDb, customer('998901110006'));
    fake.delayMs = 2_000;
    const started = Date.now();
    const error = await iiko.balance(noDb, customer('998901110006')).catch((e: unknown) => e);
    expect(isLoyaltyUnavailable(error)).toBe(true);
    expect(error).not.toBeInstanceOf(LoyaltyOutcomeUnknownError);
    expect((error as Error).message).toMatch(/customer\/info did not answer/);
    expect(Date.now() - started).toBeLessThan(1_500);
    // A chargeoff's own guest read unanswered (a phone not read before): nothing was charged either.
    fake.addGuest('+998901110011', 100);
    if (iiko.name !== 'iiko') throw new Error('not iiko');
    const read = await iiko
      .charge(customer('998901110011'), { id: 'o', externalOrderId: 'A-2' }, 10)
      .catch((e: unknown) => e);
    expect(isLoyaltyUnavailable(read)).toBe(true);
    expect(read).not.toBeInstanceOf(LoyaltyOutcomeUnknownError);
    expect((read as Error).message).toMatch(/customer\/info did not answer/);
  });

  it('refuses clearly when iiko cannot be reached at all: the call was never sent', async () => {
    // A port nothing listens on (one just closed): the connection is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await program({ baseUrl: `http://127.0.0.1:${port}` })
      .balance(noDb, customer('998901110007'))
      .catch((e: unknown) => e);
    expect(isLoyaltyUnavailable(error)).toBe(true);
    expect(error).not.toBeInstanceOf(LoyaltyOutcomeUnknownError);
    expect((error as Error).message).toMatch(/could not be reached/);
  });

  it('ends an operation within its deadline, however many calls it would take', async () => {
    fake.addGuest('+998901110010', 100);
    fake.delayMs = 1_200;
    const started = Date.now();
    // 250 ms for the token and the guest: the token takes 1.2 s, so the guest is never asked.
    const error = await program({ operationMs: 250 })
      .balance(noDb, customer('998901110010'))
      .catch((e: unknown) => e);
    expect(isLoyaltyUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(900);
    // The token's answer arrives after the operation gave up on it; nothing else was sent.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(calls()).toEqual(['access_token']);
  });

  it('stops calling an iiko that failed 3 times in a row for 30 s, then tries once', async () => {
    fake.addGuest('+998901110009', 700);
    const iiko = program();
    fake.fail('/api/1/loyalty/iiko/customer/info', 500, { errorDescription: 'Internal error' });
    for (let i = 0; i < 3; i++) {
      await expect(iiko.balance(noDb, customer('998901110009'))).rejects.toThrow(/customer\/info failed/);
    }
    fake.fail('/api/1/loyalty/iiko/customer/info', null);
    fake.requests.length = 0;
    const error = await iiko.balance(noDb, customer('998901110009')).catch((e: unknown) => e);
    expect(isLoyaltyUnavailable(error)).toBe(true);
    expect((error as Error).message).toBe('iiko not called: refused for 30 s after 3 failures in a row');
    expect(calls()).toEqual([]);
    clockMs += 30_000;
    expect(await iiko.balance(noDb, customer('998901110009'))).toBe(700);
    expect(calls()).toEqual(['loyalty/iiko/customer/info']);
  });

  describe("a movement reuses the guest's ids the balance read gave", () => {
    const INFO = 'loyalty/iiko/customer/info';
    const CHARGEOFF = 'loyalty/iiko/customer/wallet/chargeoff';
    const TOPUP = 'loyalty/iiko/customer/wallet/topup';
    const order = { id: 'o', externalOrderId: 'A-1' };
    const iikoProgram = (overrides: Partial<IikoConfig> = {}) => {
      const made = program(overrides);
      if (made.name !== 'iiko') throw new Error('not iiko');
      return made;
    };

    it('a charge after the balance read asks iiko for the chargeoff only: two calls, not three', async () => {
      const guest = fake.addGuest('+998901110020', 5_000);
      const iiko = iikoProgram();
      expect(await iiko.balance(noDb, customer('998901110020'))).toBe(5_000);
      await iiko.charge(customer('998901110020'), order, 1_200);
      expect(calls()).toEqual(['access_token', INFO, CHARGEOFF]);
      expect(fake.requests.at(-1)?.body).toMatchObject({
        customerId: guest.id,
        walletId: guest.walletId,
        sum: 1_200,
      });
      expect(fake.guest('+998901110020')?.balance).toBe(3_800);
      // A topup (a refund, a cashback: the outbox's, minutes on) always reads the guest.
      await iiko.deliver({ reason: 'refund', amount: 1_200, customer: customer('998901110020'), order });
      expect(calls()).toEqual(['access_token', INFO, CHARGEOFF, INFO, TOPUP]);
      // The balance itself is never reused: read again, afresh.
      expect(await iiko.balance(noDb, customer('998901110020'))).toBe(5_000);
      expect(calls().at(-1)).toBe(INFO);
    });

    it('reads the guest again once the ids are a minute old, and for a phone never read', async () => {
      fake.addGuest('+998901110021', 5_000);
      fake.addGuest('+998901110022', 5_000);
      const iiko = iikoProgram();
      await iiko.balance(noDb, customer('998901110021'));
      await iiko.charge(customer('998901110022'), order, 100);
      expect(calls().slice(2)).toEqual([INFO, CHARGEOFF]);
      clockMs += IIKO_GUEST_TTL_MS;
      fake.requests.length = 0;
      await iiko.charge(customer('998901110021'), order, 100);
      expect(calls()).toEqual([INFO, CHARGEOFF]);
      // The charge's own read is reused in turn.
      fake.requests.length = 0;
      await iiko.charge(customer('998901110021'), order, 100);
      expect(calls()).toEqual([CHARGEOFF]);
    });

    it('keeps the ids of so many phones at most, the oldest read dropped first', async () => {
      const phones = ['998901110023', '998901110024', '998901110025'];
      for (const phone of phones) fake.addGuest(`+${phone}`, 1_000);
      const iiko = iikoProgram({ guestsKept: 2 });
      for (const phone of phones) await iiko.balance(noDb, customer(phone));
      fake.requests.length = 0;
      await iiko.charge(customer('998901110025'), order, 10);
      await iiko.charge(customer('998901110024'), order, 10);
      expect(calls()).toEqual([CHARGEOFF, CHARGEOFF]);
      await iiko.charge(customer('998901110023'), order, 10);
      expect(calls()).toEqual([CHARGEOFF, CHARGEOFF, INFO, CHARGEOFF]);
    });

    it('a wallet replaced in iiko since: the refusal reads the ids again, and the chargeoff is asked once more with the new ones', async () => {
      const guest = fake.addGuest('+998901110026', 2_000);
      const iiko = iikoProgram();
      await iiko.balance(noDb, customer('998901110026'));
      guest.walletId = randomUUID();
      fake.requests.length = 0;
      await iiko.charge(customer('998901110026'), order, 500);
      expect(calls()).toEqual([CHARGEOFF, INFO, CHARGEOFF]);
      expect(fake.requests.at(-1)?.body).toMatchObject({ walletId: guest.walletId });
      expect(fake.guest('+998901110026')?.balance).toBe(1_500);
      // Refused with ids that are still the guest's (the balance is short): read again, the same ids,
      // so the refusal stands and the chargeoff is not sent twice.
      fake.requests.length = 0;
      const short = await iiko.charge(customer('998901110026'), order, 99_999).catch((e: unknown) => e);
      expect(short).toBeInstanceOf(LoyaltyRefusedError);
      expect(calls()).toEqual([CHARGEOFF, INFO]);
    });

    it('a server error or no answer with known ids is not asked again: iiko may have made it', async () => {
      fake.addGuest('+998901110027', 2_000);
      const iiko = iikoProgram({ timeoutMs: 300 });
      await iiko.balance(noDb, customer('998901110027'));
      fake.requests.length = 0;
      fake.fail('/api/1/loyalty/iiko/customer/wallet/chargeoff', 500);
      const failed = await iiko.charge(customer('998901110027'), order, 500).catch((e: unknown) => e);
      expect(isLoyaltyUnavailable(failed)).toBe(true);
      expect(failed).not.toBeInstanceOf(LoyaltyRefusedError);
      expect(calls()).toEqual([CHARGEOFF]);
      fake.fail('/api/1/loyalty/iiko/customer/wallet/chargeoff', null);
      fake.delayMs = 1_000;
      fake.requests.length = 0;
      const unanswered = await iiko.charge(customer('998901110027'), order, 500).catch((e: unknown) => e);
      expect(unanswered).toBeInstanceOf(LoyaltyOutcomeUnknownError);
      expect(calls()).toEqual([CHARGEOFF]);
    });

    it('a bonus wallet gone from iiko: its ids are forgotten with the read that says so', async () => {
      fake.addGuest('+998901110029', 2_000);
      const iiko = iikoProgram();
      await iiko.balance(noDb, customer('998901110029'));
      fake.fail('/api/1/loyalty/iiko/customer/info', 200, { id: randomUUID(), walletBalances: [] });
      expect(await iiko.balance(noDb, customer('998901110029'))).toBeNull();
      fake.requests.length = 0;
      const refused = await iiko.charge(customer('998901110029'), order, 100).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(LoyaltyRefusedError);
      expect((refused as LoyaltyRefusedError).why).toBe('no-card');
      expect(calls()).toEqual([INFO]);
    });

    it('a guest gone from iiko: its ids are forgotten with the read that says so', async () => {
      fake.addGuest('+998901110028', 2_000);
      const iiko = iikoProgram();
      await iiko.balance(noDb, customer('998901110028'));
      fake.fail('/api/1/loyalty/iiko/customer/info', 400, {
        errorDescription: 'There is no user with phone +998901110028',
      });
      expect(await iiko.balance(noDb, customer('998901110028'))).toBeNull();
      fake.fail('/api/1/loyalty/iiko/customer/info', null);
      fake.requests.length = 0;
      await iiko.charge(customer('998901110028'), order, 100);
      expect(calls()).toEqual([INFO, CHARGEOFF]);
    });
  });
});
