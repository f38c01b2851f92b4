/**
 * The loyalty outbox (LOYALTY_PROVIDER=iiko): a refund or a cashback is written with the status change
 * and made in iiko after it commits, retried until iiko takes it, so nothing an order's life needs
 * (a courier's "delivered", a cancellation, the payment timeout) waits on iiko or fails with it.
 */
import type { Actor, OrderEvent } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeIiko } from '../../adapters/loyalty/fake-iiko.ts';
import {
  claimDueMovement,
  dropMovement,
  enqueueMovement,
  LOYALTY_OUTBOX_FIRST_RETRY_MS,
  LOYALTY_OUTBOX_GIVE_UP_MS,
  LOYALTY_OUTBOX_LEASE_MS,
  movementFailed,
  outboxRows,
} from '../../adapters/loyalty/outbox.ts';
import { loyaltyLedger, loyaltyOutbox, orders } from '../../db/schema/index.ts';
import { CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { buildIikoTestApp, type IikoTestApp } from '../../test/iiko.ts';
import { ORDER_TEST_MORNING, placeTestOrder, signInTestCustomer } from '../../test/orders.ts';
import { LIFE_FIXTURE, TO_DELIVERED } from '../order-status/order-status.fixtures.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { runPaymentTimeoutJob } from '../payments/payment-timeout.job.ts';
import { LOYALTY_OUTBOX_CONCURRENCY, runLoyaltyOutboxJob } from './loyalty-outbox.job.ts';

const TOPUP = '/api/1/loyalty/iiko/customer/wallet/topup';
const S = LIFE_FIXTURE.staff;
const clock = createTestClock(ORDER_TEST_MORNING);
let t: TestApp;
let fake: FakeIiko;
let iiko: IikoTestApp | undefined;

beforeAll(async () => {
  iiko = await buildIikoTestApp({
    clock: clock.now,
    env: { LOYALTY_CASHBACK_PERCENT: 5, LOYALTY_MAX_SHARE_PERCENT: 50 },
  });
  ({ t, fake } = iiko);
});
afterAll(async () => {
  await iiko?.close();
});
beforeEach(async () => {
  clock.set(ORDER_TEST_MORNING);
  fake.fail(TOPUP, null);
  fake.delayMs = 0;
  // Each test starts with an empty outbox (an earlier test may leave a refused movement).
  await t.db.db.delete(loyaltyOutbox);
});

const apply = (orderId: string, event: OrderEvent, actor: Actor, staffId?: string) =>
  t.app.db.transaction((tx) => applyEvent(t.app, tx, orderId, event, actor, staffId));
const topups = () => fake.requests.filter((r) => r.path === TOPUP).map((r) => r.body.sum);
const outboxOf = async (orderId: string) =>
  t.db.db
    .select({
      reason: loyaltyLedger.reason,
      attempts: loyaltyOutbox.attempts,
      nextAttemptAt: loyaltyOutbox.nextAttemptAt,
      lastError: loyaltyOutbox.lastError,
      gaveUpAt: loyaltyOutbox.gaveUpAt,
    })
    .from(loyaltyOutbox)
    .innerJoin(loyaltyLedger, eq(loyaltyLedger.id, loyaltyOutbox.ledgerId))
    .where(eq(loyaltyLedger.orderId, orderId));

/** A customer iiko knows, with an order that spent `spend` bonuses of their `balance`. */
async function bonusOrder(spend: number, balance = 30_000, overrides = {}) {
  const who = await signInTestCustomer(t);
  const guest = fake.addGuest(`+${who.phone}`, balance);
  const placed = await placeTestOrder(t, who.token, { loyalty_amount: spend, ...overrides });
  fake.requests.length = 0;
  return { guest, orderId: placed.order_id };
}

async function deliver(orderId: string) {
  for (const [event, actor, staff] of TO_DELIVERED) await apply(orderId, event, actor, staff);
}

describe('the loyalty outbox', () => {
  it('lets the courier close an order while iiko is down, and tops the cashback up once iiko is back, once', async () => {
    const { guest, orderId } = await bonusOrder(10_000, 10_000);
    fake.fail(TOPUP, 500);
    await deliver(orderId);
    const [status] = await t.db.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(status?.s).toBe('delivered');

    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(topups()).toEqual([2_800]);
    expect(guest.balance).toBe(0);
    const [row] = await outboxOf(orderId);
    expect(row).toMatchObject({ reason: 'earned', attempts: 1, gaveUpAt: null });
    expect(row?.lastError).toMatch(/topup failed \(HTTP 500/);
    expect(row?.nextAttemptAt).toEqual(new Date(clock.now().getTime() + LOYALTY_OUTBOX_FIRST_RETRY_MS));

    // Not due yet: nothing is called.
    fake.fail(TOPUP, null);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(topups()).toEqual([2_800]);

    clock.advance(LOYALTY_OUTBOX_FIRST_RETRY_MS);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([orderId]);
    expect(guest.balance).toBe(2_800);
    expect(await outboxOf(orderId)).toEqual([]);
    clock.advance(LOYALTY_OUTBOX_LEASE_MS);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(topups()).toEqual([2_800, 2_800]);
  });

  it('waits twice as long after each refused try', async () => {
    const { orderId } = await bonusOrder(5_000);
    await apply(orderId, 'operator-cancelled', 'operator', S.operator);
    fake.fail(TOPUP, 502);
    const waits: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
      const [row] = await outboxOf(orderId);
      expect(row?.attempts).toBe(i + 1);
      const wait = (row?.nextAttemptAt.getTime() ?? 0) - clock.now().getTime();
      waits.push(wait);
      clock.advance(wait);
    }
    expect(waits).toEqual([15_000, 30_000, 60_000]);
    // Three failures in a row opened iiko's breaker (30 s, passed by the last wait): iiko back, the
    // next round's call is its trial, and makes the refund.
    fake.fail(TOPUP, null);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([orderId]);
    expect(await outboxOf(orderId)).toEqual([]);
  });

  it('cancels unpaid bonus orders on time while iiko is down, and gives their bonuses back later', async () => {
    const { guest, orderId } = await bonusOrder(20_000, 30_000, { payment_type: 'payme' });
    expect(guest.balance).toBe(10_000);
    fake.fail(TOPUP, 500);
    clock.advance(t.app.config.PAYMENT_TIMEOUT_MIN * 60_000);
    expect(await runPaymentTimeoutJob(t.app)).toContain(orderId);
    const [status] = await t.db.db.select({ s: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(status?.s).toBe('server-cancelled');
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(guest.balance).toBe(10_000);

    fake.fail(TOPUP, null);
    clock.advance(LOYALTY_OUTBOX_FIRST_RETRY_MS);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([orderId]);
    expect(guest.balance).toBe(30_000);
  });

  it('makes each movement once when two rounds run at once (on PostgreSQL, on two connections)', async () => {
    const one = await bonusOrder(7_000, 7_000);
    await apply(one.orderId, 'operator-cancelled', 'operator', S.operator);
    const two = await bonusOrder(8_000, 8_000);
    await apply(two.orderId, 'operator-cancelled', 'operator', S.operator);
    fake.requests.length = 0;
    fake.delayMs = 150;
    const [a, b] = await Promise.all([runLoyaltyOutboxJob(t.app), runLoyaltyOutboxJob(t.app)]);
    expect([...a, ...b].sort()).toEqual([one.orderId, two.orderId].sort());
    expect(topups().sort()).toEqual([7_000, 8_000]);
    expect([one.guest.balance, two.guest.balance]).toEqual([7_000, 8_000]);
  });

  it('tries again a movement whose round died during the call, once its lease is over', async () => {
    const { guest, orderId } = await bonusOrder(3_000, 3_000);
    await apply(orderId, 'operator-cancelled', 'operator', S.operator);
    // A round claimed the row and never came back (its process died during the call).
    expect(await claimDueMovement(t.app.db, clock.now())).toMatchObject({
      reason: 'refund',
      amount: 3_000,
      order: { id: orderId },
      attempts: 1,
    });
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    clock.advance(LOYALTY_OUTBOX_LEASE_MS - 1);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(topups()).toEqual([]);
    clock.advance(1);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([orderId]);
    expect(guest.balance).toBe(3_000);
  });

  it('writes nothing over a row whose claim a round lost while its call was under way', async () => {
    const { orderId } = await bonusOrder(2_200);
    await apply(orderId, 'operator-cancelled', 'operator', S.operator);
    const stale = await claimDueMovement(t.app.db, clock.now());
    if (!stale || stale === 'skipped' || 'setAside' in stale) throw new Error('claimed');
    // Its lease ended; another round took the row.
    clock.advance(LOYALTY_OUTBOX_LEASE_MS);
    const fresh = await claimDueMovement(t.app.db, clock.now());
    if (!fresh || fresh === 'skipped' || 'setAside' in fresh) throw new Error('claimed again');
    expect(fresh.attempts).toBe(2);
    const [before] = await outboxOf(orderId);
    expect(await movementFailed(t.app.db, stale, 'late failure', clock.now(), true)).toBe('claim-lost');
    expect(await dropMovement(t.app.db, stale)).toBe(false);
    expect(await outboxOf(orderId)).toEqual([before]);
    expect(await movementFailed(t.app.db, fresh, 'its own failure', clock.now())).toBe('retry');
  });

  it('leaves for a person, with an error in the log, a movement iiko still does not take 3 days on', async () => {
    const { orderId } = await bonusOrder(4_000);
    await apply(orderId, 'operator-cancelled', 'operator', S.operator);
    fake.fail(TOPUP, 503, { errorDescription: 'Wallet service is down' });
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
      expect(logged).not.toHaveBeenCalled();
      clock.advance(LOYALTY_OUTBOX_GIVE_UP_MS);
      expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
      const [row] = await outboxOf(orderId);
      expect(row).toMatchObject({ attempts: 2, gaveUpAt: clock.now() });
      expect(row?.lastError).toMatch(/HTTP 503: Wallet service is down/);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged.mock.calls[0]?.[0]).toMatchObject({ orderId, reason: 'refund', amount: 4_000 });

      const calls = topups().length;
      clock.advance(LOYALTY_OUTBOX_GIVE_UP_MS);
      fake.fail(TOPUP, null);
      expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
      expect(topups()).toHaveLength(calls);
    } finally {
      logged.mockRestore();
    }
  });

  it('leaves for a person at once, with an error in the log, a refund iiko refuses for good (a 4xx)', async () => {
    const { orderId } = await bonusOrder(4_500);
    await apply(orderId, 'operator-cancelled', 'operator', S.operator);
    fake.fail(TOPUP, 400, { errorDescription: 'Wallet is blocked' });
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
      const [row] = await outboxOf(orderId);
      expect(row).toMatchObject({ attempts: 1, gaveUpAt: clock.now() });
      expect(row?.lastError).toMatch(/HTTP 400: Wallet is blocked/);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged.mock.calls[0]?.[0]).toMatchObject({ orderId, reason: 'refund', amount: 4_500 });
    } finally {
      logged.mockRestore();
    }
  });

  it('tries a 429 again later (iiko asks to slow down; it is not a refusal)', async () => {
    const { orderId } = await bonusOrder(1_500);
    await apply(orderId, 'operator-cancelled', 'operator', S.operator);
    fake.fail(TOPUP, 429, { errorDescription: 'Too many requests' });
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect((await outboxOf(orderId))[0]).toMatchObject({ attempts: 1, gaveUpAt: null });
  });

  it('credits no cashback to a customer iiko has no card for, and keeps none in their history', async () => {
    const who = await signInTestCustomer(t);
    const { order_id } = await placeTestOrder(t, who.token);
    fake.requests.length = 0;
    await deliver(order_id);
    expect(await outboxOf(order_id)).toMatchObject([{ reason: 'earned' }]);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(topups()).toEqual([]);
    expect(await outboxOf(order_id)).toEqual([]);
    expect(await t.db.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, order_id))).toEqual([]);
  });

  it('goes on to the next row past one that cannot be a movement', async () => {
    const who = await signInTestCustomer(t);
    const [welcome] = await t.db.db
      .insert(loyaltyLedger)
      .values({
        shipperId: CLIENT_HEADERS.shipper,
        customerId: who.id,
        orderId: null,
        amount: 1_000,
        reason: 'welcome',
        createdAt: clock.now(),
      })
      .returning({ id: loyaltyLedger.id });
    if (!welcome) throw new Error('no welcome row');
    await enqueueMovement(t.db.db, welcome.id, new Date(clock.now().getTime() - 1_000));
    const { orderId } = await bonusOrder(2_000);
    await apply(orderId, 'operator-cancelled', 'operator', S.operator);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([orderId]);
    const [setAside] = await outboxRows(t.db.db, [welcome.id]);
    expect(setAside).toMatchObject({ gaveUpAt: clock.now(), lastError: 'not an order refund or cashback' });
  });

  it('makes several movements at once, and stops claiming when the app closes: the rest stay queued', async () => {
    const orders: string[] = [];
    for (let i = 0; i < LOYALTY_OUTBOX_CONCURRENCY + 3; i += 1) {
      const { orderId } = await bonusOrder(1_000);
      await apply(orderId, 'operator-cancelled', 'operator', S.operator);
      orders.push(orderId);
      clock.advance(1);
    }
    // Slow enough that every worker has claimed its row before the first call ends.
    fake.delayMs = 250;
    const closing = new AbortController();
    const deliverNow = t.app.loyalty.deliver;
    if (!deliverNow) throw new Error('iiko delivers');
    let inFlight = 0;
    let mostAtOnce = 0;
    const app = {
      db: t.app.db,
      clock: t.app.clock,
      log: t.app.log,
      loyalty: {
        ...t.app.loyalty,
        deliver: async (m: Parameters<typeof deliverNow>[0]) => {
          inFlight += 1;
          mostAtOnce = Math.max(mostAtOnce, inFlight);
          try {
            await deliverNow(m);
          } finally {
            inFlight -= 1;
          }
          // The first movement made: the app starts closing.
          closing.abort();
        },
      },
    };
    const made = await runLoyaltyOutboxJob(app, closing.signal);
    // Every worker had a movement in hand (the calls overlapped), and finished it; none claimed more.
    expect(mostAtOnce).toBe(LOYALTY_OUTBOX_CONCURRENCY);
    expect(made).toHaveLength(LOYALTY_OUTBOX_CONCURRENCY);
    const left = orders.filter((id) => !made.includes(id));
    expect(left).toHaveLength(3);
    for (const id of left) expect(await outboxOf(id)).toMatchObject([{ attempts: 0 }]);
    expect((await runLoyaltyOutboxJob(t.app)).sort()).toEqual([...left].sort());
  });

  it('deletes a made movement even if the database fails once, and says so when it keeps failing', async () => {
    const { guest, orderId } = await bonusOrder(6_000, 6_000);
    await apply(orderId, 'operator-cancelled', 'operator', S.operator);
    const db = t.app.db;
    const deleteOnce = vi.spyOn(db, 'delete').mockImplementationOnce(() => {
      throw new Error('connection lost');
    });
    try {
      expect(await runLoyaltyOutboxJob(t.app)).toEqual([orderId]);
    } finally {
      deleteOnce.mockRestore();
    }
    expect(guest.balance).toBe(6_000);
    expect(await outboxOf(orderId)).toEqual([]);

    const other = await bonusOrder(2_500, 2_500);
    await apply(other.orderId, 'operator-cancelled', 'operator', S.operator);
    const deleteFails = vi.spyOn(db, 'delete').mockImplementation(() => {
      throw new Error('connection lost');
    });
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      await expect(runLoyaltyOutboxJob(t.app)).rejects.toThrow('connection lost');
      expect(deleteFails).toHaveBeenCalledTimes(4);
      expect(logged.mock.calls[0]?.[0]).toMatchObject({ orderId: other.orderId, reason: 'refund' });
    } finally {
      deleteFails.mockRestore();
      logged.mockRestore();
    }
    expect(other.guest.balance).toBe(2_500);
    expect(await outboxOf(other.orderId)).toMatchObject([{ attempts: 1 }]);
  });

  it('queues nothing for an order that spent no bonuses and is cancelled', async () => {
    const who = await signInTestCustomer(t);
    fake.addGuest(`+${who.phone}`, 1_000);
    const { order_id } = await placeTestOrder(t, who.token);
    await apply(order_id, 'operator-cancelled', 'operator', S.operator);
    expect(await outboxOf(order_id)).toEqual([]);
  });
});

describe('the loyalty outbox job in a running app', () => {
  it('makes a refund in iiko right after the cancel commits, without waiting for its interval', async () => {
    const running = await buildIikoTestApp({
      runJobs: true,
      clock: createTestClock(ORDER_TEST_MORNING).now,
    });
    try {
      await running.t.app.ready();
      const who = await signInTestCustomer(running.t);
      const guest = running.fake.addGuest(`+${who.phone}`, 9_000);
      const { order_id } = await placeTestOrder(running.t, who.token, { loyalty_amount: 9_000 });
      expect(guest.balance).toBe(0);
      await running.t.app.db.transaction((tx) =>
        applyEvent(running.t.app, tx, order_id, 'operator-cancelled', 'operator', S.operator),
      );
      // The interval is 15 s; the bus's event brings it within a moment.
      await vi.waitFor(() => expect(guest.balance).toBe(9_000), { timeout: 3_000, interval: 20 });
      await vi.waitFor(async () => expect(await running.t.db.db.select().from(loyaltyOutbox)).toEqual([]));
    } finally {
      await running.close();
    }
  });
});
