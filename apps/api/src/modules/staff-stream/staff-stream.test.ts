import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TStaffStreamOrder, ZApiError, ZStaffLoginResponse, ZStaffStreamOrder } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { branches, orders, products, staffAccounts, staffTokens } from '../../db/schema/index.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { FIXTURE_STAFF_PASSWORD } from '../../test/fixture-staff.ts';
import { ORDER_TEST_NOON, placeTestOrder, signInTestCustomer, type TestCustomer } from '../../test/orders.ts';
import { hashToken } from '../customers/tokens.ts';
import { insertLifeOrder, LIFE_FIXTURE } from '../order-status/order-status.fixtures.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { RECHECK_MS } from '../orders/stream-sessions.ts';
import { hashPassword } from '../staff/passwords.ts';
import { liveStaffTokenIds } from './staff-stream.repository.ts';
import { STAFF_STREAMS_PER_MEMBER } from './staff-stream.routes.ts';

// GET /v1/staff/stream on a real listening server, read with fetch and a stream reader like the web's
// staff workspace. On PostgreSQL (DATABASE_URL) the bus is LISTEN/NOTIFY, one connection per app.

const clock = createTestClock(ORDER_TEST_NOON);
let t: TestApp;
let base: string;
let customer: TestCustomer;
const tokens: Record<string, string> = {};
const STAFF = ['operator', 'vendor-chilonzor', 'vendor-yunusobod', 'courier', 'courier-2'];

type Message = { id: string | null; event: string; data: unknown };
type StreamReader = {
  response: Response;
  /** The next message (comments and `retry:` skipped); fails after `ms`. */
  next: (ms?: number) => Promise<Message>;
  /** The next `event: order` of `orderId` (other orders' skipped); fails after `ms`. */
  nextOrder: (orderId: string, ms?: number) => Promise<{ id: number; order: TStaffStreamOrder }>;
  /** Every message that arrives within `ms`. */
  drain: (ms: number) => Promise<Message[]>;
  ended: (ms?: number) => Promise<void>;
  cancel: () => Promise<void>;
};

async function openStream(
  who: string | null,
  opts: { lastEventId?: string; server?: string; token?: string } = {},
): Promise<StreamReader> {
  const token = opts.token ?? (who ? tokens[who] : undefined);
  const response = await fetch(`${opts.server ?? base}/v1/staff/stream`, {
    headers: {
      ...CLIENT_HEADERS,
      'accept-language': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.lastEventId !== undefined ? { 'last-event-id': opts.lastEventId } : {}),
    },
  });
  const body = response.body;
  if (!body) throw new Error('no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  let pending: ReturnType<typeof reader.read> | null = null;
  /** Reads more within `ms`; false when nothing came. */
  const pull = async (ms: number): Promise<boolean> => {
    pending ??= reader.read();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms);
    });
    const chunk = await Promise.race([pending, timeout]);
    clearTimeout(timer);
    if (chunk === null) return false;
    pending = null;
    if (chunk.done) done = true;
    else buffer += decoder.decode(chunk.value, { stream: true });
    return true;
  };
  const take = (): Message | null => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end < 0) return null;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
      if (!event) continue;
      const id = lines.find((l) => l.startsWith('id: '))?.slice(4) ?? null;
      const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? 'null';
      return { id, event, data: JSON.parse(data) };
    }
  };
  const next = async (ms = 5_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const message = take();
      if (message) return message;
      if (done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0 || !(await pull(left))) throw new Error(`nothing from the stream in ${ms} ms: ${buffer}`);
    }
  };
  return {
    response,
    next,
    nextOrder: async (orderId, ms = 5_000) => {
      const deadline = Date.now() + ms;
      for (;;) {
        const message = await next(Math.max(1, deadline - Date.now()));
        if (message.event !== 'order') continue;
        const order = ZStaffStreamOrder.parse(message.data);
        if (order.order_id === orderId) return { id: Number(message.id), order };
      }
    },
    drain: async (ms) => {
      const out: Message[] = [];
      const deadline = Date.now() + ms;
      for (;;) {
        const message = take();
        if (message) {
          out.push(message);
          continue;
        }
        const left = deadline - Date.now();
        if (done || left <= 0 || !(await pull(left))) return out;
      }
    },
    ended: async (ms = 5_000) => {
      const deadline = Date.now() + ms;
      while (!done) {
        const left = deadline - Date.now();
        if (left <= 0 || !(await pull(left))) throw new Error('the stream did not end');
      }
    },
    cancel: () => reader.cancel(),
  };
}

const sendEvent = async (who: string, orderId: string, event: string, reason?: string, app = t.app) => {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/staff/orders/${orderId}/events`,
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${tokens[who]}` },
    payload: reason ? { event, reason } : { event },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const ordersOf = (messages: Message[]) =>
  messages
    .filter((m) => m.event === 'order')
    .map((m) => ({ id: Number(m.id), ...ZStaffStreamOrder.parse(m.data) }));

/** Opens a stream and reads its first message, the reset. */
const openFresh = async (who: string) => {
  const stream = await openStream(who);
  expect(stream.response.status).toBe(200);
  const reset = await stream.next();
  expect(reset.event).toBe('reset');
  return stream;
};

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  customer = await signInTestCustomer(t);
  for (const login of STAFF) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: CLIENT_HEADERS,
      payload: { login, password: FIXTURE_STAFF_PASSWORD },
    });
    tokens[login] = ZStaffLoginResponse.parse(res.json()).access_token;
  }
});
afterAll(async () => {
  const closing = t?.close();
  // Connections fetch opened ahead without a request would hold the close until their headers timeout.
  t?.app.server.closeAllConnections();
  await closing;
});

describe('GET /v1/staff/stream', () => {
  it('answers an event stream that starts with a reset carrying where to resume from', async () => {
    const stream = await openStream('operator');
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    const reset = await stream.next();
    expect(reset).toMatchObject({ event: 'reset', data: {} });
    expect(reset.id).toMatch(/^\d+$/);
    await stream.cancel();
  });

  it('lets the storefront’s origin send the token and Last-Event-ID from the browser (CORS preflight)', async () => {
    const origin = t.app.config.CORS_ORIGINS[0];
    expect(origin).toBeDefined();
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/staff/stream',
      headers: {
        origin: String(origin),
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,last-event-id,shipper,platform',
      },
    });
    expect(res.statusCode).toBe(204);
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
    expect(allowed).toContain('authorization');
    expect(allowed).toContain('last-event-id');
  });

  it('refuses without a staff token (401), with a customer token (401), and a bad Last-Event-ID (400)', async () => {
    const anonymous = await fetch(`${base}/v1/staff/stream`, { headers: CLIENT_HEADERS });
    expect(anonymous.status).toBe(401);
    expect(ZApiError.parse(await anonymous.json()).code).toBe('STAFF_UNAUTHORIZED');
    const asCustomer = await fetch(`${base}/v1/staff/stream`, {
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${customer.token}` },
    });
    expect(asCustomer.status).toBe(401);
    const bad = await fetch(`${base}/v1/staff/stream`, {
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${tokens.operator}`, 'last-event-id': 'abc' },
    });
    expect(bad.status).toBe(400);
    expect(ZApiError.parse(await bad.json()).message).not.toBe('');
  });

  it('announces a newly placed order to the operator and its branch, and each step with its event', async () => {
    const operator = await openFresh('operator');
    const kitchen = await openFresh('vendor-chilonzor');
    const placed = await placeTestOrder(t, customer.token);
    const heard = await operator.nextOrder(placed.order_id);
    expect(heard.order).toMatchObject({
      order_id: placed.order_id,
      external_order_id: placed.external_order_id,
      branch_id: LIFE_FIXTURE.chilonzor,
      status: 'new',
      event: null,
    });
    expect(heard.id).toBeGreaterThan(0);
    expect((await kitchen.nextOrder(placed.order_id)).order.status).toBe('new');
    await sendEvent('operator', placed.order_id, 'operator-accepted');
    expect((await operator.nextOrder(placed.order_id)).order).toMatchObject({
      status: 'operator-accepted',
      event: 'operator-accepted',
    });
    expect((await kitchen.nextOrder(placed.order_id)).order.event).toBe('operator-accepted');
    await operator.cancel();
    await kitchen.cancel();
  });

  it('does not announce an order waiting for its online payment; its payment does', async () => {
    const operator = await openFresh('operator');
    const placed = await placeTestOrder(t, customer.token, { payment_type: 'payme' });
    const [row] = await t.app.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, placed.order_id));
    expect(row?.status).toBe('payment-awaited');
    expect(ordersOf(await operator.drain(400)).filter((o) => o.order_id === placed.order_id)).toEqual([]);
    await t.app.db.transaction((tx) => applyEvent(t.app, tx, placed.order_id, 'payment-received', 'server'));
    expect((await operator.nextOrder(placed.order_id)).order).toMatchObject({
      status: 'new',
      event: 'payment-received',
    });
    await operator.cancel();
  });

  it('keeps a kitchen to its branch: another branch’s orders never reach it', async () => {
    const chilonzorKitchen = await openFresh('vendor-chilonzor');
    const yunusobodKitchen = await openFresh('vendor-yunusobod');
    const theirs = await insertLifeOrder(t.app.db, { branchId: LIFE_FIXTURE.yunusobod });
    const ours = await insertLifeOrder(t.app.db, { branchId: LIFE_FIXTURE.chilonzor });
    await sendEvent('operator', theirs, 'operator-accepted');
    await sendEvent('operator', ours, 'operator-accepted');
    expect((await yunusobodKitchen.nextOrder(theirs)).order.branch_id).toBe(LIFE_FIXTURE.yunusobod);
    await chilonzorKitchen.nextOrder(ours);
    const heard = ordersOf(await chilonzorKitchen.drain(300));
    expect(heard.filter((o) => o.order_id === theirs)).toEqual([]);
    const ourKitchenAll = ordersOf(await yunusobodKitchen.drain(300));
    expect(ourKitchenAll.filter((o) => o.order_id === ours)).toEqual([]);
    await chilonzorKitchen.cancel();
    await yunusobodKitchen.cancel();
  });

  it('shows a courier delivery orders that become ready, then its own; not the kitchen’s earlier steps', async () => {
    const courier = await openFresh('courier');
    const other = await openFresh('courier-2');
    const id = await insertLifeOrder(t.app.db);
    const pickup = await insertLifeOrder(t.app.db, { deliveryType: 'self-pickup' });
    for (const order of [id, pickup]) {
      await sendEvent('operator', order, 'operator-accepted');
      await sendEvent('vendor-chilonzor', order, 'vendor-accepted');
      await sendEvent('vendor-chilonzor', order, 'vendor-ready');
    }
    const ready = await courier.nextOrder(id);
    expect(ready.order).toMatchObject({ status: 'vendor-ready', event: 'vendor-ready' });
    expect((await other.nextOrder(id)).order.status).toBe('vendor-ready');
    await sendEvent('courier', id, 'courier-accepted');
    expect((await courier.nextOrder(id)).order.status).toBe('courier-accepted');
    // The other courier hears it was taken (it leaves its list), then nothing more of it.
    expect((await other.nextOrder(id)).order.event).toBe('courier-accepted');
    await sendEvent('courier', id, 'courier-picked');
    expect((await courier.nextOrder(id)).order.status).toBe('courier-picked');
    const otherHeard = ordersOf(await other.drain(300));
    expect(otherHeard.filter((o) => o.order_id === id || o.order_id === pickup)).toEqual([]);
    const courierHeard = ordersOf(await courier.drain(300));
    expect(courierHeard.filter((o) => o.order_id === pickup)).toEqual([]);
    await courier.cancel();
    await other.cancel();
  });

  it('tells every courier when a ready order nobody took is cancelled (it leaves their lists)', async () => {
    const courier = await openFresh('courier');
    const other = await openFresh('courier-2');
    const id = await insertLifeOrder(t.app.db);
    await sendEvent('operator', id, 'operator-accepted');
    await sendEvent('vendor-chilonzor', id, 'vendor-accepted');
    await sendEvent('vendor-chilonzor', id, 'vendor-ready');
    expect((await courier.nextOrder(id)).order.status).toBe('vendor-ready');
    expect((await other.nextOrder(id)).order.status).toBe('vendor-ready');
    await sendEvent('vendor-chilonzor', id, 'vendor-cancelled', 'Out of rice');
    expect((await courier.nextOrder(id)).order.status).toBe('vendor-cancelled');
    expect((await other.nextOrder(id)).order.status).toBe('vendor-cancelled');
    await courier.cancel();
    await other.cancel();
  });

  it('resumes after Last-Event-ID with exactly what changed meanwhile, then goes on live', async () => {
    const first = await openFresh('operator');
    const a = await insertLifeOrder(t.app.db);
    const b = await insertLifeOrder(t.app.db);
    const c = await insertLifeOrder(t.app.db, { branchId: LIFE_FIXTURE.yunusobod });
    await sendEvent('operator', a, 'operator-accepted');
    const lastSeen = await first.nextOrder(a);
    await first.cancel();
    // While disconnected: two orders change (and one of them twice).
    await sendEvent('operator', b, 'operator-accepted');
    await sendEvent('operator', c, 'operator-accepted');
    await sendEvent('vendor-yunusobod', c, 'vendor-accepted');
    const again = await openStream('operator', { lastEventId: String(lastSeen.id) });
    expect(again.response.status).toBe(200);
    const replayed = ordersOf(await again.drain(500));
    expect(replayed.map((o) => [o.order_id, o.status])).toEqual([
      [b, 'operator-accepted'],
      [c, 'operator-accepted'],
      [c, 'vendor-accepted'],
    ]);
    expect(replayed.every((o) => o.id > lastSeen.id)).toBe(true);
    expect(new Set(replayed.map((o) => o.id)).size).toBe(3);
    // Then live, and no repeat of what was replayed.
    await sendEvent('operator', a, 'operator-cancelled', 'Customer called');
    const live = await again.nextOrder(a);
    expect(live.order.status).toBe('operator-cancelled');
    expect(ordersOf(await again.drain(300))).toEqual([]);
    // A kitchen resuming from the same id gets only its branch's.
    const kitchen = await openStream('vendor-yunusobod', { lastEventId: String(lastSeen.id) });
    const kitchenReplay = ordersOf(await kitchen.drain(500));
    expect(kitchenReplay.map((o) => [o.order_id, o.status])).toEqual([
      [c, 'operator-accepted'],
      [c, 'vendor-accepted'],
    ]);
    await again.cancel();
    await kitchen.cancel();
  });

  it('says reset when the changes after Last-Event-ID are no longer kept, or the id was never given', async () => {
    const first = await openFresh('operator');
    const a = await insertLifeOrder(t.app.db);
    await sendEvent('operator', a, 'operator-accepted');
    const seen = await first.nextOrder(a);
    await first.cancel();
    await sendEvent('operator', a, 'operator-cancelled', 'Duplicate');
    // The outbox is pruned past it (as after its retention).
    await t.app.db.execute(sql`delete from order_status_outbox where id <= ${seen.id + 1}`);
    const stale = await openStream('operator', { lastEventId: String(seen.id) });
    const messages = await stale.drain(400);
    expect(messages.map((m) => m.event)).toEqual(['reset']);
    const resetId = Number(messages[0]?.id);
    expect(resetId).toBeGreaterThan(seen.id);
    await stale.cancel();
    // An id from the future (another database): reset too.
    const future = await openStream('operator', { lastEventId: '999999999' });
    expect((await future.next()).event).toBe('reset');
    await future.cancel();
    // Resuming from the reset's id: nothing to replay, no reset.
    const resumed = await openStream('operator', { lastEventId: String(resetId) });
    expect(await resumed.drain(300)).toEqual([]);
    await resumed.cancel();
  });

  it('tells of catalogue changes (stop list, prices, branches)', async () => {
    const stream = await openFresh('vendor-chilonzor');
    await t.app.db
      .update(products)
      .set({ outPrice: sql`${products.outPrice} + 1` })
      .where(eq(products.id, LIFE_FIXTURE.beefWrap));
    let message = await stream.next();
    while (message.event !== 'catalogue') message = await stream.next();
    expect(message.id).toBeNull();
    expect((message.data as { tags: string[] }).tags.length).toBeGreaterThan(0);
    await stream.cancel();
  });

  it("names 'branches' when a branch's times change (the workspace reads its order timers again)", async () => {
    const stream = await openFresh('vendor-chilonzor');
    await t.app.db
      .update(branches)
      .set({ cookingTime: sql`${branches.cookingTime} + 1` })
      .where(eq(branches.id, LIFE_FIXTURE.chilonzor));
    let message = await stream.next();
    while (message.event !== 'catalogue') message = await stream.next();
    expect((message.data as { tags: string[] }).tags).toContain('branches');
    await t.app.db
      .update(branches)
      .set({ cookingTime: sql`${branches.cookingTime} - 1` })
      .where(eq(branches.id, LIFE_FIXTURE.chilonzor));
    await stream.cancel();
  });

  it('ends when its token is signed out', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: CLIENT_HEADERS,
      payload: { login: 'operator', password: FIXTURE_STAFF_PASSWORD },
    });
    const token = ZStaffLoginResponse.parse(res.json()).access_token;
    const stream = await openStream(null, { token });
    expect((await stream.next()).event).toBe('reset');
    const other = await openFresh('operator');
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/logout',
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(204);
    await stream.ended();
    // Another sign-in's stream goes on.
    const id = await insertLifeOrder(t.app.db);
    await sendEvent('operator', id, 'operator-accepted');
    expect((await other.nextOrder(id)).order.status).toBe('operator-accepted');
    await other.cancel();
    const refused = await openStream(null, { token });
    expect(refused.response.status).toBe(401);
  });
});

describe('GET /v1/staff/stream: the token', () => {
  it('ends when its token expires', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: CLIENT_HEADERS,
      payload: { login: 'courier', password: FIXTURE_STAFF_PASSWORD },
    });
    const login = ZStaffLoginResponse.parse(res.json());
    const started = clock.now();
    // 300 ms before it expires.
    clock.set(new Date(Date.parse(login.expires_at) - 300));
    try {
      const stream = await openStream(null, { token: login.access_token });
      expect(stream.response.status).toBe(200);
      expect((await stream.next()).event).toBe('reset');
      await stream.ended(3_000);
    } finally {
      clock.set(started);
    }
  });

  it('checks tokens for the periodic check: a disabled account’s or a revoked token no longer counts', async () => {
    const signIn = async (login: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/staff/login',
        headers: CLIENT_HEADERS,
        payload: { login, password: FIXTURE_STAFF_PASSWORD },
      });
      return ZStaffLoginResponse.parse(res.json()).access_token;
    };
    const tokenIdOf = async (token: string) => {
      const [row] = await t.app.db
        .select({ id: staffTokens.id })
        .from(staffTokens)
        .where(eq(staffTokens.tokenHash, hashToken(token)));
      return row?.id ?? '';
    };
    const live = await tokenIdOf(await signIn('vendor-chilonzor'));
    const disabled = await tokenIdOf(await signIn('courier-2'));
    const revoked = await tokenIdOf(await signIn('vendor-yunusobod'));
    await t.app.db.update(staffTokens).set({ revokedAt: clock.now() }).where(eq(staffTokens.id, revoked));
    await t.app.db.update(staffAccounts).set({ isActive: false }).where(eq(staffAccounts.login, 'courier-2'));
    try {
      expect(await liveStaffTokenIds(t.app.db, [live, disabled, revoked], clock.now())).toEqual([live]);
      const later = new Date(clock.now().getTime() + 13 * 3_600_000);
      expect(await liveStaffTokenIds(t.app.db, [live], later)).toEqual([]);
    } finally {
      await t.app.db
        .update(staffAccounts)
        .set({ isActive: true })
        .where(eq(staffAccounts.login, 'courier-2'));
    }
  });
});

describe('GET /v1/staff/stream: a manager’s change to the account', () => {
  it('ends the stream at once when its account is disabled, moved or given a new password', async () => {
    const passwordHash = await hashPassword(FIXTURE_STAFF_PASSWORD);
    const accounts = [
      { login: 'stream-manager', role: 'manager' as const, branchId: null },
      ...['stream-vendor-1', 'stream-vendor-2', 'stream-vendor-3'].map((login) => ({
        login,
        role: 'vendor' as const,
        branchId: LIFE_FIXTURE.chilonzor,
      })),
    ];
    const ids: Record<string, string> = {};
    for (const a of accounts) {
      const id = randomUUID();
      ids[a.login] = id;
      await t.app.db.insert(staffAccounts).values({
        id,
        shipperId: DEMO_SHIPPER_ID,
        login: a.login,
        name: a.login,
        phone: '998712009998',
        role: a.role,
        branchId: a.branchId,
        passwordHash,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/staff/login',
        headers: CLIENT_HEADERS,
        payload: { login: a.login, password: FIXTURE_STAFF_PASSWORD },
      });
      tokens[a.login] = ZStaffLoginResponse.parse(res.json()).access_token;
    }
    const manage = async (method: 'PATCH' | 'POST', url: string, payload: object) => {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...CLIENT_HEADERS, authorization: `Bearer ${tokens['stream-manager']}` },
        payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    const changes: [string, () => Promise<void>][] = [
      [
        'stream-vendor-1',
        () => manage('PATCH', `/v1/staff/accounts/${ids['stream-vendor-1']}`, { is_active: false }),
      ],
      [
        'stream-vendor-2',
        () =>
          manage('PATCH', `/v1/staff/accounts/${ids['stream-vendor-2']}`, {
            branch_id: LIFE_FIXTURE.yunusobod,
          }),
      ],
      [
        'stream-vendor-3',
        () =>
          manage('POST', `/v1/staff/accounts/${ids['stream-vendor-3']}/password`, {
            password: 'a-new-password-42',
          }),
      ],
    ];
    for (const [login, change] of changes) {
      const stream = await openFresh(login);
      const started = Date.now();
      await change();
      // Announced with the revocation: not left to the periodic check (RECHECK_MS, a minute).
      await stream.ended(5_000);
      expect(Date.now() - started, login).toBeLessThan(RECHECK_MS / 10);
    }
  });
});

describe('GET /v1/staff/stream: the streams of one staff member', () => {
  const signIn = async (login: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: CLIENT_HEADERS,
      payload: { login, password: FIXTURE_STAFF_PASSWORD },
    });
    return ZStaffLoginResponse.parse(res.json()).access_token;
  };

  it(`refuses more than ${STAFF_STREAMS_PER_MEMBER} of one member (all its tokens together) with 429, others go on, a closed one frees its place`, async () => {
    const [first, second] = [await signIn('vendor-yunusobod'), await signIn('vendor-yunusobod')];
    const streams: StreamReader[] = [];
    for (let i = 0; i < STAFF_STREAMS_PER_MEMBER; i++) {
      const stream = await openStream(null, { token: i % 2 === 0 ? first : second });
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    for (const token of [first, second, await signIn('vendor-yunusobod')]) {
      const refused = await fetch(`${base}/v1/staff/stream`, {
        headers: { ...CLIENT_HEADERS, 'accept-language': 'en', authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('10');
      expect(ZApiError.parse(await refused.json())).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    }
    // Another staff member is not held back.
    const others = await openFresh('courier');

    await streams[0]?.cancel();
    let again: StreamReader | null = null;
    for (let i = 0; i < 50 && again?.response.status !== 200; i++) {
      await again?.cancel();
      await new Promise((r) => setTimeout(r, 50));
      again = await openStream(null, { token: first });
    }
    expect(again?.response.status).toBe(200);
    expect((await again?.next())?.event).toBe('reset');
    for (const stream of [...streams.slice(1), again, others]) await stream?.cancel();
  });

  it(`answers HEAD 404 in JSON without taking a place: after ${STAFF_STREAMS_PER_MEMBER + 1} HEADs the member still has every place`, async () => {
    // Fastify would answer HEAD by running the GET handler and dropping the body: a stream nobody
    // reads, whose place (and heartbeat, and feed listener) was never given back.
    const token = await signIn('courier-2');
    const headers = { ...CLIENT_HEADERS, 'accept-language': 'en', authorization: `Bearer ${token}` };
    for (let i = 0; i < STAFF_STREAMS_PER_MEMBER + 1; i++) {
      const head = await fetch(`${base}/v1/staff/stream`, { method: 'HEAD', headers });
      expect(head.status).toBe(404);
      expect(head.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/v1/staff/stream', headers });
    expect(head.statusCode).toBe(404);
    // A HEAD answer has no body; its headers are those of the JSON error a GET of an unknown route gets.
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = {
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: 'Route HEAD /v1/staff/stream not found',
    };
    expect(ZApiError.parse(body)).toEqual(body);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(body))));
    const streams: StreamReader[] = [];
    for (let i = 0; i < STAFF_STREAMS_PER_MEMBER; i++) {
      const stream = await openStream(null, { token });
      expect(stream.response.status).toBe(200);
      expect((await stream.next()).event).toBe('reset');
      streams.push(stream);
    }
    for (const stream of streams) await stream.cancel();
  });

  it('counts a burst of concurrent requests one by one', async () => {
    const token = await signIn('vendor-chilonzor');
    const burst = await Promise.all(
      Array.from({ length: STAFF_STREAMS_PER_MEMBER + 5 }, () => openStream(null, { token })),
    );
    const statuses = burst.map((stream) => stream.response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(STAFF_STREAMS_PER_MEMBER);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    for (const stream of burst) await stream.cancel();
  });
});

describe('GET /v1/staff/stream across processes, limits and closing', () => {
  let other: FastifyInstance;
  let otherBase: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'api-test-b-'));
    // App B: its own bus (on PostgreSQL its own LISTEN connection), the same database, 2 streams at most.
    other = await buildApp({
      db: t.db,
      env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir, STAFF_STREAM_LIMIT: 2 },
      logger: false,
      clock: clock.now,
      runJobs: false,
    });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    otherBase = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    await other?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`hears a change made through another API process (${process.env.DATABASE_URL ? 'PostgreSQL LISTEN/NOTIFY' : 'PGlite, in-process'})`, async () => {
    const stream = await openFresh('operator');
    const id = await insertLifeOrder(t.app.db);
    await sendEvent('operator', id, 'operator-accepted', undefined, other);
    expect((await stream.nextOrder(id)).order).toMatchObject({ status: 'operator-accepted' });
    await stream.cancel();
  });

  it('refuses streams beyond STAFF_STREAM_LIMIT with 503 and Retry-After, and ends them when the app closes', async () => {
    const one = await openStream('operator', { server: otherBase });
    const two = await openStream('courier', { server: otherBase });
    expect([one.response.status, two.response.status]).toEqual([200, 200]);
    const three = await openStream('vendor-chilonzor', { server: otherBase });
    expect(three.response.status).toBe(503);
    expect(three.response.headers.get('retry-after')).toMatch(/^\d+$/);
    await one.cancel();
    // A closed stream frees its place.
    let four: StreamReader | null = null;
    for (let i = 0; i < 20 && four?.response.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      four = await openStream('vendor-chilonzor', { server: otherBase });
    }
    expect(four?.response.status).toBe(200);
    await other.close();
    await two.ended();
    await four?.ended();
  });
});
