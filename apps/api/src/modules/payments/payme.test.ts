/**
 * Payme's Merchant API through inject against a real database: the sandbox's test list of
 * payments-conformance.md (1-9, Create/Perform/Cancel each sent twice), the JSON-RPC protocol errors,
 * the 12-hour timeout on a test clock, payments of cancelled orders, concurrent calls, refunds,
 * GetStatement and the call log.
 */
import { ZOrderDetail } from '@app/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders, paymentCalls, paymentTransactions } from '../../db/schema/index.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { ORDER_TEST_NOON, placeTestOrder, signInTestCustomer, type TestCustomer } from '../../test/orders.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { PAYME_PATH } from './payme.routes.ts';
import { PAYME_TRANSACTION_TIMEOUT_MS } from './payme.service.ts';
import { STORED_PARAMS_MAX_BYTES } from './payments.repository.ts';

const KEY = 'test-payme-key-0123456789abcdef';
const AUTH = `Basic ${Buffer.from(`Paycom:${KEY}`).toString('base64')}`;
const METHODS = [
  'CheckPerformTransaction',
  'CreateTransaction',
  'PerformTransaction',
  'CancelTransaction',
  'CheckTransaction',
  'GetStatement',
] as const;

let t: TestApp;
let clock: TestClock;
let customer: TestCustomer;

beforeAll(async () => {
  clock = createTestClock(ORDER_TEST_NOON);
  t = await buildTestApp({ clock: clock.now, env: { PAYME_KEY: KEY } });
  customer = await signInTestCustomer(t);
});

afterAll(async () => {
  await t?.close();
});

// Tests that move the clock (twice() does) leave it where the next one expects it.
afterEach(() => {
  clock.set(ORDER_TEST_NOON);
});

type Answer = {
  jsonrpc: '2.0';
  id: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: { ru: string; uz: string; en: string }; data?: string };
};

let nextRpcId = 1;
let nextPaymeId = 1;
/** A fresh 24-character Payme transaction id. */
const paymeId = () => (nextPaymeId++).toString(16).padStart(24, 'a');

async function raw(options: {
  method?: 'POST' | 'GET' | 'PUT' | 'PATCH' | 'DELETE';
  body?: string;
  headers?: Record<string, string>;
}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: options.method ?? 'POST',
    url: PAYME_PATH,
    headers: { 'content-type': 'application/json', authorization: AUTH, ...options.headers },
    ...(options.body !== undefined ? { payload: options.body } : {}),
  });
}

/** One JSON-RPC call; asserts the transport rules every answer keeps (200, JSON-RPC 2.0, the id). */
async function rpc(method: string, params: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const id = nextRpcId++;
  const res = await raw({ body: JSON.stringify({ jsonrpc: '2.0', id, method, params }), headers });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as Answer;
  expect(answer.jsonrpc).toBe('2.0');
  expect(answer.id).toBe(id);
  expect('result' in answer !== 'error' in answer, res.body).toBe(true);
  return answer;
}

/** The answer without its JSON-RPC id, to compare a repeat with the first. */
const body = ({ id: _id, ...rest }: Answer) => rest;

function expectError(answer: Answer, code: number, data?: string) {
  expect(answer.result, JSON.stringify(answer)).toBeUndefined();
  expect(answer.error?.code, JSON.stringify(answer)).toBe(code);
  expect(Object.keys(answer.error?.message ?? {}).sort()).toEqual(['en', 'ru', 'uz']);
  if (data !== undefined) expect(answer.error?.data).toBe(data);
}

type AwaitingOrder = { id: string; tiyin: number };

/**
 * An order awaiting its Payme payment: placed in cash through the API, then turned into a Payme order
 * in 'payment-awaited' directly (placement of online orders is built elsewhere). `loyalty` sums of the
 * total are paid with bonuses, so the amount due is total - loyalty.
 */
async function awaitingOrder(loyalty = 0, status = 'payment-awaited'): Promise<AwaitingOrder> {
  const placed = await placeTestOrder(t, customer.token);
  const [row] = await t.db.db
    .update(orders)
    .set({ status, paymentType: 'payme', loyaltyAmount: loyalty })
    .where(eq(orders.id, placed.order_id))
    .returning({ total: orders.totalPrice });
  if (!row) throw new Error('awaitingOrder: no order');
  return { id: placed.order_id, tiyin: (row.total - loyalty) * 100 };
}

async function orderRow(id: string) {
  const [row] = await t.db.db
    .select({ status: orders.status, paid: orders.paid, refundDue: orders.refundDue })
    .from(orders)
    .where(eq(orders.id, id));
  return row;
}

async function transactionsOf(orderId: string) {
  return t.db.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId));
}

async function paymentEvents(orderId: string) {
  return t.db.db
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.event, 'payment-received')));
}

const create = (order: AwaitingOrder, id = paymeId(), time = Date.now()) =>
  rpc('CreateTransaction', { id, time, amount: order.tiyin, account: { order_id: order.id } });

/**
 * Sends the call twice, the repeat a second later; it must get exactly the first answer (stored, not
 * made again: its times are the first call's). Returns it.
 */
async function twice(method: string, params: unknown): Promise<Answer> {
  const first = await rpc(method, params);
  clock.advance(1_000);
  const again = await rpc(method, params);
  expect(body(again)).toEqual(body(first));
  return first;
}

async function createdTransaction(order: AwaitingOrder): Promise<string> {
  const id = paymeId();
  const answer = await create(order, id);
  expect(answer.result?.state, JSON.stringify(answer)).toBe(1);
  return id;
}

async function performedTransaction(order: AwaitingOrder): Promise<string> {
  const id = await createdTransaction(order);
  const answer = await rpc('PerformTransaction', { id });
  expect(answer.result?.state, JSON.stringify(answer)).toBe(2);
  return id;
}

describe('the sandbox test list', () => {
  it('1. wrong or missing authorization: -32504 from every method', async () => {
    const order = await awaitingOrder();
    const params = {
      id: paymeId(),
      time: Date.now(),
      amount: order.tiyin,
      account: { order_id: order.id },
      reason: 1,
      from: 0,
      to: Date.now(),
    };
    const wrong = [
      { authorization: `Basic ${Buffer.from('Paycom:wrong-key').toString('base64')}` },
      { authorization: `Basic ${Buffer.from(`Other:${KEY}`).toString('base64')}` },
      { authorization: `Bearer ${KEY}` },
      { authorization: '' },
    ];
    for (const method of METHODS) {
      for (const headers of wrong) expectError(await rpc(method, params, headers), -32504);
      const res = await t.app.inject({
        method: 'POST',
        url: PAYME_PATH,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ id: 7, method, params }),
      });
      expect(res.statusCode).toBe(200);
      expectError(res.json(), -32504);
    }
    // Nothing happened to the order.
    expect(await transactionsOf(order.id)).toEqual([]);
  });

  it('2. a real order with a wrong amount: -31001 from CheckPerformTransaction and CreateTransaction', async () => {
    const order = await awaitingOrder();
    const params = { amount: order.tiyin + 100, account: { order_id: order.id } };
    expectError(await rpc('CheckPerformTransaction', params), -31001, 'amount');
    const created = await twice('CreateTransaction', { ...params, id: paymeId(), time: Date.now() });
    expectError(created, -31001, 'amount');
    expectError(await rpc('CheckPerformTransaction', { ...params, amount: order.tiyin - 1 }), -31001);
    expect(await transactionsOf(order.id)).toEqual([]);
  });

  it('3. a wrong order id with a right amount: -31050 from both', async () => {
    const order = await awaitingOrder();
    for (const orderId of ['6a1f3f3e-0000-4000-8000-000000000000', 'not-an-id', 12345]) {
      const params = { amount: order.tiyin, account: { order_id: orderId } };
      expectError(await rpc('CheckPerformTransaction', params), -31050, 'order_id');
      expectError(
        await twice('CreateTransaction', { ...params, id: paymeId(), time: Date.now() }),
        -31050,
        'order_id',
      );
    }
    expectError(
      await rpc('CheckPerformTransaction', { amount: order.tiyin, account: {} }),
      -31050,
      'order_id',
    );
  });

  it('4. CheckPerformTransaction of a payable order: {allow: true} (the amount due is total minus bonuses)', async () => {
    const order = await awaitingOrder(1_000);
    const answer = await rpc('CheckPerformTransaction', {
      amount: order.tiyin,
      account: { order_id: order.id },
    });
    expect(answer.result).toEqual({ allow: true });
    // The total without the bonus part is not what is due.
    const total = order.tiyin + 1_000 * 100;
    expectError(
      await rpc('CheckPerformTransaction', { amount: total, account: { order_id: order.id } }),
      -31001,
    );
  });

  it('5. CreateTransaction: state 1; the repeat gets the same answer; CheckTransaction says state 1', async () => {
    const order = await awaitingOrder();
    const id = paymeId();
    const time = Date.now();
    const params = { id, time, amount: order.tiyin, account: { order_id: order.id } };
    const first = await twice('CreateTransaction', params);
    const [row] = await transactionsOf(order.id);
    expect(first.result).toEqual({ create_time: ORDER_TEST_NOON.getTime(), transaction: row?.id, state: 1 });
    expect(row).toMatchObject({
      provider: 'payme',
      providerId: id,
      providerTime: time,
      amount: order.tiyin,
      state: 1,
    });
    const check = await rpc('CheckTransaction', { id });
    expect(check.result).toEqual({
      create_time: ORDER_TEST_NOON.getTime(),
      perform_time: 0,
      cancel_time: 0,
      transaction: row?.id,
      state: 1,
      reason: null,
    });
    expect((await orderRow(order.id))?.status).toBe('payment-awaited');
  });

  it('6. CreateTransaction with a new id for the same order: -31008', async () => {
    const order = await awaitingOrder();
    await createdTransaction(order);
    const again = await twice('CreateTransaction', {
      id: paymeId(),
      time: Date.now(),
      amount: order.tiyin,
      account: { order_id: order.id },
    });
    expectError(again, -31008);
    expect(await transactionsOf(order.id)).toHaveLength(1);
  });

  it('7. CancelTransaction of the state-1 transaction: -1; the repeat is the same; CheckTransaction', async () => {
    const order = await awaitingOrder();
    const id = await createdTransaction(order);
    clock.advance(5_000);
    try {
      const first = await twice('CancelTransaction', { id, reason: 3 });
      const [row] = await transactionsOf(order.id);
      const cancelTime = ORDER_TEST_NOON.getTime() + 5_000;
      expect(first.result).toEqual({ transaction: row?.id, cancel_time: cancelTime, state: -1 });
      const check = await rpc('CheckTransaction', { id });
      expect(check.result).toMatchObject({ state: -1, reason: 3, cancel_time: cancelTime, perform_time: 0 });
      // The customer may still pay: the order waits, and a new transaction can be created.
      expect((await orderRow(order.id))?.status).toBe('payment-awaited');
      await createdTransaction(order);
      // The cancelled transaction cannot be performed.
      expectError(await rpc('PerformTransaction', { id }), -31008);
    } finally {
      clock.set(ORDER_TEST_NOON);
    }
  });

  it('8. a new order: Check, Create, PerformTransaction -> state 2; the repeat is the same; CheckTransaction', async () => {
    const order = await awaitingOrder(2_000);
    const account = { order_id: order.id };
    expect((await rpc('CheckPerformTransaction', { amount: order.tiyin, account })).result).toEqual({
      allow: true,
    });
    const id = await createdTransaction(order);
    clock.advance(60_000);
    try {
      const performed = await twice('PerformTransaction', { id });
      const [row] = await transactionsOf(order.id);
      const performTime = ORDER_TEST_NOON.getTime() + 60_000;
      expect(performed.result).toEqual({ transaction: row?.id, perform_time: performTime, state: 2 });
      clock.advance(60_000);
      // Later repeats keep the first perform_time.
      expect((await rpc('PerformTransaction', { id })).result).toEqual(performed.result);
      expect((await rpc('CheckTransaction', { id })).result).toEqual({
        create_time: ORDER_TEST_NOON.getTime(),
        perform_time: performTime,
        cancel_time: 0,
        transaction: row?.id,
        state: 2,
        reason: null,
      });
      expect(await orderRow(order.id)).toMatchObject({ status: 'new', paid: true });
      expect(await paymentEvents(order.id)).toHaveLength(1);
      // Paid: no more payments.
      expectError(await rpc('CheckPerformTransaction', { amount: order.tiyin, account }), -31051, 'order_id');
    } finally {
      clock.set(ORDER_TEST_NOON);
    }
  });

  it('9. CancelTransaction after perform: -2, a refund (the untaken order is cancelled); CheckTransaction', async () => {
    const order = await awaitingOrder();
    const id = await performedTransaction(order);
    expect(await orderRow(order.id)).toMatchObject({ status: 'new', paid: true });
    const first = await twice('CancelTransaction', { id, reason: 5 });
    expect(first.result).toMatchObject({ state: -2, cancel_time: ORDER_TEST_NOON.getTime() });
    expect((await rpc('CheckTransaction', { id })).result).toMatchObject({
      state: -2,
      reason: 5,
      perform_time: ORDER_TEST_NOON.getTime(),
      cancel_time: ORDER_TEST_NOON.getTime(),
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: 'server-cancelled',
      paid: false,
      refundDue: false,
    });
    // A refunded transaction cannot be performed again.
    expectError(await rpc('PerformTransaction', { id }), -31008);
  });
});

describe('the order page while a payment is begun', () => {
  const pageOf = async (orderId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/orders/${orderId}`,
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${customer.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return ZOrderDetail.parse(res.json());
  };

  it('says a Payme transaction is created and not finished (payment_started), and not before or after', async () => {
    const order = await awaitingOrder();
    expect((await pageOf(order.id)).payment_started).toBe(false);
    const id = await createdTransaction(order);
    expect(await pageOf(order.id)).toMatchObject({ status: 'payment-awaited', payment_started: true });
    // Another try from Payme's page is refused meanwhile: what the page says.
    expectError(await create(order), -31008);
    expect((await rpc('CancelTransaction', { id, reason: 3 })).result?.state).toBe(-1);
    expect((await pageOf(order.id)).payment_started).toBe(false);

    const paid = await awaitingOrder();
    await performedTransaction(paid);
    expect(await pageOf(paid.id)).toMatchObject({ paid: true, payment_started: false });
  });
});

describe('refunds', () => {
  it('an order an operator cancelled after payment (refund due): -2 clears refund_due and paid', async () => {
    const order = await awaitingOrder();
    const id = await performedTransaction(order);
    await t.db.db
      .update(orders)
      .set({ status: 'operator-cancelled', refundDue: true })
      .where(eq(orders.id, order.id));
    const answer = await twice('CancelTransaction', { id, reason: 5 });
    expect(answer.result?.state).toBe(-2);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'operator-cancelled',
      paid: false,
      refundDue: false,
    });
  });

  it('a future (scheduled) order nobody took on is cancelled by the server and refunded', async () => {
    const order = await awaitingOrder();
    const id = await performedTransaction(order);
    await t.db.db.update(orders).set({ status: 'future' }).where(eq(orders.id, order.id));
    expect((await rpc('CancelTransaction', { id, reason: 5 })).result?.state).toBe(-2);
    expect(await orderRow(order.id)).toMatchObject({ status: 'server-cancelled', paid: false });
  });

  // Staff could still cancel these (the conformance list: -31007 only once the order can no longer be
  // cancelled), so the refund goes through and cancels the order: nobody cooks what is not paid for.
  for (const status of ['operator-accepted', 'vendor-accepted', 'vendor-ready', 'courier-accepted']) {
    it(`an order already ${status} is cancelled by the server and refunded (-2)`, async () => {
      const order = await awaitingOrder();
      const id = await performedTransaction(order);
      await t.db.db.update(orders).set({ status }).where(eq(orders.id, order.id));
      const answer = await twice('CancelTransaction', { id, reason: 5 });
      expect(answer.result).toMatchObject({ state: -2 });
      expect(await orderRow(order.id)).toMatchObject({
        status: 'server-cancelled',
        paid: false,
        refundDue: false,
      });
      expect((await rpc('CheckTransaction', { id })).result).toMatchObject({ state: -2, reason: 5 });
      // Staff see why it left their screens: the history names Payme.
      const [last] = await t.db.db
        .select({ event: orderStatusHistory.event, reason: orderStatusHistory.reason })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order.id))
        .orderBy(desc(orderStatusHistory.id))
        .limit(1);
      expect(last).toEqual({ event: 'server-cancelled', reason: 'Payme' });
    });
  }

  it('a self-pickup order ready at the counter is refunded too; a courier step never applied to it', async () => {
    const order = await awaitingOrder();
    const id = await performedTransaction(order);
    await t.db.db
      .update(orders)
      .set({ status: 'vendor-ready', deliveryType: 'self-pickup' })
      .where(eq(orders.id, order.id));
    expect((await rpc('CancelTransaction', { id, reason: 5 })).result?.state).toBe(-2);
    expect(await orderRow(order.id)).toMatchObject({ status: 'server-cancelled', paid: false });
  });

  for (const status of ['courier-picked', 'delivered', 'finished']) {
    it(`-31007 once the order is ${status}, and nothing changes`, async () => {
      const order = await awaitingOrder();
      const id = await performedTransaction(order);
      await t.db.db.update(orders).set({ status }).where(eq(orders.id, order.id));
      expectError(await twice('CancelTransaction', { id, reason: 5 }), -31007);
      expect((await rpc('CheckTransaction', { id })).result).toMatchObject({
        state: 2,
        cancel_time: 0,
        reason: null,
      });
      expect(await orderRow(order.id)).toMatchObject({ status, paid: true });
    });
  }
});

describe('the 12-hour timeout (a test clock)', () => {
  it('a CreateTransaction repeat within 12 h gets the stored answer; after, the transaction is cancelled (reason 4) and -31008', async () => {
    const order = await awaitingOrder();
    const id = paymeId();
    const params = { id, time: Date.now(), amount: order.tiyin, account: { order_id: order.id } };
    try {
      const first = await rpc('CreateTransaction', params);
      clock.advance(PAYME_TRANSACTION_TIMEOUT_MS);
      expect(body(await rpc('CreateTransaction', params))).toEqual(body(first));
      clock.advance(1);
      expectError(await rpc('CreateTransaction', params), -31008);
      const cancelTime = ORDER_TEST_NOON.getTime() + PAYME_TRANSACTION_TIMEOUT_MS + 1;
      expect((await rpc('CheckTransaction', { id })).result).toMatchObject({
        state: -1,
        reason: 4,
        cancel_time: cancelTime,
      });
      expectError(await rpc('CreateTransaction', params), -31008);
      expectError(await rpc('PerformTransaction', { id }), -31008);
    } finally {
      clock.set(ORDER_TEST_NOON);
    }
  });

  it('a new CreateTransaction for an order whose transaction is older than 12 h: the old one cancelled (reason 4), the new one created', async () => {
    // PAYMENT_TIMEOUT_MIN may be up to 24 h: the order can still await payment after Payme's 12 h.
    const order = await awaitingOrder();
    const old = await createdTransaction(order);
    try {
      // Exactly 12 h on, the old transaction is still open: a new one is refused.
      clock.advance(PAYME_TRANSACTION_TIMEOUT_MS);
      expectError(await create(order), -31008);
      expect((await rpc('CheckTransaction', { id: old })).result).toMatchObject({ state: 1 });
      clock.advance(60 * 60_000);
      const now = clock.now().getTime();
      const fresh = paymeId();
      expect((await create(order, fresh)).result).toMatchObject({ state: 1, create_time: now });
      expect((await rpc('CheckTransaction', { id: old })).result).toMatchObject({
        state: -1,
        reason: 4,
        cancel_time: now,
      });
      expect((await rpc('PerformTransaction', { id: fresh })).result?.state).toBe(2);
      expect(await orderRow(order.id)).toMatchObject({ status: 'new', paid: true });
    } finally {
      clock.set(ORDER_TEST_NOON);
    }
  });

  it('PerformTransaction after 12 h: cancelled with reason 4, -31008, the order not paid', async () => {
    const order = await awaitingOrder();
    const id = await createdTransaction(order);
    try {
      clock.advance(PAYME_TRANSACTION_TIMEOUT_MS + 1);
      expectError(await twice('PerformTransaction', { id }), -31008);
      expect((await rpc('CheckTransaction', { id })).result).toMatchObject({
        state: -1,
        reason: 4,
        perform_time: 0,
      });
      expect(await orderRow(order.id)).toMatchObject({ status: 'payment-awaited', paid: false });
      expect(await paymentEvents(order.id)).toEqual([]);
    } finally {
      clock.set(ORDER_TEST_NOON);
    }
  });
});

describe('payments of orders that no longer await them', () => {
  it('PerformTransaction of an order the payment timeout cancelled: cancelled with reason 4, -31008, not paid', async () => {
    const order = await awaitingOrder();
    const id = await createdTransaction(order);
    await t.db.db.transaction((tx) => applyEvent(t.app, tx, order.id, 'server-cancelled', 'server'));
    expectError(await twice('PerformTransaction', { id }), -31008);
    expect((await rpc('CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 4 });
    expect(await orderRow(order.id)).toMatchObject({ status: 'server-cancelled', paid: false });
    expect(await paymentEvents(order.id)).toEqual([]);
    // And it cannot be paid anew.
    const params = { amount: order.tiyin, account: { order_id: order.id } };
    expectError(await rpc('CheckPerformTransaction', params), -31052, 'order_id');
    expectError(await rpc('CreateTransaction', { ...params, id: paymeId(), time: Date.now() }), -31052);
  });

  it('PerformTransaction of an order an operator cancelled: cancelled with reason 3, -31008', async () => {
    const order = await awaitingOrder();
    const id = await createdTransaction(order);
    await t.db.db.update(orders).set({ status: 'operator-cancelled' }).where(eq(orders.id, order.id));
    expectError(await rpc('PerformTransaction', { id }), -31008);
    expect((await rpc('CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 3 });
  });

  it('an operator cancelling the order cancels its created transaction at once (reason 3), in the same transaction', async () => {
    const order = await awaitingOrder();
    const id = await createdTransaction(order);
    clock.advance(5 * 60_000);
    const at = clock.now().getTime();
    await t.db.db.transaction((tx) =>
      applyEvent(t.app, tx, order.id, 'operator-cancelled', 'operator', null, 'the customer called'),
    );
    // Before any other call of Payme's: CheckTransaction already says cancelled.
    expect((await rpc('CheckTransaction', { id })).result).toMatchObject({
      state: -1,
      reason: 3,
      cancel_time: at,
      perform_time: 0,
    });
    expectError(await rpc('PerformTransaction', { id }), -31008);
    expect(await orderRow(order.id)).toMatchObject({ status: 'operator-cancelled', paid: false });

    // The cancel rolled back: the transaction stays open with it.
    const kept = await awaitingOrder();
    const keptId = await createdTransaction(kept);
    await expect(
      t.db.db.transaction(async (tx) => {
        await applyEvent(t.app, tx, kept.id, 'operator-cancelled', 'operator', null, 'x');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await rpc('CheckTransaction', { id: keptId })).result).toMatchObject({ state: 1, reason: null });
  });

  it('an order of another payment type, or one not awaiting payment, is not payable (-31053, -31054)', async () => {
    const cash = await placeTestOrder(t, customer.token);
    const [row] = await t.db.db
      .select({ total: orders.totalPrice })
      .from(orders)
      .where(eq(orders.id, cash.order_id));
    const params = { amount: (row?.total ?? 0) * 100, account: { order_id: cash.order_id } };
    expectError(await rpc('CheckPerformTransaction', params), -31053, 'order_id');
    const fresh = await awaitingOrder(0, 'new');
    expectError(
      await rpc('CheckPerformTransaction', { amount: fresh.tiyin, account: { order_id: fresh.id } }),
      -31054,
      'order_id',
    );
  });

  it('PerformTransaction and CancelTransaction of an unknown transaction: -31003; CheckTransaction too', async () => {
    for (const method of ['PerformTransaction', 'CheckTransaction']) {
      expectError(await rpc(method, { id: paymeId() }), -31003);
    }
    expectError(await twice('CancelTransaction', { id: paymeId(), reason: 1 }), -31003);
  });
});

describe('exactly once under concurrency', () => {
  it('two concurrent PerformTransaction: one payment received, one history row, paid once, the same answer', async () => {
    const order = await awaitingOrder();
    const id = await createdTransaction(order);
    const [a, b] = await Promise.all([rpc('PerformTransaction', { id }), rpc('PerformTransaction', { id })]);
    expect(a?.result?.state).toBe(2);
    expect(body(b as Answer)).toEqual(body(a as Answer));
    expect(await paymentEvents(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'new', paid: true });
    expect((await transactionsOf(order.id)).map((row) => row.state)).toEqual([2]);
  });

  it('a CreateTransaction repeat of a performed (state 2) transaction: -31008, and nothing changes', async () => {
    const order = await awaitingOrder();
    const id = paymeId();
    const time = Date.now();
    expect((await create(order, id, time)).result?.state).toBe(1);
    expect((await rpc('PerformTransaction', { id })).result?.state).toBe(2);
    expectError(await create(order, id, time), -31008);
    expect((await rpc('CheckTransaction', { id })).result).toMatchObject({ state: 2, cancel_time: 0 });
    expect(await orderRow(order.id)).toMatchObject({ paid: true });
  });

  it('two concurrent CreateTransaction with different ids: one created, one -31008', async () => {
    const order = await awaitingOrder();
    const answers = await Promise.all([create(order), create(order), create(order)]);
    const created = answers.filter((answer) => answer.result?.state === 1);
    const refused = answers.filter((answer) => answer.error?.code === -31008);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(2);
    expect(await transactionsOf(order.id)).toHaveLength(1);
  });

  it('two concurrent CreateTransaction with the same id: one transaction, the same answer', async () => {
    const order = await awaitingOrder();
    const id = paymeId();
    const [a, b] = await Promise.all([create(order, id, 1), create(order, id, 1)]);
    expect(a?.result?.state).toBe(1);
    expect(body(b as Answer)).toEqual(body(a as Answer));
    expect(await transactionsOf(order.id)).toHaveLength(1);
  });
});

async function statementIds(from: number, to: number): Promise<string[]> {
  const answer = await rpc('GetStatement', { from, to });
  const listed = (answer.result?.transactions ?? []) as Array<{ id: string }>;
  return listed.map((row) => row.id);
}

describe('GetStatement', () => {
  it('lists the transactions whose Payme time is within [from, to], oldest first, in the full shape', async () => {
    const base = 1_900_000_000_000;
    const first = await awaitingOrder();
    const second = await awaitingOrder();
    const third = await awaitingOrder();
    // Created out of order: the statement sorts by Payme's time, not by creation.
    const idThird = paymeId();
    await create(third, idThird, base + 2_000);
    const idFirst = paymeId();
    await create(first, idFirst, base);
    const idSecond = paymeId();
    await create(second, idSecond, base + 1_000);
    await rpc('PerformTransaction', { id: idSecond });

    const all = await rpc('GetStatement', { from: base, to: base + 2_000 });
    const listed = all.result?.transactions as Array<Record<string, unknown>>;
    expect(listed.map((row) => row.id)).toEqual([idFirst, idSecond, idThird]);
    const [row] = await transactionsOf(second.id);
    expect(listed[1]).toEqual({
      id: idSecond,
      time: base + 1_000,
      amount: second.tiyin,
      account: { order_id: second.id },
      create_time: ORDER_TEST_NOON.getTime(),
      perform_time: ORDER_TEST_NOON.getTime(),
      cancel_time: 0,
      transaction: row?.id,
      state: 2,
      reason: null,
      receivers: null,
    });
    expect(await statementIds(base + 1, base + 1_999)).toEqual([idSecond]);
    expect(await statementIds(base + 1_000, base + 2_000)).toEqual([idSecond, idThird]);
    expect((await rpc('GetStatement', { from: base + 3_000, to: base + 4_000 })).result).toEqual({
      transactions: [],
    });
    // A refused creation is never listed.
    await rpc('CreateTransaction', {
      id: paymeId(),
      time: base + 500,
      amount: 1,
      account: { order_id: first.id },
    });
    expect(await statementIds(base, base + 2_000)).toEqual([idFirst, idSecond, idThird]);
  });
});

describe('the JSON-RPC protocol', () => {
  it('-32300 for every method but POST, with HTTP 200', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await raw({ method, ...(method === 'GET' ? {} : { body: '{}' }) });
      expect(res.statusCode, method).toBe(200);
      expectError(res.json(), -32300);
    }
  });

  it('-32700 when the body is not JSON, whatever the content type; HTTP 200', async () => {
    const cases: Array<{ body?: string; type?: string }> = [
      { body: '{"method": "CheckTransaction", ' },
      { body: 'not json', type: 'text/plain' },
      { body: '<xml/>', type: 'application/xml' },
      { body: '' },
      {},
    ];
    for (const c of cases) {
      const res = await raw({
        ...(c.body !== undefined ? { body: c.body } : {}),
        headers: c.type ? { 'content-type': c.type } : {},
      });
      expect(res.statusCode, JSON.stringify(c)).toBe(200);
      expectError(res.json(), -32700);
      expect(res.json().id).toBeNull();
    }
    // Without any content type.
    const bare = await t.app.inject({
      method: 'POST',
      url: PAYME_PATH,
      headers: { authorization: AUTH },
      payload: Buffer.from('garbage'),
    });
    expect(bare.statusCode).toBe(200);
    expectError(bare.json(), -32700);
  });

  it('a body over 64 KB: -32600 with HTTP 200, never 413', async () => {
    const big = JSON.stringify({ id: 1, method: 'CheckTransaction', params: { id: 'x'.repeat(70_000) } });
    const res = await raw({ body: big });
    expect(res.statusCode).toBe(200);
    expectError(res.json(), -32600, 'body');
  });

  it('-32600 for a missing or wrongly typed field of each method, naming it', async () => {
    const order = await awaitingOrder();
    const account = { order_id: order.id };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['CheckPerformTransaction', { account }, 'amount'],
      ['CheckPerformTransaction', { amount: '100', account }, 'amount'],
      ['CheckPerformTransaction', { amount: order.tiyin }, 'account'],
      ['CreateTransaction', { time: 1, amount: order.tiyin, account }, 'id'],
      ['CreateTransaction', { id: 5, time: 1, amount: order.tiyin, account }, 'id'],
      ['CreateTransaction', { id: paymeId(), amount: order.tiyin, account }, 'time'],
      ['CreateTransaction', { id: paymeId(), time: 1, account }, 'amount'],
      ['CreateTransaction', { id: paymeId(), time: 1, amount: order.tiyin }, 'account'],
      ['PerformTransaction', {}, 'id'],
      ['CancelTransaction', { reason: 1 }, 'id'],
      ['CancelTransaction', { id: paymeId() }, 'reason'],
      ['CancelTransaction', { id: paymeId(), reason: 7 }, 'reason'],
      ['CheckTransaction', {}, 'id'],
      ['CheckTransaction', { id: 'x'.repeat(65) }, 'id'],
      ['GetStatement', { to: 1 }, 'from'],
      ['GetStatement', { from: 1 }, 'to'],
    ];
    for (const [method, params, field] of cases) {
      const answer = await rpc(method, params);
      expect(answer.error, `${method} ${JSON.stringify(params)}`).toMatchObject({
        code: -32600,
        data: field,
      });
    }
    expect(await transactionsOf(order.id)).toEqual([]);
    // The envelope itself.
    for (const envelope of [
      '[]',
      '"text"',
      '{"id": 1, "params": {}}',
      '{"id": 1, "method": "CheckTransaction"}',
    ]) {
      const res = await raw({ body: envelope });
      expect(res.statusCode).toBe(200);
      expectError(res.json(), -32600);
    }
  });

  it('-32601 for an unknown method, its name in data', async () => {
    expectError(await rpc('ChangePassword', { password: 'new-secret' }), -32601, 'ChangePassword');
    expectError(await rpc('checktransaction', { id: paymeId() }), -32601, 'checktransaction');
    // The password Payme sends with ChangePassword is not kept.
    const logged = await t.db.db
      .select({ params: paymentCalls.params })
      .from(paymentCalls)
      .where(eq(paymentCalls.method, 'ChangePassword'));
    expect(logged).toEqual([{ params: {} }]);
  });

  it('-32400 (HTTP 200) when something fails inside a method, and what it did is rolled back', async () => {
    const order = await awaitingOrder();
    const id = await createdTransaction(order);
    const bus = t.app.orderEvents;
    const publish = bus.publish;
    bus.publish = async () => {
      throw new Error('the status bus is down');
    };
    try {
      expectError(await rpc('PerformTransaction', { id }), -32400);
    } finally {
      bus.publish = publish;
    }
    expect((await rpc('CheckTransaction', { id })).result).toMatchObject({ state: 1, perform_time: 0 });
    expect(await orderRow(order.id)).toMatchObject({ status: 'payment-awaited', paid: false });
    expect(await paymentEvents(order.id)).toEqual([]);
    // Payme's retry then succeeds.
    expect((await rpc('PerformTransaction', { id })).result?.state).toBe(2);
  });

  it('without PAYME_KEY Payme is not configured: -32504 for everything', async () => {
    const configured = t.app.config.PAYME_KEY;
    t.app.config.PAYME_KEY = undefined;
    try {
      for (const method of METHODS) expectError(await rpc(method, { id: paymeId() }), -32504);
      expectError(await rpc(METHODS[0], {}, { authorization: 'Basic UGF5Y29tOg==' }), -32504);
    } finally {
      t.app.config.PAYME_KEY = configured;
    }
  });

  it('needs no Shipper/Platform headers, and answers without caching', async () => {
    const res = await raw({
      body: JSON.stringify({ id: 1, method: 'CheckTransaction', params: { id: paymeId() } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectError(res.json(), -31003);
    // With them it answers the same (they are simply not read).
    const withHeaders = await raw({
      body: JSON.stringify({ id: 1, method: 'CheckTransaction', params: { id: paymeId() } }),
      headers: { ...CLIENT_HEADERS },
    });
    expectError(withHeaders.json(), -31003);
    // Other /v1 routes still require them.
    expect((await t.app.inject({ method: 'GET', url: '/v1/shippers' })).statusCode).not.toBe(200);
  });
});

describe('the rate limit (RATE_LIMIT_PAYMENTS)', () => {
  it('answers a flood from one address with -32400 and HTTP 200, never 429, and not another address', async () => {
    const limited = await buildTestApp({
      seed: false,
      env: { PAYME_KEY: KEY, RATE_LIMIT_PAYMENTS: { max: 2, windowMs: 60_000 } },
    });
    try {
      const call = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: PAYME_PATH,
          remoteAddress,
          headers: { 'content-type': 'application/json', authorization: AUTH },
          payload: JSON.stringify({ id: 1, method: 'CheckTransaction', params: { id: paymeId() } }),
        });
      for (let i = 0; i < 2; i++) expectError((await call('203.0.113.7')).json(), -31003);
      const over = await call('203.0.113.7');
      expect(over.statusCode).toBe(200);
      expectError(over.json(), -32400, 'rate_limited');
      expectError((await call('203.0.113.8')).json(), -31003);
    } finally {
      await limited.close();
    }
  });
});

describe('the call log', () => {
  it('records every call, accepted or refused, with our answer, its code, the order when it exists and the address', async () => {
    const order = await awaitingOrder();
    const before = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(paymentCalls);
    const id = paymeId();
    const created = await create(order, id);
    const unauthorized = await rpc('PerformTransaction', { id }, { authorization: 'Basic bm9wZQ==' });
    await raw({ body: 'not json' });
    await raw({ method: 'GET' });
    const unknownOrder = await rpc('CheckPerformTransaction', {
      amount: 100,
      account: { order_id: '6a1f3f3e-0000-4000-8000-000000000001' },
    });
    const performed = await rpc('PerformTransaction', { id });
    const after = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(paymentCalls);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(6);

    const rows = await t.db.db.select().from(paymentCalls).orderBy(sql`${paymentCalls.id} desc`).limit(6);
    const [perform, check, get, parse, auth, createCall] = rows;
    expect(createCall).toMatchObject({
      provider: 'payme',
      method: 'CreateTransaction',
      errorCode: null,
      orderId: order.id,
      response: created,
      address: '127.0.0.1',
    });
    expect(createCall?.params).toMatchObject({ id });
    expect(auth).toMatchObject({
      method: 'PerformTransaction',
      errorCode: -32504,
      response: unauthorized,
      params: null,
    });
    expect(parse).toMatchObject({ method: '', errorCode: -32700, orderId: null, params: null });
    expect(get).toMatchObject({ method: '', errorCode: -32300 });
    expect(check).toMatchObject({
      method: 'CheckPerformTransaction',
      errorCode: -31050,
      orderId: null,
      response: unknownOrder,
    });
    expect(perform).toMatchObject({
      method: 'PerformTransaction',
      errorCode: null,
      orderId: order.id,
      response: performed,
    });
    // No credentials anywhere in the log.
    expect(JSON.stringify(rows)).not.toContain(KEY);
    expect(JSON.stringify(rows)).not.toContain(AUTH.slice(6));
  });

  /** The stored size of the last call: its params and our answer as JSON text. */
  const lastCall = async () => {
    const [row] = await t.db.db
      .select({
        params: paymentCalls.params,
        errorCode: paymentCalls.errorCode,
        bytes: sql<number>`(octet_length(coalesce(${paymentCalls.params}::text, '')) + octet_length(${paymentCalls.response}::text))::int`,
      })
      .from(paymentCalls)
      .orderBy(desc(paymentCalls.id))
      .limit(1);
    if (!row) throw new Error('no call recorded');
    return row;
  };

  it('keeps nothing of the body of a call without the key, however large (60 KB of params, of id)', async () => {
    const junk = 'x'.repeat(60_000);
    const unauthorized = { authorization: 'Basic bm9wZQ==' };
    expectError(await rpc('CheckTransaction', { id: paymeId(), junk }, unauthorized), -32504);
    expect(await lastCall()).toMatchObject({ errorCode: -32504, params: null });
    expect((await lastCall()).bytes).toBeLessThan(2_000);
    // The id is echoed in the answer, as JSON-RPC has it, but not kept.
    const longId = await raw({
      body: JSON.stringify({ id: junk, method: 'CheckTransaction', params: { id: paymeId() } }),
      headers: unauthorized,
    });
    expect((longId.json() as Answer).id).toBe(junk);
    expect(await lastCall()).toMatchObject({ errorCode: -32504, params: null });
    expect((await lastCall()).bytes).toBeLessThan(2_000);
    // Nor of a body that is not JSON.
    expectError((await raw({ body: `{${junk}` })).json(), -32700);
    expect(await lastCall()).toMatchObject({ errorCode: -32700, params: null });
    expect((await lastCall()).bytes).toBeLessThan(2_000);
  });

  it(`keeps at most ${STORED_PARAMS_MAX_BYTES} bytes of an authorized call's params: beyond, a marker with the size`, async () => {
    const id = paymeId();
    expectError(await rpc('CheckTransaction', { id, junk: 'x'.repeat(60_000) }), -31003);
    const call = await lastCall();
    expect(call).toMatchObject({ errorCode: -31003, params: { truncated: true } });
    expect((call.params as { bytes: number }).bytes).toBeGreaterThan(60_000);
    expect(call.bytes).toBeLessThan(2_000);
    // A call of Payme's own size is kept whole.
    expectError(await rpc('CheckTransaction', { id }), -31003);
    expect((await lastCall()).params).toEqual({ id });
  });
});
