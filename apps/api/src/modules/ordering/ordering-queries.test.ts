/**
 * The query budget of placing an order (issue 11, docs/perf/orders.md): every statement the app
 * sends to the database while one order is placed is counted through the driver (createDb's
 * logQuery), so a change that adds a query per line, or reads again what the order already loaded,
 * fails here rather than in the lunch rush. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import type { TCreateOrderRequest } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS_BARRIER_CHANNEL } from '../../adapters/order-events/order-events.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import {
  deliveryOrderBody,
  ORDER_FIXTURE,
  postOrder,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';

const clock = createTestClock(new Date('2026-03-02T07:00:00.000Z'));
let t: TestApp;
let customer: TestCustomer;
let recording: string[] | null = null;

beforeAll(async () => {
  t = await buildTestApp({
    clock: clock.now,
    logQuery: (query, params) => {
      // The test harness's own marker before each request on PostgreSQL (test/app.ts), not the app's.
      if (params[0] === BUS_BARRIER_CHANNEL) return;
      // The status feed's reads of the outbox (the bus's own, after the commit, on its timer too).
      if (query.includes('pg_current_snapshot()')) return;
      recording?.push(query);
    },
  });
  customer = await signInTestCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

/** Transaction control (node-postgres sends it as statements, PGlite itself): not counted. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** The statements one request sends. */
async function queriesOf(send: () => Promise<{ statusCode: number; body: string }>): Promise<string[]> {
  recording = [];
  try {
    const res = await send();
    expect(res.statusCode, res.body).toBe(201);
    return recording.filter((q) => !CONTROL.test(q));
  } finally {
    recording = null;
  }
}

const P = ORDER_FIXTURE.products;
const M = ORDER_FIXTURE.modifiers;

type Lines = TCreateOrderRequest['steps'][number]['products'];

const wrap = {
  product_id: P.beefWrap,
  type: 'simple' as const,
  quantity: 2,
  variants: [],
  order_modifiers: [{ modifier_id: M.garlic, modifier_quantity: 1, parent_id: M.sauce }],
};
const cola = { product_id: P.cola, type: 'simple' as const, quantity: 1, variants: [], order_modifiers: [] };
const pizza = {
  product_id: P.margherita,
  type: 'origin' as const,
  quantity: 1,
  variants: [{ group_id: P.margherita, product_id: P.margherita35 }],
  order_modifiers: [],
};
const combo = {
  product_id: P.lunchCombo,
  type: 'combo' as const,
  quantity: 1,
  variants: [
    { group_id: ORDER_FIXTURE.combo.main, product_id: P.beefWrap },
    { group_id: ORDER_FIXTURE.combo.drink, product_id: P.cola },
  ],
  order_modifiers: [],
};

const place = (products: Lines) =>
  queriesOf(() =>
    postOrder(
      t,
      customer.token,
      deliveryOrderBody({ steps: [{ branch_id: ORDER_FIXTURE.chilonzor, products }] }),
      { idempotencyKey: crypto.randomUUID() },
    ),
  );

/**
 * The budget of one delivery order with an Idempotency-Key, its whole request: 1 statement before
 * the handler (the order rate limit; the client headers' chain is served from the read cache and the
 * sign-in from the signed-in tokens after the first request) and 5 in its transaction
 * (docs/perf/orders.md lists them): the key's lock, its stored answer, the place rows (with the
 * chain's automatic discounts, round 6), the products (with their modifiers, round 6), and the
 * insert that writes the order, its lines, its first status, the status bus's outbox row and the
 * Idempotency-Key's answer (round 4). A combo's groups and options come with the products (round 7).
 */
const QUERY_BUDGET = 6;

describe('placing an order: the query budget', () => {
  it(`sends at most ${QUERY_BUDGET} statements, however many lines the order has`, async () => {
    // The first order of the file warms what the app reads once (nothing is cached per order).
    await place([wrap]);
    const one = await place([wrap]);
    const three = await place([wrap, cola, pizza]);
    const many = await place([
      wrap,
      cola,
      pizza,
      { ...cola, quantity: 3 },
      { ...pizza, quantity: 2 },
      { ...wrap, quantity: 1 },
    ]);
    expect(one.length, one.join('\n')).toBeLessThanOrEqual(QUERY_BUDGET);
    expect(three.length, three.join('\n')).toBe(one.length);
    expect(many.length, many.join('\n')).toBe(one.length);
  });

  it('reads the combos of an order with its products: no statement more', async () => {
    const plain = await place([wrap, cola]);
    const withCombo = await place([wrap, cola, combo]);
    const twoCombos = await place([wrap, combo, { ...combo, quantity: 2 }]);
    expect(withCombo.length, withCombo.join('\n')).toBe(plain.length);
    expect(twoCombos.length).toBe(withCombo.length);
  });

  it('writes the order, its lines, its first status, its outbox row and its key in one statement', async () => {
    const queries = await place([wrap, cola, pizza]);
    const writes = queries.filter((q) =>
      /^\s*(with (s as \(.*?\), )?o as \()?insert into "?(orders|order_lines|order_status_history|order_status_outbox|idempotency_keys)\b/i.test(
        q,
      ),
    );
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/insert into "idempotency_keys"/);
    expect(writes[0]).toMatch(/insert into order_status_outbox/);
    expect(writes[0]).toMatch(/insert into "order_lines"/);
    expect(writes[0]).toMatch(/insert into "order_status_history"/);
  });
});
