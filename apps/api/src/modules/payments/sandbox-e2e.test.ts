/**
 * The sandbox end to end: the API listens on 127.0.0.1, the page's form is posted, the sandbox calls
 * the API's real merchant endpoints over HTTP (sandbox-client.ts), and the order is paid (or not).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentCalls, shippers } from '../../db/schema/index.ts';
import { DEMO_SHIPPER_ID, type Env } from '../../env.ts';
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

describe('the sandbox with a real merchant key', () => {
  // Outside production with a provider's own settings (not the demo ones), its links go to the
  // provider and the sandbox must not stand in for it: it would sign with the real key and pay the
  // order with no money taken. The other provider, still on its demo settings, keeps its sandbox.
  const REAL: Record<'payme' | 'click', Partial<Env>> = {
    payme: { PAYME_KEY: 'a-real-merchant-key-not-the-demo-one' },
    click: { CLICK_SECRET_KEY: 'a-real-click-secret-not-the-demo-one' },
  };

  it.each(['payme', 'click'] as const)(
    'with %s on its own key: its sandbox page answers 404 and the order stays unpaid; the other provider still pays',
    async (provider) => {
      const other = provider === 'payme' ? 'click' : 'payme';
      const live = await buildTestApp({
        clock: () => ORDER_TEST_MORNING,
        env: { NODE_ENV: 'development', ...REAL[provider] },
      });
      try {
        await live.app.db
          .update(shippers)
          .set({ paymentTypes: ['cash', 'payme', 'click', 'loyalty'] })
          .where(eq(shippers.id, DEMO_SHIPPER_ID));
        await live.app.listen({ port: 0, host: '127.0.0.1' });
        const who = await signInTestCustomer(live);
        const placed = await placeTestOrder(live, who.token, { payment_type: provider }, { locale: 'en' });
        // Its link is the provider's own checkout, not the sandbox.
        expect(placed.payment_link ?? '').not.toContain('/dev/pay/');
        const returnUrl = `http://localhost:3000/en/myorders/${placed.order_id}`;
        const query = new URLSearchParams({ order_id: placed.order_id, return_url: returnUrl, lang: 'en' });
        const page = await live.app.inject({ method: 'GET', url: `/dev/pay/${provider}?${query}` });
        expect(page.statusCode, page.body).toBe(404);
        const paid = await live.app.inject({
          method: 'POST',
          url: `/dev/pay/${provider}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ ...Object.fromEntries(query), action: 'pay' }).toString(),
        });
        expect(paid.statusCode, paid.body).toBe(404);
        // The API's JSON error, as for any route it does not have.
        expect(paid.json()).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
        expect(typeof paid.json().message).toBe('string');
        const [row] = await live.app.db.select().from(orders).where(eq(orders.id, placed.order_id));
        expect(row).toMatchObject({ status: 'payment-awaited', paid: false });
        const calls = await live.app.db
          .select({ id: paymentCalls.id })
          .from(paymentCalls)
          .where(eq(paymentCalls.orderId, placed.order_id));
        expect(calls).toEqual([]);

        // The provider still on its demo settings: its sandbox works as before.
        const demo = await placeTestOrder(live, who.token, { payment_type: other }, { locale: 'en' });
        const link = new URL(demo.payment_link ?? '');
        expect(link.pathname).toBe(`/dev/pay/${other}`);
        const ok = await live.app.inject({
          method: 'POST',
          url: link.pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            ...Object.fromEntries(link.searchParams),
            action: 'pay',
          }).toString(),
        });
        expect(ok.statusCode, ok.body).toBe(303);
        const [done] = await live.app.db.select().from(orders).where(eq(orders.id, demo.order_id));
        expect(done).toMatchObject({ status: 'new', paid: true });
      } finally {
        await live.close();
      }
    },
    120_000,
  );
});
