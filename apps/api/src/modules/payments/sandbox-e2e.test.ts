/**
 * The sandbox end to end: the API listens on 127.0.0.1, the page's form is posted, the sandbox calls
 * the API's real merchant endpoints over HTTP (sandbox-client.ts), and the order is paid (or not).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentCalls, shippers } from '../../db/schema/index.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  ORDER_TEST_MORNING,
  placeTestOrder,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';

let t: TestApp;
let customer: TestCustomer;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => ORDER_TEST_MORNING });
  // The fixture chain offers cash and payme; the demo chain offers click and the card as well.
  await t.app.db
    .update(shippers)
    .set({ paymentTypes: ['cash', 'payme', 'click', 'loyalty'] })
    .where(eq(shippers.id, DEMO_SHIPPER_ID));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  customer = await signInTestCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

const orderRow = async (id: string) => {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no order');
  return row;
};

/** Follows the order's payment_link to its page, then submits the page's form with `action`. */
async function payOnSandbox(paymentLink: string, action: 'pay' | 'cancel') {
  const link = new URL(paymentLink);
  const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  expect(page.statusCode, page.body).toBe(200);
  const form = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  const hidden = Object.fromEntries(
    [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      (m[2] ?? '').replaceAll('&amp;', '&'),
    ]),
  );
  return t.app.inject({
    method: 'POST',
    url: form ?? '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...hidden, action }).toString(),
  });
}

describe('the Click sandbox against our own Click endpoints', () => {
  it("Pay: prepare and complete over HTTP, the order paid and 'new', the customer sent back", async () => {
    const placed = await placeTestOrder(t, customer.token, { payment_type: 'click' }, { locale: 'en' });
    expect((await orderRow(placed.order_id)).status).toBe('payment-awaited');
    const res = await payOnSandbox(placed.payment_link ?? '', 'pay');
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/en/myorders/${placed.order_id}`);
    expect(await orderRow(placed.order_id)).toMatchObject({ status: 'new', paid: true });
    // Both calls reached the endpoint and were recorded as Click's, accepted.
    const calls = await t.app.db
      .select({ method: paymentCalls.method, error: paymentCalls.errorCode })
      .from(paymentCalls)
      .where(eq(paymentCalls.orderId, placed.order_id));
    expect(calls.map((c) => c.method).sort()).toEqual(['complete', 'prepare']);

    // Paying again: Click's -4 (already paid), shown on the page.
    const again = await payOnSandbox(placed.payment_link ?? '', 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatch(/role="alert">[^<]*-4/);
  });

  it('Cancel: the payment is abandoned, the order still awaits payment and is not paid', async () => {
    const placed = await placeTestOrder(t, customer.token, { payment_type: 'click' }, { locale: 'ru' });
    const res = await payOnSandbox(placed.payment_link ?? '', 'cancel');
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/myorders/${placed.order_id}`);
    expect(await orderRow(placed.order_id)).toMatchObject({ status: 'payment-awaited', paid: false });
    // It can still be paid afterwards, within its time.
    expect((await payOnSandbox(placed.payment_link ?? '', 'pay')).statusCode).toBe(303);
    expect(await orderRow(placed.order_id)).toMatchObject({ status: 'new', paid: true });
  });
});

describe('the Payme sandbox against our own Payme endpoint', () => {
  it("Pay: Check, Create, Perform over HTTP with Basic auth, the order paid and 'new', the customer sent back", async () => {
    const placed = await placeTestOrder(t, customer.token, { payment_type: 'payme' }, { locale: 'uz' });
    const res = await payOnSandbox(placed.payment_link ?? '', 'pay');
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/uz/myorders/${placed.order_id}`);
    expect(await orderRow(placed.order_id)).toMatchObject({ status: 'new', paid: true });
    const calls = await t.app.db
      .select({ method: paymentCalls.method, error: paymentCalls.errorCode })
      .from(paymentCalls)
      .where(eq(paymentCalls.orderId, placed.order_id));
    expect(calls.map((c) => [c.method, c.error]).sort()).toEqual([
      ['CheckPerformTransaction', null],
      ['CreateTransaction', null],
      ['PerformTransaction', null],
    ]);
    // Paying a paid order again: refused by the endpoint, shown on the page.
    const again = await payOnSandbox(placed.payment_link ?? '', 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatch(/role="alert">[^<]*CheckPerformTransaction → -310\d\d/);
  });

  it('takes only what bonuses leave to pay: the sandbox asks Payme for the total less loyalty_amount', async () => {
    const who = await signInTestCustomer(t);
    const placed = await placeTestOrder(t, who.token, { payment_type: 'payme', loyalty_amount: 10_000 });
    const row = await orderRow(placed.order_id);
    expect(row.loyaltyAmount).toBe(10_000);
    const res = await payOnSandbox(placed.payment_link ?? '', 'pay');
    expect(res.statusCode, res.body).toBe(303);
    expect(await orderRow(placed.order_id)).toMatchObject({ status: 'new', paid: true });
    const [check] = await t.app.db
      .select({ params: paymentCalls.params })
      .from(paymentCalls)
      .where(
        and(eq(paymentCalls.orderId, placed.order_id), eq(paymentCalls.method, 'CheckPerformTransaction')),
      );
    expect((check?.params as { amount?: number } | undefined)?.amount).toBe((row.totalPrice - 10_000) * 100);
  });

  it('Cancel: CreateTransaction then CancelTransaction; the order still awaits payment and can be paid', async () => {
    const placed = await placeTestOrder(t, customer.token, { payment_type: 'payme' });
    expect((await payOnSandbox(placed.payment_link ?? '', 'cancel')).statusCode).toBe(303);
    expect(await orderRow(placed.order_id)).toMatchObject({ status: 'payment-awaited', paid: false });
    expect((await payOnSandbox(placed.payment_link ?? '', 'pay')).statusCode).toBe(303);
    expect(await orderRow(placed.order_id)).toMatchObject({ status: 'new', paid: true });
  });
});
