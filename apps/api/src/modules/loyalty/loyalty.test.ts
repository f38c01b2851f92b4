/**
 * The accumulative card with the local ledger (issue 12), through the API on a real database: the
 * welcome bonus, the balance endpoint (own card only), the history, bonuses in the quote and the order
 * (cap, rounding, balance, change), cashback when received, the refund when cancelled, and no double
 * spend from two tabs.
 *
 * The fixture order (test/orders.ts) costs 66 000 (delivery) with the automatic 'wrap-fixed' discount;
 * with LOYALTY_MAX_SHARE_PERCENT 50 at most 33 000 of it may be bonuses.
 */
import {
  type TOrderQuoteResponse,
  ZLoyaltyBalanceResponse,
  ZLoyaltyHistoryResponse,
  ZOrderDetail,
  ZOrderQuoteResponse,
} from '@app/contracts';
import type { Actor, OrderEvent } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loyaltyLedger, orders, shippers } from '../../db/schema/index.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import {
  deliveryOrderBody,
  ORDER_TEST_MORNING,
  pickupOrderBody,
  placeTestOrder,
  postOrder,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';
import { LIFE_FIXTURE } from '../order-status/order-status.fixtures.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { grantWelcomeBonus } from './loyalty.service.ts';

const clock = createTestClock(ORDER_TEST_MORNING);
let t: TestApp;
const WELCOME = 20_000;

beforeAll(async () => {
  t = await buildTestApp({
    clock: clock.now,
    env: {
      LOYALTY_PROVIDER: 'local',
      LOYALTY_WELCOME_BONUS: WELCOME,
      LOYALTY_CASHBACK_PERCENT: 5,
      LOYALTY_MAX_SHARE_PERCENT: 50,
    },
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  clock.set(ORDER_TEST_MORNING);
  await offerLoyalty(true);
});

async function offerLoyalty(offered: boolean) {
  const types = offered ? ['cash', 'payme', 'loyalty'] : ['cash', 'payme'];
  await t.db.db
    .update(shippers)
    .set({ paymentTypes: types as never })
    .where(eq(shippers.id, CLIENT_HEADERS.shipper));
}

const auth = (who: TestCustomer) => ({ ...CLIENT_HEADERS, authorization: `Bearer ${who.token}` });

function balanceCall(who: TestCustomer | null, query = '', locale?: 'ru' | 'uz' | 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/v2/crm/iiko-customer-info${query}`,
    headers: {
      ...(who ? auth(who) : CLIENT_HEADERS),
      ...(locale ? { 'accept-language': locale } : {}),
    },
  });
}

async function balanceOf(who: TestCustomer): Promise<number> {
  const res = await balanceCall(who);
  expect(res.statusCode, res.body).toBe(200);
  return ZLoyaltyBalanceResponse.parse(res.json()).balance;
}

/** Bonuses added straight into the ledger (as a refund without an order: a positive movement). */
async function credit(who: TestCustomer, amount: number) {
  await t.db.db.insert(loyaltyLedger).values({
    shipperId: CLIENT_HEADERS.shipper,
    customerId: who.id,
    orderId: null,
    amount,
    reason: 'refund',
    createdAt: clock.now(),
  });
}

async function quote(who: TestCustomer, body: object): Promise<TOrderQuoteResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/ondemand-order/quote',
    headers: auth(who),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZOrderQuoteResponse.parse(res.json());
}

const movementsOf = (orderId: string) =>
  t.db.db
    .select({ reason: loyaltyLedger.reason, amount: loyaltyLedger.amount })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.orderId, orderId))
    .orderBy(loyaltyLedger.createdAt);

const S = LIFE_FIXTURE.staff;
const apply = (orderId: string, event: OrderEvent, actor: Actor, staffId?: string) =>
  t.app.db.transaction((tx) => applyEvent(t.app, tx, orderId, event, actor, staffId));

async function deliver(orderId: string) {
  await apply(orderId, 'operator-accepted', 'operator', S.operator);
  await apply(orderId, 'vendor-accepted', 'vendor', S.vendorChilonzor);
  await apply(orderId, 'vendor-ready', 'vendor', S.vendorChilonzor);
  await apply(orderId, 'courier-accepted', 'courier', S.courier);
  await apply(orderId, 'courier-picked', 'courier', S.courier);
  await apply(orderId, 'delivered', 'courier', S.courier);
}

async function orderDetail(who: TestCustomer, orderId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/v2/orders/${orderId}`, headers: auth(who) });
  expect(res.statusCode, res.body).toBe(200);
  return ZOrderDetail.parse(res.json());
}

describe('welcome bonus', () => {
  it('gives a new customer LOYALTY_WELCOME_BONUS once, as one welcome movement', async () => {
    const who = await signInTestCustomer(t);
    expect(await balanceOf(who)).toBe(WELCOME);
    // A second grant (a retried registration step) adds nothing.
    await grantWelcomeBonus(
      t.db.db,
      t.app.config,
      { shipperId: CLIENT_HEADERS.shipper, customerId: who.id },
      clock.now(),
    );
    expect(await balanceOf(who)).toBe(WELCOME);
    const rows = await t.db.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.customerId, who.id));
    expect(rows.map((r) => [r.reason, r.amount, r.orderId])).toEqual([['welcome', WELCOME, null]]);
  });

  it('gives nothing when the bonus is 0 or the card is iiko’s', async () => {
    const who = await signInTestCustomer(t);
    await t.db.db.delete(loyaltyLedger).where(eq(loyaltyLedger.customerId, who.id));
    const owner = { shipperId: CLIENT_HEADERS.shipper, customerId: who.id };
    await grantWelcomeBonus(
      t.db.db,
      { LOYALTY_PROVIDER: 'local', LOYALTY_WELCOME_BONUS: 0 },
      owner,
      clock.now(),
    );
    await grantWelcomeBonus(
      t.db.db,
      { LOYALTY_PROVIDER: 'iiko', LOYALTY_WELCOME_BONUS: 5_000 },
      owner,
      clock.now(),
    );
    expect(await balanceOf(who)).toBe(0);
  });
});

describe('POST /v2/crm/iiko-customer-info', () => {
  let who: TestCustomer;
  let other: TestCustomer;
  beforeAll(async () => {
    who = await signInTestCustomer(t);
    other = await signInTestCustomer(t);
    await credit(other, 70_000);
  });

  it("answers the signed-in customer's balance and the chain's rules", async () => {
    const res = await balanceCall(who);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ balance: WELCOME, cashback_percent: 5, max_share_percent: 50 });
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });

  it('accepts the customer’s own phone, with or without +', async () => {
    for (const phone of [who.phone, `%2B${who.phone}`]) {
      const res = await balanceCall(who, `?phone=${phone}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().balance).toBe(WELCOME);
    }
  });

  it("refuses another customer's phone (400) and never answers that card's balance", async () => {
    const res = await balanceCall(who, `?phone=${other.phone}`, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      statusCode: 400,
      code: 'LOYALTY_PHONE_NOT_OWN',
      message: "Only your own card's balance can be shown",
      fields: [{ field: 'phone' }],
    });
    expect(res.body).not.toContain('70000');
    expect(res.json()).not.toHaveProperty('balance');
    const ru = await balanceCall(who, `?phone=${other.phone}`, 'ru');
    expect(ru.json().message).toBe('Можно узнать баланс только своей карты');
  });

  it.each(['abc', '99890', '7901234567890', '998 90 123'])(
    'refuses a malformed phone %j with 400',
    async (phone) => {
      const res = await balanceCall(who, `?phone=${encodeURIComponent(phone)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(typeof res.json().message).toBe('string');
      expect(res.json().message.length).toBeGreaterThan(0);
    },
  );

  it('refuses without a signed-in customer (401)', async () => {
    const res = await balanceCall(null);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('bonuses in the quote', () => {
  let who: TestCustomer;
  beforeAll(async () => {
    who = await signInTestCustomer(t);
  });

  it('answers the most the order may use: the balance, at most 50% of the total, in hundreds', async () => {
    const q = await quote(who, deliveryOrderBody());
    expect(q.total_price).toBe(66_000);
    expect(q).toMatchObject({ loyalty_amount: 0, loyalty_max: 20_000, amount_to_pay: 66_000, errors: [] });
    await credit(who, 30_050); // 50 050: the cap of 33 000 is lower
    const capped = await quote(who, deliveryOrderBody({ loyalty_amount: 33_000 }));
    expect(capped).toMatchObject({
      loyalty_amount: 33_000,
      loyalty_max: 33_000,
      amount_to_pay: 33_000,
      errors: [],
    });
  });

  it('lists the refusals of an amount not in hundreds, above the cap, above the balance', async () => {
    const c = await signInTestCustomer(t);
    const cases: [number, string, string][] = [
      [150, 'LOYALTY_AMOUNT_NOT_HUNDREDS', 'The bonus amount must be a multiple of 100'],
      [33_100, 'LOYALTY_AMOUNT_ABOVE_CAP', 'At most 33,000 sum of this order can be paid with bonuses'],
      [20_100, 'LOYALTY_AMOUNT_ABOVE_BALANCE', 'Your card holds only 20,000 sum in bonuses'],
    ];
    for (const [amount, code, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v2/ondemand-order/quote',
        headers: { ...auth(c), 'accept-language': 'en' },
        payload: deliveryOrderBody({ loyalty_amount: amount }),
      });
      const q = ZOrderQuoteResponse.parse(res.json());
      expect(q.errors, String(amount)).toEqual([
        { code, message: message.replaceAll(' sum', '\u00a0sum'), field: 'loyalty_amount' },
      ]);
      expect(q).toMatchObject({
        loyalty_amount: amount,
        loyalty_max: 20_000,
        amount_to_pay: 66_000 - amount,
      });
    }
  });

  it('offers nothing when the chain does not take the card, and refuses bonuses then', async () => {
    await offerLoyalty(false);
    expect(await quote(who, deliveryOrderBody())).toMatchObject({ loyalty_max: 0, errors: [] });
    const q = await quote(who, deliveryOrderBody({ loyalty_amount: 1_000 }));
    expect(q.errors).toEqual([
      expect.objectContaining({ code: 'LOYALTY_NOT_OFFERED', field: 'loyalty_amount' }),
    ]);
  });

  it('checks the cash change against the amount to pay, not the total', async () => {
    const c = await signInTestCustomer(t);
    const ok = await quote(c, deliveryOrderBody({ loyalty_amount: 20_000, change_from: 46_000 }));
    expect(ok.errors).toEqual([]);
    const short = await quote(c, deliveryOrderBody({ loyalty_amount: 20_000, change_from: 45_900 }));
    expect(short.errors.map((e) => e.code)).toEqual(['CHANGE_FROM_TOO_SMALL']);
  });
});

describe('bonuses in the order', () => {
  it('writes the bonus part and the spent movement with the order, and the order shows them', async () => {
    const who = await signInTestCustomer(t);
    const { order_id } = await placeTestOrder(t, who.token, { loyalty_amount: 20_000, change_from: 50_000 });
    const [row] = await t.db.db.select().from(orders).where(eq(orders.id, order_id));
    expect(row).toMatchObject({ totalPrice: 66_000, loyaltyAmount: 20_000, changeFrom: 50_000 });
    expect(await movementsOf(order_id)).toEqual([{ reason: 'spent', amount: -20_000 }]);
    expect(await balanceOf(who)).toBe(0);
    expect(await orderDetail(who, order_id)).toMatchObject({
      total_price: 66_000,
      loyalty_amount: 20_000,
      amount_to_pay: 46_000,
      loyalty_earned: 0,
    });
  });

  it.each([
    [150, 'LOYALTY_AMOUNT_NOT_HUNDREDS'],
    [33_100, 'LOYALTY_AMOUNT_ABOVE_CAP'],
    [20_100, 'LOYALTY_AMOUNT_ABOVE_BALANCE'],
  ])('refuses %d bonuses with %s (422) and writes nothing', async (amount, code) => {
    const who = await signInTestCustomer(t);
    if (amount === 33_100) await credit(who, 30_000); // 50 000: the cap is what refuses
    const res = await postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: amount }), {
      locale: 'uz',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code });
    expect(res.json().message).not.toMatch(/[А-Яа-я]/);
    const placed = await t.db.db.select().from(orders).where(eq(orders.customerId, who.id));
    expect(placed).toEqual([]);
    const spent = await t.db.db
      .select()
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.customerId, who.id), eq(loyaltyLedger.reason, 'spent')));
    expect(spent).toEqual([]);
  });

  it('refuses bonuses when the chain does not take the card', async () => {
    const who = await signInTestCustomer(t);
    await offerLoyalty(false);
    const res = await postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 1_000 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('LOYALTY_NOT_OFFERED');
    // Without bonuses the order is taken as before.
    await placeTestOrder(t, who.token);
  });

  it('refuses cash change below the amount to pay', async () => {
    const who = await signInTestCustomer(t);
    const res = await postOrder(
      t,
      who.token,
      deliveryOrderBody({ loyalty_amount: 20_000, change_from: 45_900 }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('CHANGE_FROM_TOO_SMALL');
  });

  it('lets only one of two concurrent orders spend the same balance', async () => {
    const who = await signInTestCustomer(t);
    const body = deliveryOrderBody({ loyalty_amount: 20_000 });
    // Each order waits (up to 500 ms) after reading the balance for the other to read it too: without
    // the customer's row lock both would read 20 000 and both spend it; with it the second reads the
    // balance only once the first has committed.
    const program = t.app.loyalty;
    const read = program.balance;
    let waiting: (() => void) | null = null;
    program.balance = async (db, customer) => {
      const balance = await read(db, customer);
      if (waiting) {
        waiting();
        waiting = null;
      } else {
        await new Promise<void>((resolve) => {
          waiting = resolve;
          setTimeout(resolve, 500);
        });
        waiting = null;
      }
      return balance;
    };
    let answers: Awaited<ReturnType<typeof postOrder>>[];
    try {
      answers = await Promise.all([postOrder(t, who.token, body), postOrder(t, who.token, body)]);
    } finally {
      program.balance = read;
    }
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.statusCode === 422)?.json().code).toBe('LOYALTY_AMOUNT_ABOVE_BALANCE');
    expect(await balanceOf(who)).toBe(0);
    const spent = await t.db.db
      .select()
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.customerId, who.id), eq(loyaltyLedger.reason, 'spent')));
    expect(spent).toHaveLength(1);
  });
});

describe('the order life', () => {
  it('credits 5% of the part paid with money once the delivery is delivered, and nothing more when finished', async () => {
    const who = await signInTestCustomer(t);
    const { order_id } = await placeTestOrder(t, who.token, { loyalty_amount: 20_000 });
    await deliver(order_id);
    // 5% of 46 000 (66 000 less the 20 000 of bonuses): never on the bonus part.
    expect(await movementsOf(order_id)).toEqual([
      { reason: 'spent', amount: -20_000 },
      { reason: 'earned', amount: 2_300 },
    ]);
    await apply(order_id, 'finished', 'operator', S.operator);
    expect(await movementsOf(order_id)).toHaveLength(2);
    expect(await balanceOf(who)).toBe(2_300);
    expect((await orderDetail(who, order_id)).loyalty_earned).toBe(2_300);
  });

  it('rounds the cashback down to the hundred', async () => {
    const who = await signInTestCustomer(t);
    await credit(who, 13_000); // 33 000
    const { order_id } = await placeTestOrder(t, who.token, { loyalty_amount: 33_000 });
    await deliver(order_id);
    // 5% of 33 000 is 1 650.
    expect((await movementsOf(order_id)).at(-1)).toEqual({ reason: 'earned', amount: 1_600 });
  });

  it('credits a pickup order when it is finished', async () => {
    const who = await signInTestCustomer(t);
    const q = await quote(who, pickupOrderBody());
    const { order_id } = await placeTestOrder(t, who.token, {
      delivery_type: 'self-pickup',
      loyalty_amount: 0,
    });
    await apply(order_id, 'operator-accepted', 'operator', S.operator);
    await apply(order_id, 'vendor-accepted', 'vendor', S.vendorChilonzor);
    await apply(order_id, 'vendor-ready', 'vendor', S.vendorChilonzor);
    expect(await movementsOf(order_id)).toEqual([]);
    await apply(order_id, 'finished', 'vendor', S.vendorChilonzor);
    expect(q.total_price).toBe(54_000);
    // 5% of 54 000.
    expect(await movementsOf(order_id)).toEqual([{ reason: 'earned', amount: 2_700 }]);
    expect(await balanceOf(who)).toBe(WELCOME + 2_700);
  });

  it('gives back what a cancelled order spent and earns nothing for it', async () => {
    const who = await signInTestCustomer(t);
    const { order_id } = await placeTestOrder(t, who.token, { loyalty_amount: 15_000 });
    expect(await balanceOf(who)).toBe(5_000);
    await apply(order_id, 'operator-accepted', 'operator', S.operator);
    await apply(order_id, 'operator-cancelled', 'operator', S.operator);
    expect(await movementsOf(order_id)).toEqual([
      { reason: 'spent', amount: -15_000 },
      { reason: 'refund', amount: 15_000 },
    ]);
    expect(await balanceOf(who)).toBe(WELCOME);
    expect((await orderDetail(who, order_id)).loyalty_earned).toBe(0);
  });

  it('writes nothing for a cancelled order without bonuses', async () => {
    const who = await signInTestCustomer(t);
    const { order_id } = await placeTestOrder(t, who.token);
    await apply(order_id, 'server-cancelled', 'server');
    expect(await movementsOf(order_id)).toEqual([]);
  });
});

describe('GET /v2/crm/loyalty-history', () => {
  it('pages the movements newest first with the balance and the order numbers', async () => {
    const who = await signInTestCustomer(t);
    clock.set(new Date(ORDER_TEST_MORNING.getTime() + 60_000));
    const first = await placeTestOrder(t, who.token, { loyalty_amount: 5_000 });
    clock.set(new Date(ORDER_TEST_MORNING.getTime() + 120_000));
    const second = await placeTestOrder(t, who.token, { loyalty_amount: 3_000 });
    clock.set(new Date(ORDER_TEST_MORNING.getTime() + 180_000));
    await apply(second.order_id, 'operator-cancelled', 'operator', S.operator);

    const page = async (n: number, limit = 2) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v2/crm/loyalty-history?page=${n}&limit=${limit}`,
        headers: auth(who),
      });
      expect(res.statusCode, res.body).toBe(200);
      return ZLoyaltyHistoryResponse.parse(res.json());
    };
    const one = await page(1);
    const two = await page(2);
    const three = await page(3);
    expect(one.balance).toBe(WELCOME - 5_000);
    expect(one.count).toBe(4);
    expect(one.movements.map((m) => [m.reason, m.amount, m.external_order_id])).toEqual([
      ['refund', 3_000, second.external_order_id],
      ['spent', -3_000, second.external_order_id],
    ]);
    expect(two.movements.map((m) => [m.reason, m.amount, m.order_id])).toEqual([
      ['spent', -5_000, first.order_id],
      ['welcome', WELCOME, null],
    ]);
    expect(three).toEqual({ balance: WELCOME - 5_000, count: 4, movements: [] });
  });

  it('refuses a bad page (400) and a request without a customer (401)', async () => {
    const who = await signInTestCustomer(t);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/v2/crm/loyalty-history?limit=0',
      headers: auth(who),
    });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().message).toBe('string');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/v2/crm/loyalty-history',
      headers: CLIENT_HEADERS,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('bonuses covering the whole order (LOYALTY_MAX_SHARE_PERCENT 100)', () => {
  let whole: TestApp;
  beforeAll(async () => {
    whole = await buildTestApp({
      clock: clock.now,
      env: { LOYALTY_PROVIDER: 'local', LOYALTY_WELCOME_BONUS: 100_000, LOYALTY_MAX_SHARE_PERCENT: 100 },
    });
    await whole.db.db
      .update(shippers)
      .set({ paymentTypes: ['cash', 'payme', 'click', 'loyalty'] as never })
      .where(eq(shippers.id, CLIENT_HEADERS.shipper));
  });
  afterAll(async () => {
    await whole?.close();
  });

  it('refuses payme and click with nothing left to pay (a provider takes no 0), and takes cash', async () => {
    const who = await signInTestCustomer(whole);
    // The total as placing computes it for that payment type (a chain's discount may depend on it).
    const totalFor = async (payment_type: 'payme' | 'click') => {
      const priced = await whole.app.inject({
        method: 'POST',
        url: '/v2/ondemand-order/quote',
        headers: { ...CLIENT_HEADERS, authorization: `Bearer ${who.token}` },
        payload: deliveryOrderBody({ payment_type }),
      });
      const total = ZOrderQuoteResponse.parse(priced.json()).total_price;
      expect(total % 100).toBe(0);
      return total;
    };
    for (const payment_type of ['payme', 'click'] as const) {
      const total = await totalFor(payment_type);
      const res = await whole.app.inject({
        method: 'POST',
        url: '/v2/ondemand-order',
        headers: { ...CLIENT_HEADERS, authorization: `Bearer ${who.token}`, 'accept-language': 'en' },
        payload: deliveryOrderBody({ payment_type, loyalty_amount: total }),
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'ONLINE_PAYMENT_NOTHING_TO_PAY',
        message: 'Nothing is left to pay online: bonuses cover the whole order; choose payment on receipt',
      });
    }
    // Something left to pay online: accepted.
    const partly = await whole.app.inject({
      method: 'POST',
      url: '/v2/ondemand-order',
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${who.token}` },
      payload: deliveryOrderBody({ payment_type: 'payme', loyalty_amount: (await totalFor('payme')) - 100 }),
    });
    expect(partly.statusCode, partly.body).toBe(201);
    const cash = await whole.app.inject({
      method: 'POST',
      url: '/v2/ondemand-order',
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${who.token}` },
      payload: deliveryOrderBody({ payment_type: 'cash', loyalty_amount: 0 }),
    });
    expect(cash.statusCode, cash.body).toBe(201);
  });
});
