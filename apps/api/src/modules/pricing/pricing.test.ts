import {
  type TComputePriceRequest,
  ZApiError,
  ZComputePriceResponse,
  ZDiscountWithOrderPriceResponse,
  ZDiscountWithProductsResponse,
} from '@app/contracts';
import { distanceMeters } from '@app/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers, customerTokens, promoCodes, promoCodeUsages } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { promoCodeSeedId } from '../../db/seed/pricing.ts';
import { localize } from '../../http/messages.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { hashToken, newAccessToken } from '../customers/tokens.ts';
import { computeDiscounts, recordPromoCodeUsage } from './pricing.service.ts';

/**
 * Against the fixture chain (src/test/fixture-catalog.ts, fixture-pricing.ts). Branches: chilonzor
 * 41.3,69.2 (zone 'west', which is never free), yunusobod 41.36,69.29 (zones 'centre' and 'north',
 * free from 200 000), oybek (inactive; 'closed-only', which has no fare), registan (Samarkand).
 * Tashkent menu prices: beef-wrap 32 000, lamb-shashlik 28 000 (hot), capital-plov 35 000 (hot),
 * margherita 55 000 (sizes 25 cm 55 000, 35 cm 79 000; pizza), cola 8 000, ketchup 3 000.
 */
// 1 March 2026, 14:00 in Tashkent (UTC+5).
const AFTERNOON = new Date('2026-03-01T09:00:00.000Z');
const tashkent = (isoLocal: string) => new Date(`${isoLocal}+05:00`);

const clock = createTestClock(AFTERNOON);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => clock.set(AFTERNOON));

const branch = (slug: string) => stableId('branch', slug);
const zone = (key: string) => stableId('zone', key);
const product = (slug: string) => stableId('product', slug);
const discount = (key: string) => stableId('discount', key);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const errorOf = (res: LightMyRequestResponse) => ZApiError.parse(res.json());

/** A signed-in customer made directly in the database (sign-in itself is tested elsewhere). */
let customerCount = 0;
async function newCustomer(): Promise<{ id: string; token: string }> {
  customerCount += 1;
  const now = new Date('2026-01-01T00:00:00.000Z');
  const [row] = await t.app.db
    .insert(customers)
    .values({
      shipperId: CLIENT_HEADERS.shipper,
      name: `Customer ${customerCount}`,
      phone: `99890${String(1_000_000 + customerCount).slice(-7)}`,
      registrationSource: 'website',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: customers.id });
  if (!row) throw new Error('no customer');
  const token = newAccessToken();
  await t.app.db.insert(customerTokens).values({
    customerId: row.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date('2030-01-01T00:00:00.000Z'),
  });
  return { id: row.id, token };
}

async function usePromo(code: string, customerId: string, times = 1) {
  for (let i = 0; i < times; i++) {
    await t.app.db
      .insert(promoCodeUsages)
      .values({ promoCodeId: promoCodeSeedId(code), customerId, orderId: null, usedAt: AFTERNOON });
  }
}

// ---------------------------------------------------------------------------------------------

const computePrice = (body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: '/v1/fares/compute-price',
    headers: { ...CLIENT_HEADERS, ...headers },
    payload: body as object,
  });

async function fare(body: TComputePriceRequest) {
  const res = await computePrice(body);
  expect(res.statusCode, res.body).toBe(200);
  return ZComputePriceResponse.parse(res.json());
}

describe('PATCH /v1/fares/compute-price', () => {
  const centrePoint = { lat: 41.31, long: 69.27 };
  const centre = { branch_id: branch('yunusobod'), delivery_zone_id: zone('centre'), ...centrePoint };

  it('charges by distance: base price for the base distance, then every started kilometre', async () => {
    // 5 805 m from yunusobod; centre: 10 000 for 3 km + 2 000 per started km (3 more).
    const exact = distanceMeters({ lat: 41.36, long: 69.29 }, centrePoint);
    expect(await fare({ ...centre, order_price: 100_000 })).toEqual({
      price: 16_000,
      distance: Math.round(exact),
      reason: 'distance',
    });
    // Within the base distance: the base price. 'north': 8 000 for 5 km.
    const north = await fare({
      branch_id: branch('yunusobod'),
      delivery_zone_id: zone('north'),
      lat: 41.37,
      long: 69.3,
      order_price: 10_000,
    });
    expect(north).toEqual({ price: 8_000, distance: 1_390, reason: 'distance' });
  });

  it('is free from the zone threshold on, and never in a zone without one', async () => {
    expect(await fare({ ...centre, order_price: 200_000 })).toMatchObject({
      price: 0,
      reason: 'free_threshold',
    });
    expect(await fare({ ...centre, order_price: 199_999 })).toMatchObject({
      price: 16_000,
      reason: 'distance',
    });
    // 'west' has free_delivery_order_amount 0: 3 521 m, 12 000 for 2 km + 3 000 x 2.
    const west = { branch_id: branch('chilonzor'), delivery_zone_id: zone('west'), lat: 41.31, long: 69.24 };
    expect(await fare({ ...west, order_price: 5_000_000 })).toEqual({
      price: 18_000,
      distance: 3_521,
      reason: 'distance',
    });
    // At the branch's door: the base price.
    expect(await fare({ ...west, lat: 41.3, long: 69.2, order_price: 1 })).toEqual({
      price: 12_000,
      distance: 0,
      reason: 'distance',
    });
  });

  it('costs nothing for self-pickup, without a point or a zone', async () => {
    expect(
      await fare({ branch_id: branch('chilonzor'), order_price: 10_000, delivery_type: 'self-pickup' }),
    ).toEqual({ price: 0, distance: 0, reason: 'pickup' });
    // A point and zone given for pickup are ignored.
    expect(await fare({ ...centre, order_price: 0, delivery_type: 'self-pickup' })).toMatchObject({
      price: 0,
      reason: 'pickup',
    });
  });

  it('works signed in, signed out and with a stale token', async () => {
    const { token } = await newCustomer();
    const variants: Record<string, string>[] = [
      { authorization: token },
      { authorization: 'Bearer stale' },
      {},
    ];
    for (const headers of variants) {
      const res = await computePrice({ ...centre, order_price: 100_000 }, headers);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it.each([
    ['an unknown branch', { ...centre, branch_id: UNKNOWN_ID }, 404, 'BRANCH_NOT_FOUND'],
    ['an unknown zone', { ...centre, delivery_zone_id: UNKNOWN_ID }, 404, 'ZONE_NOT_FOUND'],
    [
      'a switched-off zone',
      { ...centre, delivery_zone_id: zone('inactive'), lat: 41.42 },
      404,
      'ZONE_NOT_FOUND',
    ],
    [
      'a branch not serving the zone',
      { ...centre, branch_id: branch('chilonzor') },
      422,
      'BRANCH_NOT_SERVING_ZONE',
    ],
    ['a point outside the zone', { ...centre, lat: 41.2, long: 69.1 }, 422, 'ADDRESS_OUT_OF_ZONE'],
    ['a point in a hole of the zone', { ...centre, lat: 41.302, long: 69.295 }, 422, 'ADDRESS_OUT_OF_ZONE'],
    [
      'a zone without a fare',
      { branch_id: branch('oybek'), delivery_zone_id: zone('closed-only'), lat: 41.22, long: 69.28 },
      404,
      'FARE_NOT_FOUND',
    ],
    [
      "another shipper's... an unknown pickup branch",
      { branch_id: UNKNOWN_ID, delivery_type: 'self-pickup' },
      404,
      'BRANCH_NOT_FOUND',
    ],
  ] as const)('refuses %s', async (_label, body, status, code) => {
    const res = await computePrice({ order_price: 100_000, ...body }, { 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(status);
    expect(errorOf(res)).toMatchObject({ code, message: localize(code, 'en') });
  });

  it('says out of zone in the spec words, in every language', async () => {
    const body = { ...centre, lat: 41.2, long: 69.1, order_price: 1 };
    const en = errorOf(await computePrice(body, { 'accept-language': 'en' }));
    expect(en.message).toBe(
      'The address is not within the service area. You can order pickup or specify a different address',
    );
    expect(errorOf(await computePrice(body)).message).toBe(localize('ADDRESS_OUT_OF_ZONE', 'ru'));
    expect(errorOf(await computePrice(body, { 'accept-language': 'uz' })).message).toBe(
      localize('ADDRESS_OUT_OF_ZONE', 'uz'),
    );
  });

  it.each([
    ['no body', undefined, undefined],
    ['an empty object', {}, 'branch_id'],
    ['a branch id that is not a uuid', { ...centre, branch_id: 'chilonzor', order_price: 1 }, 'branch_id'],
    ['a latitude as text', { ...centre, lat: '41.3', order_price: 1 }, 'lat'],
    ['a latitude beyond 90', { ...centre, lat: 91, order_price: 1 }, 'lat'],
    ['a longitude beyond 180', { ...centre, long: -181, order_price: 1 }, 'long'],
    ['a negative order price', { ...centre, order_price: -1 }, 'order_price'],
    ['a fractional order price', { ...centre, order_price: 10.5 }, 'order_price'],
    ['no order price', { ...centre }, 'order_price'],
    ['an unknown delivery type', { ...centre, order_price: 1, delivery_type: 'drone' }, 'delivery_type'],
    [
      'delivery without a point',
      { branch_id: branch('yunusobod'), delivery_zone_id: zone('centre'), order_price: 1 },
      'lat',
    ],
    [
      'delivery without a zone',
      { branch_id: branch('yunusobod'), ...centrePoint, order_price: 1 },
      'delivery_zone_id',
    ],
  ])('answers 400 with a message for %s', async (_label, body, field) => {
    const res = await computePrice(body, { 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(400);
    const error = errorOf(res);
    expect(error.message.length).toBeGreaterThan(0);
    if (field) expect(error.fields?.map((f) => f.field)).toContain(field);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/v1/fares/compute-price',
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' },
      payload: '{"branch_id":',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'BAD_REQUEST',
      message: localize('BAD_REQUEST', 'ru', { detail: '' }),
    });
  });

  it('needs the client headers', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/v1/fares/compute-price',
      headers: { platform: CLIENT_HEADERS.platform },
      payload: { ...centre, order_price: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('MISSING_HEADER');
  });
});

// ---------------------------------------------------------------------------------------------

type Query = Record<string, string | number | undefined>;
const qs = (query: Query) =>
  Object.entries(query)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');
const items = (...pairs: [string, number][]) => pairs.map(([slug, n]) => `${product(slug)}:${n}`).join(',');

const getOrder = (query: Query, headers: Record<string, string> = {}) =>
  t.get(`/v2/discount-with-order-price?${qs(query)}`, headers);
const getProducts = (query: Query, headers: Record<string, string> = {}) =>
  t.get(`/v2/discount-with-products?${qs(query)}`, headers);

async function orderDiscounts(query: Query, headers: Record<string, string> = {}) {
  const res = await getOrder(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return ZDiscountWithOrderPriceResponse.parse(res.json());
}
async function productDiscounts(query: Query, headers: Record<string, string> = {}) {
  const res = await getProducts(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return ZDiscountWithProductsResponse.parse(res.json());
}
/** What the cart's price update needs: product -> the sum of its discount_price values. */
const perProduct = (body: { products: { product_id: string; discount_price: number }[] }) => {
  const sums: Record<string, number> = {};
  for (const p of body.products) sums[p.product_id] = (sums[p.product_id] ?? 0) + p.discount_price;
  return sums;
};
/** Discount id -> what it takes off (free delivery, which takes nothing off, is left out). */
const amounts = (body: {
  discounts: { discount_id: string; discount_mode: string; discount_price_for_order: number }[];
}) =>
  Object.fromEntries(
    body.discounts
      .filter((d) => d.discount_mode !== 'free_delivery')
      .map((d) => [d.discount_id, d.discount_price_for_order]),
  );

const CHILONZOR = { branch_id: branch('chilonzor') };

describe('GET /v2/discount-with-products', () => {
  it('answers per-unit discounts: fixed, percent by category, the larger of two on one product', async () => {
    const body = await productDiscounts({
      ...CHILONZOR,
      products: items(['beef-wrap', 2], ['lamb-shashlik', 1], ['cola', 3], ['ketchup', 1]),
    });
    expect(perProduct(body)).toEqual({
      [product('beef-wrap')]: -5_000,
      [product('lamb-shashlik')]: -2_800, // 10% of 28 000, hot dishes 11:00-15:00
      [product('cola')]: -4_000, // 50% beats 1 000 off
    });
    const wrap = body.products.find((p) => p.product_id === product('beef-wrap'));
    expect(wrap).toEqual({
      product_id: product('beef-wrap'),
      discount_price: -5_000,
      discount_id: discount('wrap-fixed'),
      discount_type: 'discount',
      discount_mode: 'fixed',
      promo_code: null,
      discount_title: { ru: 'Лаваш дешевле', uz: 'Lavash arzonroq', en: 'Wrap for less' },
    });
    expect(body.products.find((p) => p.product_id === product('cola'))?.discount_id).toBe(
      discount('cola-half'),
    );
  });

  it('applies the daily hours: start inclusive, end exclusive, Tashkent time', async () => {
    const lamb = async (at: string) => {
      clock.set(tashkent(at));
      return perProduct(await productDiscounts({ ...CHILONZOR, products: items(['lamb-shashlik', 1]) }))[
        product('lamb-shashlik')
      ];
    };
    expect(await lamb('2026-03-01T10:59:00')).toBeUndefined();
    expect(await lamb('2026-03-01T11:00:00')).toBe(-2_800);
    expect(await lamb('2026-03-01T14:59:00')).toBe(-2_800);
    expect(await lamb('2026-03-01T15:00:00')).toBeUndefined();
  });

  it('limits a discount to its branches, prices from the branch menu, a size by its parent category', async () => {
    const query = { products: items(['margherita', 1], ['margherita-35', 2]) };
    const yunusobod = perProduct(await productDiscounts({ ...query, branch_id: branch('yunusobod') }));
    expect(yunusobod).toEqual({
      [product('margherita')]: -6_875, // 12.5% of 55 000
      [product('margherita-35')]: -9_875, // 12.5% of 79 000
    });
    expect(perProduct(await productDiscounts({ ...query, ...CHILONZOR }))).toEqual({});
    // No branch chosen: branch-limited discounts do not apply.
    expect(perProduct(await productDiscounts(query))).toEqual({});
  });

  it('leaves out unknown products and products not on the branch menu', async () => {
    const body = await productDiscounts({
      branch_id: branch('registan'), // the regions menu: no capital-plov
      products: `${UNKNOWN_ID}:1,${items(['capital-plov', 1], ['beef-wrap', 1])}`,
    });
    // beef-wrap is 29 000 on the regions menu; 5 000 off.
    expect(perProduct(body)).toEqual({ [product('beef-wrap')]: -5_000 });
  });

  it('adds a promo code on top, never below a zero price', async () => {
    const body = await productDiscounts({
      ...CHILONZOR,
      products: items(['beef-wrap', 1]),
      promo_code: 'wrap',
    });
    expect(body.products).toEqual([
      expect.objectContaining({ discount_id: discount('wrap-fixed'), discount_price: -5_000 }),
      expect.objectContaining({
        discount_id: discount('promo-wrap'),
        discount_price: -27_000,
        discount_type: 'promo_code',
        promo_code: 'WRAP',
      }),
    ]);
  });

  it('answers an empty list without products', async () => {
    expect(await productDiscounts({})).toEqual({ products: [] });
  });
});

describe('GET /v2/discount-with-order-price', () => {
  it('answers the shape of the platform, nothing when nothing applies', async () => {
    expect(await orderDiscounts({ ...CHILONZOR, order_price: 50_000 })).toEqual({
      discounts: [],
      all_discount_price: 0,
      is_delivery_free: false,
    });
  });

  it('sums product discounts over the counts', async () => {
    const body = await orderDiscounts({
      ...CHILONZOR,
      order_price: 2 * 32_000 + 3 * 8_000,
      products: items(['beef-wrap', 2], ['cola', 3]),
    });
    expect(body.discounts).toEqual([
      {
        discount_id: discount('wrap-fixed'),
        discount_type: 'discount',
        discount_mode: 'fixed',
        promo_code: null,
        bonus_product: null,
        discount_price_for_order: 10_000,
        discount_title: { ru: 'Лаваш дешевле', uz: 'Lavash arzonroq', en: 'Wrap for less' },
      },
      expect.objectContaining({ discount_id: discount('cola-half'), discount_price_for_order: 12_000 }),
    ]);
    expect(body.all_discount_price).toBe(22_000);
  });

  it('applies an order discount by order type and minimum, the largest one only', async () => {
    // Pickup 5% from 100 000.
    const pickup = await orderDiscounts({ ...CHILONZOR, delivery_type: 'self-pickup', order_price: 100_000 });
    expect(amounts(pickup)).toEqual({ [discount('pickup-5')]: 5_000 });
    expect(pickup.discounts[0]?.discount_mode).toBe('percent');
    expect(
      (await orderDiscounts({ ...CHILONZOR, delivery_type: 'self-pickup', order_price: 99_999 })).discounts,
    ).toEqual([]);
    expect((await orderDiscounts({ ...CHILONZOR, order_price: 100_000 })).discounts).toEqual([]); // delivery
    // 400 000 for pickup: 5% (20 000) beats the March 15 000; they do not add up.
    expect(
      amounts(await orderDiscounts({ ...CHILONZOR, delivery_type: 'self-pickup', order_price: 400_000 })),
    ).toEqual({ [discount('pickup-5')]: 20_000 });
  });

  it('applies a discount only within its days (Tashkent calendar), never a switched-off one', async () => {
    const march = async (at: Date) => {
      clock.set(at);
      return amounts(await orderDiscounts({ ...CHILONZOR, order_price: 300_000 }));
    };
    expect(await march(AFTERNOON)).toEqual({ [discount('march-15k')]: 15_000 });
    // 1 March 00:00 in Tashkent is still 28 February in UTC.
    expect(await march(tashkent('2026-03-01T00:00:00'))).toEqual({ [discount('march-15k')]: 15_000 });
    expect(await march(tashkent('2026-02-28T23:59:00'))).toEqual({});
    expect(await march(tashkent('2026-03-31T23:59:00'))).toEqual({ [discount('march-15k')]: 15_000 });
    expect(await march(tashkent('2026-04-01T00:00:00'))).toEqual({});
    // 'switched-off' (99 000) and 'next-year' (2027) never show.
    const ids = (await orderDiscounts({ ...CHILONZOR, order_price: 1_000_000 })).discounts.map(
      (d) => d.discount_id,
    );
    expect(ids).not.toContain(discount('switched-off'));
    expect(ids).not.toContain(discount('next-year'));
  });

  it('applies a payment-type discount only for that payment type, capped', async () => {
    const pay = async (payment_type: string | undefined) =>
      amounts(await orderDiscounts({ ...CHILONZOR, order_price: 100_000, payment_type }));
    expect(await pay('payme')).toEqual({ [discount('payme-20')]: 10_000 }); // 20% = 20 000, capped
    expect(await pay('cash')).toEqual({});
    expect(await pay(undefined)).toEqual({});
  });

  it('makes delivery free in its hours (overnight), for delivery only', async () => {
    const night = async (at: string, delivery_type = 'delivery') => {
      clock.set(tashkent(at));
      return orderDiscounts({ ...CHILONZOR, order_price: 10_000, delivery_type });
    };
    const late = await night('2026-03-01T22:30:00');
    expect(late.is_delivery_free).toBe(true);
    expect(late.all_discount_price).toBe(0);
    expect(late.discounts).toEqual([
      expect.objectContaining({
        discount_id: discount('night-free-delivery'),
        discount_mode: 'free_delivery',
        discount_price_for_order: 0,
      }),
    ]);
    expect((await night('2026-03-02T01:59:00')).is_delivery_free).toBe(true);
    expect((await night('2026-03-02T02:00:00')).is_delivery_free).toBe(false);
    expect((await night('2026-03-01T21:59:00')).is_delivery_free).toBe(false);
    expect((await night('2026-03-01T22:30:00', 'self-pickup')).is_delivery_free).toBe(false);
  });

  it('combines product, order and promo code discounts, never above the order price', async () => {
    const body = await orderDiscounts({
      ...CHILONZOR,
      order_price: 300_000,
      products: items(['beef-wrap', 2]),
      promo_code: 'open5k',
    });
    expect(amounts(body)).toEqual({
      [discount('wrap-fixed')]: 10_000,
      [discount('march-15k')]: 15_000,
      [discount('promo-5k')]: 5_000,
    });
    expect(body.all_discount_price).toBe(30_000);
    // 5 000 + 27 000 off a 32 000 wrap, but the client said the goods cost 30 000.
    const capped = await orderDiscounts({
      ...CHILONZOR,
      order_price: 30_000,
      products: items(['beef-wrap', 1]),
      promo_code: 'WRAP',
    });
    expect(amounts(capped)).toEqual({ [discount('wrap-fixed')]: 5_000, [discount('promo-wrap')]: 25_000 });
    expect(capped.all_discount_price).toBe(30_000);
  });

  it.each([
    ['no order price', {}, 'order_price'],
    ['an empty order price', { order_price: '' }, 'order_price'],
    ['a negative order price', { order_price: '-5' }, 'order_price'],
    ['a fractional order price', { order_price: '10.5' }, 'order_price'],
    ['an order price in exponent form', { order_price: '1e5' }, 'order_price'],
    ['a branch that is not a uuid', { order_price: 1, branch_id: 'chilonzor' }, 'branch_id'],
    ['an unknown delivery type', { order_price: 1, delivery_type: 'drone' }, 'delivery_type'],
    ['an unknown payment type', { order_price: 1, payment_type: 'bitcoin' }, 'payment_type'],
    ['a negative delivery price', { order_price: 1, delivery_price: '-1' }, 'delivery_price'],
    ['products without counts', { order_price: 1, products: product('cola') }, 'products'],
    ['a product that is not a uuid', { order_price: 1, products: 'cola:1' }, 'products'],
    ['a zero count', { order_price: 1, products: `${product('cola')}:0` }, 'products'],
    ['a count above 999', { order_price: 1, products: `${product('cola')}:1000` }, 'products'],
    ['an empty promo code', { order_price: 1, promo_code: '  ' }, 'promo_code'],
  ] as const)('answers 400 with a message for %s', async (_label, query, field) => {
    const res = await getOrder(query as Query, { 'accept-language': 'en' });
    expect(res.statusCode, res.body).toBe(400);
    const error = errorOf(res);
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.fields?.map((f) => f.field)).toContain(field);
  });

  it('adds up a product named twice, and refuses the total above 999', async () => {
    const body = await orderDiscounts({
      ...CHILONZOR,
      order_price: 64_000,
      products: `${items(['beef-wrap', 1])},${items(['beef-wrap', 1])}`,
    });
    expect(amounts(body)).toEqual({ [discount('wrap-fixed')]: 10_000 });
    const res = await getOrder({
      order_price: 1,
      products: `${items(['cola', 500])},${items(['cola', 500])}`,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for an unknown branch on both endpoints', async () => {
    for (const res of [
      await getOrder({ order_price: 1, branch_id: UNKNOWN_ID }, { 'accept-language': 'en' }),
      await getProducts({ branch_id: UNKNOWN_ID }, { 'accept-language': 'en' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toMatchObject({
        code: 'BRANCH_NOT_FOUND',
        message: localize('BRANCH_NOT_FOUND', 'en'),
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('promo codes', () => {
  const order = { ...CHILONZOR, order_price: 100_000 };

  async function refused(query: Query, token: string | undefined, status: number, code: string) {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (token) headers.authorization = token;
    const res = await getOrder(query, headers);
    expect(res.statusCode, res.body).toBe(status);
    const error = errorOf(res);
    expect(error.code).toBe(code);
    return error.message;
  }

  it("says 'Promocode is not found' for an unknown, switched-off or expired code", async () => {
    for (const promo_code of ['NOPE', 'OFF', 'EXPIRED']) {
      expect(await refused({ ...order, promo_code }, undefined, 404, 'PROMO_CODE_NOT_FOUND')).toBe(
        'Promocode is not found',
      );
    }
    // Not yet started counts the same: EXPIRED ran until 31 January.
    clock.set(tashkent('2026-01-31T23:59:00'));
    expect(amounts(await orderDiscounts({ ...order, promo_code: 'EXPIRED' }))).toEqual({
      [discount('promo-expired')]: 3_000,
    });
    // In Russian and Uzbek.
    clock.set(AFTERNOON);
    const ru = errorOf(await getOrder({ ...order, promo_code: 'NOPE' }));
    expect(ru.message).toBe('Промокод не найден');
    const uz = errorOf(await getOrder({ ...order, promo_code: 'NOPE' }, { 'accept-language': 'uz' }));
    expect(uz.message).toBe('Promokod topilmadi');
  });

  it('matches the code whatever its case and answers it as the chain wrote it', async () => {
    const body = await orderDiscounts({ ...order, promo_code: '  oPeN5K ' });
    expect(body.discounts).toEqual([
      {
        discount_id: discount('promo-5k'),
        discount_type: 'promo_code',
        discount_mode: 'fixed',
        promo_code: 'Open5k',
        bonus_product: null,
        discount_price_for_order: 5_000,
        discount_title: { ru: 'Промокод 5 000', uz: 'Promokod 5 000', en: 'Promo code 5,000' },
      },
    ]);
  });

  it('needs a sign-in for a code limited per customer, and takes its percent off', async () => {
    await refused({ ...order, promo_code: 'SAVE10' }, undefined, 401, 'PROMO_CODE_SIGN_IN');
    await refused({ ...order, promo_code: 'SAVE10' }, 'Bearer stale-token', 401, 'PROMO_CODE_SIGN_IN');
    const { token } = await newCustomer();
    const body = await orderDiscounts(
      { ...order, promo_code: 'SAVE10' },
      { authorization: `Bearer ${token}` },
    );
    expect(amounts(body)).toEqual({ [discount('promo-10')]: 10_000 });
  });

  it("says 'You already used this discount' once the customer's uses are spent", async () => {
    const { id, token } = await newCustomer();
    await usePromo('SAVE10', id);
    expect(await refused({ ...order, promo_code: 'save10' }, token, 409, 'PROMO_CODE_ALREADY_USED')).toBe(
      'You already used this discount',
    );
    const ru = errorOf(await getOrder({ ...order, promo_code: 'SAVE10' }, { authorization: token }));
    expect(ru.message).toBe(localize('PROMO_CODE_ALREADY_USED', 'ru'));
    // Another customer still may.
    const other = await newCustomer();
    expect(
      (await getOrder({ ...order, promo_code: 'SAVE10' }, { authorization: other.token })).statusCode,
    ).toBe(200);
  });

  it('counts uses per customer and in total', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    await usePromo('TWICE', a.id);
    expect((await getOrder({ ...order, promo_code: 'TWICE' }, { authorization: a.token })).statusCode).toBe(
      200,
    );
    await usePromo('TWICE', a.id);
    await refused({ ...order, promo_code: 'TWICE' }, a.token, 409, 'PROMO_CODE_ALREADY_USED');
    // b has used it once of twice, but all three uses are gone.
    await usePromo('TWICE', b.id);
    expect(await refused({ ...order, promo_code: 'TWICE' }, b.token, 409, 'PROMO_CODE_EXHAUSTED')).toBe(
      'This promocode has been used up',
    );
  });

  it("says 'Promocode is not for you' to anyone but the customer it is for", async () => {
    const owner = await newCustomer();
    const other = await newCustomer();
    await t.app.db.insert(promoCodes).values({
      shipperId: CLIENT_HEADERS.shipper,
      code: 'JUSTFORYOU',
      discountId: discount('promo-5k'),
      perCustomerLimit: null,
      customerId: owner.id,
    });
    expect(
      await refused({ ...order, promo_code: 'justforyou' }, other.token, 422, 'PROMO_CODE_NOT_FOR_YOU'),
    ).toBe('Promocode is not for you');
    await refused({ ...order, promo_code: 'JUSTFORYOU' }, undefined, 401, 'PROMO_CODE_SIGN_IN');
    const mine = await orderDiscounts({ ...order, promo_code: 'JUSTFORYOU' }, { authorization: owner.token });
    expect(mine.all_discount_price).toBe(5_000);
  });

  it('gives a first-order code to a customer without orders only', async () => {
    const c = await newCustomer();
    // 20% of 200 000 = 40 000, capped at 30 000.
    const body = await orderDiscounts(
      { ...CHILONZOR, order_price: 200_000, promo_code: 'FIRST20' },
      { authorization: c.token },
    );
    expect(amounts(body)).toEqual({ [discount('promo-first')]: 30_000 });
    // The order service passes whether the customer has ordered before.
    const input = {
      shipperId: CLIENT_HEADERS.shipper,
      branchId: branch('chilonzor'),
      deliveryType: 'delivery' as const,
      paymentType: null,
      orderPrice: 200_000,
      lines: [],
      promoCode: 'FIRST20',
      now: AFTERNOON,
    };
    await expect(
      computeDiscounts(t.app.db, { ...input, customer: { id: c.id, hasOrders: true } }),
    ).rejects.toMatchObject({ statusCode: 422, code: 'PROMO_CODE_NOT_FOR_YOU' });
    const first = await computeDiscounts(t.app.db, { ...input, customer: { id: c.id, hasOrders: false } });
    expect(first.total).toBe(30_000);
    expect(first.promoCode).toEqual({ id: promoCodeSeedId('FIRST20'), code: 'FIRST20' });
  });

  it('lets the order service check a code under a lock and record its use in one transaction', async () => {
    const c = await newCustomer();
    const input = {
      shipperId: CLIENT_HEADERS.shipper,
      branchId: branch('chilonzor'),
      deliveryType: 'delivery' as const,
      paymentType: 'cash' as const,
      orderPrice: 64_000,
      lines: [{ productId: product('beef-wrap'), unitPrice: 32_000, count: 2 }],
      promoCode: 'save10',
      customer: { id: c.id, hasOrders: false },
      now: AFTERNOON,
      lockPromoCode: true,
    };
    const result = await t.app.db.transaction(async (tx) => {
      const priced = await computeDiscounts(tx, input);
      if (!priced.promoCode) throw new Error('no promo code');
      await recordPromoCodeUsage(tx, {
        promoCodeId: priced.promoCode.id,
        customerId: c.id,
        orderId: null,
        now: AFTERNOON,
      });
      return priced;
    });
    // 10 000 off the wraps, then 10% of the 54 000 left.
    expect(result.total).toBe(10_000 + 5_400);
    expect(result.units).toEqual([
      expect.objectContaining({ productId: product('beef-wrap'), perUnit: 5_000 }),
    ]);
    await expect(computeDiscounts(t.app.db, input)).rejects.toMatchObject({
      statusCode: 409,
      code: 'PROMO_CODE_ALREADY_USED',
    });
  });

  it('refuses a code below its minimum', async () => {
    await refused(
      { ...CHILONZOR, order_price: 149_999, promo_code: 'BIG' },
      undefined,
      422,
      'PROMO_CODE_MIN_ORDER',
    );
    expect(amounts(await orderDiscounts({ ...CHILONZOR, order_price: 150_000, promo_code: 'BIG' }))).toEqual({
      [discount('promo-5k')]: 5_000,
    });
  });

  it('refuses a code outside its branch, order type or hours', async () => {
    const pickup = { ...CHILONZOR, order_price: 50_000, delivery_type: 'self-pickup', promo_code: 'PICKUP7' };
    expect(amounts(await orderDiscounts(pickup))).toEqual({ [discount('promo-pickup-chilonzor')]: 7_000 });
    await refused({ ...pickup, delivery_type: 'delivery' }, undefined, 422, 'PROMO_CODE_NOT_APPLICABLE');
    await refused({ ...pickup, branch_id: branch('yunusobod') }, undefined, 422, 'PROMO_CODE_NOT_APPLICABLE');
    const { branch_id: _, ...noBranch } = pickup;
    await refused(noBranch, undefined, 422, 'PROMO_CODE_NOT_APPLICABLE');
    clock.set(tashkent('2026-03-01T18:00:00'));
    await refused(pickup, undefined, 422, 'PROMO_CODE_NOT_APPLICABLE');
  });

  it('refuses a code that takes nothing off this order', async () => {
    // A product code without its product.
    await refused(
      { ...order, products: items(['cola', 1]), promo_code: 'WRAP' },
      undefined,
      422,
      'PROMO_CODE_NOT_APPLICABLE',
    );
    // Free delivery for pickup.
    await refused(
      { ...order, delivery_type: 'self-pickup', promo_code: 'FREEDEL' },
      undefined,
      422,
      'PROMO_CODE_NOT_APPLICABLE',
    );
    const free = await orderDiscounts({ ...order, promo_code: 'FREEDEL' });
    expect(free.is_delivery_free).toBe(true);
    expect(free.discounts).toEqual([
      expect.objectContaining({
        discount_type: 'promo_code',
        discount_mode: 'free_delivery',
        promo_code: 'FREEDEL',
      }),
    ]);
  });

  it('refuses promo codes on the product endpoint the same way', async () => {
    const res = await getProducts(
      { products: items(['beef-wrap', 1]), promo_code: 'NOPE' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe('Promocode is not found');
  });
});
