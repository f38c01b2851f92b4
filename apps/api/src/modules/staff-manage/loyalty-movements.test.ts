/**
 * The manager's view of the loyalty outbox (GET /v1/staff/loyalty-movements, POST .../{id}/retry,
 * DELETE .../{id}): bonus movements iiko has not taken, and what a person does about one it refused.
 */
import { ZApiError, ZLoyaltyMovementsResponse, ZQueuedLoyaltyMovement } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FakeIiko } from '../../adapters/loyalty/fake-iiko.ts';
import { enqueueMovement, UNKNOWN_CHARGE } from '../../adapters/loyalty/outbox.ts';
import { loyaltyLedger, loyaltyOutbox, shippers } from '../../db/schema/index.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import {
  deliveryOrderBody,
  ORDER_TEST_MORNING,
  placeTestOrder,
  postOrder,
  signInTestCustomer,
} from '../../test/orders.ts';
import { runLoyaltyOutboxJob } from '../loyalty/loyalty-outbox.job.ts';
import { LIFE_FIXTURE } from '../order-status/order-status.fixtures.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import {
  type LoyaltyWorkspace,
  MOVEMENTS_URL,
  stoppedCharge,
  TOPUP,
  useLoyaltyWorkspace,
} from './loyalty-movements.fixtures.ts';
import { addTestManagers, auditRowsOf, callAs, type Login, signIn } from './staff-manage.fixtures.ts';

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

/** A bonus order cancelled while iiko answers `status` to its refund: its movement after one round. */
async function refusedRefund(status: number, spend = 5_000) {
  const who = await signInTestCustomer(t);
  const guest = fake.addGuest(`+${who.phone}`, spend);
  const { order_id, external_order_id } = await placeTestOrder(t, who.token, { loyalty_amount: spend });
  await t.app.db.transaction((tx) =>
    applyEvent(t.app, tx, order_id, 'operator-cancelled', 'operator', LIFE_FIXTURE.staff.operator),
  );
  fake.fail(TOPUP, status, { errorDescription: status === 400 ? 'Wallet is blocked' : 'Down' });
  await runLoyaltyOutboxJob(t.app);
  fake.fail(TOPUP, null);
  const [ledger] = await t.db.db
    .select({ id: loyaltyLedger.id })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.orderId, order_id), eq(loyaltyLedger.reason, 'refund')));
  if (!ledger) throw new Error('no ledger row');
  return { guest, orderId: order_id, externalOrderId: external_order_id, id: ledger.id };
}

const list = async (login: Login = 'manager', query = '') => {
  const res = await call('GET', `${URL}${query}`, { token: tokens[login] });
  return res;
};

describe('GET /v1/staff/loyalty-movements', () => {
  it('lists the chain’s queued movements to its manager, given up first, with iiko’s last answer', async () => {
    const waiting = await refusedRefund(503, 3_000);
    // Less than its first retry's 15 s: the next round leaves it waiting.
    clock.advance(10_000);
    const refused = await refusedRefund(400, 4_000);
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    const body = ZLoyaltyMovementsResponse.parse(res.json());
    expect(body.provider).toBe('iiko');
    expect(body.count).toBe(2);
    expect(body.movements.map((m) => [m.external_order_id, m.reason, m.amount, m.state])).toEqual([
      [refused.externalOrderId, 'refund', 4_000, 'gave-up'],
      [waiting.externalOrderId, 'refund', 3_000, 'retrying'],
    ]);
    expect(body.movements[0]).toMatchObject({
      id: refused.id,
      order_id: refused.orderId,
      attempts: 1,
      gave_up_at: clock.now().toISOString(),
    });
    expect(body.movements[0]?.last_error).toMatch(/HTTP 400: Wallet is blocked/);
    expect(body.movements[1]?.gave_up_at).toBeNull();

    const page = ZLoyaltyMovementsResponse.parse((await list('manager', '?limit=1&page=2')).json());
    expect(page.count).toBe(2);
    expect(page.movements.map((m) => m.id)).toEqual([waiting.id]);
  });

  it('is the chain manager’s only: a branch manager and other roles get 403, no token 401', async () => {
    const branch = await list('manager-chilonzor');
    expect(branch.statusCode).toBe(403);
    expect(ZApiError.parse(branch.json()).code).toBe('STAFF_MANAGE_CHAIN_ONLY');
    for (const login of ['operator', 'vendor-chilonzor', 'courier'] as const) {
      expect((await list(login)).statusCode).toBe(403);
    }
    expect((await call('GET', URL)).statusCode).toBe(401);
  });

  it('refuses bad paging with 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?page=0', '?page=abc']) {
      const res = await list('manager', query);
      expect(res.statusCode, query).toBe(400);
      expect(ZApiError.parse(res.json()).message).toBeTruthy();
    }
  });
});

describe('POST /v1/staff/loyalty-movements/{id}/retry', () => {
  it('tries a given-up movement again at once, with 3 more days, and records who did', async () => {
    const { guest, id, orderId } = await refusedRefund(400, 6_000);
    clock.advance(3_600_000);
    const res = await call('POST', `${URL}/${id}/retry`, { token: tokens.manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZQueuedLoyaltyMovement.parse(res.json())).toMatchObject({
      id,
      state: 'retrying',
      gave_up_at: null,
      next_attempt_at: clock.now().toISOString(),
    });
    const [audit] = await auditRowsOf(t, orderId);
    expect(audit).toMatchObject({ action: 'loyalty.retry', targetType: 'order', branchId: null });
    expect(audit?.after).toEqual({ movement: id, state: 'retrying' });

    expect(await runLoyaltyOutboxJob(t.app)).toEqual([orderId]);
    expect(guest.balance).toBe(6_000);
    expect((await list()).json().count).toBe(0);
  });

  it('refuses a movement still being tried (409): a round may be making it now; nothing changes', async () => {
    const { id, orderId } = await refusedRefund(503);
    const [before] = await t.db.db.select().from(loyaltyOutbox).where(eq(loyaltyOutbox.ledgerId, id));
    const res = await call('POST', `${URL}/${id}/retry`, { token: tokens.manager, lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(ZApiError.parse(res.json())).toMatchObject({
      code: 'STAFF_MANAGE_LOYALTY_STILL_TRYING',
      message: 'The server is still trying this bonus movement; wait until its tries have stopped',
    });
    expect(await t.db.db.select().from(loyaltyOutbox).where(eq(loyaltyOutbox.ledgerId, id))).toEqual([
      before,
    ]);
    expect((await auditRowsOf(t, orderId)).filter((r) => r.action.startsWith('loyalty.'))).toEqual([]);
  });

  it('starts the tries afresh: 3 more days, and the first wait 15 s again', async () => {
    const { id } = await refusedRefund(503, 3_500);
    // iiko stays down: the waits grow, and 3 days on the tries stop.
    fake.fail(TOPUP, 503);
    for (let i = 0; i < 12; i += 1) {
      clock.advance(8 * 3_600_000);
      await runLoyaltyOutboxJob(t.app);
    }
    // Days have passed: the manager signs in again.
    tokens.manager = await signIn(t, 'manager');
    const listed = async () => ZLoyaltyMovementsResponse.parse((await list()).json());
    const [given] = (await listed()).movements;
    expect(given).toMatchObject({ id, state: 'gave-up' });

    expect((await call('POST', `${URL}/${id}/retry`, { token: tokens.manager })).statusCode).toBe(200);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    const [again] = (await listed()).movements;
    expect(again).toMatchObject({
      id,
      state: 'retrying',
      attempts: 1,
      next_attempt_at: new Date(clock.now().getTime() + 15_000).toISOString(),
    });
  });

  it('answers 404 for a movement not queued, 400 for an id that is no id, 403 to a branch manager', async () => {
    const unknown = await call('POST', `${URL}/0b0c3c1e-5f7e-4d59-9a3e-2b8c0f6d1a11/retry`, {
      token: tokens.manager,
      lang: 'ru',
    });
    expect(unknown.statusCode).toBe(404);
    expect(ZApiError.parse(unknown.json())).toMatchObject({
      code: 'STAFF_MANAGE_LOYALTY_NOT_FOUND',
      message: 'Этого движения бонусов уже нет в очереди',
    });
    expect((await call('POST', `${URL}/not-an-id/retry`, { token: tokens.manager })).statusCode).toBe(400);
    const { id } = await refusedRefund(400);
    expect(
      (await call('POST', `${URL}/${id}/retry`, { token: tokens['manager-chilonzor'] })).statusCode,
    ).toBe(403);
  });
});

describe('DELETE /v1/staff/loyalty-movements/{id}', () => {
  it('takes a given-up movement off the queue once a person settled it in iiko; the ledger keeps it', async () => {
    const { id, orderId } = await refusedRefund(400, 2_000);
    const res = await call('DELETE', `${URL}/${id}`, { token: tokens.manager });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.db.select().from(loyaltyOutbox).where(eq(loyaltyOutbox.ledgerId, id))).toEqual([]);
    const [ledger] = await t.db.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.id, id));
    expect(ledger).toMatchObject({ reason: 'refund', amount: 2_000 });
    const [audit] = await auditRowsOf(t, orderId);
    expect(audit).toMatchObject({ action: 'loyalty.settle' });
    expect(audit?.after).toEqual({ movement: id, state: 'settled-by-hand' });

    fake.requests.length = 0;
    clock.advance(3_600_000);
    await runLoyaltyOutboxJob(t.app);
    expect(fake.requests.filter((r) => r.path === TOPUP)).toEqual([]);
    expect((await call('DELETE', `${URL}/${id}`, { token: tokens.manager })).statusCode).toBe(404);
  });

  it('refuses a movement still being tried (409) and leaves it queued, with no audit row', async () => {
    const { id, orderId } = await refusedRefund(503);
    expect((await call('DELETE', `${URL}/${id}`, { token: tokens.manager })).statusCode).toBe(409);
    expect(await t.db.db.select().from(loyaltyOutbox).where(eq(loyaltyOutbox.ledgerId, id))).toHaveLength(1);
    expect((await auditRowsOf(t, orderId)).filter((r) => r.action.startsWith('loyalty.'))).toEqual([]);
  });
});

describe('a give-back of bonuses charged for an order that was not placed', () => {
  it('is set aside for the manager under its number and no order, and given back when the manager tries it', async () => {
    const { guest, id, orderNumber } = await stoppedCharge(ws, 1_000);
    const body = ZLoyaltyMovementsResponse.parse((await list()).json());
    expect(body.movements).toEqual([
      expect.objectContaining({
        id,
        order_id: null,
        external_order_id: orderNumber,
        reason: 'refund',
        amount: 1_000,
        state: 'gave-up',
        last_error: UNKNOWN_CHARGE,
        charge_unknown: true,
      }),
    ]);
    // The manager found the chargeoff in iiko: try again gives it back.
    guest.balance -= 1_000;
    const res = await call('POST', `${URL}/${id}/retry`, { token: tokens.manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZQueuedLoyaltyMovement.parse(res.json())).toMatchObject({
      state: 'retrying',
      charge_unknown: false,
    });
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([orderNumber]);
    expect(guest.balance).toBe(9_000);
    const [audit] = await auditRowsOf(t, id);
    expect(audit).toMatchObject({ action: 'loyalty.retry', targetType: 'loyalty-movement' });
  });

  it('is not listed while its charge is under way', async () => {
    const who = await signInTestCustomer(t);
    fake.addGuest(`+${who.phone}`, 9_000);
    const charging = fake.hold('/api/1/loyalty/iiko/customer/wallet/chargeoff');
    const placing = postOrder(t, who.token, deliveryOrderBody({ loyalty_amount: 3_000 }));
    await charging.arrived(1);
    expect(await t.db.db.select().from(loyaltyOutbox)).toHaveLength(1);
    expect(ZLoyaltyMovementsResponse.parse((await list()).json())).toMatchObject({ count: 0, movements: [] });
    charging.release();
    expect((await placing).statusCode).toBe(201);
  });

  it('is settled by the manager when iiko shows no chargeoff, with the movement as the audit target', async () => {
    const { guest, id } = await stoppedCharge(ws, 2_000);
    const res = await call('DELETE', `${URL}/${id}`, { token: tokens.manager });
    expect(res.statusCode, res.body).toBe(204);
    const [audit] = await auditRowsOf(t, id);
    expect(audit).toMatchObject({ action: 'loyalty.settle', targetType: 'loyalty-movement' });
    clock.advance(3_600_000);
    expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
    expect(guest.balance).toBe(9_000);
  });
});

describe('another chain’s movements', () => {
  it('are neither listed nor acted on (404)', async () => {
    const { id } = await refusedRefund(400, 1_200);
    const [demo] = await t.db.db.select().from(shippers).where(eq(shippers.id, CLIENT_HEADERS.shipper));
    if (!demo) throw new Error('no demo chain');
    const other = '4d2f9a7e-1c3b-4e5d-8f60-7a1b2c3d4e5f';
    await t.db.db
      .insert(shippers)
      .values({ ...demo, id: other, name: 'Other chain' })
      .onConflictDoNothing();
    await t.db.db.update(loyaltyLedger).set({ shipperId: other }).where(eq(loyaltyLedger.id, id));

    const body = ZLoyaltyMovementsResponse.parse((await list()).json());
    expect(body.count).toBe(0);
    expect(body.movements).toEqual([]);
    expect((await call('POST', `${URL}/${id}/retry`, { token: tokens.manager })).statusCode).toBe(404);
    expect((await call('DELETE', `${URL}/${id}`, { token: tokens.manager })).statusCode).toBe(404);
    expect(await t.db.db.select().from(loyaltyOutbox).where(eq(loyaltyOutbox.ledgerId, id))).toHaveLength(1);
  });
});

describe('the chain’s own card (LOYALTY_PROVIDER=local)', () => {
  it('says so; rows an earlier iiko setting left are listed, can be settled by hand, not tried again', async () => {
    const local = await buildTestApp({ clock: clock.now });
    try {
      await addTestManagers(local);
      const token = await signIn(local, 'manager');
      const localCall = callAs(local);
      const empty = await localCall('GET', URL, { token });
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toEqual({ provider: 'local', count: 0, movements: [] });

      // A refund queued while the card was in iiko, given up, and still there.
      const who = await signInTestCustomer(local);
      const { order_id } = await placeTestOrder(local, who.token);
      const [ledger] = await local.db.db
        .insert(loyaltyLedger)
        .values({
          shipperId: CLIENT_HEADERS.shipper,
          customerId: who.id,
          orderId: order_id,
          amount: 2_000,
          reason: 'refund',
          createdAt: clock.now(),
        })
        .returning({ id: loyaltyLedger.id });
      if (!ledger) throw new Error('no ledger row');
      await enqueueMovement(local.db.db, ledger.id, clock.now());
      await local.db.db
        .update(loyaltyOutbox)
        .set({ gaveUpAt: clock.now() })
        .where(eq(loyaltyOutbox.ledgerId, ledger.id));

      const leftover = ZLoyaltyMovementsResponse.parse((await localCall('GET', URL, { token })).json());
      expect(leftover).toMatchObject({ provider: 'local', count: 1 });
      const retry = await localCall('POST', `${URL}/${ledger.id}/retry`, { token, lang: 'en' });
      expect(retry.statusCode).toBe(409);
      expect(ZApiError.parse(retry.json()).code).toBe('STAFF_MANAGE_LOYALTY_NO_PROVIDER');
      expect((await localCall('DELETE', `${URL}/${ledger.id}`, { token })).statusCode).toBe(204);
      expect((await localCall('GET', URL, { token })).json().count).toBe(0);
    } finally {
      await local.close();
    }
  });
});
