/**
 * The accumulative card kept in iiko Cloud (LOYALTY_PROVIDER=iiko), through the API against the fake
 * iiko on 127.0.0.1: the balance is iiko's, bonuses are charged off with the order and topped up when
 * it is cancelled or earns its cashback, and an iiko that cannot be reached refuses only what needs it.
 */
import { ZOrderQuoteResponse } from '@app/contracts';
import type { Actor, OrderEvent } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_IIKO_ORGANIZATION_ID, type FakeIiko } from '../../adapters/loyalty/fake-iiko.ts';
import { UNKNOWN_CHARGE } from '../../adapters/loyalty/outbox.ts';
import { loyaltyLedger, loyaltyOutbox, orders } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { authOf, balanceOf, buildIikoTestApp, type IikoTestApp } from '../../test/iiko.ts';
import {
  deliveryOrderBody,
  ORDER_TEST_MORNING,
  placeTestOrder,
  postOrder,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';
import { LIFE_FIXTURE, TO_DELIVERED } from '../order-status/order-status.fixtures.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { runLoyaltyOutboxJob } from './loyalty-outbox.job.ts';

const CHARGEOFF = '/api/1/loyalty/iiko/customer/wallet/chargeoff';

const clock = createTestClock(ORDER_TEST_MORNING);
let t: TestApp;
let fake: FakeIiko;
let iiko: IikoTestApp | undefined;

beforeAll(async () => {
  iiko = await buildIikoTestApp({
    clock: clock.now,
    env: { LOYALTY_WELCOME_BONUS: 20_000, LOYALTY_CASHBACK_PERCENT: 5, LOYALTY_MAX_SHARE_PERCENT: 50 },
  });
  ({ t, fake } = iiko);
});
afterAll(async () => {
  await iiko?.close();
});
beforeEach(() => {
  fake.fail('/api/1/loyalty/iiko/customer/info', null);
  fake.fail('/api/1/loyalty/iiko/customer/wallet/chargeoff', null);
});

const auth = authOf;
const balanceCall = (who: TestCustomer) => balanceOf(t, who);
const S = LIFE_FIXTURE.staff;
const apply = (orderId: string, event: OrderEvent, actor: Actor, staffId?: string) =>
  t.app.db.transaction((tx) => applyEvent(t.app, tx, orderId, event, actor, staffId));
const walletCalls = () =>
  fake.requests.filter((r) => r.path.includes('/wallet/')).map((r) => [r.path.split('/').at(-1), r.body.sum]);

describe('the iiko card through the API', () => {
  it("answers iiko's bonus balance of the customer's phone, and gives no welcome bonus of ours", async () => {
    const who = await signInTestCustomer(t);
    fake.addGuest(`+${who.phone}`, 42_000);
    const res = await balanceCall(who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ balance: 42_000, cashback_percent: 5, max_share_percent: 50 });
    const rows = await t.db.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.customerId, who.id));
    expect(rows).toEqual([]);
  });

  it('answers 0 for a customer iiko does not know', async () => {
    const who = await signInTestCustomer(t);
    expect((await balanceCall(who)).json().balance).toBe(0);
  });

  it('charges the bonuses off in iiko with the order and tops them up when it is cancelled', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    fake.requests.length = 0;
    const { order_id, external_order_id } = await placeTestOrder(t, who.token, { loyalty_amount: 25_000 });
    expect(guest.balance).toBe(5_000);
    const chargeoff = fake.requests.find((r) => r.path.endsWith('/chargeoff'));
    expect(chargeoff?.body).toEqual({
      customerId: guest.id,
      walletId: guest.walletId,
      sum: 25_000,
      comment: `Order ${external_order_id}: paid with bonuses`,
      organizationId: FAKE_IIKO_ORGANIZATION_ID,
    });
    await apply(order_id, 'operator-cancelled', 'operator', S.operator);
    // The cancel did not wait on iiko: the refund is queued, and made by the outbox's job.
    expect(walletCalls()).toEqual([['chargeoff', 25_000]]);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([order_id]);
    expect(guest.balance).toBe(30_000);
    const topup = fake.requests.find((r) => r.path.endsWith('/topup'));
    expect(topup?.body).toMatchObject({
      customerId: guest.id,
      walletId: guest.walletId,
      sum: 25_000,
      comment: `Order ${external_order_id} cancelled: bonuses returned`,
    });
    expect(walletCalls()).toEqual([
      ['chargeoff', 25_000],
      ['topup', 25_000],
    ]);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(await t.db.db.select().from(loyaltyOutbox)).toEqual([]);
  });

  it('tops up the cashback in iiko when the order is delivered', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 10_000);
    const { order_id } = await placeTestOrder(t, who.token, { loyalty_amount: 10_000 });
    for (const [event, actor, staff] of TO_DELIVERED) await apply(order_id, event, actor, staff);
    expect(guest.balance).toBe(0);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([order_id]);
    // 5% of the 56 000 paid with money.
    expect(guest.balance).toBe(2_800);
  });

  it.each([
    [400, 'Not enough money on the wallet'],
    [503, 'Service unavailable'],
  ])(
    'refuses an order with bonuses when iiko turns the charge away (%i), and writes nothing',
    async (status, why) => {
      const who = await signInTestCustomer(t);
      fake.addGuest(`+${who.phone}`, 30_000);
      fake.fail(CHARGEOFF, status, { errorDescription: why });
      try {
        const res = await postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 10_000 }), {
          locale: 'en',
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 'LOYALTY_UNAVAILABLE' });
      } finally {
        fake.fail(CHARGEOFF, null);
      }
      expect(await t.db.db.select().from(orders).where(eq(orders.customerId, who.id))).toEqual([]);
      expect(await t.db.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.customerId, who.id))).toEqual(
        [],
      );
    },
  );

  it.each([500, 502, 504])(
    'sets the charge aside for the manager when its answer is %i: iiko may have made it before the error',
    async (status) => {
      const who = await signInTestCustomer(t);
      fake.addGuest(`+${who.phone}`, 30_000);
      fake.fail(CHARGEOFF, status);
      try {
        const res = await postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 10_000 }));
        expect(res.statusCode).toBe(503);
      } finally {
        fake.fail(CHARGEOFF, null);
      }
      expect(await t.db.db.select().from(orders).where(eq(orders.customerId, who.id))).toEqual([]);
      const rows = await t.db.db
        .select({
          reason: loyaltyLedger.reason,
          gaveUpAt: loyaltyOutbox.gaveUpAt,
          lastError: loyaltyOutbox.lastError,
        })
        .from(loyaltyLedger)
        .leftJoin(loyaltyOutbox, eq(loyaltyOutbox.ledgerId, loyaltyLedger.id))
        .where(eq(loyaltyLedger.customerId, who.id))
        .orderBy(loyaltyLedger.amount);
      expect(rows).toEqual([
        { reason: 'spent', gaveUpAt: null, lastError: null },
        { reason: 'refund', gaveUpAt: expect.any(Date), lastError: UNKNOWN_CHARGE },
      ]);
    },
  );

  it('still quotes and places orders without bonuses while iiko is down', async () => {
    const who = await signInTestCustomer(t);
    fake.fail('/api/1/loyalty/iiko/customer/info', 500);
    expect((await balanceCall(who)).statusCode).toBe(503);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/ondemand-order/quote',
      headers: auth(who),
      payload: deliveryOrderBody({ loyalty_amount: 1_000 }),
    });
    const q = ZOrderQuoteResponse.parse(res.json());
    expect(q.loyalty_max).toBe(0);
    expect(q.errors.map((e) => [e.code, e.field])).toEqual([['LOYALTY_UNAVAILABLE', 'loyalty_amount']]);
    await placeTestOrder(t, who.token);
  });
});
