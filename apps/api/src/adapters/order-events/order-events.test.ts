import { type TOrderStatusEvent, ZOrderStatusEvent, ZStaffLoginResponse } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertLifeOrder } from '../../modules/order-status/order-status.fixtures.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { FIXTURE_STAFF_PASSWORD } from '../../test/fixture-staff.ts';
import { placeTestOrder, signInTestCustomer } from '../../test/orders.ts';
import {
  databaseUrl,
  needsPostgres,
  type SecondProcess,
  startSecondProcess,
  urlOf,
} from '../../test/second-process.ts';
import {
  CATALOGUE_CHANGED_CHANNEL,
  ORDER_STATUS_CHANNEL,
  publishTokensRevoked,
  Subscriptions,
  TOKENS_REVOKED_CHANNEL,
  type TokenRevocation,
} from './order-events.ts';

const ORDER_A = '11111111-1111-4111-8111-111111111111';
const ORDER_B = '22222222-2222-4222-8222-222222222222';
const TOKEN_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const TOKEN_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const event = (
  orderId: string,
  status: TOrderStatusEvent['status'] = 'operator-accepted',
): TOrderStatusEvent => ({
  order_id: orderId,
  status,
  at: '2026-03-01T09:00:00.000Z',
  courier: null,
});

/** Resolves with the next `n` events `subscribe` hands over for `orderId` (or rejects after `ms`). */
function nextEvents(app: FastifyInstance, orderId: string, n = 1, ms = 5_000): Promise<TOrderStatusEvent[]> {
  return new Promise((resolve, reject) => {
    const got: TOrderStatusEvent[] = [];
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out waiting for ${n} event(s) of ${orderId}; got ${got.length}`));
    }, ms);
    const unsubscribe = app.orderEvents.subscribe(orderId, (e) => {
      got.push(e);
      if (got.length === n) {
        clearTimeout(timer);
        unsubscribe();
        resolve(got);
      }
    });
  });
}

/** Collects every event of `orderId` until stopped. */
function collect(app: FastifyInstance, orderId: string) {
  const got: TOrderStatusEvent[] = [];
  const stop = app.orderEvents.subscribe(orderId, (e) => got.push(e));
  return { got, stop };
}

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('order status bus, in this process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the bus of the database the app runs on', () => {
    expect(t.app.orderEvents.name).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(t.app.orderEvents.listening).toBe(true);
  });

  it('hands a change to the listeners of its order only after the transaction commits', async () => {
    const a = collect(t.app, ORDER_A);
    const b = collect(t.app, ORDER_B);
    const heard = nextEvents(t.app, ORDER_A);
    await t.app.db.transaction(async (tx) => {
      await t.app.orderEvents.publish(tx, event(ORDER_A));
      await settle();
      expect(a.got).toEqual([]);
    });
    expect(await heard).toEqual([event(ORDER_A)]);
    await settle();
    expect(a.got).toEqual([event(ORDER_A)]);
    expect(b.got).toEqual([]);
    a.stop();
    b.stop();
  });

  it('never hands over a change whose transaction rolled back', async () => {
    const a = collect(t.app, ORDER_A);
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.orderEvents.publish(tx, event(ORDER_A, 'vendor-accepted'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A later change is heard, the rolled back one never was.
    await t.app.orderEvents.publish(t.app.db, event(ORDER_A, 'vendor-ready'));
    await settle(300);
    expect(a.got.map((e) => e.status)).toEqual(['vendor-ready']);
    a.stop();
  });

  it('keeps the order of changes and stops after unsubscribe', async () => {
    const a = collect(t.app, ORDER_A);
    const twice = collect(t.app, ORDER_A);
    await t.app.orderEvents.publish(t.app.db, event(ORDER_A, 'operator-accepted'));
    await t.app.orderEvents.publish(t.app.db, event(ORDER_A, 'vendor-accepted'));
    await settle(300);
    twice.stop();
    twice.stop(); // a second call is harmless
    await t.app.orderEvents.publish(t.app.db, event(ORDER_A, 'vendor-ready'));
    await settle(300);
    expect(a.got.map((e) => e.status)).toEqual(['operator-accepted', 'vendor-accepted', 'vendor-ready']);
    expect(twice.got.map((e) => e.status)).toEqual(['operator-accepted', 'vendor-accepted']);
    a.stop();
  });

  it('drops a malformed notification and survives a listener that throws', async () => {
    const a = collect(t.app, ORDER_A);
    t.app.orderEvents.subscribe(ORDER_A, () => {
      throw new Error('a broken listener');
    });
    await t.app.db.execute(sql`select pg_notify(${ORDER_STATUS_CHANNEL}, 'not json')`);
    await t.app.db.execute(
      sql`select pg_notify(${ORDER_STATUS_CHANNEL}, ${JSON.stringify({ order_id: ORDER_A })})`,
    );
    await t.app.orderEvents.publish(t.app.db, event(ORDER_A, 'delivered'));
    await settle(300);
    expect(a.got.map((e) => e.status)).toEqual(['delivered']);
    a.stop();
  });

  it('hands token revocations to every revocation listener after the transaction commits, never after a rollback', async () => {
    const heard: TokenRevocation[] = [];
    const stop = t.app.orderEvents.onTokensRevoked((r) => heard.push(r));
    await expect(
      t.app.db.transaction(async (tx) => {
        await publishTokensRevoked(tx, [TOKEN_A]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.app.db.transaction(async (tx) => {
      await publishTokensRevoked(tx, [TOKEN_B]);
      await settle();
      expect(heard).toEqual([]);
    });
    await vi.waitFor(() => expect(heard).toEqual([{ kind: 'revoked', tokenIds: [TOKEN_B] }]));
    // Many at once go in several notifications (a payload must stay under 8000 bytes).
    const many = Array.from({ length: 250 }, () => crypto.randomUUID());
    await t.app.db.transaction((tx) => publishTokensRevoked(tx, many));
    await vi.waitFor(() =>
      expect(heard.flatMap((r) => (r.kind === 'revoked' ? r.tokenIds : []))).toHaveLength(251),
    );
    expect(heard.slice(1).map((r) => (r.kind === 'revoked' ? r.tokenIds : []))).toEqual([
      many.slice(0, 100),
      many.slice(100, 200),
      many.slice(200),
    ]);
    stop();
  });

  it('drops a malformed revocation and stops handing them over after unsubscribe', async () => {
    const heard: TokenRevocation[] = [];
    const stop = t.app.orderEvents.onTokensRevoked((r) => heard.push(r));
    await t.app.db.execute(sql`select pg_notify(${TOKENS_REVOKED_CHANNEL}, 'not json')`);
    await t.app.db.execute(
      sql`select pg_notify(${TOKENS_REVOKED_CHANNEL}, ${JSON.stringify({ token_ids: ['x'] })})`,
    );
    await publishTokensRevoked(t.app.db, [TOKEN_A]);
    await vi.waitFor(() => expect(heard).toEqual([{ kind: 'revoked', tokenIds: [TOKEN_A] }]));
    stop();
    await publishTokensRevoked(t.app.db, [TOKEN_B]);
    await settle(300);
    expect(heard).toHaveLength(1);
  });

  it('settled: when it resolves, every change committed before it has been handed over', async () => {
    const heard: unknown[] = [];
    const stop = t.app.orderEvents.onCatalogueChanged((change) => heard.push(change));
    await t.db.db.execute(sql`select pg_notify(${CATALOGUE_CHANGED_CHANNEL}, '{"tags":["catalogue"]}')`);
    const started = Date.now();
    await t.app.orderEvents.settled(t.app.db);
    // By its marker, not by its 2 s fallback.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(heard).toHaveLength(1);
    stop();
  });

  it('refuses to publish an event that is not a status event', async () => {
    await expect(
      t.app.orderEvents.publish(t.app.db, { ...event(ORDER_A), status: 'lost' as never }),
    ).rejects.toThrow();
  });
});

const ACROSS_PROCESSES = `order status bus across API processes (PostgreSQL LISTEN/NOTIFY)${needsPostgres}`;
describe.skipIf(!databaseUrl)(ACROSS_PROCESSES, () => {
  let a: TestApp;
  let second: SecondProcess;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await buildTestApp();
    // App B: its own pool and its own listening connection on the same database, like a second process.
    second = await startSecondProcess(a);
    b = second.app;
  });
  afterAll(async () => {
    await second?.close();
    await a?.close();
  });

  it('a listener in app B hears a change committed by app A', async () => {
    const heard = nextEvents(b, ORDER_A);
    await a.app.db.transaction(async (tx) => {
      await a.app.orderEvents.publish(tx, event(ORDER_A, 'courier-picked'));
    });
    expect(await heard).toEqual([event(ORDER_A, 'courier-picked')]);
  });

  it('app B hears a token revocation committed by app A', async () => {
    const heard: TokenRevocation[] = [];
    const stop = b.orderEvents.onTokensRevoked((r) => heard.push(r));
    await a.app.db.transaction((tx) => publishTokensRevoked(tx, [TOKEN_A]));
    await vi.waitFor(() => expect(heard).toEqual([{ kind: 'revoked', tokenIds: [TOKEN_A] }]));
    stop();
  });

  it('listens again after its connection is killed, and catches up on the current status', async () => {
    const orderId = await insertLifeOrder(a.app.db, { status: 'vendor-ready' });
    const got = collect(b, orderId);
    const revocations: TokenRevocation[] = [];
    const stopRevocations = b.orderEvents.onTokensRevoked((r) => revocations.push(r));
    const admin = new pg.Client({ connectionString: urlOf(a.db) });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
      );
    } finally {
      await admin.end();
    }
    // While B is reconnecting, the order moves on; B never hears this notification itself...
    await settle(50);
    await a.app.db.execute(sql`update orders set status = 'courier-accepted' where id = ${orderId}`);
    // ...but after reconnecting it hands every subscribed order its current status.
    const deadline = Date.now() + 10_000;
    while (!(b.orderEvents.listening && got.got.length > 0) && Date.now() < deadline) await settle(100);
    expect(b.orderEvents.listening).toBe(true);
    expect(got.got.at(-1)).toMatchObject({ order_id: orderId, status: 'courier-accepted' });
    // Revocation listeners are told one may have gone unheard (they check their tokens again).
    expect(revocations).toEqual([{ kind: 'maybe-missed' }]);
    // And it hears new changes again, and revocations.
    const heard = nextEvents(b, ORDER_B);
    await a.app.orderEvents.publish(a.app.db, event(ORDER_B, 'finished'));
    expect(await heard).toEqual([event(ORDER_B, 'finished')]);
    await publishTokensRevoked(a.app.db, [TOKEN_B]);
    await vi.waitFor(() => expect(revocations.at(-1)).toEqual({ kind: 'revoked', tokenIds: [TOKEN_B] }));
    stopRevocations();
    got.stop();
  });

  it('a customer watching the status page on app B sees each staff event sent to app A, and no more', async () => {
    await b.listen({ port: 0, host: '127.0.0.1' });
    const address = b.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const customer = await signInTestCustomer(a);
    const { order_id } = await placeTestOrder(a, customer.token);
    const stream = await openStatusStream(`http://127.0.0.1:${address.port}`, order_id, customer.token);
    expect((await stream.next()).status).toBe('new');

    const staffLogin = await a.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: CLIENT_HEADERS,
      payload: { login: 'operator', password: FIXTURE_STAFF_PASSWORD },
    });
    expect(staffLogin.statusCode, staffLogin.body).toBe(200);
    const staffToken = ZStaffLoginResponse.parse(staffLogin.json()).access_token;
    const sendEvent = async (event: string) => {
      const res = await a.app.inject({
        method: 'POST',
        url: `/v1/staff/orders/${order_id}/events`,
        headers: { ...CLIENT_HEADERS, authorization: `Bearer ${staffToken}` },
        // A staff cancel needs its reason (issue 13).
        payload: event.endsWith('-cancelled') ? { event, reason: 'Test' } : { event },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    await sendEvent('operator-accepted');
    expect((await stream.next()).status).toBe('operator-accepted');
    // A cancelled order is done: app B ends the stream after telling it.
    await sendEvent('operator-cancelled');
    expect((await stream.next()).status).toBe('operator-cancelled');
    expect(await stream.rest()).not.toContain('event: status');
  });
});

/** GET /v2/orders/{id}/status-stream read with fetch, as the storefront reads it. */
async function openStatusStream(base: string, orderId: string, token: string) {
  const response = await fetch(`${base}/v2/orders/${orderId}/status-stream`, {
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const pull = async () => {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`nothing from the stream in 5 s; got ${JSON.stringify(buffer)}`)),
        5_000,
      ),
    );
    const chunk = await Promise.race([reader.read(), timeout]);
    if (chunk.done) done = true;
    else buffer += decoder.decode(chunk.value, { stream: true });
  };
  return {
    /** The next status event. */
    next: async (): Promise<TOrderStatusEvent> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: status') && data)
            return ZOrderStatusEvent.parse(JSON.parse(data.slice(6)));
          continue;
        }
        if (done) throw new Error('the stream ended');
        await pull();
      }
    },
    /** What the stream sends until the server ends it. */
    rest: async (): Promise<string> => {
      while (!done) await pull();
      return buffer;
    },
  };
}

describe('Subscriptions', () => {
  const ORDER = '7d0c9d1e-3f4a-4b5c-8d6e-0f1a2b3c4d5e';
  const event = { order_id: ORDER, status: 'new', at: '2026-03-02T07:00:00.000Z', courier: null };
  const makeLog = () => ({ warn: vi.fn(), error: vi.fn(), info: vi.fn() });

  it('hands a payload to the listeners of its order only, and reads none while no order is followed', () => {
    const log = makeLog();
    const subs = new Subscriptions(log);
    // Followed by nobody: not read at all (not even found malformed).
    subs.dispatchPayload('not json');
    expect(log.warn).not.toHaveBeenCalled();

    const heard: TOrderStatusEvent[] = [];
    const stop = subs.add(ORDER, (e) => heard.push(e));
    subs.dispatchPayload(JSON.stringify(event));
    subs.dispatchPayload(JSON.stringify({ ...event, order_id: '00000000-0000-4000-8000-000000000000' }));
    subs.dispatchPayload('not json');
    expect(heard).toEqual([event]);
    expect(log.warn).toHaveBeenCalledTimes(1);

    stop();
    subs.dispatchPayload(JSON.stringify(event));
    expect(heard).toHaveLength(1);
  });
});
