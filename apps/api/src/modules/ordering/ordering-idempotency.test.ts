/**
 * Idempotency-Key of POST /v2/ondemand-order (see idempotency.ts). Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL, where the concurrent requests really run in parallel connections.
 * A key whose request was killed mid-transaction: ordering-crash.test.ts.
 */
import { ZApiError, ZCreateOrderRequest, ZCreateOrderResponse } from '@app/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDb, type DbHandle } from '../../db/client.ts';
import { idempotencyKeys, orders } from '../../db/schema/index.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import {
  deliveryOrderBody,
  pickupOrderBody,
  postOrder,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';
import { tryLockKey } from './idempotency.repository.ts';
import { IDEMPOTENCY_TTL_MS, requestHash } from './idempotency.ts';

const START = new Date('2026-03-02T04:00:00.000Z');
const clock = createTestClock(START);
let t: TestApp;
let customer: TestCustomer;

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  customer = await signInTestCustomer(t);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clock.set(START);
});

let keyCounter = 0;
const freshKey = () => `${crypto.randomUUID()}-${++keyCounter}`;
const created = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(201);
  return ZCreateOrderResponse.parse(res.json());
};
const errorOf = (res: LightMyRequestResponse) => ZApiError.parse(res.json());

async function ordersOf(customerId: string): Promise<number> {
  const [row] = await t.db.db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId));
  return row?.n ?? 0;
}

async function keyRow(customerId: string, key: string) {
  const [row] = await t.db.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)));
  return row;
}

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, without a second order', async () => {
    const who = await signInTestCustomer(t);
    const key = freshKey();
    const first = created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key }));
    clock.advance(60_000);
    const again = await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key });
    expect(created(again)).toEqual(first);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf(who.id)).toBe(1);
    expect(await keyRow(who.id, key)).toMatchObject({
      responseStatus: 201,
      responseBody: first,
      createdAt: START,
      completedAt: START,
    });
  });

  it('takes the same data written differently as the same body (defaults, key order, spaces)', async () => {
    const who = await signInTestCustomer(t);
    const key = freshKey();
    const body = deliveryOrderBody();
    const first = created(await postOrder(t, who.token, body, { idempotencyKey: key }));
    const { steps, ...rest } = body;
    const reordered = { steps, ...rest, comment: '  ', is_courier_call: true, source: 'website' };
    expect(created(await postOrder(t, who.token, reordered, { idempotencyKey: key }))).toEqual(first);
    expect(await ordersOf(who.id)).toBe(1);
    expect(requestHash({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(requestHash({ b: [1, { d: 3, c: 2 }], a: 1 }));
  });

  it('refuses the same key with another body (422) and keeps the first answer', async () => {
    const who = await signInTestCustomer(t);
    const key = freshKey();
    const first = created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key }));
    for (const locale of ['ru', 'en'] as const) {
      const other = await postOrder(t, who.token, deliveryOrderBody({ comment: 'another' }), {
        idempotencyKey: key,
        locale,
      });
      expect(other.statusCode).toBe(422);
      expect(errorOf(other)).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          locale === 'en'
            ? 'This request was already sent with other data; reload the page and try again'
            : 'Этот запрос уже отправлялся с другими данными; обновите страницу и попробуйте снова',
      });
    }
    expect(created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key }))).toEqual(
      first,
    );
    expect(await ordersOf(who.id)).toBe(1);
  });

  it.runIf(process.env.DATABASE_URL)(
    'answers 409 at once while a live request holds the key, and places the order once it lets go',
    async () => {
      const who = await signInTestCustomer(t);
      const key = freshKey();
      // A live request with this key, in its order's transaction on a connection of its own (the
      // one-session PGlite runs one transaction at a time, so there a second request waits its turn).
      const other = await createDb({ databaseUrl: urlOf(t.db) });
      let letGo = () => {};
      const holding = new Promise<void>((resolve) => {
        letGo = resolve;
      });
      let taken = () => {};
      const isTaken = new Promise<void>((resolve) => {
        taken = resolve;
      });
      const live = other.db.transaction(async (tx) => {
        expect(await tryLockKey(tx, who.id, key)).toBe(true);
        taken();
        await holding;
      });
      try {
        await isTaken;
        for (const locale of ['ru', 'en'] as const) {
          const res = await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key, locale });
          expect(res.statusCode).toBe(409);
          expect(errorOf(res)).toMatchObject({
            code: 'ORDER_IN_PROGRESS',
            message:
              locale === 'en'
                ? 'Your order is already being placed; please wait a moment'
                : /уже оформляется/,
          });
        }
        // Another body with the held key: the same 409 (the holder's body is not known yet).
        const otherBody = await postOrder(t, who.token, pickupOrderBody(), { idempotencyKey: key });
        expect(otherBody.statusCode).toBe(409);
        expect(await ordersOf(who.id)).toBe(0);
        expect(await keyRow(who.id, key)).toBeUndefined();
      } finally {
        letGo();
        await live;
        await other.close();
      }
      // The holder ended (here without an order): the key is free at once, no waiting for a timeout.
      const order = created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key }));
      expect(await ordersOf(who.id)).toBe(1);
      expect(created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key }))).toEqual(
        order,
      );
    },
  );

  it('reads a key row without an answer (a claim of the earlier design) as free, whatever its body', async () => {
    const who = await signInTestCustomer(t);
    const body = deliveryOrderBody();
    for (const requestHash of ['another body', hashAsTheServerDoes(body)]) {
      const key = freshKey();
      await t.db.db
        .insert(idempotencyKeys)
        .values({ customerId: who.id, key, requestHash, createdAt: START });
      clock.advance(1_000);
      const order = created(await postOrder(t, who.token, body, { idempotencyKey: key }));
      expect(await keyRow(who.id, key)).toMatchObject({
        requestHash: hashAsTheServerDoes(body),
        responseStatus: 201,
        responseBody: order,
        createdAt: clock.now(),
      });
    }
    expect(await ordersOf(who.id)).toBe(2);
  });

  it('leaves the key free at once when the request fails inside the order transaction', async () => {
    const who = await signInTestCustomer(t);
    const key = freshKey();
    // The order, its lines, first status and outbox row are written, then the transaction fails
    // before commit.
    const publish = vi
      .spyOn(t.app.orderEvents, 'published')
      .mockRejectedValueOnce(new Error('the bus is down'));
    try {
      const failed = await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key });
      expect(failed.statusCode).toBe(500);
      expect(errorOf(failed).code).toBe('INTERNAL_ERROR');
      expect(publish).toHaveBeenCalledTimes(1);
    } finally {
      publish.mockRestore();
    }
    expect(await keyRow(who.id, key)).toBeUndefined();
    expect(await ordersOf(who.id)).toBe(0);
    // The same key right away, same clock: placed, not 409.
    const order = created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key }));
    expect(await ordersOf(who.id)).toBe(1);
    expect(await keyRow(who.id, key)).toMatchObject({ responseStatus: 201, responseBody: order });
  });

  it('creates one order when the same request arrives several times at once', async () => {
    const who = await signInTestCustomer(t);
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(201);
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => created(a).order_id));
    expect(ids.size).toBe(1);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(errorOf(a).code).toBe('ORDER_IN_PROGRESS');
    expect(await ordersOf(who.id)).toBe(1);
  });

  it('frees the key of a refused request, so the corrected order can be sent with it', async () => {
    const who = await signInTestCustomer(t);
    const key = freshKey();
    const refused = await postOrder(t, who.token, deliveryOrderBody({ change_from: 1_000 }), {
      idempotencyKey: key,
    });
    expect(refused.statusCode).toBe(422);
    expect(await keyRow(who.id, key)).toBeUndefined();
    // The same refusal again (not a 422 for another body, not a 409).
    expect(
      (await postOrder(t, who.token, deliveryOrderBody({ change_from: 1_000 }), { idempotencyKey: key }))
        .statusCode,
    ).toBe(422);
    created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key }));
    expect(await ordersOf(who.id)).toBe(1);
  });

  it('keeps keys per customer', async () => {
    const [a, b] = [await signInTestCustomer(t), await signInTestCustomer(t)];
    const key = freshKey();
    const first = created(await postOrder(t, a.token, deliveryOrderBody(), { idempotencyKey: key }));
    const second = created(await postOrder(t, b.token, deliveryOrderBody(), { idempotencyKey: key }));
    expect(second.order_id).not.toBe(first.order_id);
    // Another customer's other body is no conflict either.
    created(await postOrder(t, customer.token, pickupOrderBody(), { idempotencyKey: key }));
  });

  it('forgets a key after 24 hours', async () => {
    const who = await signInTestCustomer(t);
    const key = freshKey();
    const first = created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key }));
    clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    expect(created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key }))).toEqual(
      first,
    );
    clock.advance(2 * 60_000);
    const later = created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: key }));
    expect(later.order_id).not.toBe(first.order_id);
    expect(await ordersOf(who.id)).toBe(2);
    expect(await keyRow(who.id, key)).toMatchObject({ responseBody: later, createdAt: clock.now() });
  });

  it("forgets the customer's other expired keys when it places an order", async () => {
    const who = await signInTestCustomer(t);
    const [old, recent, next] = [freshKey(), freshKey(), freshKey()];
    created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: old }));
    clock.advance(IDEMPOTENCY_TTL_MS - 60_000);
    created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: recent }));
    clock.advance(2 * 60_000);
    created(await postOrder(t, who.token, deliveryOrderBody(), { idempotencyKey: next }));
    expect(await keyRow(who.id, old)).toBeUndefined();
    expect(await keyRow(who.id, recent)).toBeDefined();
    expect(await keyRow(who.id, next)).toBeDefined();
  });

  it('places a new order for each request without a key', async () => {
    const who = await signInTestCustomer(t);
    created(await postOrder(t, who.token, deliveryOrderBody()));
    created(await postOrder(t, who.token, deliveryOrderBody()));
    expect(await ordersOf(who.id)).toBe(2);
  });

  it('refuses a key that is too long or not printable', async () => {
    for (const key of ['k'.repeat(256), 'with space', 'ключ']) {
      const res = await postOrder(t, customer.token, deliveryOrderBody(), {
        idempotencyKey: key,
        locale: 'en',
      });
      expect(res.statusCode, key).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
    created(await postOrder(t, customer.token, deliveryOrderBody(), { idempotencyKey: 'k'.repeat(255) }));
  });
});

/** The connection string of the test database (createTestDb names one per file). */
function urlOf(handle: DbHandle): string {
  const url = (handle.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
  if (!url) throw new Error('no connection string');
  return url;
}

/** The hash the server stores for a body: of the parsed body, with the shipper. */
const hashAsTheServerDoes = (body: ReturnType<typeof deliveryOrderBody>): string =>
  requestHash({ shipper: CLIENT_HEADERS.shipper, body: ZCreateOrderRequest.parse(body) });
