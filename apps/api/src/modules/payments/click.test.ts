/**
 * Click's SHOP API (click.routes.ts, click.service.ts) through `inject`, against a real database:
 * the scenarios of Click's test tool (payments-conformance.md), each its own test, and what the
 * protocol leaves to us (bodies, repeats, concurrency, the call log).
 *
 * An order awaiting Click's payment is written straight into the tables: total 66 000 of which
 * 14 000 paid with bonuses, so Click is to take 52 000.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders, paymentCalls, paymentTransactions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { insertLifeOrder } from '../order-status/order-status.fixtures.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { CLICK_BODY_LIMIT, parseClickJson } from './click.routes.ts';
import { type ClickDeps, handleClickCall } from './click.service.ts';
import { clickSignString } from './click.sign.ts';
import { PAYME_PATH } from './payme.routes.ts';
import { STORED_PARAMS_MAX_BYTES } from './payments.repository.ts';

const SERVICE_ID = '41234';
const SECRET = 'click-test-secret-4f1b2c3d';
const DUE = '52000.00';

const clock = createTestClock(new Date('2026-03-02T04:00:00.000Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    clock: clock.now,
    env: { CLICK_SERVICE_ID: SERVICE_ID, CLICK_SECRET_KEY: SECRET, CLICK_MERCHANT_ID: '777' },
  });
});
afterAll(async () => {
  await t?.close();
});

/** An order awaiting Click's payment of 52 000 (66 000 minus 14 000 of bonuses). */
async function awaitingOrder(options: { paymentType?: string } = {}): Promise<string> {
  const id = await insertLifeOrder(t.app.db, {
    paymentType: options.paymentType ?? 'click',
    status: 'payment-awaited',
  });
  await t.app.db
    .update(orders)
    .set({ goodsPrice: 66_000, totalPrice: 66_000, loyaltyAmount: 14_000 })
    .where(eq(orders.id, id));
  return id;
}

let clickIds = 7_000_000;
type Fields = Record<string, string>;

/** A Prepare as Click sends it, signed with our secret unless `sign_string` is given. */
function prepareFields(orderId: string, overrides: Fields = {}): Fields {
  const n = ++clickIds;
  const fields: Fields = {
    click_trans_id: String(n),
    service_id: SERVICE_ID,
    click_paydoc_id: String(n + 1_000_000),
    merchant_trans_id: orderId,
    amount: DUE,
    action: '0',
    error: '0',
    error_note: 'Success',
    sign_time: '2026-03-02 09:00:00',
    ...overrides,
  };
  return { ...fields, sign_string: overrides.sign_string ?? clickSignString(fields as never, SECRET) };
}

/** The Complete following a Prepare (its fields, action 1, merchant_prepare_id), signed. */
function completeFields(
  prepared: Fields,
  merchantPrepareId: number | string | null,
  overrides: Fields = {},
): Fields {
  const { sign_string: _ignored, ...rest } = prepared;
  const fields: Fields = {
    ...rest,
    merchant_prepare_id: String(merchantPrepareId),
    action: '1',
    sign_time: '2026-03-02 09:01:00',
    ...overrides,
  };
  return { ...fields, sign_string: overrides.sign_string ?? clickSignString(fields as never, SECRET) };
}

type Answer = {
  click_trans_id: number | null;
  merchant_trans_id: string | null;
  merchant_prepare_id?: number | null;
  merchant_confirm_id?: number | null;
  error: number;
  error_note: string;
};

/** POSTs to Click's endpoint without any client header, as Click does; asserts HTTP 200. */
async function call(
  method: 'prepare' | 'complete',
  fields: Record<string, unknown>,
  as: 'form' | 'json' = 'form',
): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/payments/click/${method}`,
    remoteAddress: '203.0.113.7',
    ...(as === 'form'
      ? {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(fields as Fields).toString(),
        }
      : { payload: fields as object }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answer;
}

/** POSTs a raw body; the answer must still be HTTP 200 JSON. */
async function rawCall(
  method: 'prepare' | 'complete',
  payload: string,
  contentType?: string,
): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/payments/click/${method}`,
    headers: contentType ? { 'content-type': contentType } : {},
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as Answer;
}

const transactionsOf = (orderId: string) =>
  t.app.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.orderId, orderId))
    .orderBy(asc(paymentTransactions.seq));

const orderRow = async (id: string) => {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no order');
  return row;
};

const callsOf = (orderId: string) =>
  t.app.db.select().from(paymentCalls).where(eq(paymentCalls.orderId, orderId)).orderBy(asc(paymentCalls.id));

const paymentReceivedRows = (orderId: string) =>
  t.app.db
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.event, 'payment-received')));

/** PostgreSQL: waits until `n` sessions of this database wait for a lock (the test's, held). */
async function waitUntilBlocked(n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const result = await t.app.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    const waiting = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    if (waiting >= n) return;
    if (Date.now() > deadline) throw new Error(`only ${waiting} of ${n} calls wait for the order`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Prepare that succeeded: its fields and merchant_prepare_id. */
async function prepared(orderId: string): Promise<{ fields: Fields; prepareId: number }> {
  const fields = prepareFields(orderId);
  const answer = await call('prepare', fields);
  expect(answer.error).toBe(0);
  expect(answer.merchant_prepare_id).toEqual(expect.any(Number));
  return { fields, prepareId: answer.merchant_prepare_id as number };
}

describe('Click: the test tool scenarios', () => {
  it('a bad signature answers -1 and prepares nothing', async () => {
    const orderId = await awaitingOrder();
    const fields = prepareFields(orderId, { sign_string: 'f'.repeat(32) });
    expect(await call('prepare', fields)).toEqual({
      click_trans_id: Number(fields.click_trans_id),
      merchant_trans_id: orderId,
      merchant_prepare_id: null,
      error: -1,
      error_note: 'SIGN CHECK FAILED!',
    });
    // Signed with another secret, or another service's id signed with ours: -1 too.
    const otherSecret = prepareFields(orderId);
    otherSecret.sign_string = clickSignString(otherSecret as never, `${SECRET}x`);
    expect((await call('prepare', otherSecret)).error).toBe(-1);
    expect((await call('prepare', prepareFields(orderId, { service_id: '41235' }))).error).toBe(-1);
    expect(await transactionsOf(orderId)).toEqual([]);
  });

  it('a Complete with a bad signature answers -1 and completes nothing', async () => {
    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    const answer = await call('complete', completeFields(fields, prepareId, { sign_string: '0'.repeat(32) }));
    expect(answer).toMatchObject({ error: -1, merchant_confirm_id: null });
    // The signature covers merchant_prepare_id: a Complete signed as a Prepare is refused.
    const unsigned = completeFields(fields, prepareId);
    const { merchant_prepare_id: _p, ...asPrepare } = unsigned;
    unsigned.sign_string = clickSignString(asPrepare as never, SECRET);
    expect((await call('complete', unsigned)).error).toBe(-1);
    expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'payment-awaited' });
  });

  it('an unknown order answers -5', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await call('prepare', prepareFields(unknown))).toMatchObject({
      error: -5,
      merchant_trans_id: unknown,
      merchant_prepare_id: null,
    });
    expect((await call('prepare', prepareFields('B-10001'))).error).toBe(-5);
    // An order of ours that is not paid with Click is not Click's to prepare.
    const cashOrder = await awaitingOrder({ paymentType: 'cash' });
    expect((await call('prepare', prepareFields(cashOrder))).error).toBe(-5);
    expect(await transactionsOf(cashOrder)).toEqual([]);
  });

  it('a wrong amount answers -2, on Prepare and on Complete', async () => {
    const orderId = await awaitingOrder();
    // The order's total is not what Click takes: the bonus part is left out.
    expect((await call('prepare', prepareFields(orderId, { amount: '66000.00' }))).error).toBe(-2);
    expect((await call('prepare', prepareFields(orderId, { amount: '51999.98' }))).error).toBe(-2);
    expect((await call('prepare', prepareFields(orderId, { amount: '0' }))).error).toBe(-2);
    expect(await transactionsOf(orderId)).toEqual([]);
    // Within 0.01 is the amount.
    expect((await call('prepare', prepareFields(orderId, { amount: '51999.99' }))).error).toBe(0);
    const { fields, prepareId } = await prepared(orderId);
    const answer = await call('complete', completeFields(fields, prepareId, { amount: '5200.00' }));
    expect(answer.error).toBe(-2);
    expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'payment-awaited' });
  });

  it('a normal Prepare and Complete: 0, the order paid and moved to new, with its history row', async () => {
    const orderId = await awaitingOrder();
    const fields = prepareFields(orderId);
    const prep = await call('prepare', fields);
    expect(prep).toEqual({
      click_trans_id: Number(fields.click_trans_id),
      merchant_trans_id: orderId,
      merchant_prepare_id: expect.any(Number),
      error: 0,
      error_note: 'Success',
    });
    const [row] = await transactionsOf(orderId);
    expect(row).toMatchObject({
      provider: 'click',
      providerId: fields.click_trans_id,
      seq: prep.merchant_prepare_id,
      state: 1,
      amount: 52_000,
      details: { click_paydoc_id: fields.click_paydoc_id, amount: DUE },
    });
    expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'payment-awaited' });

    const heard: string[] = [];
    const stop = t.app.orderEvents.subscribe(orderId, (event) => heard.push(event.status));
    const done = await call('complete', completeFields(fields, prep.merchant_prepare_id as number));
    expect(done).toEqual({
      click_trans_id: Number(fields.click_trans_id),
      merchant_trans_id: orderId,
      merchant_confirm_id: prep.merchant_prepare_id,
      error: 0,
      error_note: 'Success',
    });
    expect(await orderRow(orderId)).toMatchObject({ paid: true, status: 'new' });
    expect(await paymentReceivedRows(orderId)).toEqual([
      expect.objectContaining({ status: 'new', event: 'payment-received', actor: 'server' }),
    ]);
    expect(await transactionsOf(orderId)).toEqual([
      expect.objectContaining({ state: 2, performTime: clock.now().getTime() }),
    ]);
    await expect.poll(() => heard, { timeout: 3000 }).toEqual(['new']);
    stop();
  });

  it('a repeated Complete of a completed payment answers -4 and pays once', async () => {
    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    const complete = completeFields(fields, prepareId);
    expect((await call('complete', complete)).error).toBe(0);
    expect(await call('complete', complete)).toMatchObject({ error: -4, error_note: 'Already paid' });
    // A Prepare of the paid order too.
    expect((await call('prepare', prepareFields(orderId))).error).toBe(-4);
    expect(await paymentReceivedRows(orderId)).toHaveLength(1);
  });

  it('checks in the documented order when several things are wrong (-8, -1, -3, -5, -6, -4, -2, -9)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    // A malformed call is -8 before its signature is looked at.
    const { amount: _amount, ...noAmount } = prepareFields(unknown, { sign_string: 'f'.repeat(32) });
    expect((await call('prepare', noAmount)).error).toBe(-8);
    // A bad signature is -1 before the action, the order or the amount.
    expect((await call('prepare', prepareFields(unknown, { sign_string: 'f'.repeat(32) }))).error).toBe(-1);
    expect(
      (
        await call(
          'prepare',
          prepareFields(unknown, { action: '7', amount: '1.00', sign_string: '0'.repeat(32) }),
        )
      ).error,
    ).toBe(-1);
    // A wrong action is -3 before the order is looked for.
    expect((await call('prepare', prepareFields(unknown, { action: '7' }))).error).toBe(-3);
    // An unknown order is -5 whatever the amount.
    expect((await call('prepare', prepareFields(unknown, { amount: '1.00' }))).error).toBe(-5);
    // An unknown merchant_prepare_id is -6 before the amount.
    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    expect(
      (await call('complete', completeFields(fields, prepareId + 1_000, { amount: '1.00' }))).error,
    ).toBe(-6);
    // A paid order is -4 before the amount: Prepare and Complete.
    expect((await call('complete', completeFields(fields, prepareId))).error).toBe(0);
    expect((await call('prepare', prepareFields(orderId, { amount: '1.00' }))).error).toBe(-4);
    expect((await call('complete', completeFields(fields, prepareId, { amount: '1.00' }))).error).toBe(-4);
    // A wrong amount is -2 before a cancelled order's -9.
    const cancelled = await awaitingOrder();
    await t.app.db.update(orders).set({ status: 'operator-cancelled' }).where(eq(orders.id, cancelled));
    expect((await call('prepare', prepareFields(cancelled, { amount: '1.00' }))).error).toBe(-2);
    expect((await call('prepare', prepareFields(cancelled))).error).toBe(-9);
  });

  it('a Complete with error=-5017 answers -9 and cancels the transaction', async () => {
    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    const answer = await call(
      'complete',
      completeFields(fields, prepareId, { error: '-5017', error_note: 'Insufficient funds' }),
    );
    expect(answer).toMatchObject({
      error: -9,
      error_note: 'Transaction cancelled',
      merchant_confirm_id: null,
    });
    expect(await transactionsOf(orderId)).toEqual([
      expect.objectContaining({
        state: -1,
        cancelTime: clock.now().getTime(),
        details: expect.objectContaining({ cancelled_by: 'click', click_error: -5017 }),
      }),
    ]);
    expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'payment-awaited' });
  });

  it('a Complete with an unknown merchant_prepare_id answers -6', async () => {
    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    expect((await call('complete', completeFields(fields, 999_999_999))).error).toBe(-6);
    expect((await call('complete', completeFields(fields, 'abc'))).error).toBe(-6);
    // Another order's prepared transaction, or this one's id with another click_trans_id.
    const other = await awaitingOrder();
    const otherPrepared = await prepared(other);
    expect((await call('complete', completeFields(fields, otherPrepared.prepareId))).error).toBe(-6);
    expect(
      (await call('complete', completeFields(fields, prepareId, { click_trans_id: String(++clickIds) })))
        .error,
    ).toBe(-6);
    expect(await orderRow(orderId)).toMatchObject({ paid: false });
    expect((await transactionsOf(orderId))[0]).toMatchObject({ state: 1 });
  });

  it('a repeated cancel answers -9 again', async () => {
    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    const cancel = completeFields(fields, prepareId, { error: '-5017', error_note: 'Insufficient funds' });
    expect((await call('complete', cancel)).error).toBe(-9);
    expect((await call('complete', cancel)).error).toBe(-9);
    const rows = await transactionsOf(orderId);
    expect(rows).toEqual([expect.objectContaining({ state: -1 })]);
  });

  it('completing a cancelled payment answers -9 and does not pay', async () => {
    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    const failed = completeFields(fields, prepareId, { error: '-5017' });
    expect((await call('complete', failed)).error).toBe(-9);
    expect((await call('complete', completeFields(fields, prepareId))).error).toBe(-9);
    // A repeat of its Prepare cannot revive it either.
    expect((await call('prepare', fields)).error).toBe(-9);
    expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'payment-awaited' });
    expect(await paymentReceivedRows(orderId)).toEqual([]);
  });

  it('an order cancelled by the payment timeout answers -9 (Prepare, and Complete cancels its transaction)', async () => {
    const cancelledFirst = await awaitingOrder();
    await t.app.db.transaction((tx) => applyEvent(t.app, tx, cancelledFirst, 'server-cancelled', 'server'));
    expect((await call('prepare', prepareFields(cancelledFirst))).error).toBe(-9);
    expect(await transactionsOf(cancelledFirst)).toEqual([]);

    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    await t.app.db.transaction((tx) => applyEvent(t.app, tx, orderId, 'server-cancelled', 'server'));
    expect((await call('complete', completeFields(fields, prepareId))).error).toBe(-9);
    expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'server-cancelled' });
    expect(await transactionsOf(orderId)).toEqual([
      expect.objectContaining({
        state: -1,
        details: expect.objectContaining({ cancelled_by: 'order-not-payable' }),
      }),
    ]);
  });

  it('an order cancelled by an operator answers -9', async () => {
    const orderId = await awaitingOrder();
    await t.app.db.transaction((tx) => applyEvent(t.app, tx, orderId, 'operator-cancelled', 'operator'));
    expect((await call('prepare', prepareFields(orderId))).error).toBe(-9);
  });

  it('cancelling the order cancels its prepared transaction at once, before any call of Click', async () => {
    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    await t.app.db.transaction((tx) =>
      applyEvent(t.app, tx, orderId, 'operator-cancelled', 'operator', null, 'the customer called'),
    );
    expect(await transactionsOf(orderId)).toEqual([
      expect.objectContaining({
        state: -1,
        cancelTime: expect.any(Number),
        details: expect.objectContaining({
          cancelled_by: 'order-not-payable',
          order_status: 'operator-cancelled',
        }),
      }),
    ]);
    expect((await call('complete', completeFields(fields, prepareId))).error).toBe(-9);
    expect(await orderRow(orderId)).toMatchObject({ paid: false, status: 'operator-cancelled' });
  });

  it('missing or malformed fields answer -8 with HTTP 200', async () => {
    const orderId = await awaitingOrder();
    const required = [
      'click_trans_id',
      'service_id',
      'click_paydoc_id',
      'merchant_trans_id',
      'amount',
      'action',
      'error',
      'sign_time',
      'sign_string',
    ];
    for (const field of required) {
      const { [field]: _dropped, ...fields } = prepareFields(orderId);
      expect((await call('prepare', fields)).error, field).toBe(-8);
    }
    const { fields, prepareId } = await prepared(orderId);
    const { merchant_prepare_id: _p, ...noPrepareId } = completeFields(fields, prepareId);
    expect((await call('complete', noPrepareId)).error).toBe(-8);
    // Malformed values, even signed.
    const malformed: Fields[] = [
      { click_trans_id: 'abc' },
      { amount: '52 000' },
      { amount: '52000,00' },
      { action: 'zero' },
      { service_id: '' },
    ];
    for (const bad of malformed) {
      expect((await call('prepare', prepareFields(orderId, bad))).error, JSON.stringify(bad)).toBe(-8);
    }
    expect(await transactionsOf(orderId)).toHaveLength(1);
  });

  it('unreadable bodies answer -8 with HTTP 200 JSON, never an error page', async () => {
    expect(await rawCall('prepare', '')).toMatchObject({ error: -8, merchant_prepare_id: null });
    expect(await rawCall('complete', '{"click_trans_id": ', 'application/json')).toMatchObject({
      error: -8,
      merchant_confirm_id: null,
    });
    expect((await rawCall('prepare', '[1,2]', 'application/json')).error).toBe(-8);
    expect((await rawCall('prepare', 'click_trans_id=1', 'text/plain')).error).toBe(-8);
    expect(
      (await rawCall('prepare', `a=${'x'.repeat(CLICK_BODY_LIMIT)}`, 'application/x-www-form-urlencoded'))
        .error,
    ).toBe(-8);
    // A field sent twice is no field.
    const orderId = await awaitingOrder();
    const form = `${new URLSearchParams(prepareFields(orderId))}&amount=1`;
    expect((await rawCall('prepare', form, 'application/x-www-form-urlencoded')).error).toBe(-8);
  });

  it('a wrong action answers -3', async () => {
    const orderId = await awaitingOrder();
    expect((await call('prepare', prepareFields(orderId, { action: '1' }))).error).toBe(-3);
    expect((await call('prepare', prepareFields(orderId, { action: '2' }))).error).toBe(-3);
    const { fields, prepareId } = await prepared(orderId);
    expect((await call('complete', completeFields(fields, prepareId, { action: '0' }))).error).toBe(-3);
    expect(await orderRow(orderId)).toMatchObject({ paid: false });
  });
});

describe('Click: bodies, amounts, repeats', () => {
  it('takes form and JSON bodies alike (JSON numbers as written)', async () => {
    const formOrder = await awaitingOrder();
    const form = prepareFields(formOrder);
    expect((await call('prepare', form, 'form')).error).toBe(0);

    const jsonOrder = await awaitingOrder();
    const fields = prepareFields(jsonOrder, { amount: '52000' });
    const json = {
      ...fields,
      click_trans_id: Number(fields.click_trans_id),
      service_id: Number(SERVICE_ID),
      click_paydoc_id: Number(fields.click_paydoc_id),
      amount: 52000,
      action: 0,
      error: 0,
    };
    const prep = await call('prepare', json, 'json');
    expect(prep).toMatchObject({ error: 0, click_trans_id: Number(fields.click_trans_id) });
    const done = await call(
      'complete',
      { ...completeFields(fields, prep.merchant_prepare_id as number), action: 1 },
      'json',
    );
    expect(done).toMatchObject({ error: 0, merchant_confirm_id: prep.merchant_prepare_id });
    expect(await orderRow(jsonOrder)).toMatchObject({ paid: true, status: 'new' });
  });

  it('hashes a JSON number as it was written: 52000.00 is signed as 52000.00, not as 52000', async () => {
    const orderId = await awaitingOrder();
    const fields = prepareFields(orderId, { amount: '52000.00' });
    const body = `{${Object.entries(fields)
      .map(([name, value]) =>
        ['click_trans_id', 'service_id', 'amount', 'action', 'error'].includes(name)
          ? `"${name}": ${value}`
          : `"${name}": ${JSON.stringify(value)}`,
      )
      .join(', ')}}`;
    expect(body).toContain('"amount": 52000.00,');
    const answer = await rawCall('prepare', body, 'application/json');
    expect(answer).toMatchObject({ error: 0, merchant_trans_id: orderId });
    // Text inside a string is left alone, and what is no JSON is still unreadable (-8).
    for (const notJson of ['{"amount": 007}', '{1: 2}', '{"amount": 1.}']) {
      expect((await rawCall('prepare', notJson, 'application/json')).error, notJson).toBe(-8);
    }
    expect(
      (await rawCall('prepare', '{"error_note": "12 abc 3.5", "amount": 1.}', 'application/json')).error,
    ).toBe(-8);
  });

  it('reads a hostile JSON body in linear time: an unclosed string of escaped quotes', () => {
    // 400 KB: quadratic scanning (each quote read again to the end) takes minutes; linear, milliseconds.
    const hostile = `{"a": "${'\\"'.repeat(200_000)}`;
    const started = performance.now();
    expect(() => parseClickJson(hostile)).toThrow(SyntaxError);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(parseClickJson('{"note": "a \\" 12 \\\\", "amount": -1.5e3}')).toEqual({
      note: 'a " 12 \\',
      amount: '-1.5e3',
    });
  });

  it("hashes the amount exactly as sent: '52000.00' and '52000' are both accepted, each signed as sent", async () => {
    const a = await awaitingOrder();
    expect((await call('prepare', prepareFields(a, { amount: '52000.00' }))).error).toBe(0);
    const b = await awaitingOrder();
    expect((await call('prepare', prepareFields(b, { amount: '52000' }))).error).toBe(0);
    // Signed over '52000.00' but sent as '52000': the signature fails.
    const c = await awaitingOrder();
    const signedOther = prepareFields(c, { amount: '52000.00' });
    expect((await call('prepare', { ...signedOther, amount: '52000' })).error).toBe(-1);
  });

  it('a repeated Prepare answers the same merchant_prepare_id; a new click_trans_id replaces the prepared one', async () => {
    const orderId = await awaitingOrder();
    const first = await prepared(orderId);
    const again = await call('prepare', first.fields);
    expect(again).toMatchObject({ error: 0, merchant_prepare_id: first.prepareId });
    expect(await transactionsOf(orderId)).toHaveLength(1);

    const second = await prepared(orderId);
    expect(second.prepareId).not.toBe(first.prepareId);
    expect(await transactionsOf(orderId)).toEqual([
      expect.objectContaining({
        providerId: first.fields.click_trans_id,
        state: -1,
        details: expect.objectContaining({ cancelled_by: 'superseded' }),
      }),
      expect.objectContaining({ providerId: second.fields.click_trans_id, state: 1 }),
    ]);
    // The older one can no longer complete; the newer one does.
    expect((await call('complete', completeFields(first.fields, first.prepareId))).error).toBe(-9);
    expect((await call('complete', completeFields(second.fields, second.prepareId))).error).toBe(0);
  });

  it('a click_trans_id already prepared for another order answers -6 (never a 500)', async () => {
    const a = await awaitingOrder();
    const first = await prepared(a);
    const b = await awaitingOrder();
    const reused = prepareFields(b, { click_trans_id: first.fields.click_trans_id as string });
    expect((await call('prepare', reused)).error).toBe(-6);
    expect(await transactionsOf(b)).toEqual([]);
  });

  it('two concurrent Completes make one payment', async () => {
    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    const complete = completeFields(fields, prepareId);
    let calls: Promise<Answer[]> | undefined;
    // The order's row is held until the Completes all wait for it, so on PostgreSQL they read it at
    // the same moment (PGlite has one connection: they take turns after this transaction).
    await t.app.db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
      calls = Promise.all([
        call('complete', complete),
        call('complete', complete),
        call('complete', complete),
      ]);
      if (t.db.driver === 'postgres') await waitUntilBlocked(3);
    });
    const answers = (await calls) ?? [];
    expect(answers.map((a) => a.error).sort()).toEqual([-4, -4, 0]);
    expect(await paymentReceivedRows(orderId)).toHaveLength(1);
    expect(await orderRow(orderId)).toMatchObject({ paid: true, status: 'new' });
  });

  it('two concurrent Prepares with new ids leave one prepared transaction', async () => {
    const orderId = await awaitingOrder();
    const answers = await Promise.all([
      call('prepare', prepareFields(orderId)),
      call('prepare', prepareFields(orderId)),
    ]);
    expect(answers.map((a) => a.error)).toEqual([0, 0]);
    const rows = await transactionsOf(orderId);
    expect(rows.map((r) => r.state).sort()).toEqual([-1, 1]);
  });

  it('not configured (no service id or secret key): every signed call answers -1, a malformed one -8', async () => {
    const orderId = await awaitingOrder();
    const deps: ClickDeps = {
      db: t.app.db,
      clock: clock.now,
      orderEvents: t.app.orderEvents,
      loyalty: t.app.loyalty,
      log: t.app.log,
      config: { CLICK_SERVICE_ID: undefined, CLICK_SECRET_KEY: undefined },
    };
    expect((await handleClickCall(deps, 'prepare', prepareFields(orderId), '127.0.0.1')).error).toBe(-1);
    expect((await handleClickCall(deps, 'prepare', {}, '127.0.0.1')).error).toBe(-8);
    expect(await transactionsOf(orderId)).toEqual([]);
  });
});

describe('Click: the HTTP layer', () => {
  it('needs no Shipper/Platform headers (Click sends none); a wrong one or an Origin changes nothing; never stored', async () => {
    const orderId = await awaitingOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/payments/click/prepare',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        shipper: 'not-a-uuid',
        origin: 'https://click.uz',
      },
      payload: new URLSearchParams(prepareFields(orderId)).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ error: 0 });
    expect(res.headers['cache-control']).toMatch(/no-store/);
    // The customer API still needs them.
    const customerRoute = await t.app.inject({ method: 'GET', url: '/v1/cities' });
    expect(customerRoute.statusCode).toBe(400);
  });
});

describe('Click: the call log', () => {
  /** The calls recorded since `before` (an id), oldest first, with the stored size of each. */
  const callsSince = async (before: number) =>
    t.app.db
      .select({
        method: paymentCalls.method,
        params: paymentCalls.params,
        response: paymentCalls.response,
        errorCode: paymentCalls.errorCode,
        orderId: paymentCalls.orderId,
        address: paymentCalls.address,
        createdAt: paymentCalls.createdAt,
        bytes: sql<number>`(octet_length(coalesce(${paymentCalls.params}::text, '')) + octet_length(${paymentCalls.response}::text))::int`,
      })
      .from(paymentCalls)
      .where(gt(paymentCalls.id, before))
      .orderBy(asc(paymentCalls.id));
  const lastId = async () =>
    (
      await t.app.db.select({ id: sql<number>`coalesce(max(${paymentCalls.id}), 0)::int` }).from(paymentCalls)
    )[0]?.id ?? 0;

  it('records every signed call, accepted or refused, with its params, our answer, the code and the address', async () => {
    const orderId = await awaitingOrder();
    const { fields, prepareId } = await prepared(orderId);
    const complete = completeFields(fields, prepareId);
    await call('complete', complete);
    await call('complete', complete);

    const calls = await callsOf(orderId);
    expect(calls.map((c) => [c.provider, c.method, c.errorCode])).toEqual([
      ['click', 'prepare', null],
      ['click', 'complete', null],
      ['click', 'complete', -4],
    ]);
    expect(calls[0]).toMatchObject({ params: fields, address: '203.0.113.7', createdAt: clock.now() });
    expect(calls[1]).toMatchObject({
      params: complete,
      response: expect.objectContaining({ error: 0, merchant_confirm_id: prepareId }),
    });
    // No secret in what was stored.
    expect(JSON.stringify(calls)).not.toContain(SECRET);
  });

  it('keeps nothing a badly signed call sent (not even the order it names): its method, answer, time and address only', async () => {
    const orderId = await awaitingOrder();
    const before = await lastId();
    // Near the body limit: the longest error_note (6 KB form-encoded) and 9 KB of a field of nobody's.
    const badSign = prepareFields(orderId, { sign_string: 'a'.repeat(32), error_note: 'ж'.repeat(1000) });
    expect((await call('prepare', { ...badSign, junk: 'x'.repeat(9_000) })).error).toBe(-1);
    // Signed with another secret, as JSON, on Complete.
    const forged = completeFields(prepareFields(orderId), 1);
    const otherSecret = { ...forged, sign_string: clickSignString(forged as never, 'not-our-secret') };
    expect((await call('complete', otherSecret, 'json')).error).toBe(-1);
    // A service_id not ours, signed with our secret.
    expect((await call('prepare', prepareFields(orderId, { service_id: '99999' }))).error).toBe(-1);

    const added = await callsSince(before);
    expect(added.map((c) => [c.method, c.errorCode, c.orderId, c.params])).toEqual([
      ['prepare', -1, null, null],
      ['complete', -1, null, null],
      ['prepare', -1, null, null],
    ]);
    expect(added[0]).toMatchObject({
      response: expect.objectContaining({ error: -1, merchant_prepare_id: null }),
      address: '203.0.113.7',
      createdAt: clock.now(),
    });
    for (const c of added) expect(c.bytes).toBeLessThan(300);
    expect(await callsOf(orderId)).toEqual([]);
    expect(await transactionsOf(orderId)).toEqual([]);
  });

  it('keeps nothing of a malformed or unreadable call either (its signature cannot be checked)', async () => {
    const orderId = await awaitingOrder();
    const before = await lastId();
    const { sign_string: _unsigned, ...unsigned } = prepareFields(orderId);
    expect((await call('prepare', unsigned)).error).toBe(-8);
    // Signed, but a field malformed: not read, so not checked.
    expect((await call('prepare', prepareFields(orderId, { amount: '52 000' }))).error).toBe(-8);
    expect(
      (await rawCall('complete', `{"merchant_trans_id": "${orderId}", `, 'application/json')).error,
    ).toBe(-8);
    expect(
      (await rawCall('prepare', `a=${'x'.repeat(CLICK_BODY_LIMIT)}`, 'application/x-www-form-urlencoded'))
        .error,
    ).toBe(-8);
    const added = await callsSince(before);
    expect(added.map((c) => [c.method, c.errorCode, c.orderId, c.params])).toEqual([
      ['prepare', -8, null, null],
      ['prepare', -8, null, null],
      ['complete', -8, null, null],
      ['prepare', -8, null, null],
    ]);
    for (const c of added) expect(c.bytes).toBeLessThan(300);
  });

  it(`keeps at most ${STORED_PARAMS_MAX_BYTES} bytes of a signed call's params: beyond, a marker with the size`, async () => {
    const orderId = await awaitingOrder();
    const before = await lastId();
    // error_note is not signed: 1000 characters of Cyrillic, 2000 bytes, and the fields pass 2 KB.
    const long = prepareFields(orderId, { error_note: 'ж'.repeat(1000) });
    expect((await call('prepare', long)).error).toBe(0);
    // A signed call refused before its order was read (-3) keeps its params, under its order.
    const wrongAction = prepareFields(orderId, { action: '1' });
    expect((await call('prepare', wrongAction)).error).toBe(-3);
    const [capped, refused] = await callsSince(before);
    expect(capped).toMatchObject({ errorCode: null, orderId, params: { truncated: true } });
    expect((capped?.params as { bytes?: number } | undefined)?.bytes).toBeGreaterThan(
      STORED_PARAMS_MAX_BYTES,
    );
    expect(capped?.bytes).toBeLessThan(600);
    expect(refused).toMatchObject({ errorCode: -3, orderId, params: wrongAction });
  });

  it('records refusals that name no order (without an order) and unreadable bodies', async () => {
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const before = await lastId();
    await call('prepare', prepareFields(unknown));
    await rawCall('complete', '{oops', 'application/json');
    const added = await callsSince(before);
    expect(added.map((c) => [c.method, c.errorCode, c.orderId])).toEqual([
      ['prepare', -5, null],
      ['complete', -8, null],
    ]);
    expect(added[0]?.params).toMatchObject({ merchant_trans_id: unknown });
  });
});

describe('Click: the rate limit (RATE_LIMIT_PAYMENTS, shared with Payme)', () => {
  it("answers a flood from one address with 429 and a JSON error, counted with Payme's calls; another address goes on", async () => {
    const paymeKey = 'payme-test-key-for-the-shared-limit';
    const limited = await buildTestApp({
      seed: false,
      env: {
        CLICK_SERVICE_ID: SERVICE_ID,
        CLICK_SECRET_KEY: SECRET,
        CLICK_MERCHANT_ID: '777',
        PAYME_KEY: paymeKey,
        RATE_LIMIT_PAYMENTS: { max: 3, windowMs: 60_000 },
      },
    });
    try {
      const unknownOrder = '00000000-0000-4000-8000-00000000beef';
      const click = (method: 'prepare' | 'complete', remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: `/v1/payments/click/${method}`,
          remoteAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
          payload: new URLSearchParams(
            method === 'prepare'
              ? prepareFields(unknownOrder)
              : completeFields(prepareFields(unknownOrder), 1),
          ).toString(),
        });
      const payme = await limited.app.inject({
        method: 'POST',
        url: PAYME_PATH,
        remoteAddress: '203.0.113.9',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`Paycom:${paymeKey}`).toString('base64')}`,
        },
        payload: JSON.stringify({ id: 1, method: 'CheckTransaction', params: { id: 'a'.repeat(24) } }),
      });
      expect(payme.json()).toMatchObject({ error: { code: -31003 } });
      for (const method of ['prepare', 'complete'] as const) {
        const res = await click(method, '203.0.113.9');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ error: -5 });
      }
      const callsBefore = await limited.app.db.select().from(paymentCalls);
      for (const method of ['prepare', 'complete'] as const) {
        const over = await click(method, '203.0.113.9');
        expect(over.statusCode).toBe(429);
        expect(over.headers['content-type']).toMatch(/^application\/json/);
        expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
        expect(over.json()).toMatchObject({
          statusCode: 429,
          code: 'RATE_LIMITED',
          message: expect.any(String),
        });
      }
      // Refused before anything is read: not recorded.
      expect(await limited.app.db.select().from(paymentCalls)).toHaveLength(callsBefore.length);
      const other = await click('prepare', '203.0.113.10');
      expect(other.statusCode).toBe(200);
      expect(other.json()).toMatchObject({ error: -5 });
    } finally {
      await limited.close();
    }
  });
});
