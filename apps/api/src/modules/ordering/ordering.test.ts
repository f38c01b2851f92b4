import {
  type TCreateOrderRequest,
  type TOrderStatusEvent,
  ZApiError,
  ZCreateOrderRequest,
  ZCreateOrderResponse,
  ZProductDetail,
} from '@app/contracts';
import { distanceMeters } from '@app/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  comboGroupOptions,
  idempotencyKeys,
  orderLines,
  orderStatusHistory,
  orderStatusOutbox,
  orders,
  products,
  promoCodeUsages,
} from '../../db/schema/index.ts';
import type { HttpError } from '../../http/errors.ts';
import { CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { databaseWindow } from '../../test/database-clock.ts';
import {
  deliveryOrderBody,
  ORDER_FIXTURE as F,
  ORDER_TEST_MORNING,
  ORDER_TEST_NOON,
  pickupOrderBody,
  placeTestOrder,
  postOrder,
  signInTestCustomer,
  type TestCustomer,
  withProducts,
  wrapLines,
} from '../../test/orders.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { customerHasOrders } from '../pricing/pricing.repository.ts';
import { useOrderingApp } from './ordering.fixtures.ts';
import { placeOrder } from './ordering.service.ts';

/**
 * 09:00 in Tashkent (see ORDER_TEST_MORNING): no hour-bound discount of the fixture holds ('hot-lunch'
 * 11:00-15:00, 'night-free-delivery' 22:00-02:00).
 */
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

const errorOf = (res: LightMyRequestResponse) => ZApiError.parse(res.json());
const created = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(201);
  return ZCreateOrderResponse.parse(res.json());
};

async function tableCounts() {
  const db = t.db.db;
  const n = async (table: typeof orders | typeof orderLines | typeof orderStatusHistory) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    orders: await n(orders),
    lines: await n(orderLines),
    history: await n(orderStatusHistory),
    promoUses: (await db.select({ n: count() }).from(promoCodeUsages))[0]?.n ?? 0,
    keys: (await db.select({ n: count() }).from(idempotencyKeys))[0]?.n ?? 0,
    outbox: (await db.select({ n: count() }).from(orderStatusOutbox))[0]?.n ?? 0,
  };
}

/**
 * Sends the order in ru and in en and expects the same refusal in both (with the given texts), and
 * nothing written: no order, line, status, promo use or idempotency key.
 */
async function expectRefused(
  body: unknown,
  expected: { status: number; code: string; ru?: string | RegExp; en?: string | RegExp },
  who: TestCustomer = customer,
) {
  const before = await tableCounts();
  for (const locale of ['ru', 'en'] as const) {
    const res = await postOrder(t, who.token, body, {
      locale,
      idempotencyKey: `refused-${locale}-${Math.random()}`,
    });
    expect(res.statusCode, res.body).toBe(expected.status);
    const error = errorOf(res);
    expect(error.code).toBe(expected.code);
    const text = expected[locale];
    if (typeof text === 'string') expect(error.message).toBe(text);
    else if (text) expect(error.message).toMatch(text);
  }
  expect(await tableCounts()).toEqual(before);
}

async function orderRow(id: string) {
  const [row] = await t.db.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

describe('POST /v2/ondemand-order: a delivery with modifiers, a combo and a size', () => {
  it('prices every line from the menu and writes the order, its lines and its first status', async () => {
    const placedWindow = await databaseWindow(t.db.db);
    const res = await postOrder(t, customer.token, {
      ...deliveryOrderBody({ apartment: '12', floor: '3', building: '2', comment: 'Без лука' }),
      ...withProducts([
        {
          product_id: P.beefWrap,
          type: 'simple',
          quantity: 2,
          order_modifiers: [
            { modifier_id: M.cheese, modifier_quantity: 1, parent_id: null },
            { modifier_id: M.chili, modifier_quantity: 1, parent_id: M.sauce },
          ],
          comment: 'острее',
        },
        {
          product_id: P.lunchCombo,
          type: 'combo',
          quantity: 1,
          variants: [
            { group_id: F.combo.main, product_id: P.lambShashlik },
            { group_id: F.combo.drink, product_id: P.cola },
          ],
        },
        {
          product_id: P.margherita,
          type: 'origin',
          quantity: 1,
          variants: [{ group_id: P.margherita, product_id: P.margherita35 }],
        },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = ZCreateOrderResponse.parse(res.json());
    expect(created.external_order_id).toMatch(/^B-\d{5,}$/);

    const order = await orderRow(created.order_id);
    const distance = Math.round(distanceMeters({ lat: 41.3, long: 69.2 }, F.westPoint));
    // Wraps: (32 000 + cheese 5 000 + chili 2 000) x 2 = 78 000; combo 45 000 + lamb 3 000 = 48 000;
    // the 35 cm pizza 79 000. Delivery: 'west' has no free threshold, ~840 m is within its 2 000 m
    // base of 12 000. Discount: 'wrap-fixed' 5 000 off each wrap (on the wrap's price, not its extras).
    expect(order).toMatchObject({
      customerId: customer.id,
      branchId: F.chilonzor,
      deliveryType: 'delivery',
      paymentType: 'cash',
      paid: false,
      status: 'new',
      toAddress: 'ул. Тестовая, 5',
      toLat: 41.3,
      toLong: 69.21,
      deliveryZoneId: F.westZone,
      apartment: '12',
      floor: '3',
      building: '2',
      isCourierCall: true,
      comment: 'Без лука',
      futureTime: null,
      goodsPrice: 205_000,
      deliveryPrice: 12_000,
      deliveryReason: 'distance',
      deliveryDistanceM: distance,
      discountPrice: 10_000,
      totalPrice: 207_000,
      promoCode: null,
      changeFrom: null,
      courierId: null,
      createdAt: MORNING,
    });

    const lines = await t.db.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, created.order_id))
      .orderBy(asc(orderLines.position));
    expect(lines.map((l) => [l.productId, l.type, l.quantity, l.unitPrice, l.totalPrice])).toEqual([
      [P.beefWrap, 'simple', 2, 39_000, 78_000],
      [P.lunchCombo, 'combo', 1, 48_000, 48_000],
      [P.margherita, 'origin', 1, 79_000, 79_000],
    ]);
    expect(lines[0]?.comment).toBe('острее');
    expect(lines[0]?.modifiers).toEqual([
      {
        modifier_id: M.cheese,
        parent_id: null,
        name: expect.objectContaining({ en: 'Cheese' }),
        quantity: 1,
        price: 5_000,
      },
      {
        modifier_id: M.chili,
        parent_id: M.sauce,
        name: expect.objectContaining({ en: 'Chili' }),
        quantity: 1,
        price: 2_000,
      },
    ]);
    expect(lines[1]?.variants).toEqual([
      {
        group_id: F.combo.main,
        product_id: P.lambShashlik,
        title: expect.objectContaining({ en: 'Lamb skewer' }),
      },
      {
        group_id: F.combo.drink,
        product_id: P.cola,
        title: expect.objectContaining({ en: 'Coca-Cola 0.5 l' }),
      },
    ]);
    expect(lines[2]?.variants).toEqual([
      {
        group_id: P.margherita,
        product_id: P.margherita35,
        title: expect.objectContaining({ en: 'Margherita 35 cm' }),
      },
    ]);

    const history = await t.db.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, created.order_id));
    expect(history).toEqual([
      expect.objectContaining({ status: 'new', event: null, actor: 'server', staffId: null }),
    ]);
    // The order is placed at the app's clock; its first status is stamped by the database's
    // (order-status.repository's STATUS_STAMP), the clock every later status of it reads.
    expect(order?.createdAt).toEqual(MORNING);
    await placedWindow.expectWithin(history[0]?.createdAt ?? new Date(0));
  });

  it('ignores every price a client sends: the totals are the server’s', async () => {
    const honest = await placeTestOrder(t, customer.token);
    const body = deliveryOrderBody({
      ...withProducts([
        {
          product_id: P.beefWrap,
          type: 'simple',
          quantity: 2,
          order_modifiers: [
            { modifier_id: M.garlic, modifier_quantity: 1, parent_id: M.sauce, modifier_price: 0 },
          ],
          price: 1,
          price_with_discount: 1,
          total_price: 1,
        } as unknown as Products[number],
      ]),
    });
    const res = await postOrder(t, customer.token, {
      ...body,
      order_price: 1,
      goods_price: 1,
      delivery_price: 0,
      discount_price: 64_000,
      total_price: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const tampered = await orderRow(ZCreateOrderResponse.parse(res.json()).order_id);
    const reference = await orderRow(honest.order_id);
    const prices = (o: typeof reference) => [o.goodsPrice, o.deliveryPrice, o.discountPrice, o.totalPrice];
    // 2 x 32 000 + 12 000 delivery - 2 x 5 000 'wrap-fixed' (test/orders.ts's default order).
    expect(prices(reference)).toEqual([64_000, 12_000, 10_000, 66_000]);
    expect(prices(tampered)).toEqual(prices(reference));
  });

  it('gives each order its own number from the sequence', async () => {
    const a = await placeTestOrder(t, customer.token);
    const b = await placeTestOrder(t, customer.token);
    const number = (id: string) => Number(id.slice(2));
    expect(number(b.external_order_id)).toBeGreaterThan(number(a.external_order_id));
  });

  it('takes apartment, floor and building when the courier is not to call', async () => {
    const order = await placeTestOrder(t, customer.token, {
      is_courier_call: false,
      apartment: '7',
      floor: '2',
      building: '1',
    });
    expect(await orderRow(order.order_id)).toMatchObject({ isCourierCall: false, apartment: '7' });
  });

  it('keeps a cash change_from that covers the total (and drops it for another payment type)', async () => {
    const exact = await placeTestOrder(t, customer.token, { change_from: 66_000 });
    expect((await orderRow(exact.order_id)).changeFrom).toBe(66_000);
    const none = await placeTestOrder(t, customer.token, { change_from: null });
    expect((await orderRow(none.order_id)).changeFrom).toBeNull();
  });
});

describe('POST /v2/ondemand-order: self-pickup', () => {
  it('places a pickup scheduled for later today at a branch closed now, as a future order', async () => {
    // 12:00 Tashkent today; yunusobod opens at 10:00.
    const res = await postOrder(
      t,
      customer.token,
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
        // An address sent with a pickup is not kept.
        to_address: 'somewhere',
        apartment: '5',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = await orderRow(ZCreateOrderResponse.parse(res.json()).order_id);
    // Goods 2 x 55 000 = 110 000. 'pizza-yunusobod' 12.5% off each pizza: 6 875 x 2 = 13 750;
    // 'pickup-5' 5% of the remaining 96 250 = 4 812.5, rounded the customer's way: 4 813.
    expect(order).toMatchObject({
      deliveryType: 'self-pickup',
      status: 'future',
      futureTime: new Date('2026-03-02T07:00:00.000Z'),
      toAddress: null,
      toLat: null,
      deliveryZoneId: null,
      apartment: '',
      goodsPrice: 110_000,
      deliveryPrice: 0,
      deliveryReason: 'pickup',
      deliveryDistanceM: 0,
      discountPrice: 18_563,
      totalPrice: 91_437,
    });
    const [first] = await t.db.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id));
    expect(first?.status).toBe('future');
  });

  it('places a pickup scheduled up to future_self_pickup_order_time days ahead', async () => {
    // yunusobod takes pickups 7 days ahead, deliveries 3.
    const order = await placeTestOrder(t, customer.token, {
      delivery_type: 'self-pickup',
      future_time: '2026-03-09T20:00:00+05:00',
      ...withProducts(wraps(), F.yunusobod),
    });
    expect((await orderRow(order.order_id)).status).toBe('future');
  });
});

describe('POST /v2/ondemand-order: delivery price and discounts', () => {
  it('delivers for free from the zone’s threshold', async () => {
    clock.set(NOON);
    const order = await placeTestOrder(t, customer.token, {
      to_location: { lat: 41.32, long: 69.27 },
      delivery_zone_id: F.centreZone,
      ...withProducts(
        [
          {
            product_id: P.margherita,
            type: 'origin',
            quantity: 3,
            variants: [{ group_id: P.margherita, product_id: P.margherita35 }],
          },
        ],
        F.yunusobod,
      ),
    });
    // 3 x 79 000 = 237 000, over the 'centre' zone's 200 000.
    expect(await orderRow(order.order_id)).toMatchObject({
      goodsPrice: 237_000,
      deliveryPrice: 0,
      deliveryReason: 'free_threshold',
    });
  });

  it('delivers for free with a free-delivery promo code, and records the code’s use with the order', async () => {
    const order = await placeTestOrder(t, customer.token, { promo_code: 'freedel' });
    const row = await orderRow(order.order_id);
    expect(row).toMatchObject({
      goodsPrice: 64_000,
      deliveryPrice: 0,
      deliveryReason: 'discount',
      discountPrice: 10_000,
      totalPrice: 54_000,
      promoCode: 'FREEDEL',
    });
    const uses = await t.db.db
      .select()
      .from(promoCodeUsages)
      .where(eq(promoCodeUsages.orderId, order.order_id));
    expect(uses).toEqual([expect.objectContaining({ customerId: customer.id, usedAt: MORNING })]);
  });

  it('takes a promo code off the order once per customer', async () => {
    const who = await signInTestCustomer(t);
    const order = await placeTestOrder(t, who.token, { promo_code: 'SAVE10' });
    // 64 000 - 10 000 ('wrap-fixed') = 54 000 left; 10% of it is 5 400.
    expect(await orderRow(order.order_id)).toMatchObject({
      discountPrice: 15_400,
      totalPrice: 60_600,
      promoCode: 'SAVE10',
    });
    await expectRefused(
      deliveryOrderBody({ promo_code: 'SAVE10' }),
      {
        status: 409,
        code: 'PROMO_CODE_ALREADY_USED',
        en: 'You already used this discount',
        ru: /уже воспользовались/,
      },
      who,
    );
  });

  it('gives a promo code back when its order is cancelled, to the customer and to the total', async () => {
    // TWICE: 2 uses per customer, 3 in all.
    const who = await signInTestCustomer(t);
    const other = await signInTestCustomer(t);
    const first = await placeTestOrder(t, who.token, { promo_code: 'TWICE' });
    await placeTestOrder(t, who.token, { promo_code: 'TWICE' });
    await expectRefused(
      deliveryOrderBody({ promo_code: 'TWICE' }),
      { status: 409, code: 'PROMO_CODE_ALREADY_USED' },
      who,
    );
    const cancel = (orderId: string) =>
      t.app.db.transaction((tx) => applyEvent(t.app, tx, orderId, 'operator-cancelled', 'operator'));
    await cancel(first.order_id);
    // The cancelled order's use is theirs again.
    const again = await placeTestOrder(t, who.token, { promo_code: 'TWICE' });
    expect((await orderRow(again.order_id)).promoCode).toBe('TWICE');
    // With the other customer's use, three uses stand: the code is used up, until one more is cancelled.
    const others = await placeTestOrder(t, other.token, { promo_code: 'TWICE' });
    await expectRefused(
      deliveryOrderBody({ promo_code: 'TWICE' }),
      { status: 409, code: 'PROMO_CODE_EXHAUSTED' },
      other,
    );
    await cancel(others.order_id);
    const last = await placeTestOrder(t, other.token, { promo_code: 'TWICE' });
    expect((await orderRow(last.order_id)).promoCode).toBe('TWICE');
  });

  it('refuses an unknown promo code', async () => {
    await expectRefused(deliveryOrderBody({ promo_code: 'NOPE' }), {
      status: 404,
      code: 'PROMO_CODE_NOT_FOUND',
      en: 'Promocode is not found',
      ru: 'Промокод не найден',
    });
  });

  it('counts a customer’s orders that were not cancelled for first-order codes', async () => {
    const who = await signInTestCustomer(t);
    expect(await customerHasOrders(t.db.db, who.id)).toBe(false);
    const first = await placeTestOrder(t, who.token);
    expect(await customerHasOrders(t.db.db, who.id)).toBe(true);
    await expectRefused(
      deliveryOrderBody({ promo_code: 'FIRST20' }),
      {
        status: 422,
        code: 'PROMO_CODE_NOT_FOR_YOU',
        en: 'Promocode is not for you',
        ru: 'Этот промокод не для вас',
      },
      who,
    );
    // A cancelled order does not count: the code is theirs again.
    await t.db.db.update(orders).set({ status: 'operator-cancelled' }).where(eq(orders.id, first.order_id));
    expect(await customerHasOrders(t.db.db, who.id)).toBe(false);
    const order = await placeTestOrder(t, who.token, { promo_code: 'FIRST20' });
    // 20% of the 54 000 left after 'wrap-fixed' = 10 800.
    expect((await orderRow(order.order_id)).discountPrice).toBe(20_800);
  });
});

describe('POST /v2/ondemand-order: refusals (nothing is written)', () => {
  it('needs a signed-in customer', async () => {
    const res = await postOrder(t, null, deliveryOrderBody());
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHORIZED');
  });

  it('refuses an anonymous request before reading its body (a large body costs nothing without a sign-in)', async () => {
    for (const url of ['/v2/ondemand-order', '/v2/ondemand-order/quote']) {
      // Not JSON at all, and large: read first, this would answer 400 after parsing 900 KB.
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' },
        payload: `[${'['.repeat(450_000)}`,
      });
      expect(res.statusCode, url).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHORIZED');
    }
  });

  it('answers bad input with 400 naming the field, never 500', async () => {
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
      const res = await postOrder(t, customer.token, body, { locale: 'en' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message.length).toBeGreaterThan(0);
    }
    const broken = await postOrder(t, customer.token, '{"steps": [', {
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).code).toBe('BAD_REQUEST');
    const text = await postOrder(t, customer.token, '<order/>', {
      headers: { 'content-type': 'application/xml' },
    });
    expect(text.statusCode).toBe(415);
    expect(errorOf(text).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('needs the address of a delivery', async () => {
    await expectRefused(
      { ...deliveryOrderBody(), to_location: undefined, delivery_zone_id: undefined },
      {
        status: 400,
        code: 'DELIVERY_ADDRESS_REQUIRED',
        en: 'Choose the delivery address on the map',
        ru: /адрес доставки/,
      },
    );
    const res = await postOrder(t, customer.token, { ...deliveryOrderBody(), to_address: '' });
    expect(errorOf(res).fields).toEqual([{ field: 'to_address', message: 'is required for delivery' }]);
  });

  it('needs apartment, floor and building when the courier is not to call', async () => {
    await expectRefused(deliveryOrderBody({ is_courier_call: false, apartment: '7' }), {
      status: 400,
      code: 'ADDRESS_DETAILS_REQUIRED',
      en: 'Fill in the apartment, floor and entrance, or let the courier call you',
      ru: 'Укажите квартиру, этаж и подъезд или разрешите курьеру позвонить вам',
    });
    const res = await postOrder(
      t,
      customer.token,
      deliveryOrderBody({ is_courier_call: false, apartment: '7' }),
    );
    expect(errorOf(res).fields?.map((f) => f.field)).toEqual(['floor', 'building']);
  });

  it('refuses payment types the chain does not offer, and the loyalty card as a payment type', async () => {
    // The fixture chain takes cash and payme.
    for (const payment_type of ['card', 'click'] as const) {
      await expectRefused(deliveryOrderBody({ payment_type }), {
        status: 422,
        code: 'PAYMENT_TYPE_NOT_OFFERED',
        en: 'This payment method is not available; choose another one',
        ru: 'Этот способ оплаты недоступен; выберите другой',
      });
    }
    await expectRefused(deliveryOrderBody({ payment_type: 'loyalty' }), {
      status: 422,
      code: 'LOYALTY_NOT_A_PAYMENT_TYPE',
      en: 'Bonuses pay only part of an order; choose how to pay the rest',
      ru: 'Бонусами можно оплатить только часть заказа; выберите, как оплатить остальное',
    });
  });

  it('refuses payme, offered by the chain, while its settings are missing (ONLINE_PAYMENT_UNAVAILABLE)', async () => {
    const before = await tableCounts();
    for (const config of [undefined, { ...t.app.config, PAYME_MERCHANT_ID: undefined }]) {
      const placing = placeOrder(
        {
          db: t.db.db,
          clock: clock.now,
          orderEvents: t.app.orderEvents,
          loyalty: t.app.loyalty,
          ...(config ? { config } : {}),
        },
        {
          shipperId: CLIENT_HEADERS.shipper,
          customer: { id: customer.id },
          body: ZCreateOrderRequest.parse(deliveryOrderBody({ payment_type: 'payme' })),
          idempotencyKey: null,
        },
      );
      await expect(placing).rejects.toMatchObject({ statusCode: 422, code: 'ONLINE_PAYMENT_UNAVAILABLE' });
      const error = (await placing.then(
        () => null,
        (e: unknown) => e,
      )) as HttpError;
      expect(error.messageIn('en')).toBe(
        'Paying online this way is not available right now; choose another payment method',
      );
      expect(error.messageIn('ru')).toBe(
        'Оплата онлайн этим способом сейчас недоступна; выберите другой способ оплаты',
      );
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses an unknown or inactive branch', async () => {
    await expectRefused(pickupOrderBody(withProducts(wraps(), '00000000-0000-4000-8000-000000000000')), {
      status: 404,
      code: 'BRANCH_NOT_FOUND',
      en: 'Restaurant not found',
      ru: 'Ресторан не найден',
    });
    await expectRefused(pickupOrderBody(withProducts(wraps(), F.oybek)), {
      status: 422,
      code: 'BRANCH_INACTIVE',
      en: 'This restaurant is not taking orders right now',
      ru: 'Этот ресторан сейчас не принимает заказы',
    });
  });

  it('refuses an order for now while the branch is closed', async () => {
    await expectRefused(pickupOrderBody(withProducts(wraps(), F.yunusobod)), {
      status: 422,
      code: 'BRANCH_CLOSED',
      en: 'This restaurant is currently closed. Please come back from 10:00',
      ru: 'Этот ресторан сейчас закрыт. Пожалуйста, возвращайтесь с 10:00',
    });
  });

  it('refuses a scheduled time in the past, too far ahead or outside the branch’s hours', async () => {
    const at = (future_time: string) =>
      pickupOrderBody({ future_time, ...withProducts(wraps(), F.yunusobod) });
    await expectRefused(at('2026-03-02T08:59:00+05:00'), {
      status: 422,
      code: 'FUTURE_TIME_PAST',
      en: 'The chosen time has already passed; choose a later one',
      ru: /уже прошло/,
    });
    await expectRefused(at('2026-03-02T09:00:00+05:00'), { status: 422, code: 'FUTURE_TIME_PAST' });
    // Pickup: 7 days ahead at yunusobod, so the 10th is one day too far.
    await expectRefused(at('2026-03-10T12:00:00+05:00'), {
      status: 422,
      code: 'FUTURE_TIME_TOO_FAR',
      en: 'An order can be scheduled at most 7 days ahead',
      ru: 'Заказ можно оформить не больше чем на 7 дней вперёд',
    });
    // Delivery: 3 days ahead.
    await expectRefused(
      deliveryOrderBody({
        future_time: '2026-03-06T12:00:00+05:00',
        to_location: { lat: 41.32, long: 69.27 },
        delivery_zone_id: F.centreZone,
        ...withProducts(wraps(), F.yunusobod),
      }),
      { status: 422, code: 'FUTURE_TIME_TOO_FAR', en: 'An order can be scheduled at most 3 days ahead' },
    );
    // 05:00 tomorrow: yunusobod works 10:00-03:00.
    await expectRefused(at('2026-03-03T05:00:00+05:00'), {
      status: 422,
      code: 'FUTURE_TIME_OUTSIDE_HOURS',
      en: 'The restaurant is not open at the chosen time: it works from 10:00 to 03:00',
      ru: 'В выбранное время ресторан не работает: он открыт с 10:00 до 03:00',
    });
  });

  it('counts scheduling days in Tashkent calendar days: 0 means later today only', async () => {
    await t.db.db.update(branches).set({ futureSelfPickupOrderTime: 0 }).where(eq(branches.id, F.registan));
    try {
      const at = (future_time: string) =>
        pickupOrderBody({ future_time, ...withProducts(wraps(), F.registan) });
      const today = created(await postOrder(t, customer.token, at('2026-03-02T21:30:00+05:00')));
      expect((await orderRow(today.order_id)).status).toBe('future');
      await expectRefused(at('2026-03-03T10:30:00+05:00'), {
        status: 422,
        code: 'FUTURE_TIME_TOO_FAR',
        en: 'An order can be scheduled for today only',
        ru: 'Заказ на другое время можно оформить только на сегодня',
      });
    } finally {
      await t.db.db.update(branches).set({ futureSelfPickupOrderTime: 7 }).where(eq(branches.id, F.registan));
    }
  });

  it('refuses an address outside the zones or in a zone the branch does not serve', async () => {
    await expectRefused(deliveryOrderBody({ to_location: { lat: 41.5, long: 69.2 } }), {
      status: 422,
      code: 'ADDRESS_OUT_OF_ZONE',
      en: 'The address is not within the service area. You can order pickup or specify a different address',
      ru: 'Адрес не входит в зону обслуживания. Вы можете оформить самовывоз или указать другой адрес',
    });
    await expectRefused(deliveryOrderBody({ delivery_zone_id: '00000000-0000-4000-8000-000000000000' }), {
      status: 422,
      code: 'ADDRESS_OUT_OF_ZONE',
    });
    await expectRefused(
      deliveryOrderBody({ to_location: { lat: 41.32, long: 69.27 }, delivery_zone_id: F.centreZone }),
      { status: 422, code: 'BRANCH_NOT_SERVING_ZONE', en: 'This restaurant does not deliver to this zone' },
    );
  });

  it('refuses goods below the zone’s minimum (delivery) or the chain’s (pickup)', async () => {
    // 'west': 60 000; one wrap is 32 000.
    await expectRefused(deliveryOrderBody(withProducts(wraps(1))), {
      status: 422,
      code: 'MIN_ORDER_PRICE',
      en: 'The minimum order price must be 60,000\u00a0sum',
      ru: 'Минимальная сумма заказа должна быть 60\u00a0000\u00a0сум',
    });
    // The chain's minimal_order_price: 40 000.
    await expectRefused(pickupOrderBody(withProducts(wraps(1))), {
      status: 422,
      code: 'MIN_ORDER_PRICE',
      en: 'The minimum order price must be 40,000\u00a0sum',
    });
  });

  it('refuses a stopped product with “Unavailable”', async () => {
    await expectRefused(
      deliveryOrderBody(
        withProducts([...wraps(), { product_id: P.tandoorPastry, type: 'simple', quantity: 1 }]),
      ),
      {
        status: 422,
        code: 'PRODUCT_UNAVAILABLE',
        en: 'Unavailable: Tandoor pastry',
        ru: 'Нет в наличии: Самса из тандыра',
      },
    );
    const res = await postOrder(
      t,
      customer.token,
      deliveryOrderBody(
        withProducts([...wraps(), { product_id: P.tandoorPastry, type: 'simple', quantity: 1 }]),
      ),
    );
    expect(errorOf(res).fields).toEqual([
      { field: 'steps[0].products[1].product_id', message: "is on the branch's stop list" },
    ]);
  });

  it('refuses a product that is not on the branch’s menu, or unknown', async () => {
    clock.set(NOON);
    // registan sells the 'regions' menu, which has no plov and no combo.
    await expectRefused(
      pickupOrderBody(
        withProducts([...wraps(2), { product_id: P.capitalPlov, type: 'simple', quantity: 1 }], F.registan),
      ),
      {
        status: 422,
        code: 'PRODUCT_NOT_ON_MENU',
        en: 'This restaurant does not sell Capital rice. Remove it from the cart',
        ru: /Плов столичный/,
      },
    );
    await expectRefused(
      deliveryOrderBody(
        withProducts([{ product_id: '00000000-0000-4000-8000-000000000000', type: 'simple', quantity: 3 }]),
      ),
      {
        status: 422,
        code: 'ORDER_PRODUCT_NOT_FOUND',
        en: 'A dish in the cart is no longer on the menu; remove it and try again',
      },
    );
  });

  it('refuses modifier counts outside min/max, a missing required one and unknown ones', async () => {
    const wrapWith = (order_modifiers: Products[number]['order_modifiers']) =>
      deliveryOrderBody(
        withProducts([{ product_id: P.beefWrap, type: 'simple', quantity: 2, order_modifiers }]),
      );
    const refusal = {
      status: 422,
      code: 'MODIFIERS_INVALID',
      en: 'Check the add-ons of "Beef wrap": choose the required ones and no more than allowed',
      ru: /Лаваш с говядиной/,
    };
    // The sauce group needs 1..2.
    await expectRefused(wrapWith([]), refusal);
    await expectRefused(
      wrapWith([
        { modifier_id: M.garlic, modifier_quantity: 2, parent_id: M.sauce },
        { modifier_id: M.chili, modifier_quantity: 1, parent_id: M.sauce },
      ]),
      refusal,
    );
    // Cheese: at most 2.
    await expectRefused(
      wrapWith([
        { modifier_id: M.garlic, modifier_quantity: 1, parent_id: M.sauce },
        { modifier_id: M.cheese, modifier_quantity: 3, parent_id: null },
      ]),
      refusal,
    );
    // Unknown: another product's id, a variant without its group, a group variant under no group.
    for (const wrong of [
      { modifier_id: P.cola, modifier_quantity: 1, parent_id: null },
      { modifier_id: M.garlic, modifier_quantity: 1, parent_id: null },
      { modifier_id: M.cheese, modifier_quantity: 1, parent_id: M.sauce },
    ]) {
      await expectRefused(
        wrapWith([{ modifier_id: M.garlic, modifier_quantity: 1, parent_id: M.sauce }, wrong]),
        refusal,
      );
    }
    const res = await postOrder(t, customer.token, wrapWith([]));
    expect(errorOf(res).fields).toEqual([
      {
        field: 'steps[0].products[0].order_modifiers',
        message: `below_min: ${M.sauce} chosen 0, allowed 1..2`,
      },
    ]);
  });

  it('refuses sizes and combo picks that do not fit the product', async () => {
    const refusal = { status: 422, code: 'PRODUCT_VARIANT_INVALID' };
    const pizza = (
      variants: { group_id: string; product_id: string }[],
      type: 'origin' | 'simple' = 'origin',
    ) => deliveryOrderBody(withProducts([{ product_id: P.margherita, type, quantity: 1, variants }]));
    const combo = (variants: { group_id: string; product_id: string }[]) =>
      deliveryOrderBody(withProducts([{ product_id: P.lunchCombo, type: 'combo', quantity: 2, variants }]));
    await expectRefused(pizza([]), {
      ...refusal,
      en: "Choose the size or the set's dishes again: Margherita pizza",
      ru: 'Выберите размер или состав заново: Пицца Маргарита',
    });
    await expectRefused(pizza([{ group_id: P.margherita, product_id: P.cola }]), refusal);
    await expectRefused(pizza([{ group_id: P.cola, product_id: P.margherita25 }]), refusal);
    await expectRefused(
      pizza([
        { group_id: P.margherita, product_id: P.margherita25 },
        { group_id: P.margherita, product_id: P.margherita35 },
      ]),
      refusal,
    );
    await expectRefused(pizza([{ group_id: P.margherita, product_id: P.margherita25 }], 'simple'), refusal);
    // A size on its own.
    await expectRefused(
      deliveryOrderBody(withProducts([{ product_id: P.margherita35, type: 'simple', quantity: 1 }])),
      refusal,
    );
    // A simple product with picks.
    await expectRefused(
      deliveryOrderBody(
        withProducts([
          {
            ...wraps()[0],
            variants: [{ group_id: F.combo.main, product_id: P.beefWrap }],
          } as Products[number],
        ]),
      ),
      refusal,
    );
    // Combos: a group missing, an option of another group, a product that is no option, a group twice.
    await expectRefused(combo([{ group_id: F.combo.main, product_id: P.beefWrap }]), refusal);
    await expectRefused(
      combo([
        { group_id: F.combo.main, product_id: P.cola },
        { group_id: F.combo.drink, product_id: P.cola },
      ]),
      refusal,
    );
    await expectRefused(
      combo([
        { group_id: F.combo.main, product_id: P.capitalPlov },
        { group_id: F.combo.drink, product_id: P.cola },
      ]),
      refusal,
    );
    await expectRefused(
      combo([
        { group_id: F.combo.main, product_id: P.beefWrap },
        { group_id: F.combo.main, product_id: P.lambShashlik },
        { group_id: F.combo.drink, product_id: P.cola },
      ]),
      refusal,
    );
  });

  it('offers on the product page exactly the combo picks ordering accepts: no inactive option', async () => {
    const comboPicks = async () => {
      const res = await t.get(`/v2/product/${P.lunchCombo}`);
      expect(res.statusCode, res.body).toBe(200);
      const detail = ZProductDetail.parse(res.json());
      return detail.combo_groups.map((g) => g.variants.map((v) => v.product_id));
    };
    expect(await comboPicks()).toEqual([[P.beefWrap, P.lambShashlik], [P.cola]]);
    // The chain takes lamb shashlik off sale: it stays an option of the combo's main group in the table.
    await t.db.db.update(products).set({ isActive: false }).where(eq(products.id, P.lambShashlik));
    try {
      expect(await comboPicks()).toEqual([[P.beefWrap], [P.cola]]);
      await expectRefused(
        deliveryOrderBody(
          withProducts([
            {
              product_id: P.lunchCombo,
              type: 'combo',
              quantity: 1,
              variants: [
                { group_id: F.combo.main, product_id: P.lambShashlik },
                { group_id: F.combo.drink, product_id: P.cola },
              ],
            },
          ]),
        ),
        { status: 422, code: 'PRODUCT_VARIANT_INVALID' },
      );
    } finally {
      await t.db.db.update(products).set({ isActive: true }).where(eq(products.id, P.lambShashlik));
    }
  });

  it('refuses a combo whose pick is stopped at the branch', async () => {
    // tandoor-pastry is stopped at chilonzor; make it an option of the combo's main group.
    await t.db.db.insert(comboGroupOptions).values({
      id: '00000000-0000-4000-8000-0000000000c1',
      groupId: F.combo.main,
      productId: P.tandoorPastry,
      extraPrice: 0,
      position: 9,
    });
    await expectRefused(
      deliveryOrderBody(
        withProducts([
          {
            product_id: P.lunchCombo,
            type: 'combo',
            quantity: 2,
            variants: [
              { group_id: F.combo.main, product_id: P.tandoorPastry },
              { group_id: F.combo.drink, product_id: P.cola },
            ],
          },
        ]),
      ),
      { status: 422, code: 'PRODUCT_UNAVAILABLE', en: 'Unavailable: Tandoor pastry' },
    );
  });

  it('refuses cash “change from” below the total', async () => {
    // The default order's total is 66 000.
    await expectRefused(deliveryOrderBody({ change_from: 65_999 }), {
      status: 422,
      code: 'CHANGE_FROM_TOO_SMALL',
      en: 'You cannot deposit an amount less than the total amount.',
      ru: 'Нельзя внести сумму меньше суммы заказа.',
    });
  });

  it('publishes the first status on the status bus, inside the order’s transaction', async () => {
    const window = await databaseWindow(t.db.db);
    const published: { event: TOrderStatusEvent; inTransaction: boolean; outboxRows: string[] }[] = [];
    const recordingBus = {
      published: async (tx: DbOrTx, event: TOrderStatusEvent) => {
        // The outbox row is written (with the order) before the bus is told, in the same transaction.
        const rows = await tx
          .select({ payload: orderStatusOutbox.payload })
          .from(orderStatusOutbox)
          .where(sql`${orderStatusOutbox.payload} like ${`%${event.order_id}%`}`);
        published.push({ event, inTransaction: tx !== t.db.db, outboxRows: rows.map((r) => r.payload) });
      },
    };
    const result = await placeOrder(
      {
        db: t.db.db,
        clock: clock.now,
        orderEvents: recordingBus,
        loyalty: t.app.loyalty,
      },
      {
        shipperId: CLIENT_HEADERS.shipper,
        customer: { id: customer.id },
        body: ZCreateOrderRequest.parse(deliveryOrderBody()),
        idempotencyKey: null,
      },
    );
    // At the database's time, in the event heard and in the outbox row alike (the same JSON, as its
    // readers parse it: the statement adds `at` with jsonb, whose text spells it its own way).
    const at = published[0]?.event.at ?? '';
    await window.expectWithin(at);
    const event = { order_id: result.body.order_id, status: 'new', at, courier: null };
    expect(published.map((p) => ({ ...p, outboxRows: p.outboxRows.map((r) => JSON.parse(r)) }))).toEqual([
      { event, inTransaction: true, outboxRows: [event] },
    ]);
  });

  it('is documented with its Idempotency-Key header', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const post = doc.paths['/v2/ondemand-order'].post;
    expect(post.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['header:shipper', 'header:platform', 'header:idempotency-key']),
    );
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '409', '422']));
  });

  it('writes nothing when the order fails after its rows were inserted (one transaction)', async () => {
    const before = await tableCounts();
    const failingBus = {
      published: async () => {
        throw new Error('the bus is down');
      },
    };
    await expect(
      placeOrder(
        {
          db: t.db.db,
          clock: clock.now,
          orderEvents: failingBus,
          loyalty: t.app.loyalty,
        },
        {
          shipperId: CLIENT_HEADERS.shipper,
          customer: { id: customer.id },
          body: ZCreateOrderRequest.parse(deliveryOrderBody({ promo_code: 'Open5k' })),
          idempotencyKey: 'bus-down',
        },
      ),
    ).rejects.toThrow('the bus is down');
    // No order, line, status, promo use, and the key was freed.
    expect(await tableCounts()).toEqual(before);
  });
});
