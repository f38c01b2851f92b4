/**
 * POST /v1/staff/loyalty-movements/{id}/not-charged: the give-back of bonuses charged for an order that
 * was never written, set aside because whether iiko made the charge was unknown, when the manager finds
 * no chargeoff in iiko. The charge never happened, so its spend and its give-back leave the customer's
 * history, and nothing is made in iiko.
 */
import { type TLoyaltyMovement, ZApiError, ZLoyaltyMovementsResponse } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giveBackCharge, writeCharge } from '../../adapters/loyalty/charge-ahead.ts';
import type { FakeIiko } from '../../adapters/loyalty/fake-iiko.ts';
import { LOYALTY_OUTBOX_LEASE_MS, setAsideUnknownCharge } from '../../adapters/loyalty/outbox.ts';
import { loyaltyLedger, loyaltyOutbox } from '../../db/schema/index.ts';
import { CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { authOf } from '../../test/iiko.ts';
import {
  ORDER_TEST_MORNING,
  placeTestOrder,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';
import { runLoyaltyOutboxJob } from '../loyalty/loyalty-outbox.job.ts';
import { LIFE_FIXTURE } from '../order-status/order-status.fixtures.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import {
  type LoyaltyWorkspace,
  MOVEMENTS_URL,
  nextOrderNumber,
  stoppedCharge,
  TOPUP,
  useLoyaltyWorkspace,
} from './loyalty-movements.fixtures.ts';
import { dropUnmadeCharge, lockQueuedMovement } from './loyalty-movements.repository.ts';
import { auditRowsOf, type callAs, type Login } from './staff-manage.fixtures.ts';

const URL = MOVEMENTS_URL;
const clock = createTestClock(ORDER_TEST_MORNING);
let ws: LoyaltyWorkspace;
let t: TestApp;
let fake: FakeIiko;
let tokens: Record<Login, string>;
let call: ReturnType<typeof callAs>;
useLoyaltyWorkspace(clock, (workspace) => {
  ws = workspace;
  ({ t, fake, tokens, call } = workspace);
});

const ledgerOf = (who: TestCustomer) =>
  t.db.db
    .select({ reason: loyaltyLedger.reason, amount: loyaltyLedger.amount })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.customerId, who.id))
    .orderBy(loyaltyLedger.amount);
const historyOf = async (who: TestCustomer): Promise<TLoyaltyMovement[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/v2/crm/loyalty-history', headers: authOf(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().movements;
};
const notCharged = (id: string, login: Login = 'manager', lang?: string) =>
  call('POST', `${URL}/${id}/not-charged`, { token: tokens[login], ...(lang ? { lang } : {}) });

describe('POST /v1/staff/loyalty-movements/{id}/not-charged', () => {
  it('drops a set-aside charge iiko never made: gone from the queue and the customer’s history, nothing made in iiko', async () => {
    const { who, guest, orderNumber, id } = await stoppedCharge(ws, 1_500);
    expect(await ledgerOf(who)).toEqual([
      { reason: 'spent', amount: -1_500 },
      { reason: 'refund', amount: 1_500 },
    ]);
    expect(await historyOf(who)).toHaveLength(2);
    fake.requests.length = 0;

    const res = await notCharged(id);
    expect(res.statusCode, res.body).toBe(204);
    expect(await ledgerOf(who)).toEqual([]);
    expect(await historyOf(who)).toEqual([]);
    expect(await t.db.db.select().from(loyaltyOutbox).where(eq(loyaltyOutbox.ledgerId, id))).toEqual([]);
    expect(
      ZLoyaltyMovementsResponse.parse((await call('GET', URL, { token: tokens.manager })).json()).count,
    ).toBe(0);
    const [audit] = await auditRowsOf(t, id);
    expect(audit).toMatchObject({
      action: 'loyalty.not-charged',
      targetType: 'loyalty-movement',
      branchId: null,
    });
    expect(audit?.before).toMatchObject({ movement: id, reason: 'refund', amount: 1_500, state: 'gave-up' });
    expect(audit?.after).toEqual({ movement: id, state: 'not-charged' });
    // Nothing in iiko, now or later.
    clock.advance(3_600_000);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(fake.requests.filter((r) => r.path.includes('/wallet/'))).toEqual([]);
    expect(guest.balance).toBe(9_000);
    // Done once: the movement is no longer queued.
    const again = await notCharged(id, 'manager', 'en');
    expect(again.statusCode).toBe(404);
    expect(ZApiError.parse(again.json()).code).toBe('STAFF_MANAGE_LOYALTY_NOT_FOUND');
    expect(orderNumber).toMatch(/^B-/);
  });

  it('leaves another charge of the same amount as it is: the same customer’s, and another’s under the number', async () => {
    const first = await stoppedCharge(ws, 1_000);
    const other = await signInTestCustomer(t);
    const charge = (customerId: string, orderNumber: string) =>
      t.db.db.transaction((tx) =>
        writeCharge(
          tx,
          { shipperId: CLIENT_HEADERS.shipper, customerId },
          { orderNumber, amount: 1_000, idempotencyKey: null },
          clock.now(),
        ),
      );
    expect(await charge(first.who.id, nextOrderNumber())).not.toBeNull();
    // No two orders share a number; the drop still names the customer as well as the number.
    expect(await charge(other.id, first.orderNumber)).not.toBeNull();
    expect((await notCharged(first.id)).statusCode).toBe(204);
    const pair = [
      { reason: 'spent', amount: -1_000 },
      { reason: 'refund', amount: 1_000 },
    ];
    expect(await ledgerOf(first.who)).toEqual(pair);
    expect(await ledgerOf(other)).toEqual(pair);
  });

  it('takes the locks in the order a placement giving the charge back takes them: no deadlock (a test of the PostgreSQL run; PGlite runs one transaction at a time), the charge written again', async () => {
    const { who, orderNumber, id } = await stoppedCharge(ws, 600);
    const [spend] = await t.db.db
      .select({ id: loyaltyLedger.id })
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.customerId, who.id), eq(loyaltyLedger.reason, 'spent')));
    if (!spend) throw new Error('no spend');
    let giving: Promise<'queued' | 'rewritten'> | undefined;
    // The manager's action holds the give-back's row while a placement that outlived its lease, iiko
    // having taken its charge after all, gives it back at that very moment (on PostgreSQL, on another
    // connection; PGlite runs it after).
    await t.db.db.transaction(async (tx) => {
      expect(await lockQueuedMovement(tx, CLIENT_HEADERS.shipper, id)).toBeDefined();
      giving = giveBackCharge(
        t.db.db,
        { spentId: spend.id, giveBackId: id },
        { customer: { shipperId: CLIENT_HEADERS.shipper, customerId: who.id }, orderNumber, amount: 600 },
        clock.now(),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await dropUnmadeCharge(tx, id)).toBe(true);
    });
    expect(await giving).toBe('rewritten');
    expect(await ledgerOf(who)).toEqual([
      { reason: 'spent', amount: -600 },
      { reason: 'refund', amount: 600 },
    ]);
    const [due] = await t.db.db
      .select({ awaitsCharge: loyaltyOutbox.awaitsCharge, nextAttemptAt: loyaltyOutbox.nextAttemptAt })
      .from(loyaltyOutbox)
      .innerJoin(loyaltyLedger, eq(loyaltyLedger.id, loyaltyOutbox.ledgerId))
      .where(eq(loyaltyLedger.customerId, who.id));
    expect(due).toEqual({ awaitsCharge: false, nextAttemptAt: clock.now() });
  });

  it('is refused (409) within 5 minutes of the charge: iiko may still make a charge it did not answer', async () => {
    const who = await signInTestCustomer(t);
    const rows = await t.db.db.transaction((tx) =>
      writeCharge(
        tx,
        { shipperId: CLIENT_HEADERS.shipper, customerId: who.id },
        { orderNumber: nextOrderNumber(), amount: 800, idempotencyKey: null },
        clock.now(),
      ),
    );
    if (!rows) throw new Error('no charge written');
    // Set aside at once, as a charge iiko did not answer is (order-charge.ts).
    await t.db.db.transaction((tx) => setAsideUnknownCharge(tx, rows.giveBackId, clock.now()));
    clock.advance(LOYALTY_OUTBOX_LEASE_MS - 1_000);
    const early = await notCharged(rows.giveBackId, 'manager', 'ru');
    expect(early.statusCode).toBe(409);
    expect(ZApiError.parse(early.json())).toMatchObject({
      code: 'STAFF_MANAGE_LOYALTY_CHARGE_TOO_RECENT',
      message:
        'iiko ещё может провести это списание: отметьте «Не списано» не раньше чем через 5 минут после заказа, проверив iiko ещё раз',
    });
    expect(await ledgerOf(who)).toHaveLength(2);
    clock.advance(1_000);
    expect((await notCharged(rows.giveBackId)).statusCode).toBe(204);
    expect(await ledgerOf(who)).toEqual([]);
  });

  it('refuses (409) any other movement: an order’s refund, and a give-back whose charge is known', async () => {
    // A cancelled bonus order's refund iiko refused for good: the order and its spend stand.
    const who = await signInTestCustomer(t);
    fake.addGuest(`+${who.phone}`, 4_000);
    const { order_id } = await placeTestOrder(t, who.token, { loyalty_amount: 4_000 });
    await t.app.db.transaction((tx) =>
      applyEvent(t.app, tx, order_id, 'operator-cancelled', 'operator', LIFE_FIXTURE.staff.operator),
    );
    fake.fail(TOPUP, 400, { errorDescription: 'Wallet is blocked' });
    await runLoyaltyOutboxJob(t.app);
    fake.fail(TOPUP, null);
    const [refund] = await t.db.db
      .select({ id: loyaltyLedger.id })
      .from(loyaltyLedger)
      .where(and(eq(loyaltyLedger.orderId, order_id), eq(loyaltyLedger.reason, 'refund')));
    if (!refund) throw new Error('no refund');
    const refused = await notCharged(refund.id, 'manager', 'en');
    expect(refused.statusCode).toBe(409);
    expect(ZApiError.parse(refused.json())).toMatchObject({
      code: 'STAFF_MANAGE_LOYALTY_NOT_UNKNOWN_CHARGE',
      message:
        'Only the give-back of a charge iiko never confirmed can be marked not charged; try this movement again or mark it settled by hand',
    });
    expect(await ledgerOf(who)).toEqual([
      { reason: 'spent', amount: -4_000 },
      { reason: 'refund', amount: 4_000 },
    ]);
    expect(
      await t.db.db.select().from(loyaltyOutbox).where(eq(loyaltyOutbox.ledgerId, refund.id)),
    ).toHaveLength(1);

    // A set-aside give-back the manager then tried again: iiko did charge, and a try stopped again.
    const tried = await stoppedCharge(ws, 700);
    expect((await call('POST', `${URL}/${tried.id}/retry`, { token: tokens.manager })).statusCode).toBe(200);
    await t.db.db
      .update(loyaltyOutbox)
      .set({ gaveUpAt: clock.now() })
      .where(eq(loyaltyOutbox.ledgerId, tried.id));
    expect((await notCharged(tried.id)).statusCode).toBe(409);
    expect(await ledgerOf(tried.who)).toHaveLength(2);
    expect((await auditRowsOf(t, tried.id)).filter((r) => r.action === 'loyalty.not-charged')).toEqual([]);
  });

  it('refuses a charge still under way (409: not set aside), and answers 404, 400 and 403 as the other actions', async () => {
    const who = await signInTestCustomer(t);
    const rows = await t.db.db.transaction((tx) =>
      writeCharge(
        tx,
        { shipperId: CLIENT_HEADERS.shipper, customerId: who.id },
        { orderNumber: nextOrderNumber(), amount: 900, idempotencyKey: null },
        clock.now(),
      ),
    );
    if (!rows) throw new Error('no charge written');
    const underWay = await notCharged(rows.giveBackId);
    expect(underWay.statusCode).toBe(409);
    expect(ZApiError.parse(underWay.json()).code).toBe('STAFF_MANAGE_LOYALTY_STILL_TRYING');
    expect(await ledgerOf(who)).toHaveLength(2);

    const unknown = await notCharged('0b0c3c1e-5f7e-4d59-9a3e-2b8c0f6d1a11', 'manager', 'uz');
    expect(unknown.statusCode).toBe(404);
    expect(ZApiError.parse(unknown.json()).message).toBe("Bu bonus harakati endi navbatda yo'q");
    expect((await call('POST', `${URL}/not-an-id/not-charged`, { token: tokens.manager })).statusCode).toBe(
      400,
    );
    const { id } = await stoppedCharge(ws, 300);
    expect((await notCharged(id, 'manager-chilonzor')).statusCode).toBe(403);
    expect((await notCharged(id, 'operator')).statusCode).toBe(403);
    expect((await call('POST', `${URL}/${id}/not-charged`)).statusCode).toBe(401);
    expect((await notCharged(id)).statusCode).toBe(204);
  });
});
