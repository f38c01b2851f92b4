/**
 * The `loyalty_outbox` table (db/schema/payments.ts): ledger movements still to be made at the loyalty
 * provider. A provider that keeps the card elsewhere (iiko) writes a refund or a cashback to the ledger
 * and here in the status change's transaction; modules/loyalty/loyalty-outbox.job.ts makes it at the
 * provider after that commits, and retries it until the provider takes it.
 *
 * Delivery is at least once: a row is claimed with a lease (its next try moved LOYALTY_OUTBOX_LEASE_MS
 * ahead) before the call, so two processes never call for it at the same time; a process that dies
 * during the call leaves it to be tried again when the lease ends. iiko's topup takes no idempotency
 * key, so that rare case (like a timeout whose call iiko did take) can credit twice; the comment names
 * the order, for iiko's own report.
 */
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { customers, loyaltyLedger, loyaltyOutbox, orders } from '../../db/schema/index.ts';
import type { LoyaltyCustomer } from './loyalty-program.ts';

/** A claimed row's lease: well past one delivery's deadline (iiko: IIKO_OPERATION_MS, 25 s). */
export const LOYALTY_OUTBOX_LEASE_MS = 5 * 60_000;
/** The first retry waits this long, each next one twice as long, up to LOYALTY_OUTBOX_MAX_RETRY_MS. */
export const LOYALTY_OUTBOX_FIRST_RETRY_MS = 15_000;
export const LOYALTY_OUTBOX_MAX_RETRY_MS = 60 * 60_000;
/** A movement still refused this long after it was written is left for a person (gave_up_at). */
export const LOYALTY_OUTBOX_GIVE_UP_MS = 3 * 24 * 60 * 60_000;
/** The longest last_error kept (a provider's error page must not grow the row). */
const MAX_ERROR_LENGTH = 500;

/** A movement to make at the provider: bonuses given back to, or credited on, the customer's card. */
export type PendingMovement = {
  ledgerId: string;
  reason: 'refund' | 'earned';
  /** Sums, > 0. */
  amount: number;
  customer: LoyaltyCustomer;
  /** `id` null: an order that was never written, whose bonuses were charged ahead (charge-ahead.ts). */
  order: { id: string | null; externalOrderId: string };
  /** Tries so far, this one included. */
  attempts: number;
  /** When the tries began (the give-up counts from it). */
  triesSince: Date;
};

/** Queues the ledger row `ledgerId` for the provider, in the transaction that wrote it. */
export async function enqueueMovement(tx: DbOrTx, ledgerId: string, at: Date): Promise<void> {
  await tx.insert(loyaltyOutbox).values({ ledgerId, nextAttemptAt: at, triesSince: at, createdAt: at });
}

/**
 * Claims the movement due longest (`for update skip locked`, so concurrent processes take different
 * rows): counts the try and moves its next one a lease ahead. Undefined when none is due; 'skipped'
 * when the row due could not be a movement, `setAside` when it is a give-back whose charge's outcome
 * is unknown (either is left for a person, and the caller goes on to the next).
 */
export async function claimDueMovement(
  db: Db,
  now: Date,
): Promise<PendingMovement | 'skipped' | { setAside: string } | undefined> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ ledgerId: loyaltyOutbox.ledgerId, awaitsCharge: loyaltyOutbox.awaitsCharge })
      .from(loyaltyOutbox)
      .where(and(isNull(loyaltyOutbox.gaveUpAt), lte(loyaltyOutbox.nextAttemptAt, now)))
      .orderBy(asc(loyaltyOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return undefined;
    if (due.awaitsCharge) {
      await setAsideUnknownCharge(tx, due.ledgerId, now);
      return { setAside: due.ledgerId };
    }
    await tx
      .update(loyaltyOutbox)
      .set({
        attempts: sql`${loyaltyOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + LOYALTY_OUTBOX_LEASE_MS),
      })
      .where(eq(loyaltyOutbox.ledgerId, due.ledgerId));
    const [row] = await tx
      .select({
        ledgerId: loyaltyOutbox.ledgerId,
        attempts: loyaltyOutbox.attempts,
        triesSince: loyaltyOutbox.triesSince,
        reason: loyaltyLedger.reason,
        amount: loyaltyLedger.amount,
        shipperId: customers.shipperId,
        customerId: customers.id,
        phone: customers.phone,
        orderId: orders.id,
        externalOrderId: sql<
          string | null
        >`coalesce(${orders.externalOrderId}, ${loyaltyLedger.orderNumber})`,
      })
      .from(loyaltyOutbox)
      .innerJoin(loyaltyLedger, eq(loyaltyLedger.id, loyaltyOutbox.ledgerId))
      .innerJoin(customers, eq(customers.id, loyaltyLedger.customerId))
      .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
      .where(eq(loyaltyOutbox.ledgerId, due.ledgerId));
    if (
      !row ||
      row.externalOrderId === null ||
      (row.reason !== 'refund' && row.reason !== 'earned') ||
      (row.orderId === null && row.reason !== 'refund')
    ) {
      // Only an order's refund or cashback, or the give-back of bonuses charged for an order that was
      // not placed, is ever queued (enqueueMovement's and charge-ahead.ts's callers); a row that is
      // not one cannot be made, and must not be claimed again and again.
      await tx
        .update(loyaltyOutbox)
        .set({ gaveUpAt: now, lastError: 'not an order refund or cashback' })
        .where(eq(loyaltyOutbox.ledgerId, due.ledgerId));
      return 'skipped';
    }
    return {
      ledgerId: row.ledgerId,
      reason: row.reason,
      amount: row.amount,
      customer: { shipperId: row.shipperId, customerId: row.customerId, phone: row.phone },
      order: { id: row.orderId, externalOrderId: row.externalOrderId },
      attempts: row.attempts,
      triesSince: row.triesSince,
    };
  });
}

/**
 * Still this round's claim: nobody re-claimed the row since (its lease ended and another round took
 * it: attempts moved), a manager did not try it again (tries_since moved), nor was it given up. A
 * round that lost its claim must not write over the row's new state.
 */
const stillClaimed = (movement: Pick<PendingMovement, 'ledgerId' | 'attempts' | 'triesSince'>) =>
  and(
    eq(loyaltyOutbox.ledgerId, movement.ledgerId),
    eq(loyaltyOutbox.attempts, movement.attempts),
    eq(loyaltyOutbox.triesSince, movement.triesSince),
    isNull(loyaltyOutbox.gaveUpAt),
  );

/** Waits before each further try of movementDelivered's delete. */
const DELETE_RETRY_WAITS_MS = [100, 500, 2_000];

/**
 * The provider took the movement: it leaves the outbox. The delete is tried again a few times (a
 * database hiccup now would have the movement made twice when its lease ends); throws the last error.
 */
export async function movementDelivered(db: DbOrTx, ledgerId: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await db.delete(loyaltyOutbox).where(eq(loyaltyOutbox.ledgerId, ledgerId));
      return;
    } catch (error) {
      const wait = DELETE_RETRY_WAITS_MS[attempt];
      if (wait === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * A cashback for a customer who has no card at the provider: nobody gets it, so its ledger row goes
 * (and its outbox row with it), and the customer's history does not show bonuses they never got.
 * Only while the round still holds its claim; answers whether it did.
 */
export async function dropMovement(
  db: DbOrTx,
  movement: Pick<PendingMovement, 'ledgerId' | 'attempts' | 'triesSince'>,
): Promise<boolean> {
  const rows = await db
    .delete(loyaltyLedger)
    .where(
      and(
        eq(loyaltyLedger.id, movement.ledgerId),
        inArray(
          loyaltyLedger.id,
          db.select({ id: loyaltyOutbox.ledgerId }).from(loyaltyOutbox).where(stillClaimed(movement)),
        ),
      ),
    )
    .returning({ id: loyaltyLedger.id });
  return rows.length > 0;
}

/** Rows still queued (not given up): a provider without `deliver` warns about them at start. */
export async function queuedMovements(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(loyaltyOutbox).where(isNull(loyaltyOutbox.gaveUpAt));
  return row?.n ?? 0;
}

/** How long after its `attempts`-th failed try a movement is tried again. */
export function retryDelayMs(attempts: number): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 30);
  return Math.min(LOYALTY_OUTBOX_FIRST_RETRY_MS * 2 ** doublings, LOYALTY_OUTBOX_MAX_RETRY_MS);
}

/**
 * The provider did not take the movement: it is tried again after retryDelayMs, or, when the provider
 * refused it for good (`final`) or LOYALTY_OUTBOX_GIVE_UP_MS have passed since its tries began, left
 * for a person. Answers which, or 'claim-lost' when the row is no longer this round's (nothing
 * written).
 */
export async function movementFailed(
  db: DbOrTx,
  movement: Pick<PendingMovement, 'ledgerId' | 'attempts' | 'triesSince'>,
  error: string,
  now: Date,
  final = false,
): Promise<'retry' | 'gave-up' | 'claim-lost'> {
  const lastError = error.slice(0, MAX_ERROR_LENGTH);
  const givingUp = final || now.getTime() - movement.triesSince.getTime() >= LOYALTY_OUTBOX_GIVE_UP_MS;
  const rows = await db
    .update(loyaltyOutbox)
    .set(
      givingUp
        ? { gaveUpAt: now, lastError }
        : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(movement.attempts)), lastError },
    )
    .where(stillClaimed(movement))
    .returning({ id: loyaltyOutbox.ledgerId });
  if (rows.length === 0) return 'claim-lost';
  return givingUp ? 'gave-up' : 'retry';
}

/** The outbox's rows for the given ledger rows (tests, and a person looking into a card). */
export function outboxRows(db: DbOrTx, ledgerIds: string[]) {
  return db.select().from(loyaltyOutbox).where(inArray(loyaltyOutbox.ledgerId, ledgerIds));
}

/**
 * A give-back whose charge's outcome never became known (its placement stopped between writing it
 * and learning whether the provider took the charge): it is not made, but left for a person (given
 * up, with why), and the request's key is freed. In the outbox round's claim transaction (charge-ahead.ts writes such give-backs).
 */
export async function setAsideUnknownCharge(tx: Tx, giveBackId: string, now: Date): Promise<void> {
  await tx
    .update(loyaltyOutbox)
    .set({ gaveUpAt: now, lastError: UNKNOWN_CHARGE })
    .where(eq(loyaltyOutbox.ledgerId, giveBackId));
  const [giveBack] = await tx
    .select({ customerId: loyaltyLedger.customerId, orderNumber: loyaltyLedger.orderNumber })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.id, giveBackId));
  if (!giveBack?.orderNumber) return;
  await tx
    .update(loyaltyLedger)
    .set({ idempotencyKey: null })
    .where(
      and(
        eq(loyaltyLedger.customerId, giveBack.customerId),
        eq(loyaltyLedger.orderNumber, giveBack.orderNumber),
        isNotNull(loyaltyLedger.idempotencyKey),
      ),
    );
}

/** Why a give-back was set aside: what the manager reads on the loyalty screen. */
export const UNKNOWN_CHARGE =
  'The order was not placed, and it is not known whether iiko charged its bonuses off (iiko did not answer, or the placement stopped mid-way). Look for the chargeoff in iiko: if it is there, try again to give them back; if not, mark it not charged.';
