import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { type TOrderStatusEvent, ZApiError, ZOrderStatusEvent } from '@app/contracts';
import type { Actor, OrderEvent } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { customerTokens } from '../../db/schema/index.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { databaseWindow } from '../../test/database-clock.ts';
import { FIXTURE_STAFF_PASSWORD } from '../../test/fixture-staff.ts';
import { signInTestCustomer, type TestCustomer } from '../../test/orders.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { insertTestCourier, insertTestOrder } from './orders.fixtures.ts';
import { STATUS_STREAMS_PER_CUSTOMER } from './orders.routes.ts';
import { formatStatusEvent, openStatusStream } from './status-stream.ts';

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const silentLog = { warn: vi.fn(), error: vi.fn() } as unknown as Parameters<
  typeof openStatusStream
>[0]['log'];

const ev = (status: TOrderStatusEvent['status'], at: string, orderId = ORDER_ID): TOrderStatusEvent => ({
  order_id: orderId,
  status,
  at,
  courier: null,
});

/** Everything the stream writes, and whether it has ended. */
function collect(stream: PassThrough) {
  const chunks: string[] = [];
  let ended = false;
  stream.on('data', (c: Buffer) => chunks.push(c.toString('utf8')));
  stream.on('end', () => {
    ended = true;
  });
  return {
    text: () => chunks.join(''),
    events: () =>
      chunks
        .join('')
        .split('\n\n')
        .filter((block) => block.startsWith('event: status'))
        .map((block) =>
          ZOrderStatusEvent.parse(
            JSON.parse(
              block
                .split('\n')
                .find((l) => l.startsWith('data: '))
                ?.slice(6) ?? '',
            ),
          ),
        ),
    ended: () => ended,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** A bus of one order the test drives by hand. */
function fakeBus() {
  let listener: ((e: unknown) => void) | null = null;
  const unsubscribe = vi.fn(() => {
    listener = null;
  });
  return {
    subscribe: vi.fn((l: (e: unknown) => void) => {
      listener = l;
      return unsubscribe;
    }),
    unsubscribe,
    emit: (e: unknown) => listener?.(e),
  };
}

describe('openStatusStream', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the current status first, then each change, as `event: status` with JSON data', async () => {
    const bus = fakeBus();
    const stream = await openStatusStream({
      orderId: ORDER_ID,
      subscribe: bus.subscribe,
      readCurrent: async () => ev('new', '2026-03-01T09:00:00.000Z'),
      log: silentLog,
    });
    const out = collect(stream);
    await tick();
    bus.emit(ev('operator-accepted', '2026-03-01T09:01:00.000Z'));
    await tick();
    expect(out.text()).toMatch(/^retry: \d+\n\n/);
    expect(out.text()).toContain(formatStatusEvent(ev('new', '2026-03-01T09:00:00.000Z')));
    expect(out.events().map((e) => e.status)).toEqual(['new', 'operator-accepted']);
    expect(out.ended()).toBe(false);
    stream.destroy();
  });

  it('subscribes before reading, so a change during the read is neither lost nor sent twice', async () => {
    const bus = fakeBus();
    const stream = await openStatusStream({
      orderId: ORDER_ID,
      subscribe: bus.subscribe,
      readCurrent: async () => {
        // Two changes commit while the first read runs; the read already sees the first one.
        bus.emit(ev('operator-accepted', '2026-03-01T09:01:00.000Z'));
        bus.emit(ev('vendor-accepted', '2026-03-01T09:02:00.000Z'));
        return ev('operator-accepted', '2026-03-01T09:01:00.000Z');
      },
      log: silentLog,
    });
    const out = collect(stream);
    await tick();
    expect(bus.subscribe).toHaveBeenCalledTimes(1);
    expect(out.events().map((e) => e.status)).toEqual(['operator-accepted', 'vendor-accepted']);
    stream.destroy();
  });

  it('drops repeats and stale events, and events of other orders', async () => {
    const bus = fakeBus();
    const stream = await openStatusStream({
      orderId: ORDER_ID,
      subscribe: bus.subscribe,
      readCurrent: async () => ev('vendor-accepted', '2026-03-01T09:02:00.000Z'),
      log: silentLog,
    });
    const out = collect(stream);
    await tick();
    bus.emit(ev('vendor-accepted', '2026-03-01T09:02:00.000Z'));
    bus.emit(ev('operator-accepted', '2026-03-01T09:01:00.000Z'));
    bus.emit(ev('vendor-ready', '2026-03-01T09:03:00.000Z', '22222222-2222-4222-8222-222222222222'));
    // A courier gives the order back: the same status again, later, is news.
    bus.emit(ev('vendor-ready', '2026-03-01T09:03:00.000Z'));
    bus.emit(ev('courier-accepted', '2026-03-01T09:04:00.000Z'));
    bus.emit(ev('vendor-ready', '2026-03-01T09:05:00.000Z'));
    await tick();
    expect(out.events().map((e) => e.status)).toEqual([
      'vendor-accepted',
      'vendor-ready',
      'courier-accepted',
      'vendor-ready',
    ]);
    stream.destroy();
  });

  it('follows its order whatever the case of its id: events in lower case reach an upper-case stream', async () => {
    const id = 'abcdef12-3456-4789-abcd-ef0123456789';
    const bus = fakeBus();
    const stream = await openStatusStream({
      orderId: id.toUpperCase(),
      subscribe: bus.subscribe,
      readCurrent: async () => ev('new', '2026-03-01T09:00:00.000Z', id),
      log: silentLog,
    });
    const out = collect(stream);
    await tick();
    bus.emit(ev('operator-accepted', '2026-03-01T09:01:00.000Z', id));
    bus.emit(ev('operator-cancelled', '2026-03-01T09:02:00.000Z', id.toUpperCase()));
    await tick();
    expect(out.events().map((e) => e.status)).toEqual(['new', 'operator-accepted', 'operator-cancelled']);
    expect(out.ended()).toBe(true);
  });

  it('reads the status again when a bus message is not a full status event', async () => {
    const bus = fakeBus();
    let current = ev('new', '2026-03-01T09:00:00.000Z');
    const stream = await openStatusStream({
      orderId: ORDER_ID,
      subscribe: bus.subscribe,
      readCurrent: async () => current,
      log: silentLog,
    });
    const out = collect(stream);
    await tick();
    current = ev('operator-accepted', '2026-03-01T09:01:00.000Z');
    bus.emit({ order_id: ORDER_ID });
    await tick();
    expect(out.events().map((e) => e.status)).toEqual(['new', 'operator-accepted']);
    stream.destroy();
  });

  it('ends after a terminal status and unsubscribes', async () => {
    const bus = fakeBus();
    const stream = await openStatusStream({
      orderId: ORDER_ID,
      subscribe: bus.subscribe,
      readCurrent: async () => ev('delivered', '2026-03-01T10:00:00.000Z'),
      log: silentLog,
    });
    const out = collect(stream);
    await tick();
    expect(out.ended()).toBe(false);
    bus.emit(ev('finished', '2026-03-01T10:05:00.000Z'));
    await tick();
    expect(out.events().map((e) => e.status)).toEqual(['delivered', 'finished']);
    expect(out.ended()).toBe(true);
    expect(bus.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('ends at once for an order already cancelled', async () => {
    const bus = fakeBus();
    const stream = await openStatusStream({
      orderId: ORDER_ID,
      subscribe: bus.subscribe,
      readCurrent: async () => ev('operator-cancelled', '2026-03-01T10:00:00.000Z'),
      log: silentLog,
    });
    const out = collect(stream);
    await tick();
    expect(out.events().map((e) => e.status)).toEqual(['operator-cancelled']);
    expect(out.ended()).toBe(true);
    expect(bus.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('sends a heartbeat comment while idle, and stops it with the subscription when the client goes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const bus = fakeBus();
    const stream = await openStatusStream({
      orderId: ORDER_ID,
      subscribe: bus.subscribe,
      readCurrent: async () => ev('new', '2026-03-01T09:00:00.000Z'),
      log: silentLog,
      heartbeatMs: 15_000,
    });
    const out = collect(stream);
    await tick();
    vi.advanceTimersByTime(14_999);
    expect(out.text()).not.toContain(': heartbeat');
    vi.advanceTimersByTime(1);
    expect(out.text().match(/: heartbeat\n\n/g)).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect(out.text().match(/: heartbeat\n\n/g)).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(1);

    stream.destroy();
    await tick();
    expect(bus.unsubscribe).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    bus.emit(ev('operator-accepted', '2026-03-01T09:01:00.000Z'));
    expect(out.events()).toHaveLength(1);
  });

  it('fails before any byte when it cannot subscribe, leaving nothing open', async () => {
    await expect(
      openStatusStream({
        orderId: ORDER_ID,
        subscribe: () => {
          throw new Error('no bus');
        },
        readCurrent: async () => ev('new', '2026-03-01T09:00:00.000Z'),
        log: silentLog,
      }),
    ).rejects.toThrow('no bus');
  });

  it('ends (and unsubscribes) when reading the status fails', async () => {
    const bus = fakeBus();
    const stream = await openStatusStream({
      orderId: ORDER_ID,
      subscribe: bus.subscribe,
      readCurrent: async () => {
        throw new Error('database gone');
      },
      log: silentLog,
    });
    const out = collect(stream);
    await tick();
    expect(out.ended()).toBe(true);
    expect(out.events()).toEqual([]);
    expect(bus.unsubscribe).toHaveBeenCalledTimes(1);
  });
});

// ---------------------------------------------------------------------------------------------
// GET /v2/orders/{id}/status-stream on a real listening server, read with fetch like the storefront.

const clock = createTestClock(new Date('2026-03-01T09:00:00.000Z'));
let t: TestApp;
let base: string;
let alice: TestCustomer;
let bob: TestCustomer;
let courierId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  [alice, bob] = await Promise.all([signInTestCustomer(t), signInTestCustomer(t)]);
  courierId = (await insertTestCourier(t.app.db)).id;
});
afterAll(async () => {
  await t?.close();
});

type StreamReader = {
  response: Response;
  /** The next status event; fails after `ms`. */
  next: (ms?: number) => Promise<TOrderStatusEvent>;
  /** Resolves when the server has ended the stream (after reading whatever is left). */
  ended: (ms?: number) => Promise<string>;
  cancel: () => Promise<void>;
};

/** GET /v2/orders/{id}/status-stream as the storefront asks for it (the body not read yet). */
const fetchStream = (orderId: string, who: TestCustomer | null = alice, server = base) =>
  fetch(`${server}/v2/orders/${orderId}/status-stream`, {
    headers: {
      ...CLIENT_HEADERS,
      // The storefront reads it from the browser: a cross-origin fetch.
      origin: 'http://localhost:3000',
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      'accept-language': 'en',
    },
  });

async function openStream(
  orderId: string,
  who: TestCustomer | null = alice,
  server = base,
): Promise<StreamReader> {
  return readStream(await fetchStream(orderId, who, server));
}

function readStream(response: Response): StreamReader {
  const body = response.body;
  if (!body) throw new Error('no body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const pull = async (ms: number) => {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`nothing from the stream in ${ms} ms; got ${JSON.stringify(buffer)}`)),
        ms,
      ),
    );
    const chunk = await Promise.race([reader.read(), timeout]);
    if (chunk.done) done = true;
    else buffer += decoder.decode(chunk.value, { stream: true });
  };
  return {
    response,
    next: async (ms = 3_000) => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (block.includes('event: status') && data)
            return ZOrderStatusEvent.parse(JSON.parse(data.slice(6)));
          continue;
        }
        if (done) throw new Error('the stream ended');
        await pull(ms);
      }
    },
    ended: async (ms = 3_000) => {
      while (!done) await pull(ms);
      return buffer;
    },
    cancel: () => reader.cancel(),
  };
}

async function send(
  app: FastifyInstance,
  orderId: string,
  event: OrderEvent,
  actor: Actor,
  staffId?: string,
) {
  clock.advance(60_000);
  await app.db.transaction((tx) => applyEvent(app, tx, orderId, event, actor, staffId ?? null));
}

describe('GET /v2/orders/{id}/status-stream', () => {
  it('streams the current status, then every step, and ends when the order is finished', async () => {
    const order = await insertTestOrder(t.app.db, { customerId: alice.id, createdAt: clock.now() });
    const stream = await openStream(order.id);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.response.headers.get('cache-control')).toContain('no-cache');
    expect(stream.response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');

    const first = await stream.next();
    expect(first).toEqual({
      order_id: order.id,
      status: 'new',
      at: clock.now().toISOString(),
      courier: null,
    });

    const steps: [OrderEvent, Actor][] = [
      ['operator-accepted', 'operator'],
      ['vendor-accepted', 'vendor'],
      ['vendor-ready', 'vendor'],
      ['courier-accepted', 'courier'],
      ['courier-picked', 'courier'],
      ['delivered', 'courier'],
    ];
    for (const [event, actor] of steps) {
      // Each step at the database's time when it was written, not the app's clock (moved a minute).
      const window = await databaseWindow(t.app.db);
      await send(t.app, order.id, event, actor, actor === 'courier' ? courierId : undefined);
      const got = await stream.next();
      expect(got).toMatchObject({ order_id: order.id, status: event });
      await window.expectWithin(got.at, event);
      if (event === 'courier-accepted')
        expect(got.courier).toEqual({ name: 'Rustam', phone: '998901112233' });
    }
    await send(t.app, order.id, 'finished', 'operator');
    expect((await stream.next()).status).toBe('finished');
    await stream.ended();
  });

  it('ends at once for an order already finished or cancelled', async () => {
    const order = await insertTestOrder(t.app.db, {
      customerId: alice.id,
      history: ['new', 'server-cancelled'],
    });
    const stream = await openStream(order.id);
    expect((await stream.next()).status).toBe('server-cancelled');
    await stream.ended();
  });

  it('lets go of the subscription when the client disconnects', async () => {
    const real = t.app.orderEvents.subscribe;
    const subscribe = vi.spyOn(t.app.orderEvents, 'subscribe');
    const unsubscribed = vi.fn();
    subscribe.mockImplementation((orderId, listener) => {
      const stop = real(orderId, listener);
      return () => {
        unsubscribed();
        stop();
      };
    });
    const order = await insertTestOrder(t.app.db, { customerId: alice.id });
    const stream = await openStream(order.id);
    expect((await stream.next()).status).toBe('new');
    expect(subscribe).toHaveBeenCalledTimes(1);
    await stream.cancel();
    await vi.waitFor(() => expect(unsubscribed).toHaveBeenCalledTimes(1));
    subscribe.mockRestore();
  });

  it(`hears a change written by another API process on the same database (${process.env.DATABASE_URL ? 'PostgreSQL LISTEN/NOTIFY' : 'PGlite, in-process'})`, async () => {
    // App B: its own bus (on PostgreSQL its own LISTEN connection), the same database.
    const dataDir = mkdtempSync(join(tmpdir(), 'api-test-b-'));
    const other = await buildApp({
      db: t.db,
      env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
      logger: false,
      clock: clock.now,
      runJobs: false,
    });
    try {
      await other.ready();
      const order = await insertTestOrder(t.app.db, { customerId: alice.id, createdAt: clock.now() });
      const stream = await openStream(order.id);
      expect((await stream.next()).status).toBe('new');
      await send(other, order.id, 'operator-accepted', 'operator');
      expect(await stream.next(5_000)).toMatchObject({ order_id: order.id, status: 'operator-accepted' });
      await send(other, order.id, 'operator-cancelled', 'operator');
      expect((await stream.next(5_000)).status).toBe('operator-cancelled');
      await stream.ended();
    } finally {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("answers 404 JSON for another customer's order or an unknown one, 401 without a sign-in, 400 for a bad id", async () => {
    const order = await insertTestOrder(t.app.db, { customerId: alice.id });
    const others = await fetch(`${base}/v2/orders/${order.id}/status-stream`, {
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${bob.token}`, 'accept-language': 'en' },
    });
    expect(others.status).toBe(404);
    expect(others.headers.get('content-type')).toContain('application/json');
    expect(ZApiError.parse(await others.json())).toMatchObject({
      code: 'ORDER_NOT_FOUND',
      message: 'Order not found',
    });

    const unknown = await fetch(`${base}/v2/orders/00000000-0000-4000-8000-000000000000/status-stream`, {
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${alice.token}` },
    });
    expect(unknown.status).toBe(404);

    const anonymous = await fetch(`${base}/v2/orders/${order.id}/status-stream`, { headers: CLIENT_HEADERS });
    expect(anonymous.status).toBe(401);
    expect(ZApiError.parse(await anonymous.json()).code).toBe('UNAUTHORIZED');

    const bad = await fetch(`${base}/v2/orders/not-an-id/status-stream`, {
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${alice.token}` },
    });
    expect(bad.status).toBe(400);
    expect(ZApiError.parse(await bad.json()).fields?.[0]?.field).toBe('id');
  });

  it('ends open streams when the app closes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'api-test-c-'));
    const other = await buildApp({
      db: t.db,
      env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
      logger: false,
      clock: clock.now,
      runJobs: false,
    });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const address = other.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const order = await insertTestOrder(t.app.db, { customerId: alice.id });
      const stream = await openStream(order.id, alice, `http://127.0.0.1:${address.port}`);
      expect((await stream.next()).status).toBe('new');
      await other.close();
      await stream.ended();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// A stream lives only as long as the token it was opened with (issue 9, finding 6).

async function signOut(app: FastifyInstance, who: TestCustomer) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/customers/logout',
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${who.token}` },
  });
  expect(res.statusCode, res.body).toBe(204);
}

/** The status events in what a stream sent after the last one read. */
const statusesIn = (rest: string) => rest.split('\n\n').filter((block) => block.includes('event: status'));

describe('a status stream after its token stops working', () => {
  it('ends when the customer signs out, and delivers no later change; other customers’ streams go on', async () => {
    const [who, someoneElse] = [await signInTestCustomer(t), await signInTestCustomer(t)];
    const order = await insertTestOrder(t.app.db, { customerId: who.id, createdAt: clock.now() });
    const othersOrder = await insertTestOrder(t.app.db, {
      customerId: someoneElse.id,
      createdAt: clock.now(),
    });
    const stream = await openStream(order.id, who);
    const othersStream = await openStream(othersOrder.id, someoneElse);
    expect((await stream.next()).status).toBe('new');
    expect((await othersStream.next()).status).toBe('new');

    await signOut(t.app, who);
    // Committed after the sign-out: the stream has ended by then, whatever it was sending.
    await send(t.app, order.id, 'operator-accepted', 'operator');
    expect(statusesIn(await stream.ended())).toEqual([]);

    await send(t.app, othersOrder.id, 'operator-accepted', 'operator');
    expect((await othersStream.next()).status).toBe('operator-accepted');
    // Ended by the server, not by cancelling the read: a cancelled fetch leaves its connection open
    // until the server's headers timeout, and the app's close would wait for it.
    await send(t.app, othersOrder.id, 'operator-cancelled', 'operator');
    expect((await othersStream.next()).status).toBe('operator-cancelled');
    await othersStream.ended();
  });

  it(`ends when the customer signs out on another API process (${process.env.DATABASE_URL ? 'PostgreSQL LISTEN/NOTIFY' : 'PGlite, in-process'})`, async () => {
    // App B serves the stream with its own bus (on PostgreSQL its own LISTEN connection); the
    // sign-out goes to app A.
    const dataDir = mkdtempSync(join(tmpdir(), 'api-test-d-'));
    const other = await buildApp({
      db: t.db,
      env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
      logger: false,
      clock: clock.now,
      runJobs: false,
    });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const address = other.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const who = await signInTestCustomer(t);
      const order = await insertTestOrder(t.app.db, { customerId: who.id, createdAt: clock.now() });
      const stream = await openStream(order.id, who, `http://127.0.0.1:${address.port}`);
      expect((await stream.next()).status).toBe('new');
      await signOut(t.app, who);
      await send(t.app, order.id, 'operator-accepted', 'operator');
      expect(statusesIn(await stream.ended(5_000))).toEqual([]);
    } finally {
      await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('ends when its token expires', async () => {
    const who = await signInTestCustomer(t);
    // The token expires 1.5 s from the app's (test) clock: the stream's timer is that long.
    await t.app.db
      .update(customerTokens)
      .set({ expiresAt: new Date(clock.now().getTime() + 1_500) })
      .where(eq(customerTokens.customerId, who.id));
    const order = await insertTestOrder(t.app.db, { customerId: who.id, createdAt: clock.now() });
    const stream = await openStream(order.id, who);
    expect((await stream.next()).status).toBe('new');
    expect(statusesIn(await stream.ended(5_000))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// An order's id in upper case (a uuid's case carries no meaning): the stream still hears every change.

describe('a status stream and an order id in upper case', () => {
  it('opened with the id in upper case, gets the cancellation and ends', async () => {
    const order = await insertTestOrder(t.app.db, { customerId: alice.id, createdAt: clock.now() });
    expect(order.id.toUpperCase()).not.toBe(order.id);
    const stream = await openStream(order.id.toUpperCase());
    expect(stream.response.status).toBe(200);
    expect(await stream.next()).toMatchObject({ order_id: order.id, status: 'new' });
    await send(t.app, order.id, 'operator-cancelled', 'operator');
    expect(await stream.next()).toMatchObject({ order_id: order.id, status: 'operator-cancelled' });
    await stream.ended();
  });

  it('hears a staff event sent with the id in upper case, in lower case, and ends', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: CLIENT_HEADERS,
      payload: { login: 'operator', password: FIXTURE_STAFF_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const staffToken = (login.json() as { access_token: string }).access_token;
    const order = await insertTestOrder(t.app.db, { customerId: alice.id, createdAt: clock.now() });
    expect(order.id.toUpperCase()).not.toBe(order.id);
    const stream = await openStream(order.id);
    expect((await stream.next()).status).toBe('new');
    clock.advance(60_000);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${order.id.toUpperCase()}/events`,
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${staffToken}` },
      payload: { event: 'operator-cancelled', reason: 'test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // At the database's time (the staff answer's own), not the app's clock.
    const { at } = res.json() as { at: string };
    expect(at).not.toBe(clock.now().toISOString());
    expect(await stream.next()).toEqual({
      order_id: order.id,
      status: 'operator-cancelled',
      at,
      courier: null,
    });
    await stream.ended();
  });
});

// ---------------------------------------------------------------------------------------------
// How many status streams may be open: per customer (429), per process (503).

/** GET /v2/orders/{id}/status-stream answered with an error: its status, Retry-After and JSON. */
async function refusal(orderId: string, who: TestCustomer, server = base) {
  const response = await fetchStream(orderId, who, server);
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: ZApiError.parse(await response.json()),
  };
}

/** Tries to open a stream until one is accepted (a closed stream's place is freed when its close is heard). */
async function openOnceFreed(orderId: string, who: TestCustomer, server = base): Promise<StreamReader> {
  for (let i = 0; i < 50; i++) {
    const response = await fetchStream(orderId, who, server);
    if (response.status === 200) return readStream(response);
    await response.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no stream was accepted');
}

describe('the status streams one customer may have open', () => {
  it(`refuses more than ${STATUS_STREAMS_PER_CUSTOMER} with 429 and Retry-After, other customers go on, a closed one frees its place`, async () => {
    const who = await signInTestCustomer(t);
    const order = await insertTestOrder(t.app.db, { customerId: who.id, createdAt: clock.now() });
    const streams: StreamReader[] = [];
    for (let i = 0; i < STATUS_STREAMS_PER_CUSTOMER; i++) {
      const stream = await openStream(order.id, who);
      expect(stream.response.status).toBe(200);
      expect((await stream.next()).status).toBe('new');
      streams.push(stream);
    }
    expect(await refusal(order.id, who)).toMatchObject({
      status: 429,
      retryAfter: '30',
      body: { code: 'TOO_MANY_REQUESTS' },
    });
    // The order in upper case is the same order, and counts the same.
    expect((await refusal(order.id.toUpperCase(), who)).status).toBe(429);

    // Another customer is not held back.
    const othersOrder = await insertTestOrder(t.app.db, { customerId: bob.id, createdAt: clock.now() });
    const others = await openStream(othersOrder.id, bob);
    expect(others.response.status).toBe(200);
    expect((await others.next()).status).toBe('new');

    // A stream the client closes gives its place back.
    await streams[0]?.cancel();
    const again = await openOnceFreed(order.id, who);
    expect((await again.next()).status).toBe('new');

    // Ended by the server (see above: a cancelled fetch would keep its connection).
    await send(t.app, order.id, 'operator-cancelled', 'operator');
    await send(t.app, othersOrder.id, 'operator-cancelled', 'operator');
    for (const stream of [...streams.slice(1), again, others]) await stream.ended();
  });

  it('counts a burst of concurrent requests one by one', async () => {
    const who = await signInTestCustomer(t);
    const order = await insertTestOrder(t.app.db, { customerId: who.id, createdAt: clock.now() });
    const burst = await Promise.all(
      Array.from({ length: STATUS_STREAMS_PER_CUSTOMER + 7 }, () => fetchStream(order.id, who)),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(STATUS_STREAMS_PER_CUSTOMER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    for (const refused of burst.filter((r) => r.status !== 200)) await refused.arrayBuffer();
    const accepted = burst.filter((r) => r.status === 200).map(readStream);
    await send(t.app, order.id, 'operator-cancelled', 'operator');
    for (const stream of accepted) await stream.ended();
    // Every place is free again once the streams ended.
    const after = await openOnceFreed(order.id, who);
    expect((await after.next()).status).toBe('operator-cancelled');
    await after.ended();
  });

  it('gives the place back when the order is not found', async () => {
    const who = await signInTestCustomer(t);
    for (let i = 0; i < STATUS_STREAMS_PER_CUSTOMER + 1; i++) {
      const res = await fetchStream('00000000-0000-4000-8000-000000000000', who);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
    const order = await insertTestOrder(t.app.db, { customerId: who.id, createdAt: clock.now() });
    const stream = await openStream(order.id, who);
    expect(stream.response.status).toBe(200);
    await send(t.app, order.id, 'operator-cancelled', 'operator');
    await stream.ended();
  });
});

describe('the status streams one API process may have open', () => {
  it('refuses more than ORDER_STATUS_STREAM_LIMIT with 503 and Retry-After, whoever asks', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'api-test-e-'));
    const other = await buildApp({
      db: t.db,
      env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir, ORDER_STATUS_STREAM_LIMIT: 2 },
      logger: false,
      clock: clock.now,
      runJobs: false,
    });
    let closed = false;
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const address = other.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const server = `http://127.0.0.1:${address.port}`;
      const one = await signInTestCustomer(t);
      const two = await signInTestCustomer(t);
      const three = await signInTestCustomer(t);
      const orderOf = async (who: TestCustomer) =>
        (await insertTestOrder(t.app.db, { customerId: who.id, createdAt: clock.now() })).id;
      const first = await openStream(await orderOf(one), one, server);
      const second = await openStream(await orderOf(two), two, server);
      expect([first.response.status, second.response.status]).toEqual([200, 200]);
      const thirdsOrder = await orderOf(three);
      expect(await refusal(thirdsOrder, three, server)).toMatchObject({
        status: 503,
        retryAfter: '30',
        body: { code: 'SERVICE_UNAVAILABLE', message: 'Temporarily unavailable' },
      });
      await first.cancel();
      const third = await openOnceFreed(thirdsOrder, three, server);
      expect((await third.next()).status).toBe('new');
      const closing = other.close();
      closed = true;
      await second.ended();
      await third.ended();
      // The app ended its streams; what is left is a connection fetch opened ahead without a request
      // yet, which the server would otherwise wait on until its headers timeout.
      other.server.closeAllConnections();
      await closing;
    } finally {
      if (!closed) await other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
