import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZCreateOrderRequest,
  ZCreateOrderResponse,
  ZCreateReviewRequest,
  ZCreateReviewResponse,
  ZOrderDetail,
  ZOrderParams,
  ZOrderQuoteResponse,
  ZOrderStatusEvent,
  ZOrdersQuery,
  ZOrdersResponse,
  ZReviewEligibility,
  ZReviewEligibilityQuery,
  ZStaffLoginRequest,
  ZStaffLoginResponse,
  ZStaffOrderEventRequest,
  ZStaffOrderEventResponse,
  ZStaffOrdersQuery,
  ZStaffOrdersResponse,
} from './order.ts';
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
import { ORDER_DISCOUNT } from './test-samples.ts';

const ORDER_ID = 'c7df9d28-3824-43e2-8da1-63ab16ce5969';
const BRANCH_ID = '2a9195a4-7616-5bf8-b6ae-2f6e0bd957ab';
const ZONE_ID = '5a3f7a9a-4a13-51a5-9951-d1c7818afb44';
const WRAP_ID = 'ef019d6a-185c-5f81-9a4e-9be99f02e30a';
const SAUCE = 'da3d6c64-3278-5d4a-9530-bcd4ed4c25ff';
const GARLIC = 'e132eb57-0191-56dc-a962-c865b1367c7d';
const CHEESE = '7d3e450d-3ed2-53c1-b363-961a865632f5';
const COMBO_ID = '91d0898e-8a9f-5f0b-b8eb-38e5cd9839de';
const COMBO_MAIN = '8b6ce4be-569c-5821-bfde-f39549dd9a63';
const COURIER = { name: 'Courier One', phone: '998901000001' };
const BRANCH = {
  id: BRANCH_ID,
  slug: 'chilonzor',
  name: { ru: 'Филиал chilonzor', uz: 'chilonzor filiali', en: 'chilonzor branch' },
};
const WRAP_TITLE = { ru: 'Лаваш с говядиной', uz: "Mol go'shtli o'rama", en: 'Beef wrap' };

/**
 * The storefront's order (every field it sends): 2 beef wraps with garlic sauce and cheese, a lunch
 * combo, delivered to an address with its details, cash with change from 100 000.
 */
const ORDER_BODY = {
  delivery_type: 'delivery',
  payment_type: 'cash',
  to_address: 'ул. Тестовая, 5',
  to_location: { lat: 41.3, long: 69.21 },
  delivery_zone_id: ZONE_ID,
  accommodation: 'Бизнес-центр «Пойтахт»',
  apartment: '17',
  building: '5А',
  floor: '4',
  description: 'Домофон не работает,\nпозвоните',
  is_courier_call: false,
  future_time: '2026-03-02T13:00:00+05:00',
  is_preorder: true,
  source: 'website',
  promo_code: 'Open5k',
  change_from: 100000,
  comment: 'Без лука',
  steps: [
    {
      branch_id: BRANCH_ID,
      products: [
        {
          product_id: WRAP_ID,
          type: 'simple',
          variants: [],
          quantity: 2,
          order_modifiers: [
            { modifier_id: GARLIC, modifier_quantity: 1, parent_id: SAUCE },
            { modifier_id: CHEESE, modifier_quantity: 2, parent_id: null },
          ],
          comment: 'Поострее\nпожалуйста',
        },
        {
          product_id: COMBO_ID,
          type: 'combo',
          variants: [{ group_id: COMBO_MAIN, product_id: WRAP_ID }],
          quantity: 1,
          order_modifiers: [],
        },
      ],
    },
  ],
};

/** The same order as a client of the platform writes it: its own id, loyalty, no optional details. */
const PLATFORM_ORDER_BODY = {
  delivery_type: 'delivery',
  payment_type: 'cash',
  client_id: '8b959372-8b10-4080-8adb-ff56fe2ab46a',
  to_address: 'ул. Тестовая, 5',
  to_location: { lat: 41.3, long: 69.21 },
  accommodation: '',
  apartment: '',
  building: '',
  floor: '',
  description: '',
  is_courier_call: true,
  future_time: null,
  is_preorder: false,
  source: 'website',
  delivery_zone_id: ZONE_ID,
  loyalty_amount: 0,
  steps: [
    {
      branch_id: BRANCH_ID,
      products: [
        {
          product_id: WRAP_ID,
          type: 'simple',
          variants: [],
          quantity: 2,
          order_modifiers: [{ modifier_id: GARLIC, modifier_quantity: 1, parent_id: SAUCE }],
        },
      ],
    },
  ],
};

/** POST /v2/ondemand-order/quote of the default order with an unknown promo code. */
const QUOTE = {
  goods_price: 64000,
  delivery_price: 12000,
  delivery_reason: 'distance',
  delivery_distance: 835,
  discount_price: 10000,
  total_price: 66000,
  loyalty_amount: 0,
  loyalty_max: 15000,
  amount_to_pay: 66000,
  discounts: [ORDER_DISCOUNT],
  lines: [{ index: 0, product_id: WRAP_ID, unit_price: 32000, total_price: 64000, in_stop: false }],
  min_order_amount: 60000,
  free_delivery_order_amount: null,
  min_order_shortfall: 0,
  free_delivery_shortfall: null,
  errors: [{ code: 'PROMO_CODE_NOT_FOUND', message: 'Промокод не найден', field: 'promo_code' }],
};

/** GET /v2/orders (current). */
const SUMMARY = {
  id: ORDER_ID,
  external_order_id: 'B-10001',
  status: 'new',
  created_at: '2026-03-02T07:00:00.000Z',
  delivery_type: 'delivery',
  branch: BRANCH,
  total_price: 66000,
  items_count: 2,
};
/** One order of the customer's own list (GET /v2/orders): the summary and its payment link. */
const LIST_ITEM = { ...SUMMARY, payment_link: null };

/** GET /v2/orders/{id} once a courier has it. */
const DETAIL = {
  ...SUMMARY,
  status: 'courier-picked',
  updated_at: '2026-03-02T07:30:00.000Z',
  payment_type: 'cash',
  paid: false,
  to_address: 'ул. Тестовая, 5',
  to_location: { lat: 41.3, long: 69.21 },
  accommodation: '',
  apartment: '',
  building: '',
  floor: '',
  description: '',
  is_courier_call: true,
  comment: '',
  future_time: null,
  expected_at: '2026-03-02T07:40:00.000Z',
  goods_price: 64000,
  delivery_price: 12000,
  delivery_reason: 'distance',
  discount_price: 10000,
  promo_code: null,
  change_from: null,
  loyalty_amount: 0,
  amount_to_pay: 66000,
  loyalty_earned: 0,
  payment_link: null,
  payment_deadline: null,
  payment_started: false,
  refund_due: false,
  courier: COURIER,
  lines: [
    {
      id: '0f9235da-45b5-48cc-a91d-63cdded44e27',
      product_id: WRAP_ID,
      slug: 'beef-wrap',
      type: 'simple',
      title: WRAP_TITLE,
      variants: [{ group_id: COMBO_MAIN, product_id: WRAP_ID, title: WRAP_TITLE }],
      modifiers: [
        {
          modifier_id: GARLIC,
          parent_id: SAUCE,
          name: { ru: 'Чесночный', uz: 'Sarimsoqli', en: 'Garlic' },
          quantity: 1,
          price: 0,
        },
      ],
      quantity: 2,
      unit_price: 32000,
      total_price: 64000,
      image_url: '/images/r1/products/beef-wrap--pot-of-food--f5e6d3-160.webp',
      comment: '',
      auto_added: false,
      can_review: false,
    },
  ],
  history: [
    { status: 'new', at: '2026-03-02T07:00:00.000Z' },
    { status: 'courier-picked', at: '2026-03-02T07:30:00.000Z' },
  ],
};

/** POST /v1/staff/login. */
const STAFF_LOGIN = {
  staff: {
    id: 'c4de9ac1-cbfa-5f79-afd3-9bf8978f4af2',
    login: 'operator',
    name: 'Operator One',
    role: 'operator',
    branch_id: null,
  },
  access_token: '6co7YPq3p8Jp4shdFixSr51r0-W5XqW5_9icCHcEN48',
  expires_at: '2026-03-02T19:00:00.000Z',
};

/** GET /v1/staff/orders. */
const STAFF_ORDERS = {
  count: 1,
  orders: [
    {
      ...SUMMARY,
      payment_type: 'cash',
      paid: false,
      loyalty_amount: 0,
      refund_due: false,
      to_address: 'ул. Тестовая, 5',
      future_time: null,
      comment: '',
      customer: { name: 'Aziz', phone: '998971000001' },
      courier: null,
      allowed_events: ['operator-accepted', 'operator-cancelled'],
      target_minutes: 45,
    },
  ],
};

const REVIEW = {
  product_id: WRAP_ID,
  order_id: ORDER_ID,
  rating: 5,
  review_message: 'Очень вкусно!\nПриду ещё.',
};

const responses: [string, z.ZodType, unknown][] = [
  ['an order placed', ZCreateOrderResponse, { order_id: ORDER_ID, external_order_id: 'B-10001' }],
  ['a quote', ZOrderQuoteResponse, QUOTE],
  ['the current orders', ZOrdersResponse, { count: 1, orders: [LIST_ITEM], next_before: null }],
  [
    'an order awaiting its online payment in the list, with the link to pay it',
    ZOrdersResponse,
    {
      count: 1,
      orders: [{ ...LIST_ITEM, status: 'payment-awaited', payment_link: 'https://checkout.paycom.uz/abc' }],
      next_before: ORDER_ID,
    },
  ],
  ['an order on its way', ZOrderDetail, DETAIL],
  [
    'a status change on the stream',
    ZOrderStatusEvent,
    { order_id: ORDER_ID, status: 'courier-accepted', at: '2026-03-02T07:20:00.000Z', courier: COURIER },
  ],
  [
    'a review posted',
    ZCreateReviewResponse,
    {
      id: 'fb4fc737-acd1-5efd-bc37-1e981093823e',
      rating: 5,
      review_message: '',
      created_at: '2026-03-02T08:00:00.000Z',
      client_name: 'Aziz',
    },
  ],
  ['may rate', ZReviewEligibility, { can_review: true, order_id: ORDER_ID, reason: null }],
  ['a staff sign-in', ZStaffLoginResponse, STAFF_LOGIN],
  ['the staff’s orders', ZStaffOrdersResponse, STAFF_ORDERS],
  [
    'an event applied',
    ZStaffOrderEventResponse,
    { order_id: ORDER_ID, status: 'operator-accepted', at: '2026-03-02T07:00:00.000Z' },
  ],
];

/** The platform's statuses (reference: platform-shapes.md, "Order statuses"). */
const PLATFORM_STATUSES = [
  'new',
  'future',
  'operator-accepted',
  'vendor-accepted',
  'vendor-ready',
  'courier-accepted',
  'courier-picked',
  'delivered',
  'finished',
  'operator-cancelled',
  'vendor-cancelled',
  'courier-cancelled',
  'server-cancelled',
  'payment-awaited',
];

describe('order contracts accept what the API answers and the storefront sends', () => {
  it.each<[string, z.ZodType, unknown]>([
    ...responses,
    ['the storefront’s order with every detail', ZCreateOrderRequest, ORDER_BODY],
    ['an order in the platform’s shape', ZCreateOrderRequest, PLATFORM_ORDER_BODY],
    [
      'a pickup order with nothing but the products',
      ZCreateOrderRequest,
      { delivery_type: 'self-pickup', payment_type: 'card', steps: ORDER_BODY.steps },
    ],
    [
      'an order with an online payment link',
      ZCreateOrderResponse,
      { order_id: ORDER_ID, external_order_id: 'B-10002', payment_link: 'https://checkout.paycom.uz/abc' },
    ],
    [
      'a quote that cannot price a line or the delivery',
      ZOrderQuoteResponse,
      {
        ...QUOTE,
        delivery_price: 0,
        delivery_reason: null,
        delivery_distance: 0,
        lines: [{ index: 0, product_id: WRAP_ID, unit_price: null, total_price: null, in_stop: true }],
        free_delivery_order_amount: 200000,
        free_delivery_shortfall: 136000,
        errors: [{ code: 'OUT_OF_ZONE', message: 'Адрес вне зоны доставки' }],
      },
    ],
    [
      'an order without a courier yet',
      ZOrderDetail,
      { ...DETAIL, courier: null, expected_at: null, to_address: null, to_location: null },
    ],
    [
      'a scheduled order paid by card',
      ZOrderDetail,
      {
        ...DETAIL,
        status: 'future',
        future_time: '2026-03-02T09:00:00.000Z',
        payment_type: 'card',
        paid: true,
      },
    ],
    [
      'may not rate: never ordered',
      ZReviewEligibility,
      { can_review: false, order_id: null, reason: 'not_ordered' },
    ],
    [
      'may not rate: rated already',
      ZReviewEligibility,
      { can_review: false, order_id: null, reason: 'already_reviewed' },
    ],
    [
      'a vendor signed in',
      ZStaffLoginResponse,
      changed(changed(STAFF_LOGIN, ['staff', 'role'], 'vendor'), ['staff', 'branch_id'], BRANCH_ID),
    ],
    ['the order history', ZOrdersQuery, { status: 'history', page: '2', limit: '10' }],
    ['the next page after an order', ZOrdersQuery, { status: 'history', limit: '10', before: ORDER_ID }],
    ['an order path', ZOrderParams, { id: ORDER_ID }],
    ['a review', ZCreateReviewRequest, REVIEW],
    ['a rating without words', ZCreateReviewRequest, { product_id: WRAP_ID, order_id: ORDER_ID, rating: 1 }],
    ['may I rate this dish', ZReviewEligibilityQuery, { product_id: WRAP_ID }],
    ['a staff sign-in', ZStaffLoginRequest, { login: 'vendor-chilonzor', password: 'baraka-staff-demo' }],
    ['the staff’s new orders', ZStaffOrdersQuery, { status: 'new', page: '1', limit: '50' }],
    ['an event', ZStaffOrderEventRequest, { event: 'vendor-ready' }],
  ])('%s', (_name, schema, value) => {
    expectAccepted(schema, value);
  });

  it.each(PLATFORM_STATUSES)('an order in the platform’s status %s', (status) => {
    expectAccepted(ZOrdersResponse, { count: 1, orders: [{ ...LIST_ITEM, status }], next_before: null });
    expectAccepted(ZOrderStatusEvent, {
      order_id: ORDER_ID,
      status,
      at: '2026-03-02T07:00:00.000Z',
      courier: null,
    });
  });

  it('drops what a client may not decide: its own id and prices (bonuses it asks for are kept)', () => {
    const body = ZCreateOrderRequest.parse({
      ...PLATFORM_ORDER_BODY,
      total_price: 1,
      delivery_price: 0,
      steps: [
        { ...PLATFORM_ORDER_BODY.steps[0], products: [{ ...ORDER_BODY.steps[0]?.products[0], price: 1 }] },
      ],
    });
    for (const key of ['client_id', 'total_price', 'delivery_price']) expect(body).not.toHaveProperty(key);
    expect(body.loyalty_amount).toBe(0);
    expect(body.steps[0]?.products[0]).not.toHaveProperty('price');
  });

  it('fills an order’s defaults: courier call, as soon as possible, from the website, no details', () => {
    expect(
      ZCreateOrderRequest.parse({
        delivery_type: 'self-pickup',
        payment_type: 'cash',
        steps: [{ branch_id: BRANCH_ID, products: [{ product_id: WRAP_ID, type: 'simple', quantity: 1 }] }],
      }),
    ).toEqual({
      delivery_type: 'self-pickup',
      payment_type: 'cash',
      accommodation: '',
      apartment: '',
      building: '',
      floor: '',
      description: '',
      is_courier_call: true,
      is_preorder: false,
      source: 'website',
      comment: '',
      loyalty_amount: 0,
      steps: [
        {
          branch_id: BRANCH_ID,
          products: [{ product_id: WRAP_ID, type: 'simple', quantity: 1, variants: [], order_modifiers: [] }],
        },
      ],
    });
  });

  it('lists the current orders unless asked for the history; a review is of a product, its words trimmed', () => {
    expect(ZOrdersQuery.parse({})).toEqual({ status: 'current', page: 1, limit: 20 });
    expect(ZCreateReviewRequest.parse({ ...REVIEW, review_message: '  Вкусно \n' })).toEqual({
      ...REVIEW,
      related_subject: 'product',
      review_message: 'Вкусно',
    });
  });
});

describe('order contracts refuse what the API must not take or answer', () => {
  it.each(responses)('%s: no field may be left out or take another type', (_name, schema, sample) => {
    expect(omissionsAccepted(schema, sample)).toEqual(
      // A quote's refusal may be about the order as a whole, naming no field.
      schema === ZOrderQuoteResponse ? ['errors.0.field'] : [],
    );
    expect(wrongTypesAccepted(schema, sample)).toEqual([]);
  });

  it('an order needs its type, its payment and its products; everything else has a default or is optional', () => {
    expect(omissionsAccepted(ZCreateOrderRequest, ORDER_BODY)).toEqual([
      'to_address',
      'to_location',
      'delivery_zone_id',
      'accommodation',
      'apartment',
      'building',
      'floor',
      'description',
      'is_courier_call',
      'future_time',
      'is_preorder',
      'source',
      'promo_code',
      'change_from',
      'comment',
      'steps.0.products.0.variants',
      'steps.0.products.0.order_modifiers',
      'steps.0.products.0.order_modifiers.0.parent_id',
      'steps.0.products.0.order_modifiers.1.parent_id',
      'steps.0.products.0.comment',
      'steps.0.products.1.variants',
      'steps.0.products.1.order_modifiers',
    ]);
    expect(wrongTypesAccepted(ZCreateOrderRequest, ORDER_BODY)).toEqual([]);
  });

  const line = ['steps', 0, 'products', 0];
  it.each<[string, Path, unknown]>([
    ['an unknown order type', ['delivery_type'], 'courier'],
    ['an unknown payment type', ['payment_type'], 'barter'],
    ['an order from two branches at once', ['steps'], [ORDER_BODY.steps[0], ORDER_BODY.steps[0]]],
    ['an order from no branch', ['steps'], []],
    ['an order of no products', ['steps', 0, 'products'], []],
    [
      'an order of more than 100 lines',
      ['steps', 0, 'products'],
      Array.from({ length: 101 }, () => ORDER_BODY.steps[0]?.products[1]),
    ],
    ['no units of a dish', [...line, 'quantity'], 0],
    ['100 units of a dish', [...line, 'quantity'], 100],
    ['half a dish', [...line, 'quantity'], 1.5],
    ['an unknown product type', [...line, 'type'], 'pizza'],
    ['a product that is not an id', [...line, 'product_id'], 'beef-wrap'],
    ['no units of a modifier', [...line, 'order_modifiers', 0, 'modifier_quantity'], 0],
    ['100 units of a modifier', [...line, 'order_modifiers', 0, 'modifier_quantity'], 100],
    [
      'more than 50 modifiers on a line',
      [...line, 'order_modifiers'],
      Array.from({ length: 51 }, () => ({ modifier_id: CHEESE, modifier_quantity: 1 })),
    ],
    [
      'more than 20 picks on a line',
      [...line, 'variants'],
      Array.from({ length: 21 }, () => ({ group_id: COMBO_MAIN, product_id: WRAP_ID })),
    ],
    ['a line comment over 300 characters', [...line, 'comment'], 'a'.repeat(301)],
    ['an address over 300 characters', ['to_address'], 'a'.repeat(301)],
    ['an accommodation over 100 characters', ['accommodation'], 'a'.repeat(101)],
    ['an apartment over 20 characters', ['apartment'], '1'.repeat(21)],
    ['a description over 500 characters', ['description'], 'a'.repeat(501)],
    ['a comment over 500 characters', ['comment'], 'a'.repeat(501)],
    ['a point beyond the pole', ['to_location', 'lat'], 91],
    ['a point beyond 180', ['to_location', 'long'], 181],
    ['a time without its offset', ['future_time'], '2026-03-02T13:00:00'],
    ['a time that is a date', ['future_time'], '2026-03-02'],
    ['an empty promo code', ['promo_code'], '  '],
    ['a promo code over 40 characters', ['promo_code'], 'A'.repeat(41)],
    ['change from a negative banknote', ['change_from'], -1],
    ['change from a fractional sum', ['change_from'], 100000.5],
    ['an order from another source', ['source'], 'app'],
  ])('an order: refuses %s', (_name, path, value) => {
    expectRefused(ZCreateOrderRequest, changed(ORDER_BODY, path, value), path);
  });

  it('an order takes no control characters; only the comments and the description hold line breaks', () => {
    expect(
      controlCharacterViolations(ZCreateOrderRequest, ORDER_BODY, [
        'description',
        'comment',
        'steps.0.products.0.comment',
      ]),
    ).toEqual([]);
  });

  it.each<[string, z.ZodType, unknown, Path, unknown]>([
    ['a quote of a negative total', ZOrderQuoteResponse, QUOTE, ['total_price'], -1],
    ['a quote of a fractional goods price', ZOrderQuoteResponse, QUOTE, ['goods_price'], 64000.5],
    ['a quote line at a negative position', ZOrderQuoteResponse, QUOTE, ['lines', 0, 'index'], -1],
    ['a quote of an unknown delivery reason', ZOrderQuoteResponse, QUOTE, ['delivery_reason'], 'rain'],
    [
      'an order of an unknown status',
      ZOrdersResponse,
      { count: 1, orders: [LIST_ITEM], next_before: null },
      ['orders', 0, 'status'],
      'cancelled',
    ],
    [
      'an order of a negative total',
      ZOrdersResponse,
      { count: 1, orders: [LIST_ITEM], next_before: null },
      ['orders', 0, 'total_price'],
      -66000,
    ],
    [
      'a list item without its payment link',
      ZOrdersResponse,
      { count: 1, orders: [LIST_ITEM], next_before: null },
      ['orders', 0, 'payment_link'],
      REMOVED,
    ],
    [
      'a list item whose payment link is not a URL',
      ZOrdersResponse,
      { count: 1, orders: [LIST_ITEM], next_before: null },
      ['orders', 0, 'payment_link'],
      'pay here',
    ],
    [
      'an order created on a date without a time',
      ZOrdersResponse,
      { count: 1, orders: [LIST_ITEM], next_before: null },
      ['orders', 0, 'created_at'],
      '2026-03-02',
    ],
    ['a line of no units', ZOrderDetail, DETAIL, ['lines', 0, 'quantity'], 0],
    ['a modifier of a negative price', ZOrderDetail, DETAIL, ['lines', 0, 'modifiers', 0, 'price'], -1],
    ['a courier without a phone', ZOrderDetail, DETAIL, ['courier', 'phone'], REMOVED],
    ['a courier of a foreign phone', ZOrderDetail, DETAIL, ['courier', 'phone'], '79121234567'],
    ['a history step of an unknown status', ZOrderDetail, DETAIL, ['history', 1, 'status'], 'lost'],
    [
      'a stream message of an unknown status',
      ZOrderStatusEvent,
      { order_id: ORDER_ID, status: 'new', at: '2026-03-02T07:00:00.000Z', courier: null },
      ['status'],
      'moving',
    ],
    [
      'a reason not to rate that does not exist',
      ZReviewEligibility,
      { can_review: false, order_id: null, reason: 'not_ordered' },
      ['reason'],
      'banned',
    ],
    ['a staff member of an unknown role', ZStaffLoginResponse, STAFF_LOGIN, ['staff', 'role'], 'admin'],
    ['a staff token shorter than 32 characters', ZStaffLoginResponse, STAFF_LOGIN, ['access_token'], 'short'],
    [
      'a staff order offering an unknown event',
      ZStaffOrdersResponse,
      STAFF_ORDERS,
      ['orders', 0, 'allowed_events', 0],
      'teleported',
    ],
    [
      'a staff order of a customer without a phone',
      ZStaffOrdersResponse,
      STAFF_ORDERS,
      ['orders', 0, 'customer', 'phone'],
      REMOVED,
    ],
  ])('refuses %s', (_name, schema, sample, path, value) => {
    expectRefused(schema, changed(sample, path, value), path);
  });

  it.each<[string, z.ZodType, unknown, Path]>([
    ['a review of no stars', ZCreateReviewRequest, { ...REVIEW, rating: 0 }, ['rating']],
    ['a review of 6 stars', ZCreateReviewRequest, { ...REVIEW, rating: 6 }, ['rating']],
    ['a review of 4.5 stars', ZCreateReviewRequest, { ...REVIEW, rating: 4.5 }, ['rating']],
    [
      'a review over 1000 characters',
      ZCreateReviewRequest,
      { ...REVIEW, review_message: 'a'.repeat(1001) },
      ['review_message'],
    ],
    [
      'a review of a branch',
      ZCreateReviewRequest,
      { ...REVIEW, related_subject: 'branch' },
      ['related_subject'],
    ],
    ['a review without its order', ZCreateReviewRequest, { ...REVIEW, order_id: undefined }, ['order_id']],
    ['orders of an unknown list', ZOrdersQuery, { status: 'all' }, ['status']],
    ['orders after something not an order id', ZOrdersQuery, { before: 'B-10001' }, ['before']],
    ['an order path that is not an id', ZOrderParams, { id: 'B-10001' }, ['id']],
    ['eligibility of no product', ZReviewEligibilityQuery, {}, ['product_id']],
    [
      'a staff login of two letters',
      ZStaffLoginRequest,
      { login: ' op ', password: 'baraka-staff-demo' },
      ['login'],
    ],
    [
      'a staff password under 8 characters',
      ZStaffLoginRequest,
      { login: 'operator', password: 'short' },
      ['password'],
    ],
    [
      'a staff password over 200 characters',
      ZStaffLoginRequest,
      { login: 'operator', password: 'p'.repeat(201) },
      ['password'],
    ],
    ['staff orders of an unknown status', ZStaffOrdersQuery, { status: 'cancelled' }, ['status']],
    ['an unknown event', ZStaffOrderEventRequest, { event: 'teleported' }, ['event']],
    ['a status sent as an event', ZStaffOrderEventRequest, { event: 'new' }, ['event']],
  ])('refuses %s', (_name, schema, value, path) => {
    expectRefused(schema, value, path);
  });

  it.each<[string, z.ZodType, unknown, string[]]>([
    ['review', ZCreateReviewRequest, REVIEW, ['review_message']],
    ['staff sign-in', ZStaffLoginRequest, { login: 'vendor-chilonzor', password: 'baraka-staff-demo' }, []],
  ])('the %s takes no control characters in any text', (_name, schema, sample, multiLine) => {
    expect(controlCharacterViolations(schema, sample, multiLine)).toEqual([]);
  });
});
