/**
 * The manager's reads and actions on the loyalty outbox (adapters/loyalty/outbox.ts owns the table and
 * the job's side of it): the chain's queued movements, and a given-up one tried again or settled by
 * hand, or, for the give-back of a charge iiko never made, dropped with the charge. Every query is
 * scoped to the chain.
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loyaltyLedger, loyaltyOutbox, orders } from '../../db/schema/index.ts';

/** A queued movement as a manager sees it (GET /v1/staff/loyalty-movements). */
export type QueuedMovementRow = {
  ledgerId: string;
  /** Null: bonuses charged for an order that was never written, queued to be given back. */
  orderId: string | null;
  externalOrderId: string;
  reason: string;
  amount: number;
  attempts: number;
  lastError: string | null;
  awaitsCharge: boolean;
  nextAttemptAt: Date;
  gaveUpAt: Date | null;
  createdAt: Date;
};

const queuedColumns = {
  ledgerId: loyaltyOutbox.ledgerId,
  orderId: orders.id,
  // An order that was never written has only the number its bonuses were charged under.
  externalOrderId: sql<string>`coalesce(${orders.externalOrderId}, ${loyaltyLedger.orderNumber}, '')`,
  reason: loyaltyLedger.reason,
  amount: loyaltyLedger.amount,
  attempts: loyaltyOutbox.attempts,
  lastError: loyaltyOutbox.lastError,
  awaitsCharge: loyaltyOutbox.awaitsCharge,
  nextAttemptAt: loyaltyOutbox.nextAttemptAt,
  gaveUpAt: loyaltyOutbox.gaveUpAt,
  createdAt: loyaltyOutbox.createdAt,
};

/**
 * The chain's rows that are an order's refund or cashback, or the give-back of bonuses charged for an
 * order that was not placed (a refund without an order): the only ones ever queued.
 */
const ofChain = (shipperId: string) =>
  and(eq(loyaltyLedger.shipperId, shipperId), inArray(loyaltyLedger.reason, ['refund', 'earned']));

/**
 * Listed: not the give-back of a charge still under way (a placement waiting on iiko for a second or
 * so; it becomes a person's only if set aside when its lease ends).
 */
const listed = (shipperId: string) =>
  and(ofChain(shipperId), sql`not (${loyaltyOutbox.awaitsCharge} and ${loyaltyOutbox.gaveUpAt} is null)`);

/** The chain's queued movements, given up first (the newest of them first), then the oldest waiting. */
export async function listQueuedMovements(
  db: DbOrTx,
  shipperId: string,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: QueuedMovementRow[] }> {
  const [total] = await db
    .select({ n: count() })
    .from(loyaltyOutbox)
    .innerJoin(loyaltyLedger, eq(loyaltyLedger.id, loyaltyOutbox.ledgerId))
    .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
    .where(listed(shipperId));
  const rows = await db
    .select(queuedColumns)
    .from(loyaltyOutbox)
    .innerJoin(loyaltyLedger, eq(loyaltyLedger.id, loyaltyOutbox.ledgerId))
    .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
    .where(listed(shipperId))
    .orderBy(
      sql`${loyaltyOutbox.gaveUpAt} desc nulls last`,
      asc(loyaltyOutbox.createdAt),
      asc(loyaltyOutbox.ledgerId),
    )
    .offset(page.offset)
    .limit(page.limit);
  return { count: total?.n ?? 0, rows };
}

/**
 * One of the chain's queued movements, its outbox row locked until the transaction ends (a manager's
 * action reads and changes it in one); undefined when the chain has no such queued movement.
 */
export async function lockQueuedMovement(
  tx: DbOrTx,
  shipperId: string,
  ledgerId: string,
): Promise<QueuedMovementRow | undefined> {
  const [row] = await tx
    .select(queuedColumns)
    .from(loyaltyOutbox)
    .innerJoin(loyaltyLedger, eq(loyaltyLedger.id, loyaltyOutbox.ledgerId))
    .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
    .where(and(eq(loyaltyOutbox.ledgerId, ledgerId), ofChain(shipperId)))
    .for('update', { of: loyaltyOutbox });
  return row;
}

/**
 * A given-up movement tried again: due at once, with a fresh count of tries (its waits start again at
 * LOYALTY_OUTBOX_FIRST_RETRY_MS) and its give-up counted from now.
 */
export async function retryGivenUpMovement(tx: DbOrTx, ledgerId: string, now: Date): Promise<void> {
  await tx
    .update(loyaltyOutbox)
    // A person looked: a give-back set aside because its charge's outcome was unknown is made too.
    .set({ gaveUpAt: null, nextAttemptAt: now, triesSince: now, attempts: 0, awaitsCharge: false })
    .where(eq(loyaltyOutbox.ledgerId, ledgerId));
}

/** A given-up movement settled by hand (in iiko itself): it leaves the outbox; its ledger row stays. */
export async function settleGivenUpMovement(tx: DbOrTx, ledgerId: string): Promise<void> {
  await tx.delete(loyaltyOutbox).where(eq(loyaltyOutbox.ledgerId, ledgerId));
}

/**
 * The give-back of bonuses charged ahead for an order never written, set aside because whether iiko
 * made the charge was unknown, when the manager found no chargeoff in iiko: the charge never
 * happened, so its spend and its give-back both leave the ledger (the customer's history), the
 * give-back's outbox row with it. False, with nothing changed, when the charge's spend is not there
 * to drop (the caller checked the row, locked, is such a give-back).
 */
export async function dropUnmadeCharge(tx: DbOrTx, ledgerId: string): Promise<boolean> {
  const [giveBack] = await tx
    .select({
      shipperId: loyaltyLedger.shipperId,
      customerId: loyaltyLedger.customerId,
      orderNumber: loyaltyLedger.orderNumber,
      amount: loyaltyLedger.amount,
    })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.id, ledgerId), isNull(loyaltyLedger.orderId)));
  if (!giveBack?.orderNumber) return false;
  const spent = await tx
    .delete(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.shipperId, giveBack.shipperId),
        eq(loyaltyLedger.customerId, giveBack.customerId),
        eq(loyaltyLedger.orderNumber, giveBack.orderNumber),
        eq(loyaltyLedger.reason, 'spent'),
        eq(loyaltyLedger.amount, -giveBack.amount),
        isNull(loyaltyLedger.orderId),
      ),
    )
    .returning({ id: loyaltyLedger.id });
  if (spent.length === 0) return false;
  // Order numbers are drawn once each: two spends under one would be a bug (the transaction rolls back).
  if (spent.length > 1)
    throw new Error(`dropUnmadeCharge: ${spent.length} spends under ${giveBack.orderNumber}`);
  // The outbox row goes with its ledger row (on delete cascade).
  await tx.delete(loyaltyLedger).where(eq(loyaltyLedger.id, ledgerId));
  return true;
}
