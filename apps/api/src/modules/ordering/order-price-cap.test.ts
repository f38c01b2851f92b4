/**
 * MAX_ORDER_PRICE (order-pricing.ts): an order's amounts are 32-bit integers in the database, so an
 * order coming to more than the cap is refused as it is priced, by the quote and by placing alike,
 * never by PostgreSQL as it is written (22003, a bare 400).
 */
import {
  type TCreateOrderRequest,
  ZApiError,
  ZCreateOrderResponse,
  ZOrderQuoteResponse,
} from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menuProducts, orders } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/app.ts';
import { CLIENT_HEADERS } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import {
  deliveryOrderBody,
  ORDER_FIXTURE as F,
  ORDER_TEST_MORNING,
  pickupOrderBody,
  postOrder,
  type TestCustomer,
  withProducts,
} from '../../test/orders.ts';
import { MAX_ORDER_PRICE } from './order-pricing.ts';
import { useOrderingApp } from './ordering.fixtures.ts';

const clock = createTestClock(ORDER_TEST_MORNING);
let t: TestApp;
let customer: TestCustomer;

useOrderingApp(clock, (app, signedIn) => {
  t = app;
  customer = signedIn;
});
beforeEach(() => clock.set(ORDER_TEST_MORNING));

/** capital-plov is on the 'tashkent' menu alone, at 35 000. */
const setPlovPrice = (price: number) =>
  t.db.db.update(menuProducts).set({ price }).where(eq(menuProducts.productId, F.products.capitalPlov));
afterEach(() => setPlovPrice(35_000));

/** `lines` lines of `quantity` capital plovs each, from chilonzor. */
const plovs = (lines: number, quantity: number) =>
  withProducts(
    Array.from({ length: lines }, () => ({
      product_id: F.products.capitalPlov,
      type: 'simple' as const,
      quantity,
    })),
  );

async function quote(body: TCreateOrderRequest, locale: 'ru' | 'uz' | 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/ondemand-order/quote',
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${customer.token}`, 'accept-language': locale },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZOrderQuoteResponse.parse(res.json());
}

const orderCount = async () => (await t.db.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

const MESSAGES = {
  ru: 'Сумма заказа не может быть больше 1\u00a0000\u00a0000\u00a0000\u00a0сум; разделите его на несколько заказов',
  uz: "Buyurtma summasi 1\u00a0000\u00a0000\u00a0000\u00a0so'm dan oshmasligi kerak; uni bir nechta buyurtmaga bo'ling",
  en: 'An order may not come to more than 1,000,000,000\u00a0sum; split it into several orders',
} as const;

/** The quote lists MAX_ORDER_PRICE once, first; placing refuses it with the same message, writing nothing. */
async function expectCapped(body: TCreateOrderRequest) {
  const before = await orderCount();
  for (const locale of ['ru', 'uz', 'en'] as const) {
    const quoted = await quote(body, locale);
    expect(quoted.errors).toEqual([{ code: 'MAX_ORDER_PRICE', message: MESSAGES[locale] }]);
    const res = await postOrder(t, customer.token, body, { locale });
    expect(res.statusCode, res.body).toBe(422);
    expect(ZApiError.parse(res.json())).toMatchObject({ code: 'MAX_ORDER_PRICE', message: MESSAGES[locale] });
  }
  expect(await orderCount()).toBe(before);
}

describe('MAX_ORDER_PRICE', () => {
  it('is within the 32-bit integers the order’s amounts are stored in', () => {
    expect(MAX_ORDER_PRICE).toBeLessThanOrEqual(2_147_483_647);
  });

  it('refuses goods above it (100 lines of 99 at 250 000: beyond 2^31 - 1) in the quote and in placing', async () => {
    await setPlovPrice(250_000);
    const body = pickupOrderBody(plovs(100, 99));
    await expectCapped(body);
    // The quote still prices what it can.
    expect((await quote(body, 'en')).goods_price).toBe(2_475_000_000);
  });

  it('accepts an order of exactly the cap, and stores its amounts', async () => {
    await setPlovPrice(MAX_ORDER_PRICE / 100);
    const body = pickupOrderBody(plovs(100, 1));
    const quoted = await quote(body, 'en');
    expect(quoted.errors).toEqual([]);
    expect(quoted.goods_price).toBe(MAX_ORDER_PRICE);
    const res = await postOrder(t, customer.token, body);
    expect(res.statusCode, res.body).toBe(201);
    const { order_id } = ZCreateOrderResponse.parse(res.json());
    const [order] = await t.db.db.select().from(orders).where(eq(orders.id, order_id));
    expect([order?.goodsPrice, order?.totalPrice]).toEqual([quoted.goods_price, quoted.total_price]);
  });

  it('refuses goods at the cap that delivery takes above it (before any discount)', async () => {
    await setPlovPrice(MAX_ORDER_PRICE / 100);
    const body = deliveryOrderBody(plovs(100, 1));
    const quoted = await quote(body, 'en');
    expect([quoted.goods_price, quoted.delivery_price > 0]).toEqual([MAX_ORDER_PRICE, true]);
    await expectCapped(body);
  });
});
