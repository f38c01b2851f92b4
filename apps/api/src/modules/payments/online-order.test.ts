import {
  type TOrdersResponse,
  ZCreateOrderResponse,
  ZOrderDetail,
  ZOrdersResponse,
  ZStaffLoginResponse,
  ZStaffOrdersResponse,
} from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders } from '../../db/schema/index.ts';
import { DEMO_PAYME_MERCHANT_ID } from '../../env.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { FIXTURE_STAFF_PASSWORD } from '../../test/fixture-staff.ts';
import {
  ORDER_TEST_MORNING,
  pickupOrderBody,
  placeTestOrder,
  postOrder,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { orderPaymentLink } from './order-payment.ts';

const MINUTE = 60_000;
const clock = createTestClock(ORDER_TEST_MORNING);
let t: TestApp;
let customer: TestCustomer;
const staffTokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  customer = await signInTestCustomer(t);
  for (const login of ['operator', 'vendor-chilonzor']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: CLIENT_HEADERS,
      payload: { login, password: FIXTURE_STAFF_PASSWORD },
    });
    staffTokens[login] = ZStaffLoginResponse.parse(res.json()).access_token;
  }
});
afterAll(async () => {
  await t?.close();
});

const orderRow = async (id: string) => {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
};

const orderPage = async (id: string, locale = 'en') => {
  const res = await t.get(`/v2/orders/${id}`, {
    authorization: `Bearer ${customer.token}`,
    'accept-language': locale,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZOrderDetail.parse(res.json());
};

const staffQueue = async (login: string) => {
  const res = await t.get('/v1/staff/orders?limit=100', { authorization: `Bearer ${staffTokens[login]}` });
  expect(res.statusCode, res.body).toBe(200);
  return ZStaffOrdersResponse.parse(res.json()).orders.map((o) => o.id);
};

const receivePayment = (orderId: string) =>
  t.app.db.transaction((tx) => applyEvent(t.app, tx, orderId, 'payment-received', 'server'));

describe('placing an order paid with payme (issue 12)', () => {
  it("creates it 'payment-awaited' and answers the link to pay it: the sandbox with the demo settings", async () => {
    const placed = await placeTestOrder(t, customer.token, { payment_type: 'payme' }, { locale: 'en' });
    const row = await orderRow(placed.order_id);
    expect(row).toMatchObject({ status: 'payment-awaited', paymentType: 'payme', paid: false });
    const history = await t.app.db
      .select({ status: orderStatusHistory.status, actor: orderStatusHistory.actor })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, placed.order_id));
    expect(history).toEqual([{ status: 'payment-awaited', actor: 'server' }]);

    // The demo settings outside production: the API's own sandbox page, at PUBLIC_API_URL (unset:
    // http://localhost:PORT), never an origin read from the request.
    const link = new URL(placed.payment_link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:4000/dev/pay/payme');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      order_id: placed.order_id,
      return_url: `http://localhost:3000/en/myorders/${placed.order_id}`,
      lang: 'en',
    });
  });

  it('takes the sandbox origin from PUBLIC_API_URL, not from the Host header', async () => {
    const res = await postOrder(t, customer.token, pickupOrderBody({ payment_type: 'payme' }), {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = ZCreateOrderResponse.parse(res.json());
    expect(placed.payment_link).toMatch(/^http:\/\/localhost:4000\/dev\/pay\/payme\?/);
    // ru (no Accept-Language): the storefront's page without a locale prefix.
    expect(new URL(placed.payment_link ?? '').searchParams.get('return_url')).toBe(
      `http://localhost:3000/myorders/${placed.order_id}`,
    );
  });

  it("links to Payme's checkout with a merchant's own settings", () => {
    const config = { ...t.app.config, PAYME_KEY: 'a-merchants-own-key-7Gq2' };
    const link = orderPaymentLink(config, 'payme', { id: 'id-1', amountDue: 52_000 }, 'uz');
    expect(link.startsWith('https://checkout.paycom.uz/')).toBe(true);
    expect(Buffer.from(link.slice('https://checkout.paycom.uz/'.length), 'base64').toString()).toBe(
      `m=${DEMO_PAYME_MERCHANT_ID};ac.order_id=id-1;a=5200000;c=http://localhost:3000/uz/myorders/id-1;l=uz`,
    );
  });

  it("links to Click's payment page with a merchant's own settings (the conformance list's link)", () => {
    const config = {
      ...t.app.config,
      CLICK_SERVICE_ID: '41234',
      CLICK_MERCHANT_ID: '51234',
      CLICK_MERCHANT_USER_ID: '61234',
      CLICK_SECRET_KEY: 'a-merchants-own-click-secret-9Hq',
    };
    const link = new URL(orderPaymentLink(config, 'click', { id: 'id-1', amountDue: 52_000 }, 'en'));
    expect(`${link.origin}${link.pathname}`).toBe('https://my.click.uz/services/pay');
    // The sum Click takes is in sums (not tiyin, unlike Payme), the order's id its transaction_param.
    expect(Object.fromEntries(link.searchParams)).toEqual({
      service_id: '41234',
      merchant_id: '51234',
      amount: '52000',
      transaction_param: 'id-1',
      return_url: 'http://localhost:3000/en/myorders/id-1',
    });
  });

  it('replays the same link for the same Idempotency-Key, and writes one order', async () => {
    const key = `online-${Math.random()}`;
    const body = pickupOrderBody({ payment_type: 'payme' });
    const first = await postOrder(t, customer.token, body, { idempotencyKey: key, locale: 'uz' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await postOrder(t, customer.token, body, { idempotencyKey: key, locale: 'uz' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const a = ZCreateOrderResponse.parse(first.json());
    expect(a.payment_link).toContain('/dev/pay/payme?');
    expect(ZCreateOrderResponse.parse(again.json())).toEqual(a);
  });

  it('answers no link for cash, and creates the order new', async () => {
    const placed = await placeTestOrder(t, customer.token);
    expect(placed.payment_link).toBeUndefined();
    expect((await orderRow(placed.order_id)).status).toBe('new');
  });
});

describe('the order awaiting payment', () => {
  it('is in no staff queue until paid, then reaches them as new', async () => {
    const placed = await placeTestOrder(t, customer.token, { payment_type: 'payme' });
    const cash = await placeTestOrder(t, customer.token);
    for (const login of ['operator', 'vendor-chilonzor']) {
      const queue = await staffQueue(login);
      expect(queue).toContain(cash.order_id);
      expect(queue).not.toContain(placed.order_id);
    }
    // Not even when asked for by status.
    const asked = await t.get('/v1/staff/orders?status=payment-awaited', {
      authorization: `Bearer ${staffTokens.operator}`,
    });
    expect(ZStaffOrdersResponse.parse(asked.json()).orders).toEqual([]);

    await receivePayment(placed.order_id);
    expect(await orderRow(placed.order_id)).toMatchObject({ status: 'new', paid: true });
    for (const login of ['operator', 'vendor-chilonzor'])
      expect(await staffQueue(login)).toContain(placed.order_id);
  });

  it('shows its payment link and deadline on its page while awaiting payment, and neither once paid', async () => {
    clock.set(ORDER_TEST_MORNING);
    const placed = await placeTestOrder(t, customer.token, { payment_type: 'payme' }, { locale: 'en' });
    clock.advance(5 * MINUTE);
    const page = await orderPage(placed.order_id, 'en');
    expect(page.status).toBe('payment-awaited');
    expect(page.payment_link).toBe(placed.payment_link);
    expect(page.payment_deadline).toBe(new Date(ORDER_TEST_MORNING.getTime() + 30 * MINUTE).toISOString());
    expect(page.amount_to_pay).toBe(page.total_price);
    // The page's language decides where the payment page sends the customer back.
    expect(
      new URL((await orderPage(placed.order_id, 'ru')).payment_link ?? '').searchParams.get('lang'),
    ).toBe('ru');

    await receivePayment(placed.order_id);
    const paid = await orderPage(placed.order_id);
    expect(paid).toMatchObject({ status: 'new', paid: true, payment_link: null, payment_deadline: null });
    const cash = await orderPage((await placeTestOrder(t, customer.token)).order_id);
    expect(cash).toMatchObject({ payment_link: null, payment_deadline: null });
  });
});

describe("the customer's list (GET /v2/orders): Pay on the card", () => {
  it('carries the payment link of an order awaiting payment (as its page does), null for the others; staff lists have none', async () => {
    clock.set(ORDER_TEST_MORNING);
    const awaiting = await placeTestOrder(t, customer.token, { payment_type: 'payme' }, { locale: 'en' });
    const cash = await placeTestOrder(t, customer.token);
    const list = async (locale: string) => {
      const res = await t.get('/v2/orders?status=current&limit=100', {
        authorization: `Bearer ${customer.token}`,
        'accept-language': locale,
      });
      expect(res.statusCode, res.body).toBe(200);
      return ZOrdersResponse.parse(res.json()).orders;
    };
    const card = (orders: TOrdersResponse['orders'], id: string) => orders.find((o) => o.id === id);
    const current = await list('en');
    expect(card(current, awaiting.order_id)?.payment_link).toBe(awaiting.payment_link);
    expect(card(current, awaiting.order_id)?.payment_link).toBe(
      (await orderPage(awaiting.order_id, 'en')).payment_link,
    );
    expect(card(current, cash.order_id)?.payment_link).toBeNull();
    // The list's language decides where the payment page sends the customer back.
    const inUzbek = card(await list('uz'), awaiting.order_id)?.payment_link;
    expect(new URL(inUzbek ?? '').searchParams.get('lang')).toBe('uz');

    await receivePayment(awaiting.order_id);
    expect(card(await list('en'), awaiting.order_id)?.payment_link).toBeNull();
    const staff = await t.get('/v1/staff/orders?limit=100', {
      authorization: `Bearer ${staffTokens.operator}`,
    });
    for (const order of (staff.json() as { orders: object[] }).orders)
      expect(order).not.toHaveProperty('payment_link');
  });
});

describe('cancelling a paid online order (refund due)', () => {
  const cancel = (orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/staff/orders/${orderId}/events`,
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${staffTokens.operator}` },
      payload: { event: 'operator-cancelled', reason: 'Customer called' },
    });

  it('marks it refund_due in the cancellation, and only it', async () => {
    const paidOnline = (await placeTestOrder(t, customer.token, { payment_type: 'payme' })).order_id;
    await receivePayment(paidOnline);
    const unpaidOnline = (await placeTestOrder(t, customer.token, { payment_type: 'payme' })).order_id;
    const cash = (await placeTestOrder(t, customer.token)).order_id;
    for (const id of [paidOnline, unpaidOnline, cash]) expect((await cancel(id)).statusCode).toBe(200);

    expect(await orderRow(paidOnline)).toMatchObject({ status: 'operator-cancelled', refundDue: true });
    expect((await orderPage(paidOnline)).refund_due).toBe(true);
    expect((await orderRow(unpaidOnline)).refundDue).toBe(false);
    expect((await orderRow(cash)).refundDue).toBe(false);
  });

  it('by the server too, and not when the cancellation is rolled back', async () => {
    const id = (await placeTestOrder(t, customer.token, { payment_type: 'payme' })).order_id;
    await receivePayment(id);
    await expect(
      t.app.db.transaction(async (tx) => {
        await applyEvent(t.app, tx, id, 'server-cancelled', 'server');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await orderRow(id)).toMatchObject({ status: 'new', refundDue: false });
    await t.app.db.transaction((tx) => applyEvent(t.app, tx, id, 'server-cancelled', 'server'));
    expect(await orderRow(id)).toMatchObject({ status: 'server-cancelled', refundDue: true });
    const history = await t.app.db
      .select({ status: orderStatusHistory.status })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => h.status)).toEqual(['payment-awaited', 'new', 'server-cancelled']);
  });
});
