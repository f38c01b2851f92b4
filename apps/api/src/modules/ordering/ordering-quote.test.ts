import {
  type TCreateOrderRequest,
  type TOrderQuoteResponse,
  ZApiError,
  ZCreateOrderRequest,
  ZCreateOrderResponse,
  ZOrderQuoteResponse,
} from '@app/contracts';
import { MAX_CHANGE_FROM } from '@app/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  idempotencyKeys,
  orderLines,
  orderStatusHistory,
  orderStatusOutbox,
  orders,
  promoCodeUsages,
} from '../../db/schema/index.ts';
import { CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import {
  deliveryOrderBody,
  ORDER_FIXTURE as F,
  ORDER_TEST_MORNING,
  ORDER_TEST_NOON,
  pickupOrderBody,
  postOrder,
  signInTestCustomer,
  type TestCustomer,
  withProducts,
  wrapLines,
} from '../../test/orders.ts';
import { useOrderingApp } from './ordering.fixtures.ts';
import { quoteOrder } from './ordering.service.ts';

const MORNING = ORDER_TEST_MORNING;
const NOON = ORDER_TEST_NOON;
const clock = createTestClock(MORNING);
let t: TestApp;
let customer: TestCustomer;

useOrderingApp(clock, (app, signedIn) => {
  t = app;
  customer = signedIn;
});
beforeEach(() => {
  clock.set(MORNING);
});

const P = F.products;
const M = F.modifiers;
type Products = TCreateOrderRequest['steps'][number]['products'];

const wraps = wrapLines;
const pizza35 = (quantity = 1): Products[number] => ({
  product_id: P.margherita,
  type: 'origin',
  quantity,
  variants: [{ group_id: P.margherita, product_id: P.margherita35 }],
});
const combo: Products[number] = {
  product_id: P.lunchCombo,
  type: 'combo',
  quantity: 1,
  variants: [
    { group_id: F.combo.main, product_id: P.lambShashlik },
    { group_id: F.combo.drink, product_id: P.cola },
  ],
};

function postQuote(
  token: string | null,
  body: unknown,
  options: { locale?: 'ru' | 'uz' | 'en'; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/v2/ondemand-order/quote',
    headers: {
      ...CLIENT_HEADERS,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.locale ? { 'accept-language': options.locale } : {}),
      ...options.headers,
    },
    payload: body as object,
  });
}

async function quote(
  body: unknown,
  options: { locale?: 'ru' | 'uz' | 'en'; who?: TestCustomer } = {},
): Promise<TOrderQuoteResponse> {
  const res = await postQuote((options.who ?? customer).token, body, options);
  expect(res.statusCode, res.body).toBe(200);
  return ZOrderQuoteResponse.parse(res.json());
}

async function tableCounts() {
  const db = t.db.db;
  const n = async (
    table:
      | typeof orders
      | typeof orderLines
      | typeof orderStatusHistory
      | typeof orderStatusOutbox
      | typeof promoCodeUsages,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const seq = await db.execute<{ last_value: string | number }>(sql`select last_value from order_number_seq`);
  return {
    orders: await n(orders),
    lines: await n(orderLines),
    history: await n(orderStatusHistory),
    outbox: await n(orderStatusOutbox),
    promoUses: await n(promoCodeUsages),
    keys: (await db.select({ n: count() }).from(idempotencyKeys))[0]?.n ?? 0,
    sequence: String((seq as unknown as { rows: { last_value: unknown }[] }).rows[0]?.last_value),
  };
}

/** Quotes the body, places it, and expects the order to carry exactly the quote's numbers. */
async function expectQuoteMatchesOrder(body: TCreateOrderRequest, who: TestCustomer = customer) {
  const quoted = await quote(body, { who });
  expect(quoted.errors).toEqual([]);
  const res = await postOrder(t, who.token, body);
  expect(res.statusCode, res.body).toBe(201);
  const { order_id } = ZCreateOrderResponse.parse(res.json());
  const [order] = await t.db.db.select().from(orders).where(eq(orders.id, order_id));
  if (!order) throw new Error('the order was not written');
  expect({
    goods: quoted.goods_price,
    delivery: quoted.delivery_price,
    reason: quoted.delivery_reason,
    distance: quoted.delivery_distance,
    discount: quoted.discount_price,
    total: quoted.total_price,
  }).toEqual({
    goods: order.goodsPrice,
    delivery: order.deliveryPrice,
    reason: order.deliveryReason,
    distance: order.deliveryDistanceM,
    discount: order.discountPrice,
    total: order.totalPrice,
  });
  const lines = await t.db.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order_id))
    .orderBy(asc(orderLines.position));
  expect(quoted.lines).toEqual(
    lines.map((l, index) => ({
      index,
      product_id: l.productId,
      unit_price: l.unitPrice,
      total_price: l.totalPrice,
      in_stop: false,
    })),
  );
  // The promo code the quote priced is the one the order kept.
  expect(quoted.discounts.find((d) => d.discount_type === 'promo_code')?.promo_code ?? null).toBe(
    order.promoCode,
  );
  return quoted;
}

describe('POST /v2/ondemand-order/quote: the numbers of the order placing would write', () => {
  it('a delivery with modifiers, a combo and a size', async () => {
    const quoted = await expectQuoteMatchesOrder(
      deliveryOrderBody(
        withProducts([
          {
            product_id: P.beefWrap,
            type: 'simple',
            quantity: 2,
            order_modifiers: [
              { modifier_id: M.cheese, modifier_quantity: 1, parent_id: null },
              { modifier_id: M.chili, modifier_quantity: 1, parent_id: M.sauce },
            ],
          },
          combo,
          pizza35(),
        ]),
      ),
    );
    // ordering.test.ts has the arithmetic: wraps 78 000, combo 48 000, pizza 79 000; delivery 12 000.
    expect(quoted).toMatchObject({
      goods_price: 205_000,
      delivery_price: 12_000,
      delivery_reason: 'distance',
      discount_price: 10_000,
      total_price: 207_000,
      // 'west': minimum 60 000, no free delivery.
      min_order_amount: 60_000,
      min_order_shortfall: 0,
      free_delivery_order_amount: null,
      free_delivery_shortfall: null,
    });
    expect(quoted.lines.map((l) => l.unit_price)).toEqual([39_000, 48_000, 79_000]);
    expect(quoted.discounts).toEqual([
      expect.objectContaining({ discount_type: 'discount', discount_price_for_order: 10_000 }),
    ]);
  });

  it('a scheduled pickup with sizes and its automatic discounts', async () => {
    const quoted = await expectQuoteMatchesOrder(
      pickupOrderBody({
        future_time: '2026-03-02T12:00:00+05:00',
        ...withProducts(
          [
            {
              product_id: P.margherita,
              type: 'origin',
              quantity: 2,
              variants: [{ group_id: P.margherita, product_id: P.margherita25 }],
            },
          ],
          F.yunusobod,
        ),
      }),
    );
    expect(quoted).toMatchObject({
      goods_price: 110_000,
      delivery_price: 0,
      delivery_reason: 'pickup',
      delivery_distance: 0,
      discount_price: 18_563,
      total_price: 91_437,
      // The chain's minimal_order_price.
      min_order_amount: 40_000,
      free_delivery_order_amount: null,
      free_delivery_shortfall: null,
    });
    expect(quoted.discounts.map((d) => d.discount_title.en)).toHaveLength(2);
  });

  it('free delivery from a promo code, and a percent promo code on top of the automatic discount', async () => {
    const free = await expectQuoteMatchesOrder(deliveryOrderBody({ promo_code: 'freedel' }));
    expect(free).toMatchObject({ delivery_price: 0, delivery_reason: 'discount', total_price: 54_000 });
    const who = await signInTestCustomer(t);
    const save = await expectQuoteMatchesOrder(deliveryOrderBody({ promo_code: 'SAVE10' }), who);
    expect(save).toMatchObject({ discount_price: 15_400, total_price: 60_600 });
    expect(save.discounts.find((d) => d.discount_type === 'promo_code')).toMatchObject({
      promo_code: 'SAVE10',
      discount_price_for_order: 5_400,
    });
    // Used once: the same customer's next quote answers the order's refusal by the promo field.
    const again = await quote(deliveryOrderBody({ promo_code: 'SAVE10' }), { who, locale: 'en' });
    expect(again.errors).toEqual([
      { code: 'PROMO_CODE_ALREADY_USED', message: 'You already used this discount', field: 'promo_code' },
    ]);
  });

  it('free delivery from the zone’s threshold, and what is missing before it', async () => {
    clock.set(NOON);
    const centre = { to_location: { lat: 41.32, long: 69.27 }, delivery_zone_id: F.centreZone };
    const free = await expectQuoteMatchesOrder(
      deliveryOrderBody({ ...centre, ...withProducts([pizza35(3)], F.yunusobod) }),
    );
    expect(free).toMatchObject({
      goods_price: 237_000,
      delivery_price: 0,
      delivery_reason: 'free_threshold',
      free_delivery_order_amount: 200_000,
      free_delivery_shortfall: 0,
    });
    const short = await expectQuoteMatchesOrder(
      deliveryOrderBody({ ...centre, ...withProducts([pizza35(1)], F.yunusobod) }),
    );
    expect(short).toMatchObject({
      goods_price: 79_000,
      min_order_amount: 50_000,
      min_order_shortfall: 0,
      free_delivery_order_amount: 200_000,
      free_delivery_shortfall: 121_000,
    });
    expect(short.delivery_price).toBeGreaterThan(0);
  });

  it('ignores every price a client sends', async () => {
    const honest = await quote(deliveryOrderBody());
    const tampered = await quote({
      ...deliveryOrderBody(withProducts([{ ...wraps()[0], price: 1 } as Products[number]])),
      total_price: 1,
      discount_price: 64_000,
    });
    expect(tampered).toEqual(honest);
    expect(honest).toMatchObject({ goods_price: 64_000, total_price: 66_000 });
  });
});

describe('POST /v2/ondemand-order/quote: writes nothing', () => {
  it('leaves orders, lines, statuses, promo code uses, keys and the order numbers alone, publishes nothing', async () => {
    const publish = vi.spyOn(t.app.orderEvents, 'publish');
    // Placing writes its outbox row with the order and tells the bus through `published`.
    const published = vi.spyOn(t.app.orderEvents, 'published');
    try {
      const before = await tableCounts();
      for (const body of [
        deliveryOrderBody({ promo_code: 'freedel' }),
        deliveryOrderBody({ promo_code: 'SAVE10' }),
        pickupOrderBody({ future_time: '2026-03-02T12:00:00+05:00' }),
        deliveryOrderBody({ change_from: 1 }),
      ]) {
        const res = await postQuote(customer.token, body, { headers: { 'idempotency-key': 'quote-key' } });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(await tableCounts()).toEqual(before);
      expect(publish).not.toHaveBeenCalled();
      expect(published).not.toHaveBeenCalled();
      // The promo code, quoted twice, is still the customer's to use.
      const fresh = await signInTestCustomer(t);
      await quote(deliveryOrderBody({ promo_code: 'SAVE10' }), { who: fresh });
      expect((await quote(deliveryOrderBody({ promo_code: 'SAVE10' }), { who: fresh })).errors).toEqual([]);
    } finally {
      publish.mockRestore();
      published.mockRestore();
    }
  });
});

/** Bodies the order refuses, one per refusal (ordering.test.ts tests the refusals themselves). */
const refused: [string, () => unknown][] = [
  [
    'DELIVERY_ADDRESS_REQUIRED',
    () => ({ ...deliveryOrderBody(), to_location: undefined, delivery_zone_id: undefined }),
  ],
  ['ADDRESS_DETAILS_REQUIRED', () => deliveryOrderBody({ is_courier_call: false, apartment: '7' })],
  ['PAYMENT_TYPE_NOT_OFFERED', () => deliveryOrderBody({ payment_type: 'card' })],
  ['LOYALTY_NOT_A_PAYMENT_TYPE', () => deliveryOrderBody({ payment_type: 'loyalty' })],
  ['BRANCH_NOT_FOUND', () => pickupOrderBody(withProducts(wraps(), '00000000-0000-4000-8000-000000000000'))],
  ['BRANCH_INACTIVE', () => pickupOrderBody(withProducts(wraps(), F.oybek))],
  ['BRANCH_CLOSED', () => pickupOrderBody(withProducts(wraps(), F.yunusobod))],
  [
    'FUTURE_TIME_PAST',
    () =>
      pickupOrderBody({ future_time: '2026-03-02T08:00:00+05:00', ...withProducts(wraps(), F.yunusobod) }),
  ],
  [
    'FUTURE_TIME_TOO_FAR',
    () =>
      pickupOrderBody({ future_time: '2026-03-10T12:00:00+05:00', ...withProducts(wraps(), F.yunusobod) }),
  ],
  [
    'FUTURE_TIME_OUTSIDE_HOURS',
    () =>
      pickupOrderBody({ future_time: '2026-03-03T05:00:00+05:00', ...withProducts(wraps(), F.yunusobod) }),
  ],
  ['ADDRESS_OUT_OF_ZONE', () => deliveryOrderBody({ to_location: { lat: 41.5, long: 69.2 } })],
  [
    'BRANCH_NOT_SERVING_ZONE',
    () => deliveryOrderBody({ to_location: { lat: 41.32, long: 69.27 }, delivery_zone_id: F.centreZone }),
  ],
  ['MIN_ORDER_PRICE', () => deliveryOrderBody(withProducts(wraps(1)))],
  [
    'PRODUCT_UNAVAILABLE',
    () =>
      deliveryOrderBody(
        withProducts([...wraps(), { product_id: P.tandoorPastry, type: 'simple', quantity: 1 }]),
      ),
  ],
  [
    'PRODUCT_NOT_ON_MENU',
    () =>
      pickupOrderBody({
        future_time: '2026-03-02T12:00:00+05:00',
        ...withProducts(
          [...wraps(2), { product_id: P.capitalPlov, type: 'simple', quantity: 1 }],
          F.registan,
        ),
      }),
  ],
  [
    'ORDER_PRODUCT_NOT_FOUND',
    () =>
      deliveryOrderBody(
        withProducts([
          ...wraps(),
          { product_id: '00000000-0000-4000-8000-000000000000', type: 'simple', quantity: 3 },
        ]),
      ),
  ],
  [
    'MODIFIERS_INVALID',
    () =>
      deliveryOrderBody(
        withProducts([{ product_id: P.beefWrap, type: 'simple', quantity: 2, order_modifiers: [] }]),
      ),
  ],
  [
    'PRODUCT_VARIANT_INVALID',
    () =>
      deliveryOrderBody(
        withProducts([...wraps(), { product_id: P.margherita, type: 'origin', quantity: 1, variants: [] }]),
      ),
  ],
  ['PROMO_CODE_NOT_FOUND', () => deliveryOrderBody({ promo_code: 'NOPE' })],
  ['CHANGE_FROM_TOO_SMALL', () => deliveryOrderBody({ change_from: 65_999 })],
];

describe('POST /v2/ondemand-order/quote: every refusal the order would meet, with a 200', () => {
  it('ONLINE_PAYMENT_UNAVAILABLE: payme offered but its settings missing (as placing refuses it)', async () => {
    const body = ZCreateOrderRequest.parse(deliveryOrderBody({ payment_type: 'payme' }));
    const input = { shipperId: CLIENT_HEADERS.shipper, customer: { id: customer.id }, body };
    for (const locale of ['en', 'ru'] as const) {
      const quoted = await quoteOrder(
        {
          db: t.db.db,
          clock: clock.now,
          loyalty: t.app.loyalty,
          config: { ...t.app.config, PAYME_KEY: undefined },
        },
        { ...input, locale },
      );
      expect(quoted.errors[0]).toMatchObject({
        code: 'ONLINE_PAYMENT_UNAVAILABLE',
        field: 'payment_type',
        message:
          locale === 'en'
            ? 'Paying online this way is not available right now; choose another payment method'
            : 'Оплата онлайн этим способом сейчас недоступна; выберите другой способ оплаты',
      });
      // With the settings (the test app's demo ones), the same body is accepted.
      expect(
        (await quoteOrder({ ...t.app, db: t.db.db, clock: clock.now }, { ...input, locale })).errors,
      ).toEqual([]);
    }
  });

  it.each(refused)('%s: the order’s refusal (code and message) comes first in errors', async (code, body) => {
    for (const locale of ['en', 'ru'] as const) {
      const order = await postOrder(t, customer.token, body(), { locale });
      expect(order.statusCode, order.body).toBeGreaterThanOrEqual(400);
      const refusal = ZApiError.parse(order.json());
      expect(refusal.code).toBe(code);
      const quoted = await quote(body(), { locale });
      expect(quoted.errors[0]).toMatchObject({ code, message: refusal.message });
      const field = refusal.fields?.[0]?.field;
      if (field) expect(quoted.errors[0]?.field).toBe(field);
    }
  });

  it('lists every refusal at once, in the order placing meets them, and still prices what it can', async () => {
    const quoted = await quote(
      pickupOrderBody({
        change_from: 1_000,
        promo_code: 'NOPE',
        ...withProducts(
          [
            ...wraps(1),
            { product_id: P.tandoorPastry, type: 'simple', quantity: 2 },
            { product_id: P.beefWrap, type: 'simple', quantity: 1, order_modifiers: [] },
          ],
          F.chilonzor,
        ),
      }),
      { locale: 'en' },
    );
    expect(quoted.errors).toEqual([
      {
        code: 'PRODUCT_UNAVAILABLE',
        message: 'Unavailable: Tandoor pastry',
        field: 'steps[0].products[1].product_id',
      },
      expect.objectContaining({ code: 'MODIFIERS_INVALID', field: 'steps[0].products[2].order_modifiers' }),
      { code: 'MIN_ORDER_PRICE', message: 'The minimum order price must be 40,000\u00a0sum' },
      { code: 'PROMO_CODE_NOT_FOUND', message: 'Promocode is not found', field: 'promo_code' },
      {
        code: 'CHANGE_FROM_TOO_SMALL',
        message: 'You cannot deposit an amount less than the total amount.',
        field: 'change_from',
      },
    ]);
    // The stopped pastry is priced but left out of the goods; the wrap without its sauce cannot be.
    expect(quoted.lines).toEqual([
      { index: 0, product_id: P.beefWrap, unit_price: 32_000, total_price: 32_000, in_stop: false },
      { index: 1, product_id: P.tandoorPastry, unit_price: 9_000, total_price: 18_000, in_stop: true },
      { index: 2, product_id: P.beefWrap, unit_price: null, total_price: null, in_stop: false },
    ]);
    // The automatic 'wrap-fixed' still applies without the refused code.
    expect(quoted).toMatchObject({
      goods_price: 32_000,
      discount_price: 5_000,
      total_price: 27_000,
      min_order_amount: 40_000,
      min_order_shortfall: 8_000,
    });
  });

  it('answers an unknown branch with nothing priced', async () => {
    const quoted = await quote(
      pickupOrderBody(withProducts(wraps(), '00000000-0000-4000-8000-000000000000')),
    );
    expect(quoted.errors.map((e) => e.code)).toEqual(['BRANCH_NOT_FOUND']);
    expect(quoted).toMatchObject({ goods_price: 0, total_price: 0, delivery_reason: null, discounts: [] });
    expect(quoted.lines).toEqual([
      { index: 0, product_id: P.beefWrap, unit_price: null, total_price: null, in_stop: false },
    ]);
  });

  it('prices the goods of a delivery outside the zones, without a fare', async () => {
    const quoted = await quote(deliveryOrderBody({ to_location: { lat: 41.5, long: 69.2 } }));
    expect(quoted.errors.map((e) => e.code)).toEqual(['ADDRESS_OUT_OF_ZONE']);
    expect(quoted).toMatchObject({
      goods_price: 64_000,
      delivery_price: 0,
      delivery_reason: null,
      delivery_distance: 0,
      // Without a zone only the chain's minimum is known.
      min_order_amount: 40_000,
    });
  });
});

describe('POST /v2/ondemand-order/quote: bad input and sign-in', () => {
  it('needs a signed-in customer', async () => {
    const res = await postQuote(null, deliveryOrderBody());
    expect(res.statusCode).toBe(401);
    expect(ZApiError.parse(res.json()).code).toBe('UNAUTHORIZED');
  });

  it('answers a malformed body with 400 naming the field, never 500', async () => {
    const cases: unknown[] = [
      {},
      { ...deliveryOrderBody(), steps: [] },
      { ...deliveryOrderBody(), payment_type: 'gold' },
      { ...deliveryOrderBody(), future_time: 'tomorrow' },
      { ...deliveryOrderBody(), change_from: -5 },
      deliveryOrderBody(withProducts([{ ...wraps()[0], quantity: 0 } as Products[number]])),
      deliveryOrderBody(withProducts([{ ...wraps()[0], product_id: 'beef-wrap' } as Products[number]])),
    ];
    for (const body of cases) {
      const res = await postQuote(customer.token, body, { locale: 'en' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(ZApiError.parse(res.json()).message.length).toBeGreaterThan(0);
    }
    const broken = await postQuote(customer.token, '{"steps": [', {
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(ZApiError.parse(broken.json()).code).toBe('BAD_REQUEST');
  });

  it('refuses a change above MAX_CHANGE_FROM as placing does (400 naming change_from), and takes it at the bound', async () => {
    // The orders' integer column would refuse 3e9 when placing: the quote must not call it fine.
    for (const changeFrom of [MAX_CHANGE_FROM + 1, 3_000_000_000]) {
      const body = deliveryOrderBody({ change_from: changeFrom });
      const res = await postQuote(customer.token, body, { locale: 'en' });
      expect(res.statusCode).toBe(400);
      expect(ZApiError.parse(res.json()).fields?.map((f) => f.field)).toContain('change_from');
      const placed = await postOrder(t, customer.token, body);
      expect(placed.statusCode).toBe(400);
      expect(ZApiError.parse(placed.json()).fields?.map((f) => f.field)).toContain('change_from');
    }
    const atBound = await postQuote(customer.token, deliveryOrderBody({ change_from: MAX_CHANGE_FROM }));
    expect(atBound.statusCode).toBe(200);
    expect(ZOrderQuoteResponse.parse(atBound.json()).errors).toEqual([]);
  });

  it('is documented', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const post = doc.paths['/v2/ondemand-order/quote'].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
  });
});
