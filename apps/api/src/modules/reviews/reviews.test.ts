import {
  ZApiError,
  ZOrderDetail,
  ZProductDetail,
  ZReview,
  ZReviewEligibility,
  ZReviewListResponse,
} from '@app/contracts';
import type { OrderStatus } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reviews } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { localize } from '../../http/messages.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import {
  ORDER_FIXTURE,
  placeTestOrder,
  signInTestCustomer,
  type TestCustomer,
  wrapLines,
} from '../../test/orders.ts';
import { insertTestOrder } from '../orders/orders.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const wrap = stableId('product', 'beef-wrap');
const cola = stableId('product', 'cola');
const lamb = stableId('product', 'lamb-shashlik');
const plov = stableId('product', 'capital-plov');
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const post = (who: TestCustomer | null, body: unknown, locale?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/user_reviews',
    headers: {
      ...CLIENT_HEADERS,
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(locale ? { 'accept-language': locale } : {}),
    },
    payload: body as object,
  });
const errorOf = (res: LightMyRequestResponse) => ZApiError.parse(res.json());

describe('GET /v1/user_reviews', () => {
  it("lists a product's reviews newest first", async () => {
    const res = await t.get(`/v1/user_reviews?related_subject=product&product_id=${wrap}`);
    expect(res.statusCode).toBe(200);
    const body = ZReviewListResponse.parse(res.json());
    expect(body.count).toBe(3);
    expect(body.reviews.map((r) => r.client_name)).toEqual(['Dilnoza', 'Timur', 'Aziz']);
    const dates = body.reviews.map((r) => Date.parse(r.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(body.reviews[0]).toMatchObject({ rating: 4, review_message: 'Вкусно' });
  });

  it('pages', async () => {
    const res = await t.get(`/v1/user_reviews?product_id=${wrap}&limit=2&page=2`);
    const body = ZReviewListResponse.parse(res.json());
    expect(body).toMatchObject({ count: 3 });
    expect(body.reviews.map((r) => r.client_name)).toEqual(['Aziz']);
  });

  it('gives an empty list for a product nobody reviewed', async () => {
    const res = await t.get(`/v1/user_reviews?product_id=${stableId('product', 'cola')}`);
    expect(res.json()).toEqual({ count: 0, reviews: [] });
  });

  it('answers 400 without product_id or for another subject, 404 for an unknown product', async () => {
    const missing = await t.get('/v1/user_reviews');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([{ field: 'product_id', message: 'is required' }]);
    const subject = await t.get(`/v1/user_reviews?related_subject=branch&product_id=${wrap}`);
    expect(subject.statusCode).toBe(400);
    expect(subject.json().fields[0].field).toBe('related_subject');
    const unknown = await t.get(`/v1/user_reviews?product_id=${stableId('product', 'ghost')}`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /v1/user_reviews', () => {
  let alice: TestCustomer;
  let bob: TestCustomer;
  let delivered: string;
  let finished: string;
  let live: string;
  const DELIVERED: OrderStatus[] = [
    'new',
    'operator-accepted',
    'vendor-accepted',
    'vendor-ready',
    'courier-accepted',
    'courier-picked',
    'delivered',
  ];

  beforeAll(async () => {
    [alice, bob] = await Promise.all([signInTestCustomer(t), signInTestCustomer(t)]);
    await t.app.inject({
      method: 'PUT',
      url: `/v1/customers/${alice.id}`,
      headers: { ...CLIENT_HEADERS, authorization: alice.token },
      payload: { name: 'Alisa' },
    });
    delivered = (await insertTestOrder(t.app.db, { customerId: alice.id, history: DELIVERED })).id;
    finished = (
      await insertTestOrder(t.app.db, {
        customerId: alice.id,
        deliveryType: 'self-pickup',
        history: ['new', 'operator-accepted', 'vendor-accepted', 'vendor-ready', 'finished'],
        lines: [
          {
            productId: lamb,
            title: { ru: 'Шашлык', uz: 'Shashlik', en: 'Skewer' },
            quantity: 1,
            unitPrice: 28_000,
          },
        ],
      })
    ).id;
    live = (await insertTestOrder(t.app.db, { customerId: alice.id, history: ['new', 'operator-accepted'] }))
      .id;
  });

  it("rates a dish of a delivered order: it shows at once in the product's reviews and rating", async () => {
    const before = ZProductDetail.parse((await t.get(`/v2/product/${cola}`)).json());
    expect(before).toMatchObject({ rating: 0, reviews_count: 0 });

    const res = await post(alice, {
      related_subject: 'product',
      product_id: cola,
      order_id: delivered,
      rating: 4,
      review_message: '  Холодная  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const review = ZReview.parse(res.json());
    expect(review).toMatchObject({ rating: 4, review_message: 'Холодная', client_name: 'Alisa' });

    const list = ZReviewListResponse.parse((await t.get(`/v1/user_reviews?product_id=${cola}`)).json());
    expect(list.count).toBe(1);
    expect(list.reviews[0]).toEqual(review);
    const after = ZProductDetail.parse((await t.get(`/v2/product/${cola}`)).json());
    expect(after).toMatchObject({ rating: 4, reviews_count: 1 });

    // The order no longer offers the cola, still the wrap.
    const order = await t.get(`/v2/orders/${delivered}`, { authorization: `Bearer ${alice.token}` });
    expect(ZOrderDetail.parse(order.json()).lines.map((l) => [l.slug, l.can_review])).toEqual([
      ['beef-wrap', true],
      ['cola', false],
    ]);
  });

  it('rates a dish of a finished pickup order; the text is optional; the rating counts in the average', async () => {
    const res = await post(alice, { product_id: lamb, order_id: finished, rating: 3 });
    expect(res.statusCode, res.body).toBe(201);
    expect(ZReview.parse(res.json()).review_message).toBe('');
    // The seed's 5 and this 3.
    const product = ZProductDetail.parse((await t.get(`/v2/product/${lamb}`)).json());
    expect(product).toMatchObject({ rating: 4, reviews_count: 2 });
  });

  it("refuses a second review of the same dish, from any order: 'You have already gave feedback'", async () => {
    const other = await insertTestOrder(t.app.db, { customerId: alice.id, history: DELIVERED });
    const again = await post(alice, { product_id: cola, order_id: other.id, rating: 5 }, 'en');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'ALREADY_REVIEWED',
      message: 'You have already gave feedback',
    });
    const ru = await post(alice, { product_id: cola, order_id: delivered, rating: 5 });
    expect(errorOf(ru).message).toBe('Вы уже оставили отзыв');
  });

  it('lets only one of two simultaneous reviews of a dish in (the unique index)', async () => {
    const order = await insertTestOrder(t.app.db, { customerId: bob.id, history: DELIVERED });
    const results = await Promise.all(
      [1, 2, 3].map((rating) => post(bob, { product_id: wrap, order_id: order.id, rating })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const mine = await t.app.db.select().from(reviews).where(eq(reviews.customerId, bob.id));
    expect(mine).toHaveLength(1);
  });

  it('refuses a dish of an order not yet delivered, or not in the order', async () => {
    const notYet = await post(alice, { product_id: wrap, order_id: live, rating: 5 }, 'en');
    expect(notYet.statusCode).toBe(422);
    expect(errorOf(notYet)).toMatchObject({
      code: 'REVIEW_ORDER_NOT_COMPLETED',
      message: 'You can rate the dish once the order has been delivered',
    });
    const notInOrder = await post(alice, { product_id: plov, order_id: delivered, rating: 5 }, 'en');
    expect(notInOrder.statusCode).toBe(422);
    expect(errorOf(notInOrder)).toMatchObject({
      code: 'REVIEW_PRODUCT_NOT_IN_ORDER',
      message: 'This dish is not in the order. Place an order to rate the dish',
    });
    expect(errorOf(await post(alice, { product_id: plov, order_id: delivered, rating: 5 })).message).toBe(
      'Этого блюда нет в заказе. Закажите его, чтобы оценить',
    );
  });

  it("refuses another customer's order or an unknown one (404), an unknown product (404)", async () => {
    const others = await post(bob, { product_id: wrap, order_id: delivered, rating: 5 }, 'en');
    expect(others.statusCode).toBe(404);
    expect(errorOf(others)).toMatchObject({ code: 'ORDER_NOT_FOUND', message: 'Order not found' });
    const unknownOrder = await post(alice, { product_id: wrap, order_id: UNKNOWN_ID, rating: 5 });
    expect(unknownOrder.statusCode).toBe(404);
    const unknownProduct = await post(alice, { product_id: UNKNOWN_ID, order_id: delivered, rating: 5 });
    expect(unknownProduct.statusCode).toBe(404);
    expect(errorOf(unknownProduct).code).toBe('PRODUCT_NOT_FOUND');
    const bobs = await t.app.db.select().from(reviews).where(eq(reviews.orderId, delivered));
    expect(bobs.every((r) => r.customerId === alice.id)).toBe(true);
  });

  it('needs a sign-in (401) and a valid body (400 naming the field)', async () => {
    const anonymous = await post(null, { product_id: wrap, order_id: delivered, rating: 5 }, 'en');
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe('Sign in to continue');
    const cases: [unknown, string][] = [
      [{ product_id: wrap, order_id: delivered, rating: 0 }, 'rating'],
      [{ product_id: wrap, order_id: delivered, rating: 6 }, 'rating'],
      [{ product_id: wrap, order_id: delivered, rating: 4.5 }, 'rating'],
      [{ product_id: wrap, order_id: delivered }, 'rating'],
      [{ product_id: 'beef-wrap', order_id: delivered, rating: 5 }, 'product_id'],
      [{ product_id: wrap, rating: 5 }, 'order_id'],
      [{ product_id: wrap, order_id: delivered, rating: 5, related_subject: 'branch' }, 'related_subject'],
      [
        { product_id: wrap, order_id: delivered, rating: 5, review_message: 'x'.repeat(1001) },
        'review_message',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await post(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).fields?.map((f) => f.field)).toContain(field);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v1/user_reviews',
      headers: { ...CLIENT_HEADERS, authorization: alice.token, 'content-type': 'application/json' },
      payload: '{"rating":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(errorOf(notJson)).toMatchObject({
      code: 'BAD_REQUEST',
      message: localize('BAD_REQUEST', 'ru', { detail: '' }),
    });
    // Nothing of this was written.
    const count = await t.app.db.select().from(reviews).where(eq(reviews.customerId, alice.id));
    expect(count).toHaveLength(2);
  });
});

describe('GET /v1/user_reviews/eligibility', () => {
  const DELIVERED: OrderStatus[] = [
    'new',
    'operator-accepted',
    'vendor-accepted',
    'vendor-ready',
    'courier-accepted',
    'courier-picked',
    'delivered',
  ];
  const colaLine = {
    productId: cola,
    title: { ru: 'Кола', uz: 'Kola', en: 'Cola' },
    quantity: 1,
    unitPrice: 8_000,
  };
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  const ask = (who: TestCustomer | null, productId: string, locale?: string) =>
    t.get(`/v1/user_reviews/eligibility?product_id=${productId}`, {
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      ...(locale ? { 'accept-language': locale } : {}),
    });
  const eligibility = async (who: TestCustomer, productId: string) => {
    const res = await ask(who, productId);
    expect(res.statusCode, res.body).toBe(200);
    return ZReviewEligibility.parse(res.json());
  };
  const NOT_ORDERED = { can_review: false, order_id: null, reason: 'not_ordered' };

  it('says not_ordered to a customer without orders', async () => {
    const fresh = await signInTestCustomer(t);
    expect(await eligibility(fresh, cola)).toEqual(NOT_ORDERED);
  });

  it('does not count an order still on its way, nor a cancelled one', async () => {
    const carol = await signInTestCustomer(t);
    // A real order through checkout: 2 beef wraps, status 'new'.
    await placeTestOrder(t, carol.token);
    await insertTestOrder(t.app.db, { customerId: carol.id, history: ['new', 'operator-accepted'] });
    await insertTestOrder(t.app.db, { customerId: carol.id, history: ['new', 'operator-cancelled'] });
    expect(await eligibility(carol, wrap)).toEqual(NOT_ORDERED);
    expect(await eligibility(carol, cola)).toEqual(NOT_ORDERED);
  });

  it('names the newest delivered or finished order holding the dish, which POST then accepts', async () => {
    const dan = await signInTestCustomer(t);
    await insertTestOrder(t.app.db, { customerId: dan.id, history: DELIVERED, createdAt: hoursAgo(48) });
    const newer = await insertTestOrder(t.app.db, {
      customerId: dan.id,
      history: DELIVERED,
      createdAt: hoursAgo(5),
    });
    // Newer still, but not delivered yet, or without the cola: not the one.
    await insertTestOrder(t.app.db, { customerId: dan.id, history: ['new'], createdAt: hoursAgo(1) });
    await insertTestOrder(t.app.db, {
      customerId: dan.id,
      history: DELIVERED,
      createdAt: hoursAgo(2),
      lines: [{ ...colaLine, productId: plov, title: { ru: 'Плов', uz: 'Osh', en: 'Plov' } }],
    });
    const pickup = await insertTestOrder(t.app.db, {
      customerId: dan.id,
      deliveryType: 'self-pickup',
      history: ['new', 'operator-accepted', 'vendor-accepted', 'vendor-ready', 'finished'],
      createdAt: hoursAgo(30),
      lines: [colaLine],
    });

    expect(await eligibility(dan, cola)).toEqual({ can_review: true, order_id: newer.id, reason: null });
    expect(await eligibility(dan, cola.toUpperCase())).toEqual({
      can_review: true,
      order_id: newer.id,
      reason: null,
    });
    expect(await eligibility(dan, plov)).toMatchObject({ can_review: true });

    const posted = await post(dan, { product_id: cola, order_id: newer.id, rating: 5 });
    expect(posted.statusCode, posted.body).toBe(201);
    // Rated once, from any order: the older delivered one and the pickup no longer offer it.
    expect(await eligibility(dan, cola)).toEqual({
      can_review: false,
      order_id: null,
      reason: 'already_reviewed',
    });
    const again = await post(dan, { product_id: cola, order_id: pickup.id, rating: 4 });
    expect(again.statusCode).toBe(409);
    // Another dish of the same order is still to rate.
    expect(await eligibility(dan, wrap)).toEqual({ can_review: true, order_id: newer.id, reason: null });
  });

  it("does not count another customer's order", async () => {
    const [erin, frank] = await Promise.all([signInTestCustomer(t), signInTestCustomer(t)]);
    const erins = await insertTestOrder(t.app.db, { customerId: erin.id, history: DELIVERED });
    expect(await eligibility(frank, cola)).toEqual(NOT_ORDERED);
    expect(await eligibility(erin, cola)).toEqual({ can_review: true, order_id: erins.id, reason: null });
  });

  it('answers 400 for a bad product id, 404 for an unknown product, 401 without a sign-in', async () => {
    const gina = await signInTestCustomer(t);
    for (const url of ['/v1/user_reviews/eligibility?product_id=beef-wrap', '/v1/user_reviews/eligibility']) {
      const bad = await t.get(url, { authorization: `Bearer ${gina.token}` });
      expect(bad.statusCode, url).toBe(400);
      expect(errorOf(bad).fields?.map((f) => f.field)).toEqual(['product_id']);
    }
    const unknown = await ask(gina, UNKNOWN_ID, 'en');
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({
      code: 'PRODUCT_NOT_FOUND',
      message: localize('PRODUCT_NOT_FOUND', 'en'),
    });

    const anonymous = await ask(null, cola, 'en');
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe('Sign in to continue');
    const wrongToken = await t.get(`/v1/user_reviews/eligibility?product_id=${cola}`, {
      authorization: 'Bearer not-a-token',
    });
    expect(wrongToken.statusCode).toBe(401);
  });
});

describe('auto-added lines (napkins on delivery)', () => {
  const napkins = ORDER_FIXTURE.products.napkins;
  const napkinsLine = { product_id: napkins, type: 'simple' as const, quantity: 1 };
  const withNapkins = {
    steps: [{ branch_id: ORDER_FIXTURE.chilonzor, products: [...wrapLines(2), napkinsLine] }],
  };
  const setStatus = (id: string, status: OrderStatus) =>
    t.app.db.update(orders).set({ status }).where(eq(orders.id, id));

  it('are marked when the order is placed, never offered for rating, and a review of them is refused', async () => {
    const hana = await signInTestCustomer(t);
    const auth = { authorization: `Bearer ${hana.token}` };
    // Delivery: the chain's auto-add rule gives every delivery the napkins; the cart sends them along.
    const delivery = await placeTestOrder(t, hana.token, withNapkins);
    await setStatus(delivery.order_id, 'delivered');

    const order = ZOrderDetail.parse((await t.get(`/v2/orders/${delivery.order_id}`, auth)).json());
    expect(order.lines.map((l) => [l.product_id, l.auto_added, l.can_review])).toEqual([
      [wrap, false, true],
      [napkins, true, false],
    ]);
    expect(
      ZReviewEligibility.parse(
        (await t.get(`/v1/user_reviews/eligibility?product_id=${napkins}`, auth)).json(),
      ),
    ).toEqual({ can_review: false, order_id: null, reason: 'not_ordered' });

    const refused = await post(hana, { product_id: napkins, order_id: delivery.order_id, rating: 5 }, 'en');
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toMatchObject({
      code: 'REVIEW_PRODUCT_AUTO_ADDED',
      message: 'This was added to the order automatically and is not a dish to rate',
    });
    const ru = await post(hana, { product_id: napkins, order_id: delivery.order_id, rating: 5 });
    expect(errorOf(ru).message).toBe(
      'Это не блюдо, а то, что добавляется к заказу автоматически: его не оценивают',
    );
    expect(await t.app.db.select().from(reviews).where(eq(reviews.customerId, hana.id))).toHaveLength(0);
    // The dish the customer chose in the same order is still theirs to rate.
    const dish = await post(hana, { product_id: wrap, order_id: delivery.order_id, rating: 5 });
    expect(dish.statusCode, dish.body).toBe(201);
  });

  it('a product the customer chose themselves (no rule adds it to pickup) is theirs to rate', async () => {
    const ivan = await signInTestCustomer(t);
    const auth = { authorization: `Bearer ${ivan.token}` };
    const pickup = await placeTestOrder(t, ivan.token, { delivery_type: 'self-pickup', ...withNapkins });
    await setStatus(pickup.order_id, 'finished');
    const order = ZOrderDetail.parse((await t.get(`/v2/orders/${pickup.order_id}`, auth)).json());
    expect(order.lines.map((l) => [l.product_id, l.auto_added, l.can_review])).toEqual([
      [wrap, false, true],
      [napkins, false, true],
    ]);
    expect(
      ZReviewEligibility.parse(
        (await t.get(`/v1/user_reviews/eligibility?product_id=${napkins}`, auth)).json(),
      ),
    ).toEqual({ can_review: true, order_id: pickup.order_id, reason: null });
    const rated = await post(ivan, { product_id: napkins, order_id: pickup.order_id, rating: 4 });
    expect(rated.statusCode, rated.body).toBe(201);
  });
});
