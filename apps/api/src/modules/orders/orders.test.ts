import { ZApiError, ZOrderDetail, ZOrdersResponse } from '@app/contracts';
import type { OrderStatus } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, orders, reviews } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  ORDER_TEST_MORNING,
  placeTestOrder,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';
import { FIXTURE_IDS, insertTestCourier, insertTestOrder } from './orders.fixtures.ts';

let t: TestApp;
let alice: TestCustomer;
let bob: TestCustomer;

/**
 * The app's clock runs from 09:00 in Tashkent (ORDER_TEST_MORNING) rather than the machine's: the
 * fixture's hour-bound discounts ('hot-lunch' 11:00-15:00, 'night-free-delivery' 22:00-02:00) would
 * otherwise change an order's prices with the hour the suite runs at.
 */
const started = Date.now();
const clock = () => new Date(ORDER_TEST_MORNING.getTime() + (Date.now() - started));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  [alice, bob] = await Promise.all([signInTestCustomer(t), signInTestCustomer(t)]);
});
afterAll(async () => {
  await t?.close();
});

const as = (who: TestCustomer | null, url: string, locale?: string): Promise<LightMyRequestResponse> =>
  t.get(url, {
    authorization: who ? `Bearer ${who.token}` : undefined,
    'accept-language': locale,
  });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const at = (iso: string) => new Date(iso);

describe('GET /v2/orders', () => {
  let current: string[];
  let history: string[];

  beforeAll(async () => {
    // Alice: three current orders and four past ones, placed a day apart (the newest last).
    const plan: OrderStatus[][] = [
      [
        'new',
        'operator-accepted',
        'vendor-accepted',
        'vendor-ready',
        'courier-accepted',
        'courier-picked',
        'delivered',
      ],
      ['new', 'operator-cancelled'],
      ['future'],
      ['new', 'operator-accepted', 'vendor-accepted'],
      [
        'new',
        'operator-accepted',
        'vendor-accepted',
        'vendor-ready',
        'courier-accepted',
        'courier-picked',
        'delivered',
        'finished',
      ],
      ['payment-awaited'],
      ['new', 'server-cancelled'],
    ];
    const ids: { id: string; status: OrderStatus }[] = [];
    for (const [i, h] of plan.entries()) {
      const order = await insertTestOrder(t.app.db, {
        customerId: alice.id,
        history: h,
        createdAt: at(`2026-02-0${i + 1}T09:00:00.000Z`),
      });
      ids.push({ id: order.id, status: h.at(-1) as OrderStatus });
    }
    // Bob's order is never Alice's.
    await insertTestOrder(t.app.db, { customerId: bob.id, createdAt: at('2026-02-20T09:00:00.000Z') });
    const newestFirst = [...ids].reverse();
    const currentSet = new Set(['future', 'vendor-accepted', 'payment-awaited']);
    current = newestFirst.filter((o) => currentSet.has(o.status)).map((o) => o.id);
    history = newestFirst.filter((o) => !currentSet.has(o.status)).map((o) => o.id);
  });

  it('lists current orders (still on their way, scheduled or awaiting payment) newest first', async () => {
    const res = await as(alice, '/v2/orders?status=current');
    expect(res.statusCode, res.body).toBe(200);
    const body = ZOrdersResponse.parse(res.json());
    expect(body.count).toBe(3);
    expect(body.orders.map((o) => o.id)).toEqual(current);
    expect(body.orders.map((o) => o.status)).toEqual(['payment-awaited', 'vendor-accepted', 'future']);
  });

  it('defaults to the current orders', async () => {
    const body = ZOrdersResponse.parse((await as(alice, '/v2/orders')).json());
    expect(body.orders.map((o) => o.id)).toEqual(current);
  });

  it('lists the history: delivered, finished and cancelled orders', async () => {
    const res = await as(alice, '/v2/orders?status=history');
    const body = ZOrdersResponse.parse(res.json());
    expect(body.count).toBe(4);
    expect(body.orders.map((o) => o.id)).toEqual(history);
    expect(body.orders.map((o) => o.status)).toEqual([
      'server-cancelled',
      'finished',
      'operator-cancelled',
      'delivered',
    ]);
  });

  it('gives each order its number, date, branch, type, total and item count', async () => {
    const body = ZOrdersResponse.parse((await as(alice, '/v2/orders?status=history&limit=1')).json());
    expect(body.orders[0]).toMatchObject({
      id: history[0],
      created_at: '2026-02-07T09:00:00.000Z',
      delivery_type: 'delivery',
      branch: { id: FIXTURE_IDS.chilonzor, slug: 'chilonzor', name: { en: 'chilonzor branch' } },
      // 2 x 32 000 + 8 000 goods + 12 000 delivery.
      total_price: 84_000,
      // 2 wraps and a cola.
      items_count: 3,
    });
    expect(body.orders[0]?.external_order_id).toMatch(/^T-/);
  });

  it('pages', async () => {
    const page2 = ZOrdersResponse.parse((await as(alice, '/v2/orders?status=history&limit=3&page=2')).json());
    expect(page2.count).toBe(4);
    expect(page2.orders.map((o) => o.id)).toEqual(history.slice(3));
    const beyond = ZOrdersResponse.parse(
      (await as(alice, '/v2/orders?status=history&limit=3&page=5')).json(),
    );
    expect(beyond).toEqual({ count: 4, orders: [], next_before: null });
  });

  it("pages by key: `next_before` names the page's last order while more follow, null after the last", async () => {
    const first = ZOrdersResponse.parse((await as(alice, '/v2/orders?status=history&limit=3')).json());
    expect(first.orders.map((o) => o.id)).toEqual(history.slice(0, 3));
    expect(first.next_before).toBe(history[2]);
    const next = ZOrdersResponse.parse(
      (await as(alice, `/v2/orders?status=history&limit=3&before=${first.next_before}`)).json(),
    );
    expect(next).toMatchObject({ count: 4, next_before: null });
    expect(next.orders.map((o) => o.id)).toEqual(history.slice(3));
    // Exactly a page's worth left: no further page is promised.
    const exact = ZOrdersResponse.parse((await as(alice, '/v2/orders?status=history&limit=4')).json());
    expect(exact.next_before).toBeNull();
    // `page` is not used beside `before`.
    const both = ZOrdersResponse.parse(
      (await as(alice, `/v2/orders?status=history&limit=3&page=7&before=${history[2]}`)).json(),
    );
    expect(both.orders.map((o) => o.id)).toEqual(history.slice(3));
  });

  it("gives an empty page for a `before` that is not one of the customer's orders, 400 for a malformed one", async () => {
    const foreign = ZOrdersResponse.parse(
      (await as(bob, `/v2/orders?status=history&before=${history[0]}`)).json(),
    );
    expect(foreign.orders).toEqual([]);
    const unknown = ZOrdersResponse.parse((await as(alice, `/v2/orders?before=${UNKNOWN_ID}`)).json());
    expect(unknown).toMatchObject({ orders: [], next_before: null, count: 3 });
    const bad = await as(alice, '/v2/orders?before=1%27%20or%201=1');
    expect(bad.statusCode).toBe(400);
    expect(ZApiError.parse(bad.json()).fields?.[0]?.field).toBe('before');
  });

  it("shows a customer only their own orders (Bob sees none of Alice's)", async () => {
    const body = ZOrdersResponse.parse((await as(bob, '/v2/orders')).json());
    expect(body.count).toBe(1);
    expect(body.orders.some((o) => current.includes(o.id) || history.includes(o.id))).toBe(false);
  });

  it('answers 401 without a sign-in and 400 for a bad status or page, in JSON with a message', async () => {
    const anonymous = await as(null, '/v2/orders', 'en');
    expect(anonymous.statusCode).toBe(401);
    expect(ZApiError.parse(anonymous.json()).message).toBe('Sign in to continue');
    const status = await as(alice, '/v2/orders?status=all');
    expect(status.statusCode).toBe(400);
    expect(ZApiError.parse(status.json()).fields?.[0]?.field).toBe('status');
    const page = await as(alice, '/v2/orders?page=0&limit=500');
    expect(page.statusCode).toBe(400);
    expect(
      ZApiError.parse(page.json())
        .fields?.map((f) => f.field)
        .sort(),
    ).toEqual(['limit', 'page']);
  });

  it('answers 400 without the client headers', async () => {
    const res = await t.get('/v2/orders', { shipper: undefined, authorization: `Bearer ${alice.token}` });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).code).toBe('MISSING_HEADER');
  });
});

describe('GET /v2/orders paged by key', () => {
  it('neither repeats nor skips an order when one moves to the history between two pages', async () => {
    const carol = await signInTestCustomer(t);
    const ids: string[] = [];
    for (const day of [1, 2, 3]) {
      const order = await insertTestOrder(t.app.db, {
        customerId: carol.id,
        history: ['new', 'operator-accepted'],
        createdAt: at(`2026-03-0${day}T09:00:00.000Z`),
      });
      ids.unshift(order.id);
    }
    const first = ZOrdersResponse.parse((await as(carol, '/v2/orders?status=current&limit=1')).json());
    expect(first.orders.map((o) => o.id)).toEqual([ids[0]]);
    // The order just read is delivered: by position the second page would now start at the third.
    await t.app.db
      .update(orders)
      .set({ status: 'delivered' })
      .where(eq(orders.id, ids[0] as string));
    const second = ZOrdersResponse.parse(
      (await as(carol, `/v2/orders?status=current&limit=1&before=${first.next_before}`)).json(),
    );
    expect(second.orders.map((o) => o.id)).toEqual([ids[1]]);
    expect(second.count).toBe(2);
  });

  it("tells apart orders a microsecond apart (the database's precision) and, at the same instant, by id", async () => {
    const dave = await signInTestCustomer(t);
    const same = at('2026-03-05T09:00:00.000Z');
    const placed = await Promise.all(
      [1, 2, 3, 4].map(() =>
        insertTestOrder(t.app.db, { customerId: dave.id, history: ['new'], createdAt: same }),
      ),
    );
    // Two of them a few microseconds later, within the same millisecond (as now() stamps real orders).
    const [a, b, c, d] = placed.map((o) => o.id) as [string, string, string, string];
    await t.app.db.execute(
      sql`update orders set created_at = created_at + interval '200 microseconds' where id = ${c}`,
    );
    await t.app.db.execute(
      sql`update orders set created_at = created_at + interval '100 microseconds' where id = ${d}`,
    );
    const seen: string[] = [];
    let before: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const url: string = `/v2/orders?status=current&limit=1${before ? `&before=${before}` : ''}`;
      const body = ZOrdersResponse.parse((await as(dave, url)).json());
      seen.push(...body.orders.map((o) => o.id));
      before = body.next_before;
      if (!before) break;
    }
    expect(seen).toEqual([c, d, ...[a, b].sort().reverse()]);
  });
});

describe('GET /v2/orders/{id}', () => {
  it('answers every field of a delivery order: prices, address, lines, history, no courier yet', async () => {
    const order = await insertTestOrder(t.app.db, {
      customerId: alice.id,
      history: ['new', 'operator-accepted'],
      createdAt: at('2026-03-01T09:00:00.000Z'),
      promoCode: 'HELLO',
      discountPrice: 5_000,
      changeFrom: 100_000,
    });
    const res = await as(alice, `/v2/orders/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZOrderDetail.parse(res.json());
    expect(body).toMatchObject({
      id: order.id,
      external_order_id: order.externalOrderId,
      status: 'operator-accepted',
      created_at: '2026-03-01T09:00:00.000Z',
      updated_at: '2026-03-01T09:01:00.000Z',
      delivery_type: 'delivery',
      payment_type: 'cash',
      paid: false,
      branch: { id: FIXTURE_IDS.chilonzor, slug: 'chilonzor' },
      to_address: 'ул. Тестовая, 5',
      to_location: { lat: 41.3, long: 69.21 },
      accommodation: 'Дом 5',
      apartment: '12',
      building: '2',
      floor: '3',
      description: 'Домофон 12',
      is_courier_call: true,
      comment: 'Позвоните заранее',
      future_time: null,
      goods_price: 72_000,
      delivery_price: 12_000,
      delivery_reason: 'distance',
      discount_price: 5_000,
      total_price: 79_000,
      promo_code: 'HELLO',
      change_from: 100_000,
      courier: null,
      items_count: 3,
      history: [
        { status: 'new', at: '2026-03-01T09:00:00.000Z' },
        { status: 'operator-accepted', at: '2026-03-01T09:01:00.000Z' },
      ],
    });
    // Placed at 09:00 + the branch's delivery time.
    const branch = await t.get(`/v1/branches/${FIXTURE_IDS.chilonzor}`);
    const deliveryTime = (branch.json() as { delivery_time: number }).delivery_time;
    expect(body.expected_at).toBe(
      new Date(Date.parse('2026-03-01T09:00:00.000Z') + deliveryTime * 60_000).toISOString(),
    );

    expect(body.lines).toHaveLength(2);
    expect(body.lines[0]).toMatchObject({
      product_id: FIXTURE_IDS.beefWrap,
      slug: 'beef-wrap',
      type: 'simple',
      title: { en: 'Beef wrap' },
      variants: [],
      modifiers: [
        {
          modifier_id: FIXTURE_IDS.garlic,
          parent_id: FIXTURE_IDS.sauce,
          name: { en: 'Garlic' },
          quantity: 1,
          price: 0,
        },
      ],
      quantity: 2,
      unit_price: 32_000,
      total_price: 64_000,
      comment: 'без лука',
      can_review: false,
    });
    expect(body.lines[0]?.image_url).toMatch(/^\/images\//);
    expect(body.lines[1]).toMatchObject({ slug: 'cola', quantity: 1, total_price: 8_000, comment: '' });
  });

  it('answers a pickup order without an address, the scheduled time as the expected time', async () => {
    const order = await insertTestOrder(t.app.db, {
      customerId: alice.id,
      deliveryType: 'self-pickup',
      history: ['future'],
      futureTime: at('2026-03-02T12:30:00.000Z'),
      paymentType: 'card',
    });
    const body = ZOrderDetail.parse((await as(alice, `/v2/orders/${order.id}`)).json());
    expect(body).toMatchObject({
      delivery_type: 'self-pickup',
      status: 'future',
      payment_type: 'card',
      to_address: null,
      to_location: null,
      delivery_price: 0,
      delivery_reason: 'pickup',
      future_time: '2026-03-02T12:30:00.000Z',
      expected_at: '2026-03-02T12:30:00.000Z',
      change_from: null,
      promo_code: null,
    });
  });

  it('expects a pickup at its branch’s cooking time, a delivery at its delivery time, a scheduled one at its time', async () => {
    // The staff workspace's timer counts a pickup against the branch's cooking_time and a delivery
    // against its delivery_time (staff.repository targetMinutes): the customer's page says the same.
    const placed = at('2026-03-01T09:00:00.000Z');
    const pickup = await insertTestOrder(t.app.db, {
      customerId: alice.id,
      deliveryType: 'self-pickup',
      history: ['new', 'operator-accepted', 'vendor-accepted'],
      createdAt: placed,
    });
    const delivery = await insertTestOrder(t.app.db, {
      customerId: alice.id,
      history: ['new', 'operator-accepted'],
      createdAt: placed,
    });
    const scheduled = await insertTestOrder(t.app.db, {
      customerId: alice.id,
      deliveryType: 'self-pickup',
      history: ['future'],
      createdAt: placed,
      futureTime: at('2026-03-02T12:30:00.000Z'),
    });
    const cancelled = await insertTestOrder(t.app.db, {
      customerId: alice.id,
      deliveryType: 'self-pickup',
      history: ['new', 'operator-cancelled'],
      createdAt: placed,
    });
    const expected = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.entries({ pickup, delivery, scheduled, cancelled }).map(async ([name, order]) => {
            const res = await as(alice, `/v2/orders/${order.id}`);
            expect(res.statusCode, res.body).toBe(200);
            return [name, ZOrderDetail.parse(res.json()).expected_at];
          }),
        ),
      );
    const setBranch = (times: { deliveryTime: number; cookingTime: number }) =>
      t.app.db.update(branches).set(times).where(eq(branches.id, FIXTURE_IDS.chilonzor));
    const [branch] = await t.app.db
      .select({ deliveryTime: branches.deliveryTime, cookingTime: branches.cookingTime })
      .from(branches)
      .where(eq(branches.id, FIXTURE_IDS.chilonzor));
    if (!branch) throw new Error('no branch chilonzor');
    try {
      await setBranch({ deliveryTime: 40, cookingTime: 25 });
      expect(await expected()).toEqual({
        pickup: '2026-03-01T09:25:00.000Z',
        delivery: '2026-03-01T09:40:00.000Z',
        scheduled: '2026-03-02T12:30:00.000Z',
        cancelled: null,
      });
      // The branch cooks slower: the pickup moves, nothing else.
      await setBranch({ deliveryTime: 40, cookingTime: 55 });
      expect(await expected()).toEqual({
        pickup: '2026-03-01T09:55:00.000Z',
        delivery: '2026-03-01T09:40:00.000Z',
        scheduled: '2026-03-02T12:30:00.000Z',
        cancelled: null,
      });
      // It delivers slower: the delivery moves, nothing else.
      await setBranch({ deliveryTime: 70, cookingTime: 55 });
      expect(await expected()).toEqual({
        pickup: '2026-03-01T09:55:00.000Z',
        delivery: '2026-03-01T10:10:00.000Z',
        scheduled: '2026-03-02T12:30:00.000Z',
        cancelled: null,
      });
    } finally {
      await setBranch(branch);
    }
  });

  it('names the courier once one has the order, and no expected time for a cancelled order', async () => {
    const courier = await insertTestCourier(t.app.db);
    const order = await insertTestOrder(t.app.db, {
      customerId: alice.id,
      history: ['new', 'operator-accepted', 'vendor-accepted', 'vendor-ready', 'courier-accepted'],
      courierId: courier.id,
    });
    const body = ZOrderDetail.parse((await as(alice, `/v2/orders/${order.id}`)).json());
    expect(body.courier).toEqual({ name: 'Rustam', phone: '998901112233' });
    expect(body.history.map((h) => h.status)).toEqual([
      'new',
      'operator-accepted',
      'vendor-accepted',
      'vendor-ready',
      'courier-accepted',
    ]);

    const cancelled = await insertTestOrder(t.app.db, {
      customerId: alice.id,
      history: ['new', 'operator-cancelled'],
    });
    const c = ZOrderDetail.parse((await as(alice, `/v2/orders/${cancelled.id}`)).json());
    expect(c.expected_at).toBeNull();
  });

  it('answers an origin product with its chosen size', async () => {
    const order = await insertTestOrder(t.app.db, {
      customerId: alice.id,
      lines: [
        {
          productId: FIXTURE_IDS.margherita,
          type: 'origin',
          title: { ru: 'Пицца Маргарита', uz: 'Margarita pitsa', en: 'Margherita pizza' },
          quantity: 1,
          unitPrice: 79_000,
          variants: [
            {
              group_id: FIXTURE_IDS.margherita,
              product_id: FIXTURE_IDS.margherita35,
              title: { ru: 'Маргарита 35 см', uz: 'Margarita 35 sm', en: 'Margherita 35 cm' },
            },
          ],
        },
      ],
    });
    const body = ZOrderDetail.parse((await as(alice, `/v2/orders/${order.id}`)).json());
    expect(body.lines[0]).toMatchObject({
      type: 'origin',
      slug: 'margherita',
      variants: [{ product_id: FIXTURE_IDS.margherita35, title: { en: 'Margherita 35 cm' } }],
    });
  });

  it('offers to rate the dishes of a delivered or finished order until they are rated', async () => {
    const delivered = await insertTestOrder(t.app.db, {
      customerId: bob.id,
      history: [
        'new',
        'operator-accepted',
        'vendor-accepted',
        'vendor-ready',
        'courier-accepted',
        'courier-picked',
        'delivered',
      ],
    });
    const finished = await insertTestOrder(t.app.db, {
      customerId: bob.id,
      deliveryType: 'self-pickup',
      history: ['new', 'operator-accepted', 'vendor-accepted', 'vendor-ready', 'finished'],
    });
    const live = await insertTestOrder(t.app.db, {
      customerId: bob.id,
      history: ['new', 'operator-accepted'],
    });
    const canReview = async (id: string) =>
      ZOrderDetail.parse((await as(bob, `/v2/orders/${id}`)).json()).lines.map((l) => l.can_review);
    expect(await canReview(delivered.id)).toEqual([true, true]);
    expect(await canReview(finished.id)).toEqual([true, true]);
    expect(await canReview(live.id)).toEqual([false, false]);

    // Bob rated the wrap (from either order): no longer offered anywhere, the cola still is.
    await t.app.db.insert(reviews).values({
      productId: FIXTURE_IDS.beefWrap,
      customerId: bob.id,
      orderId: finished.id,
      rating: 5,
      clientName: 'Bob',
    });
    expect(await canReview(delivered.id)).toEqual([false, true]);
    expect(await canReview(finished.id)).toEqual([false, true]);
  });

  it("answers 404 for another customer's order and for an unknown one, in the request's language", async () => {
    const order = await insertTestOrder(t.app.db, { customerId: alice.id });
    const other = await as(bob, `/v2/orders/${order.id}`, 'en');
    expect(other.statusCode).toBe(404);
    expect(ZApiError.parse(other.json())).toMatchObject({
      code: 'ORDER_NOT_FOUND',
      message: 'Order not found',
    });
    const unknown = await as(alice, `/v2/orders/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(ZApiError.parse(unknown.json()).message).toBe('Заказ не найден');
  });

  it('answers 400 for an id that is not a uuid and 401 without a sign-in', async () => {
    const bad = await as(alice, '/v2/orders/B-10001');
    expect(bad.statusCode).toBe(400);
    expect(ZApiError.parse(bad.json()).fields?.[0]?.field).toBe('id');
    const anonymous = await as(null, `/v2/orders/${UNKNOWN_ID}`);
    expect(anonymous.statusCode).toBe(401);
    const stale = await t.get(`/v2/orders/${UNKNOWN_ID}`, { authorization: `Bearer ${'x'.repeat(43)}` });
    expect(stale.statusCode).toBe(401);
  });
});

describe('an order placed through POST /v2/ondemand-order', () => {
  it("reads back with the server's prices, its lines and its first status", async () => {
    const carol = await signInTestCustomer(t);
    const placed = await placeTestOrder(t, carol.token, { comment: 'Без звонка' });
    const list = ZOrdersResponse.parse((await as(carol, '/v2/orders?status=current')).json());
    expect(list.orders.map((o) => [o.id, o.external_order_id])).toEqual([
      [placed.order_id, placed.external_order_id],
    ]);

    const res = await as(carol, `/v2/orders/${placed.order_id}`);
    expect(res.statusCode, res.body).toBe(200);
    const order = ZOrderDetail.parse(res.json());
    // See src/test/orders.ts: 2 wraps with the garlic sauce, delivered to the 'west' zone.
    expect(order).toMatchObject({
      external_order_id: placed.external_order_id,
      status: 'new',
      delivery_type: 'delivery',
      payment_type: 'cash',
      paid: false,
      comment: 'Без звонка',
      goods_price: 64_000,
      delivery_price: 12_000,
      discount_price: 10_000,
      total_price: 66_000,
      items_count: 2,
      courier: null,
    });
    expect(order.lines).toMatchObject([
      {
        product_id: FIXTURE_IDS.beefWrap,
        quantity: 2,
        unit_price: 32_000,
        total_price: 64_000,
        modifiers: [{ modifier_id: FIXTURE_IDS.garlic, quantity: 1 }],
        can_review: false,
      },
    ]);
    expect(order.history.map((h) => h.status)).toEqual(['new']);
    expect(order.goods_price + order.delivery_price - order.discount_price).toBe(order.total_price);
  });
});
