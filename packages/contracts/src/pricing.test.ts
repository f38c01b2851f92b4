import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  MAX_QUOTE_PRODUCT_COUNT,
  MAX_QUOTE_PRODUCTS,
  ZComputePriceRequest,
  ZComputePriceResponse,
  ZDiscountQuery,
  ZDiscountWithOrderPriceQuery,
  ZDiscountWithOrderPriceResponse,
  ZDiscountWithProductsQuery,
  ZDiscountWithProductsResponse,
  ZQuoteProductsParam,
} from './pricing.ts';
import {
  changed,
  controlCharacterViolations,
  expectAccepted,
  expectRefused,
  omissionsAccepted,
  type Path,
  REMOVED,
  wrongTypesAccepted,
} from './test-cases.ts';
import { ORDER_DISCOUNT, PROMO_DISCOUNT } from './test-samples.ts';

const BRANCH_ID = '2a9195a4-7616-5bf8-b6ae-2f6e0bd957ab';
const ZONE_ID = '5a3f7a9a-4a13-51a5-9951-d1c7818afb44';
const WRAP = 'ef019d6a-185c-5f81-9a4e-9be99f02e30a';
const COLA = '0c8a7e0e-3f55-5d2c-9a56-6c4bd5f0b7a1';

/** The fare request as the platform's clients send it (spec: `{ branch_id, lat, long, order_price, delivery_zone_id }`). */
const FARE_REQUEST = {
  branch_id: BRANCH_ID,
  lat: 41.3,
  long: 69.21,
  order_price: 64000,
  delivery_zone_id: ZONE_ID,
};

/** GET /v2/discount-with-order-price with an automatic discount and a promo code. */
const ORDER_DISCOUNTS = {
  discounts: [ORDER_DISCOUNT, PROMO_DISCOUNT],
  all_discount_price: 15000,
  is_delivery_free: false,
};

/** GET /v2/discount-with-products: an automatic discount and a promo code on one wrap. */
const PRODUCT_DISCOUNTS = {
  products: [
    {
      product_id: WRAP,
      discount_price: -5000,
      discount_id: 'e6d2889b-a548-5c30-8a43-aa4031558851',
      discount_type: 'discount',
      discount_mode: 'fixed',
      promo_code: null,
      discount_title: { ru: 'Лаваш дешевле', uz: 'Lavash arzonroq', en: 'Wrap for less' },
    },
    {
      product_id: WRAP,
      discount_price: -27000,
      discount_id: '23afeb60-447c-53a6-8c06-9afc03109b47',
      discount_type: 'promo_code',
      discount_mode: 'fixed',
      promo_code: 'WRAP',
      discount_title: { ru: 'Лаваш в подарок', uz: "Lavash sovg'a", en: 'A free wrap' },
    },
  ],
};

const responses: [string, z.ZodType, unknown][] = [
  ['a delivery fare', ZComputePriceResponse, { price: 12000, distance: 835, reason: 'distance' }],
  ['the discounts of an order', ZDiscountWithOrderPriceResponse, ORDER_DISCOUNTS],
  ['the discounts of the products', ZDiscountWithProductsResponse, PRODUCT_DISCOUNTS],
];

describe('pricing contracts accept what the API answers and the storefront sends', () => {
  it.each<[string, z.ZodType, unknown]>([
    ...responses,
    [
      'a free delivery above the threshold',
      ZComputePriceResponse,
      { price: 0, distance: 2400, reason: 'free_threshold' },
    ],
    ['a pickup fare', ZComputePriceResponse, { price: 0, distance: 0, reason: 'pickup' }],
    [
      'no discounts',
      ZDiscountWithOrderPriceResponse,
      { discounts: [], all_discount_price: 0, is_delivery_free: false },
    ],
    [
      'a free delivery and a gift',
      ZDiscountWithOrderPriceResponse,
      {
        discounts: [
          {
            ...PROMO_DISCOUNT,
            discount_mode: 'free_delivery',
            discount_price_for_order: 0,
            bonus_product: { id: COLA, count: 1, out_price: 0 },
          },
        ],
        all_discount_price: 0,
        is_delivery_free: true,
      },
    ],
    ['a fare in the platform’s shape', ZComputePriceRequest, FARE_REQUEST],
    [
      'a pickup fare without a point',
      ZComputePriceRequest,
      { branch_id: BRANCH_ID, order_price: 64000, delivery_type: 'self-pickup' },
    ],
    [
      'the checkout’s order discounts',
      ZDiscountWithOrderPriceQuery,
      {
        branch_id: BRANCH_ID,
        delivery_type: 'delivery',
        payment_type: 'cash',
        order_price: '64000',
        delivery_price: '12000',
        products: `${WRAP}:2,${COLA}:1`,
        promo_code: 'Open5k',
      },
    ],
    [
      'the cart’s product discounts',
      ZDiscountWithProductsQuery,
      { branch_id: BRANCH_ID, products: `${WRAP}:2` },
    ],
    ['product discounts without a branch or products', ZDiscountQuery, {}],
  ])('%s', (_name, schema, value) => {
    expectAccepted(schema, value);
  });

  it('a fare is for delivery unless the request says pickup', () => {
    expect(ZComputePriceRequest.parse(FARE_REQUEST).delivery_type).toBe('delivery');
  });

  it('reads the discount query: sums as numbers, no delivery price as 0', () => {
    expect(ZDiscountWithOrderPriceQuery.parse({ order_price: ' 125000 ', promo_code: '  open5k ' })).toEqual({
      delivery_type: 'delivery',
      order_price: 125000,
      delivery_price: 0,
      promo_code: 'open5k',
    });
  });

  it.each<[string, string | string[], { product_id: string; count: number }[]]>([
    ['one product', `${WRAP}:2`, [{ product_id: WRAP, count: 2 }]],
    [
      'two products, spaces and an empty item',
      ` ${WRAP}:2 ,, ${COLA}:1 `,
      [
        { product_id: WRAP, count: 2 },
        { product_id: COLA, count: 1 },
      ],
    ],
    [
      'one product twice, counts added',
      `${WRAP}:2,${WRAP.toUpperCase()}:3`,
      [{ product_id: WRAP, count: 5 }],
    ],
    [
      'a repeated parameter, read as one list',
      [`${WRAP}:1`, `${COLA}:4`],
      [
        { product_id: WRAP, count: 1 },
        { product_id: COLA, count: 4 },
      ],
    ],
    ['nothing', '', []],
    [
      `${MAX_QUOTE_PRODUCT_COUNT} of a product`,
      `${WRAP}:${MAX_QUOTE_PRODUCT_COUNT}`,
      [{ product_id: WRAP, count: MAX_QUOTE_PRODUCT_COUNT }],
    ],
  ])('reads the products parameter: %s', (_name, param, products) => {
    expect(ZQuoteProductsParam.parse(param)).toEqual(products);
  });
});

describe('pricing contracts refuse what the API must not take or answer', () => {
  it.each(responses)('%s: no field may be left out or take another type', (_name, schema, sample) => {
    expect(omissionsAccepted(schema, sample)).toEqual([]);
    expect(wrongTypesAccepted(schema, sample)).toEqual([]);
  });

  it('the fare request: only the point and the zone may be left out, and only for pickup', () => {
    expect(omissionsAccepted(ZComputePriceRequest, FARE_REQUEST)).toEqual([]);
    expect(
      omissionsAccepted(ZComputePriceRequest, { ...FARE_REQUEST, delivery_type: 'self-pickup' }),
    ).toEqual(['lat', 'long', 'delivery_zone_id', 'delivery_type']);
    expect(wrongTypesAccepted(ZComputePriceRequest, FARE_REQUEST)).toEqual([]);
  });

  it.each<[string, Path, unknown]>([
    ['a latitude beyond the pole', ['lat'], 90.01],
    ['a longitude beyond 180', ['long'], 180.5],
    ['a fractional order price', ['order_price'], 64000.5],
    ['a negative order price', ['order_price'], -1],
    ['a branch that is not an id', ['branch_id'], 'chilonzor'],
    ['an unknown delivery type', ['delivery_type'], 'courier'],
  ])('the fare request: refuses %s', (_name, path, value) => {
    expectRefused(ZComputePriceRequest, changed(FARE_REQUEST, path, value), path);
  });

  it.each<[string, Path, unknown]>([
    ['a negative fare', ['price'], -1],
    ['a fractional fare', ['price'], 12000.5],
    ['a distance in fractions of a metre', ['distance'], 835.2],
    ['an unknown reason', ['reason'], 'weather'],
  ])('the fare: refuses %s', (_name, path, value) => {
    expectRefused(
      ZComputePriceResponse,
      changed({ price: 12000, distance: 835, reason: 'distance' }, path, value),
      path,
    );
  });

  it.each<[string, Path, unknown]>([
    ['a negative total', ['all_discount_price'], -1],
    ['a fractional discount', ['discounts', 0, 'discount_price_for_order'], 10000.5],
    ['an unknown discount type', ['discounts', 0, 'discount_type'], 'cashback'],
    ['an unknown discount mode', ['discounts', 0, 'discount_mode'], 'bogo'],
    ['a gift of no units', ['discounts', 1, 'bonus_product'], { id: COLA, count: 0, out_price: 0 }],
    ['a title without its English text', ['discounts', 0, 'discount_title'], { ru: 'x', uz: 'x' }],
  ])('the order discounts: refuses %s', (_name, path, value) => {
    expectRefused(ZDiscountWithOrderPriceResponse, changed(ORDER_DISCOUNTS, path, value), path);
  });

  it.each<[string, unknown]>([
    ['a discount that raises the price', 5000],
    ['a fractional discount', -5000.5],
  ])('the product discounts: refuse %s', (_name, value) => {
    const path = ['products', 0, 'discount_price'];
    expectRefused(ZDiscountWithProductsResponse, changed(PRODUCT_DISCOUNTS, path, value), path);
  });

  it('a fare for delivery needs the point and the zone', () => {
    for (const field of ['lat', 'long', 'delivery_zone_id']) {
      expectRefused(ZComputePriceRequest, changed(FARE_REQUEST, [field], REMOVED), [field]);
    }
  });

  it.each<[string, unknown]>([
    ['a product without a count', WRAP],
    ['a count of 0', `${WRAP}:0`],
    [`more than ${MAX_QUOTE_PRODUCT_COUNT} of a product in one item`, `${WRAP}:1000`],
    [`more than ${MAX_QUOTE_PRODUCT_COUNT} of a product in two items`, `${WRAP}:999,${WRAP}:1`],
    ['a negative count', `${WRAP}:-1`],
    ['a product that is not an id', 'plov:1'],
    [
      `more than ${MAX_QUOTE_PRODUCTS} products`,
      Array.from(
        { length: MAX_QUOTE_PRODUCTS + 1 },
        (_, i) => `${WRAP.slice(0, -3)}${String(i).padStart(3, '0')}:1`,
      ).join(','),
    ],
    ['a parameter too long to be products', `${WRAP}:1,`.repeat(200)],
    ['a control character', `${WRAP}:1,\u0000`],
  ])('the products parameter: refuses %s', (_name, value) => {
    expectRefused(ZQuoteProductsParam, value);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an order price in the exponent form', { order_price: '1e5' }, 'order_price'],
    ['a negative order price', { order_price: '-1' }, 'order_price'],
    ['a fractional order price', { order_price: '12.5' }, 'order_price'],
    ['an empty order price', { order_price: '' }, 'order_price'],
    ['an order price with a line break', { order_price: '125000\n' }, 'order_price'],
    ['a delivery price that is not a number', { order_price: '1', delivery_price: 'free' }, 'delivery_price'],
    ['an unknown payment type', { order_price: '1', payment_type: 'bitcoin' }, 'payment_type'],
    ['an unknown delivery type', { order_price: '1', delivery_type: 'courier' }, 'delivery_type'],
    ['an empty promo code', { order_price: '1', promo_code: '  ' }, 'promo_code'],
    ['a promo code over 64 characters', { order_price: '1', promo_code: 'A'.repeat(65) }, 'promo_code'],
    ['a branch that is not an id', { order_price: '1', branch_id: 'chilonzor' }, 'branch_id'],
    ['no order price', {}, 'order_price'],
  ])('the order discounts query: refuses %s', (_name, query, field) => {
    expectRefused(ZDiscountWithOrderPriceQuery, query, [field]);
  });

  it('the discount query takes no control characters in any text', () => {
    expect(
      controlCharacterViolations(ZDiscountWithOrderPriceQuery, {
        branch_id: BRANCH_ID,
        delivery_type: 'delivery',
        payment_type: 'cash',
        order_price: '64000',
        delivery_price: '12000',
        products: `${WRAP}:2`,
        promo_code: 'Open5k',
      }),
    ).toEqual([]);
  });
});
