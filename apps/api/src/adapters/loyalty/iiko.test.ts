import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { FAKE_IIKO_API_LOGIN, FAKE_IIKO_ORGANIZATION_ID, type FakeIiko, startFakeIiko } from './fake-iiko.ts';
import { createIikoLoyalty, type IikoConfig } from './iiko.ts';
import { isLoyaltyUnavailable, LoyaltyOutcomeUnknownError } from './loyalty-program.ts';

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
  for (const path of ['/api/1/access_token', '/api/1/loyalty/iiko/customer/info']) fake.fail(path, null);
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

  it('gives up on a hung iiko after its timeout: whether the call did anything is unknown', async () => {
    fake.addGuest('+998901110006', 100);
    fake.delayMs = 2_000;
    const started = Date.now();
    const error = await program({ timeoutMs: 200 })
      .balance(noDb, customer('998901110006'))
      .catch((e: unknown) => e);
    expect(isLoyaltyUnavailable(error)).toBe(true);
    expect(error).toBeInstanceOf(LoyaltyOutcomeUnknownError);
    expect((error as Error).message).toMatch(/did not answer/);
    expect(Date.now() - started).toBeLessThan(1_500);
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
});
