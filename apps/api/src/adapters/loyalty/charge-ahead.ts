/**
 * The ledger's side of bonuses charged at the provider ahead of an order (LOYALTY_PROVIDER=iiko;
 * modules/ordering/order-charge.ts runs the steps). Before the provider is called, one short
 * transaction writes the charge's spend (a 'spent' row, holding the request's Idempotency-Key) and its
 * give-back (a 'refund' row, queued in `loyalty_outbox`, awaiting the charge's outcome), both under
 * the order's short number and no order yet. Then:
 * - the order is written: its transaction takes the spend as the order's and drops the give-back
 *   (`settleCharge`), so nothing is given back, and the order's cancellation refunds it as any other;
 * - the provider did not take the charge: both rows go (`dropCharge`);
 * - the provider took it and the order was not written (a refusal found in its transaction, a failed
 *   commit, a replayed key): the give-back is due at once (`giveBackCharge`), the outbox job makes it;
 * - the placement stopped before either was known (the process died): when the give-back's lease
 *   ends, the outbox round sets it aside for the chain's manager (outbox.ts, `setAsideUnknownCharge`):
 *   whether the provider took the charge is unknown, and giving back a charge never made would credit
 *   bonuses. A charge the provider did not answer is set aside the same way at once (order-charge.ts).
 * So an order never waits on the provider inside its transaction, never stands without its charge,
 * and bonuses the provider took for an order that does not exist come back, or reach a person.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { loyaltyLedger, loyaltyOutbox } from '../../db/schema/index.ts';
import type { LoyaltyCustomer } from './loyalty-program.ts';
import { LOYALTY_OUTBOX_LEASE_MS } from './outbox.ts';

/** A charge's rows: its spend and its queued give-back. */
export type ChargeRows = { spentId: string; giveBackId: string };

/**
 * Writes, in `tx`, the spend (with the request's Idempotency-Key while the charge is under way) and
 * its give-back, awaiting the charge's outcome and due LOYALTY_OUTBOX_LEASE_MS from `at` (when a
 * placement that stopped would have long ended), before the provider is called. Null when a charge
 * with the same key is under way for the customer (the caller answers 409, and charges nothing).
 */
export async function writeCharge(
  tx: Tx,
  customer: Pick<LoyaltyCustomer, 'shipperId' | 'customerId'>,
  charge: { orderNumber: string; amount: number; idempotencyKey: string | null },
  at: Date,
): Promise<ChargeRows | null> {
  const base = {
    shipperId: customer.shipperId,
    customerId: customer.customerId,
    orderId: null,
    orderNumber: charge.orderNumber,
    createdAt: at,
  };
  const [spent] = await tx
    .insert(loyaltyLedger)
    .values({ ...base, amount: -charge.amount, reason: 'spent', idempotencyKey: charge.idempotencyKey })
    .onConflictDoNothing()
    .returning({ id: loyaltyLedger.id });
  if (!spent) return null;
  const [giveBack] = await tx
    .insert(loyaltyLedger)
    .values({ ...base, amount: charge.amount, reason: 'refund' })
    .returning({ id: loyaltyLedger.id });
  if (!giveBack) throw new Error('writeCharge: the give-back was not written');
  await tx.insert(loyaltyOutbox).values({
    ledgerId: giveBack.id,
    nextAttemptAt: new Date(at.getTime() + LOYALTY_OUTBOX_LEASE_MS),
    triesSince: at,
    awaitsCharge: true,
    createdAt: at,
  });
  return { spentId: spent.id, giveBackId: giveBack.id };
}

/**
 * Locks the charge's give-back until `tx` ends while no outbox round has tried to make it (`attempts`
 * 0): a round claiming it at this moment is waited for, and seen. False when one has, or it is gone.
 */
async function lockUntriedGiveBack(tx: Tx, rows: ChargeRows): Promise<boolean> {
  const [untried] = await tx
    .select({ id: loyaltyOutbox.ledgerId })
    .from(loyaltyOutbox)
    .where(and(eq(loyaltyOutbox.ledgerId, rows.giveBackId), eq(loyaltyOutbox.attempts, 0)))
    .for('update');
  return untried !== undefined;
}

/**
 * In the order's transaction: the spend becomes the order's (its key no longer held), and its
 * give-back goes, while no outbox round has tried to make it (lockUntriedGiveBack; one set aside for
 * a person when its lease ended is still this placement's, which knows the charge was made). False
 * when it is no longer this placement's to drop (being made, made, or settled by hand): the order
 * must not be written.
 */
export async function settleCharge(tx: Tx, rows: ChargeRows, orderId: string): Promise<boolean> {
  if (!(await lockUntriedGiveBack(tx, rows))) return false;
  await tx.delete(loyaltyLedger).where(eq(loyaltyLedger.id, rows.giveBackId));
  const taken = await tx
    .update(loyaltyLedger)
    .set({ orderId, orderNumber: null, idempotencyKey: null })
    .where(and(eq(loyaltyLedger.id, rows.spentId), isNull(loyaltyLedger.orderId)))
    .returning({ id: loyaltyLedger.id });
  return taken.length === 1;
}

/**
 * The provider did not take the charge: its spend and its give-back go (nothing moved), while no
 * outbox round has tried to make the give-back (lockUntriedGiveBack, as in settleCharge). False
 * when one has (a manager tried again a give-back set aside as this placement outlived its lease):
 * the rows stay, for a person.
 */
export async function dropCharge(db: Db, rows: ChargeRows): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockUntriedGiveBack(tx, rows))) return false;
    await tx.delete(loyaltyLedger).where(inArray(loyaltyLedger.id, [rows.spentId, rows.giveBackId]));
    return true;
  });
}

/**
 * The provider took the charge and the order was not written: the give-back is due now (the outbox
 * job makes it; one set aside when its lease ended is taken back from the manager's list, since the
 * charge is now known), and the key is free for the customer to send the order again. If the charge's
 * rows are gone (this placement outlived its lease, and the chain's manager, finding no chargeoff in
 * iiko yet, marked it not charged), they are written again with the give-back due now: the provider
 * did take the bonuses. Answers whether it had to ('rewritten', for the log).
 */
export async function giveBackCharge(
  db: Db,
  rows: ChargeRows,
  charge: {
    customer: Pick<LoyaltyCustomer, 'shipperId' | 'customerId'>;
    orderNumber: string;
    amount: number;
  },
  now: Date,
): Promise<'queued' | 'rewritten'> {
  return db.transaction(async (tx) => {
    // Locked in the order every writer of these rows takes (the give-back's outbox row, then the
    // ledger's): a manager's 'not charged' deleting them at this moment is waited for, and seen.
    await tx
      .select({ id: loyaltyOutbox.ledgerId })
      .from(loyaltyOutbox)
      .where(eq(loyaltyOutbox.ledgerId, rows.giveBackId))
      .for('update');
    const [spent] = await tx
      .select({ id: loyaltyLedger.id })
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.id, rows.spentId))
      .for('update');
    if (!spent) {
      await writeGiveBack(tx, charge, now);
      return 'rewritten';
    }
    const due = await tx
      .update(loyaltyOutbox)
      .set({ nextAttemptAt: now, awaitsCharge: false, gaveUpAt: null, lastError: null, triesSince: now })
      .where(and(eq(loyaltyOutbox.ledgerId, rows.giveBackId), eq(loyaltyOutbox.attempts, 0)))
      .returning({ id: loyaltyOutbox.ledgerId });
    await tx.update(loyaltyLedger).set({ idempotencyKey: null }).where(eq(loyaltyLedger.id, rows.spentId));
    // The history dates the give-back when it was decided, after the spend (one already being made,
    // made, or settled keeps its date).
    if (due.length > 0) {
      await tx.update(loyaltyLedger).set({ createdAt: now }).where(eq(loyaltyLedger.id, rows.giveBackId));
    }
    return 'queued';
  });
}

/** A charge the provider made, written again (spend and give-back) with its give-back due now. */
async function writeGiveBack(
  tx: Tx,
  charge: {
    customer: Pick<LoyaltyCustomer, 'shipperId' | 'customerId'>;
    orderNumber: string;
    amount: number;
  },
  now: Date,
): Promise<void> {
  const base = {
    shipperId: charge.customer.shipperId,
    customerId: charge.customer.customerId,
    orderId: null,
    orderNumber: charge.orderNumber,
    createdAt: now,
  };
  // Dated a millisecond before its give-back: the history lists them in that order.
  await tx
    .insert(loyaltyLedger)
    .values({ ...base, amount: -charge.amount, reason: 'spent', createdAt: new Date(now.getTime() - 1) });
  const [giveBack] = await tx
    .insert(loyaltyLedger)
    .values({ ...base, amount: charge.amount, reason: 'refund' })
    .returning({ id: loyaltyLedger.id });
  if (!giveBack) throw new Error('giveBackCharge: the give-back was not written');
  await tx
    .insert(loyaltyOutbox)
    .values({ ledgerId: giveBack.id, nextAttemptAt: now, triesSince: now, createdAt: now });
}
