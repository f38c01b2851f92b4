/**
 * Bonuses on a card iiko keeps, charged ahead of the order's transaction (order-charge.ts), against
 * the fake iiko on 127.0.0.1: no transaction is open while iiko answers the charge, and bonuses iiko
 * took for an order that was then not written come back, whatever stopped the order.
 */
import { type TLoyaltyMovement, ZCreateOrderRequest } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeCharge } from '../../adapters/loyalty/charge-ahead.ts';
import {
  FAKE_IIKO_API_LOGIN,
  FAKE_IIKO_ORGANIZATION_ID,
  type FakeIiko,
} from '../../adapters/loyalty/fake-iiko.ts';
import { createIikoLoyalty } from '../../adapters/loyalty/iiko.ts';
import { LOYALTY_OUTBOX_LEASE_MS, UNKNOWN_CHARGE } from '../../adapters/loyalty/outbox.ts';
import { loyaltyLedger, loyaltyOutbox, menuProducts, orders } from '../../db/schema/index.ts';
import { CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { authOf, buildIikoTestApp, type IikoTestApp } from '../../test/iiko.ts';
import {
  deliveryOrderBody,
  ORDER_FIXTURE,
  ORDER_TEST_MORNING,
  placeTestOrder,
  postOrder,
  signInTestCustomer,
  type TestCustomer,
  withProducts,
} from '../../test/orders.ts';
import { runLoyaltyOutboxJob } from '../loyalty/loyalty-outbox.job.ts';
import { dropUnmadeCharge, retryGivenUpMovement } from '../staff-manage/loyalty-movements.repository.ts';
import { placeOrder } from './ordering.service.ts';

const clock = createTestClock(ORDER_TEST_MORNING);
let t: TestApp;
let fake: FakeIiko;
let iiko: IikoTestApp | undefined;

beforeAll(async () => {
  iiko = await buildIikoTestApp({ clock: clock.now, env: { LOYALTY_MAX_SHARE_PERCENT: 50 } });
  ({ t, fake } = iiko);
});
afterAll(async () => {
  await iiko?.close();
});
beforeEach(async () => {
  fake.fail('/api/1/loyalty/iiko/customer/wallet/chargeoff', null);
  fake.requests.length = 0;
  clock.set(ORDER_TEST_MORNING);
  // Each test starts with an empty outbox: what one leaves due must not be another's to make.
  await t.db.db.delete(loyaltyOutbox);
});

const CHARGEOFF = '/api/1/loyalty/iiko/customer/wallet/chargeoff';
const TOPUP = '/api/1/loyalty/iiko/customer/wallet/topup';
const INFO = '/api/1/loyalty/iiko/customer/info';
const walletCalls = () =>
  fake.requests.filter((r) => r.path.includes('/wallet/')).map((r) => [r.path.split('/').at(-1), r.body]);
const ledgerOf = (who: TestCustomer) =>
  t.db.db
    .select({
      amount: loyaltyLedger.amount,
      reason: loyaltyLedger.reason,
      orderId: loyaltyLedger.orderId,
      orderNumber: loyaltyLedger.orderNumber,
    })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.customerId, who.id))
    .orderBy(loyaltyLedger.amount);
const ordersOf = (who: TestCustomer) => t.db.db.select().from(orders).where(eq(orders.customerId, who.id));

/** Whether a read outside any transaction is answered within 2 s (PGlite: only while none is open). */
async function readsFreely(who: TestCustomer): Promise<boolean> {
  const read = ledgerOf(who).then(() => true);
  const blocked = new Promise<false>((resolve) => setTimeout(() => resolve(false), 2_000));
  return Promise.race([read, blocked]);
}

/** Transactions of this test's database left open (PostgreSQL; PGlite has no such view). */
async function openTransactions(): Promise<number> {
  const result = await t.db.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe('bonuses charged at iiko ahead of the order', () => {
  it('holds no transaction while iiko answers the charge, with its give-back written before it', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    const held = fake.hold(CHARGEOFF);
    const placing = postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 20_000 }));
    await held.arrived(1);
    // While iiko has the charge: a read is answered at once (on PGlite it would wait for an open
    // transaction), and PostgreSQL shows no transaction left waiting.
    expect(await readsFreely(who)).toBe(true);
    if (process.env.DATABASE_URL) expect(await openTransactions()).toBe(0);
    // Written before iiko was called: the spend and its give-back, queued a lease ahead, no order yet.
    const pending = await ledgerOf(who);
    const number = pending[0]?.orderNumber;
    expect(number).toMatch(/^B-\d+$/);
    expect(pending).toEqual([
      { amount: -20_000, reason: 'spent', orderId: null, orderNumber: number },
      { amount: 20_000, reason: 'refund', orderId: null, orderNumber: number },
    ]);
    const [queued] = await t.db.db.select().from(loyaltyOutbox);
    expect(queued?.nextAttemptAt.getTime()).toBe(ORDER_TEST_MORNING.getTime() + LOYALTY_OUTBOX_LEASE_MS);
    expect(queued?.awaitsCharge).toBe(true);
    expect(await ordersOf(who)).toEqual([]);

    held.release();
    const res = await placing;
    expect(res.statusCode, res.body).toBe(201);
    const { order_id, external_order_id } = res.json();
    // The order carries the number its bonuses were charged under, and the spend is the order's.
    expect(external_order_id).toBe(number);
    expect(walletCalls()).toEqual([
      ['chargeoff', expect.objectContaining({ sum: 20_000, comment: `Order ${number}: paid with bonuses` })],
    ]);
    // Two calls of iiko's, not three: the charge reuses the guest's ids the balance read gave.
    expect(fake.requests.map((r) => r.path).filter((p) => !p.endsWith('access_token'))).toEqual([
      INFO,
      CHARGEOFF,
    ]);
    expect(await ledgerOf(who)).toEqual([
      { amount: -20_000, reason: 'spent', orderId: order_id, orderNumber: null },
    ]);
    expect(await t.db.db.select().from(loyaltyOutbox)).toEqual([]);
    // Long after the lease: nothing is given back for an order that stands.
    clock.advance(2 * LOYALTY_OUTBOX_LEASE_MS);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(guest.balance).toBe(10_000);
  });

  it('gives the bonuses back when the order is not written after iiko took them', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    const failingBus = {
      published: async () => {
        throw new Error('the bus is down');
      },
    };
    // A second passes between the placement's start and its give-back: the history shows the
    // give-back first (newest first).
    const ticking = () => {
      const at = clock.now();
      clock.advance(1_000);
      return at;
    };
    const placing = placeOrder(
      { db: t.db.db, clock: ticking, orderEvents: failingBus, loyalty: t.app.loyalty },
      {
        shipperId: CLIENT_HEADERS.shipper,
        customer: { id: who.id },
        body: ZCreateOrderRequest.parse(deliveryOrderBody({ loyalty_amount: 15_000 })),
        idempotencyKey: null,
      },
    );
    await expect(placing).rejects.toThrow('the bus is down');
    expect(guest.balance).toBe(15_000);
    expect(await ordersOf(who)).toEqual([]);
    const [spent] = await ledgerOf(who);
    const number = spent?.orderNumber ?? '';
    // Due at once, not when its lease ends.
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([number]);
    expect(guest.balance).toBe(30_000);
    expect(walletCalls().at(-1)).toEqual([
      'topup',
      expect.objectContaining({ sum: 15_000, comment: `Order ${number} not placed: bonuses returned` }),
    ]);
    // The history shows both movements iiko made, under the number and no order.
    expect(await ledgerOf(who)).toEqual([
      { amount: -15_000, reason: 'spent', orderId: null, orderNumber: number },
      { amount: 15_000, reason: 'refund', orderId: null, orderNumber: number },
    ]);
    const history = await t.app.inject({
      method: 'GET',
      url: '/v2/crm/loyalty-history',
      headers: authOf(who),
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(
      history
        .json()
        .movements.map((m: TLoyaltyMovement) => [m.reason, m.amount, m.order_id, m.external_order_id]),
    ).toEqual([
      ['refund', 15_000, null, number],
      ['spent', -15_000, null, number],
    ]);
    expect(await t.db.db.select().from(loyaltyOutbox)).toEqual([]);
  });

  it('sets aside for the manager, once its lease ends, the charge of a placement that stopped mid-way', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    // What a placement killed during iiko's charge leaves: the rows written before it. Whether iiko
    // took the charge is unknown, so nothing is given back by itself (that could credit bonuses never
    // charged): the manager looks in iiko.
    const rows = await t.db.db.transaction((tx) =>
      writeCharge(
        tx,
        { shipperId: CLIENT_HEADERS.shipper, customerId: who.id },
        { orderNumber: 'B-99901', amount: 5_000, idempotencyKey: 'k-stopped' },
        clock.now(),
      ),
    );
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    clock.advance(LOYALTY_OUTBOX_LEASE_MS);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(walletCalls()).toEqual([]);
    expect(guest.balance).toBe(30_000);
    const [aside] = await t.db.db
      .select()
      .from(loyaltyOutbox)
      .where(eq(loyaltyOutbox.ledgerId, rows?.giveBackId ?? ''));
    expect(aside).toMatchObject({ gaveUpAt: clock.now(), lastError: UNKNOWN_CHARGE, attempts: 0 });
    // The request's key is free again: the customer can send the order once more.
    const [spend] = await t.db.db
      .select({ key: loyaltyLedger.idempotencyKey })
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.id, rows?.spentId ?? ''));
    expect(spend).toEqual({ key: null });
  });

  /**
   * A bonus order of 10 000 whose charge iiko holds past the give-back's lease: the outbox round has
   * set the give-back aside (its charge's outcome unknown to it) when this returns.
   */
  async function chargeOutlivingLease() {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    const charging = fake.hold(CHARGEOFF);
    const placing = postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 10_000 }));
    await charging.arrived(1);
    clock.advance(LOYALTY_OUTBOX_LEASE_MS);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    return { who, guest, charging, placing };
  }

  it('places the order of a placement that outlived its lease, its charge set aside meanwhile', async () => {
    const { who, guest, charging, placing } = await chargeOutlivingLease();
    charging.release();
    const res = await placing;
    // The placement knows the charge was made, and nobody made the give-back: the order stands.
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.db.db.select().from(loyaltyOutbox)).toEqual([]);
    expect(await ledgerOf(who)).toEqual([
      { amount: -10_000, reason: 'spent', orderId: res.json().order_id, orderNumber: null },
    ]);
    expect(guest.balance).toBe(20_000);
  });

  it('refuses the order of a placement that outlived its lease when its bonuses are being given back', async () => {
    const { who, guest, charging, placing } = await chargeOutlivingLease();
    // A manager, who sees the chargeoff in iiko, tries the set-aside give-back again; a round is
    // making it when the placement goes on.
    const [aside] = await t.db.db.select().from(loyaltyOutbox);
    await t.db.db.transaction((tx) => retryGivenUpMovement(tx, aside?.ledgerId ?? '', clock.now()));
    const givingBack = fake.hold(TOPUP);
    const job = runLoyaltyOutboxJob(t.app);
    await givingBack.arrived(1);
    charging.release();
    const res = await placing;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: 'LOYALTY_UNAVAILABLE' });
    givingBack.release();
    expect(await job).toEqual([expect.stringMatching(/^B-\d+$/)]);
    expect(await ordersOf(who)).toEqual([]);
    // Charged once and given back once: the card is whole, and no order stands without its bonuses.
    // (The fake lists a call when it arrives: the charge arrived first, and was made last.)
    expect(walletCalls().map(([kind]) => kind)).toEqual(['chargeoff', 'topup']);
    expect(guest.balance).toBe(30_000);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
  });

  it('gives back a charge iiko made after a manager, finding no chargeoff yet, marked it not charged', async () => {
    const { who, guest, charging, placing } = await chargeOutlivingLease();
    const [aside] = await t.db.db.select().from(loyaltyOutbox);
    expect(await t.db.db.transaction((tx) => dropUnmadeCharge(tx, aside?.ledgerId ?? ''))).toBe(true);
    expect(await ledgerOf(who)).toEqual([]);
    charging.release();
    const res = await placing;
    // Its give-back gone, the order cannot stand; iiko did take the bonuses: written again, due now.
    expect(res.statusCode, res.body).toBe(503);
    expect(await ordersOf(who)).toEqual([]);
    expect((await ledgerOf(who)).map((r) => [r.reason, r.amount, r.orderId])).toEqual([
      ['spent', -10_000, null],
      ['refund', 10_000, null],
    ]);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([expect.stringMatching(/^B-\d+$/)]);
    expect(walletCalls().map(([kind]) => kind)).toEqual(['chargeoff', 'topup']);
    expect(guest.balance).toBe(30_000);
  });

  it('sets the charge aside for the manager at once when iiko does not answer it (it may have made it)', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    const key = '7c6b5a49-3827-4165-9f4e-3d2c1b0a9f8e';
    // The app's iiko adapter, with a charge that gets no answer within 300 ms.
    const impatient = createIikoLoyalty({
      baseUrl: fake.url,
      apiLogin: FAKE_IIKO_API_LOGIN,
      organizationId: FAKE_IIKO_ORGANIZATION_ID,
      rules: t.app.loyalty.rules,
      timeoutMs: 300,
    });
    const charging = fake.hold(CHARGEOFF);
    const placing = placeOrder(
      { db: t.db.db, clock: clock.now, orderEvents: t.app.orderEvents, loyalty: impatient },
      {
        shipperId: CLIENT_HEADERS.shipper,
        customer: { id: who.id },
        body: ZCreateOrderRequest.parse(deliveryOrderBody({ loyalty_amount: 10_000 })),
        idempotencyKey: key,
      },
    );
    await expect(placing).rejects.toMatchObject({ statusCode: 503, code: 'LOYALTY_UNAVAILABLE' });
    expect(await ordersOf(who)).toEqual([]);
    // Not dropped: set aside now, its key free, for the manager to look in iiko.
    const [aside] = await t.db.db.select().from(loyaltyOutbox);
    expect(aside).toMatchObject({ gaveUpAt: clock.now(), lastError: UNKNOWN_CHARGE, awaitsCharge: true });
    expect((await ledgerOf(who)).map((r) => r.reason)).toEqual(['spent', 'refund']);
    const keys = await t.db.db
      .select({ key: loyaltyLedger.idempotencyKey })
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.customerId, who.id));
    expect(keys).toEqual([{ key: null }, { key: null }]);
    // iiko did make it, late; the manager finds it there and has it given back.
    charging.release();
    await expect.poll(() => guest.balance).toBe(20_000);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    await t.db.db.transaction((tx) => retryGivenUpMovement(tx, aside?.ledgerId ?? '', clock.now()));
    expect(await runLoyaltyOutboxJob(t.app)).toHaveLength(1);
    expect(guest.balance).toBe(30_000);
  });

  it('writes nothing, and gives nothing back, when iiko refuses the charge (the balance is short)', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    // The balance read before the charge says 30 000; iiko has less by the time it charges.
    const held = fake.hold(CHARGEOFF);
    const placing = postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 20_000 }));
    await held.arrived(1);
    guest.balance = 1_000;
    held.release();
    const res = await placing;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: 'LOYALTY_UNAVAILABLE' });
    expect(await ordersOf(who)).toEqual([]);
    expect(await ledgerOf(who)).toEqual([]);
    clock.advance(2 * LOYALTY_OUTBOX_LEASE_MS);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(guest.balance).toBe(1_000);
  });

  it('charges nothing for a request whose order is refused before the charge', async () => {
    const who = await signInTestCustomer(t);
    fake.addGuest(`+${who.phone}`, 5_000);
    const res = await postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 20_000 }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'LOYALTY_AMOUNT_ABOVE_BALANCE' });
    expect(walletCalls()).toEqual([]);
    expect(await ledgerOf(who)).toEqual([]);
  });

  it('charges nothing for an order above MAX_ORDER_PRICE (refused as priced, not as written)', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    const plov = eq(menuProducts.productId, ORDER_FIXTURE.products.capitalPlov);
    // 100 lines of 99 at 250 000: 2 475 000 000, beyond the 32-bit integers an order is stored in.
    await t.db.db.update(menuProducts).set({ price: 250_000 }).where(plov);
    try {
      const products = Array.from({ length: 100 }, () => ({
        product_id: ORDER_FIXTURE.products.capitalPlov,
        type: 'simple' as const,
        quantity: 99,
      }));
      const res = await postOrder(
        t,
        who.token,
        deliveryOrderBody({ loyalty_amount: 20_000, ...withProducts(products) }),
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'MAX_ORDER_PRICE' });
    } finally {
      await t.db.db.update(menuProducts).set({ price: 35_000 }).where(plov);
    }
    expect(walletCalls()).toEqual([]);
    expect(await ledgerOf(who)).toEqual([]);
    expect(await ordersOf(who)).toEqual([]);
    expect(guest.balance).toBe(30_000);
  });

  it('charges once for an Idempotency-Key sent twice, and replays the order', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    const key = 'a6b1c7e4-0d2f-4e11-9b3a-5c8d7e6f1a20';
    const body = { loyalty_amount: 10_000 };
    const first = await placeTestOrder(t, who.token, body, { idempotencyKey: key });
    const again = await postOrder(t, who.token, deliveryOrderBody(body), { idempotencyKey: key });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first);
    expect(walletCalls().map(([kind]) => kind)).toEqual(['chargeoff']);
    expect(guest.balance).toBe(20_000);
    expect(await ordersOf(who)).toHaveLength(1);
  });

  it('refuses a second request with the key while the first is being charged (409), and charges once', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    const key = 'f3e2d1c0-b9a8-4765-8432-10fedcba9876';
    const body = deliveryOrderBody({ loyalty_amount: 10_000 });
    // Both pass the key's look (the second is sent once the first is reading the balance, outside any
    // transaction); the first to write its charge holds the key, and the other is refused.
    const reading = fake.hold('/api/1/loyalty/iiko/customer/info');
    const first = postOrder(t, who.token, body, { idempotencyKey: key });
    await reading.arrived(1);
    const second = postOrder(t, who.token, body, { idempotencyKey: key });
    await reading.arrived(2);
    const charging = fake.hold(CHARGEOFF);
    reading.release();
    await charging.arrived(1);
    const [a, b] = await Promise.race([
      Promise.all([first, second]),
      // One of them answers while the other's charge is held.
      Promise.race([first, second]).then((r) => [r, null] as const),
    ]);
    expect(a.statusCode, a.body).toBe(409);
    expect(a.json()).toMatchObject({ code: 'ORDER_IN_PROGRESS' });
    expect(b).toBeNull();
    charging.release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(walletCalls().map(([kind]) => kind)).toEqual(['chargeoff']);
    expect(guest.balance).toBe(20_000);
    expect(await ordersOf(who)).toHaveLength(1);
    // Once placed, the key replays the order.
    const again = await postOrder(t, who.token, body, { idempotencyKey: key });
    expect(again.statusCode).toBe(201);
    expect(again.json().order_id).toBe((await ordersOf(who))[0]?.id);
    expect(walletCalls().map(([kind]) => kind)).toEqual(['chargeoff']);
  });

  it('replays, uncharged, a request with the key whose twin placed its order while it was being priced', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    const key = '5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
    const body = deliveryOrderBody({ loyalty_amount: 10_000 });
    // The first request gets as far as iiko's charge...
    const charging = fake.hold(CHARGEOFF);
    const firstReading = fake.hold(INFO);
    const first = postOrder(t, who.token, body, { idempotencyKey: key });
    await firstReading.arrived(1);
    firstReading.release();
    await charging.arrived(1);
    // ...the second passes the key's first look (nothing answered yet) and is reading the balance...
    const secondReading = fake.hold(INFO);
    const second = postOrder(t, who.token, body, { idempotencyKey: key });
    await secondReading.arrived(1);
    // ...when the first places its order.
    charging.release();
    const placed = await first;
    expect(placed.statusCode, placed.body).toBe(201);
    secondReading.release();
    const replayed = await second;
    expect(replayed.statusCode, replayed.body).toBe(201);
    expect(replayed.json()).toEqual(placed.json());
    expect(walletCalls().map(([kind]) => kind)).toEqual(['chargeoff']);
    expect(guest.balance).toBe(20_000);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
  });

  it('keeps the rows of a charge iiko refused after a manager had its give-back made meanwhile', async () => {
    const { who, charging, placing } = await chargeOutlivingLease();
    const [aside] = await t.db.db.select().from(loyaltyOutbox);
    await t.db.db.transaction((tx) => retryGivenUpMovement(tx, aside?.ledgerId ?? '', clock.now()));
    expect(await runLoyaltyOutboxJob(t.app)).toHaveLength(1);
    fake.fail(CHARGEOFF, 400, { errorDescription: 'Not enough money on the wallet' });
    charging.release();
    const res = await placing;
    expect(res.statusCode, res.body).toBe(503);
    // The give-back was made: its rows stay as the record of it, for a person to settle in iiko.
    expect((await ledgerOf(who)).map((r) => [r.reason, r.amount, r.orderId])).toEqual([
      ['spent', -10_000, null],
      ['refund', 10_000, null],
    ]);
  });

  it('frees the key of an order not written after its charge: the same request then places it', async () => {
    const who = await signInTestCustomer(t);
    const guest = fake.addGuest(`+${who.phone}`, 30_000);
    const key = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
    const body = ZCreateOrderRequest.parse(deliveryOrderBody({ loyalty_amount: 5_000 }));
    const failingBus = {
      published: async () => {
        throw new Error('the bus is down');
      },
    };
    await expect(
      placeOrder(
        { db: t.db.db, clock: clock.now, orderEvents: failingBus, loyalty: t.app.loyalty },
        { shipperId: CLIENT_HEADERS.shipper, customer: { id: who.id }, body, idempotencyKey: key },
      ),
    ).rejects.toThrow('the bus is down');
    const res = await postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 5_000 }), {
      idempotencyKey: key,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await runLoyaltyOutboxJob(t.app)).toHaveLength(1);
    // Charged twice, given back once.
    expect(walletCalls().map(([kind]) => kind)).toEqual(['chargeoff', 'chargeoff', 'topup']);
    expect(guest.balance).toBe(25_000);
  });
});
