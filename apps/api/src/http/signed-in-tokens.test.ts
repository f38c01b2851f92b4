/**
 * The signed-in tokens the order routes keep (signed-in-tokens.ts): a token that stops working is
 * refused at once by the process that signed it out, by a second process on PostgreSQL as soon as
 * the bus hands the revocation over, and after its expiry; a read that raced a revocation is not kept.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import { createTestClock } from '../test/clock.ts';
import { deliveryOrderBody, ORDER_TEST_NOON, signInTestCustomer } from '../test/orders.ts';
import {
  databaseUrl,
  needsPostgres,
  type SecondProcess,
  startSecondProcess,
} from '../test/second-process.ts';
import { SignedInTokens } from './signed-in-tokens.ts';

const TOKEN = { customerId: 'c-1', tokenId: 't-1', expiresAt: new Date('2026-03-02T00:00:00Z') };
const BEFORE_EXPIRY = new Date('2026-03-01T00:00:00Z');

describe('SignedInTokens', () => {
  const make = (over: { listening?: () => boolean; now?: () => number; max?: number } = {}) =>
    new SignedInTokens({
      maxEntries: over.max ?? 10,
      ttlMs: 60_000,
      listening: over.listening ?? (() => true),
      ...(over.now ? { monotonicNow: over.now } : {}),
    });

  it('keeps a token per chain and forgets it when revoked', () => {
    const tokens = make();
    tokens.store('h1', 'shipper-a', TOKEN, tokens.generation);
    expect(tokens.find('h1', 'shipper-a', BEFORE_EXPIRY)).toMatchObject(TOKEN);
    expect(tokens.find('h1', 'shipper-b', BEFORE_EXPIRY)).toBeUndefined();
    tokens.handle({ kind: 'revoked', tokenIds: ['t-1'] });
    expect(tokens.find('h1', 'shipper-a', BEFORE_EXPIRY)).toBeUndefined();
  });

  it('does not keep a read that started before a revocation was heard', () => {
    const tokens = make();
    const generation = tokens.generation;
    // The revocation is heard while the read is on its way.
    tokens.handle({ kind: 'revoked', tokenIds: ['t-1'] });
    tokens.store('h1', 'shipper-a', TOKEN, generation);
    expect(tokens.find('h1', 'shipper-a', BEFORE_EXPIRY)).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it('drops everything when a revocation may have gone unheard', () => {
    const tokens = make();
    tokens.store('h1', 'shipper-a', TOKEN, tokens.generation);
    tokens.handle({ kind: 'maybe-missed' });
    expect(tokens.size).toBe(0);
  });

  it('neither serves nor keeps while the bus is not listening', () => {
    let listening = true;
    const tokens = make({ listening: () => listening });
    tokens.store('h1', 'shipper-a', TOKEN, tokens.generation);
    listening = false;
    expect(tokens.find('h1', 'shipper-a', BEFORE_EXPIRY)).toBeUndefined();
    tokens.store('h2', 'shipper-a', { ...TOKEN, tokenId: 't-2' }, tokens.generation);
    listening = true;
    expect(tokens.find('h2', 'shipper-a', BEFORE_EXPIRY)).toBeUndefined();
  });

  it('refuses an expired token, and reads again after the safety net age', () => {
    let ms = 0;
    const tokens = make({ now: () => ms });
    tokens.store('h1', 'shipper-a', TOKEN, tokens.generation);
    expect(tokens.find('h1', 'shipper-a', TOKEN.expiresAt)).toBeUndefined();
    tokens.store('h1', 'shipper-a', TOKEN, tokens.generation);
    ms = 60_001;
    expect(tokens.find('h1', 'shipper-a', BEFORE_EXPIRY)).toBeUndefined();
  });

  it('evicts the least recently used beyond its size', () => {
    const tokens = make({ max: 2 });
    tokens.store('h1', 's', { ...TOKEN, tokenId: 't-1' }, tokens.generation);
    tokens.store('h2', 's', { ...TOKEN, tokenId: 't-2' }, tokens.generation);
    tokens.find('h1', 's', BEFORE_EXPIRY);
    tokens.store('h3', 's', { ...TOKEN, tokenId: 't-3' }, tokens.generation);
    expect(tokens.find('h2', 's', BEFORE_EXPIRY)).toBeUndefined();
    expect(tokens.find('h1', 's', BEFORE_EXPIRY)).toBeDefined();
    expect(tokens.find('h3', 's', BEFORE_EXPIRY)).toBeDefined();
  });
});

const quote = (app: FastifyInstance, token: string): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: '/v2/ondemand-order/quote',
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${token}` },
    payload: deliveryOrderBody(),
  });

const logout = (app: FastifyInstance, token: string): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: '/v1/customers/logout',
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${token}` },
  });

describe('the order routes keep who a token belongs to', () => {
  const clock = createTestClock(ORDER_TEST_NOON);
  let t: TestApp;
  let statements: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ clock: clock.now, logQuery: (q) => statements.push(q) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a token once, and refuses it at once after sign-out', async () => {
    const customer = await signInTestCustomer(t);
    expect((await quote(t.app, customer.token)).statusCode).toBe(200);
    statements = [];
    expect((await quote(t.app, customer.token)).statusCode).toBe(200);
    expect(statements.filter((q) => /"customer_tokens"/.test(q))).toEqual([]);

    expect((await logout(t.app, customer.token)).statusCode).toBe(204);
    const refused = await quote(t.app, customer.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('drops the token itself when its sign-out commits, without waiting for the bus', async () => {
    const customer = await signInTestCustomer(t);
    expect((await quote(t.app, customer.token)).statusCode).toBe(200);
    const forget = vi.spyOn(t.app.signedInTokens, 'forget');
    try {
      expect((await logout(t.app, customer.token)).statusCode).toBe(204);
      // Called by the route after the commit (the bus's delivery goes through `handle`, not a spy here).
      expect(forget).toHaveBeenCalledWith([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    } finally {
      forget.mockRestore();
    }
  });

  it('refuses a kept token once it has expired', async () => {
    const customer = await signInTestCustomer(t);
    expect((await quote(t.app, customer.token)).statusCode).toBe(200);
    // A day past the token's lifetime (TOKEN_TTL_DAYS).
    clock.advance((t.app.config.TOKEN_TTL_DAYS + 1) * 24 * 60 * 60 * 1000);
    try {
      expect((await quote(t.app, customer.token)).statusCode).toBe(401);
    } finally {
      clock.set(ORDER_TEST_NOON);
    }
  });

  it('answers 401 without a token or with a malformed one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/ondemand-order',
      headers: { ...CLIENT_HEADERS, authorization: 'Bearer not a token' },
      payload: deliveryOrderBody(),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe.skipIf(!databaseUrl)(`a sign-out seen by a second API process${needsPostgres}`, () => {
  let a: TestApp;
  let second: SecondProcess;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildTestApp();
    second = await startSecondProcess(a);
    b = second.app;
  });
  afterAll(async () => {
    await second?.close();
    await a?.close();
  });

  it('refuses the token as soon as the revocation reaches it (within a second)', async () => {
    const customer = await signInTestCustomer(a);
    expect((await quote(b, customer.token)).statusCode).toBe(200);
    expect(b.signedInTokens.size).toBe(1);

    const since = Date.now();
    expect((await logout(a.app, customer.token)).statusCode).toBe(204);
    await b.orderEvents.settled(b.db);
    expect(b.signedInTokens.size).toBe(0);
    expect((await quote(b, customer.token)).statusCode).toBe(401);
    expect(Date.now() - since).toBeLessThan(1_000);
  });
});
