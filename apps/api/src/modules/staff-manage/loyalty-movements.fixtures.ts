/**
 * The manager's loyalty tests (loyalty-movements.test.ts, loyalty-not-charged.test.ts): an app with
 * iiko's fake on the file's clock and the manager workspace's logins, and the give-back a placement
 * that stopped after charging leaves behind.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { writeCharge } from '../../adapters/loyalty/charge-ahead.ts';
import type { FakeIiko } from '../../adapters/loyalty/fake-iiko.ts';
import { LOYALTY_OUTBOX_LEASE_MS } from '../../adapters/loyalty/outbox.ts';
import { loyaltyOutbox } from '../../db/schema/index.ts';
import { CLIENT_HEADERS } from '../../test/app.ts';
import type { TestClock } from '../../test/clock.ts';
import { buildIikoTestApp, type IikoTestApp } from '../../test/iiko.ts';
import { ORDER_TEST_MORNING, signInTestCustomer } from '../../test/orders.ts';
import { runLoyaltyOutboxJob } from '../loyalty/loyalty-outbox.job.ts';
import { addTestManagers, callAs, type ManagerWorkspace, signInAll } from './staff-manage.fixtures.ts';

export const TOPUP = '/api/1/loyalty/iiko/customer/wallet/topup';
export const MOVEMENTS_URL = '/v1/staff/loyalty-movements';

export type LoyaltyWorkspace = ManagerWorkspace & { fake: FakeIiko; clock: TestClock };

/**
 * Before the file's tests: the app with iiko's fake on `clock`, the test managers and every login
 * signed in, handed to `use`. Before each test: the clock back at ORDER_TEST_MORNING, iiko's topups
 * answered again and the outbox empty. After them: the app closed.
 */
export function useLoyaltyWorkspace(clock: TestClock, use: (workspace: LoyaltyWorkspace) => void): void {
  let iiko: IikoTestApp | undefined;
  beforeAll(async () => {
    iiko = await buildIikoTestApp({ clock: clock.now });
    const { t, fake } = iiko;
    await addTestManagers(t);
    use({ t, fake, clock, tokens: await signInAll(t), call: callAs(t) });
  }, 60_000);
  afterAll(async () => {
    await iiko?.close();
  });
  beforeEach(async () => {
    if (!iiko) return;
    clock.set(ORDER_TEST_MORNING);
    iiko.fake.fail(TOPUP, null);
    await iiko.t.db.db.delete(loyaltyOutbox);
  });
}

let numbers = 99_100;
/** A number no other order of the test file has. */
export const nextOrderNumber = () => `B-${numbers++}`;

/**
 * What a placement that stopped after writing its charge of `amount` leaves (order-charge.ts), its
 * lease ended: whether iiko took the charge is unknown, so the outbox round sets its give-back aside
 * for the manager and makes nothing. A new customer (with 9,000 bonuses in iiko) and order number each
 * time.
 */
export async function stoppedCharge({ t, fake, clock }: LoyaltyWorkspace, amount: number) {
  const who = await signInTestCustomer(t);
  const guest = fake.addGuest(`+${who.phone}`, 9_000);
  const orderNumber = nextOrderNumber();
  const rows = await t.db.db.transaction((tx) =>
    writeCharge(
      tx,
      { shipperId: CLIENT_HEADERS.shipper, customerId: who.id },
      { orderNumber, amount, idempotencyKey: null },
      clock.now(),
    ),
  );
  if (!rows) throw new Error('no charge written');
  clock.advance(LOYALTY_OUTBOX_LEASE_MS);
  fake.requests.length = 0;
  expect(await runLoyaltyOutboxJob(t.app)).toEqual([]);
  expect(fake.requests.filter((r) => r.path === TOPUP)).toEqual([]);
  return { who, guest, orderNumber, id: rows.giveBackId };
}
