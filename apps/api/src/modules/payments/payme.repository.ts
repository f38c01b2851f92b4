/**
 * Payme's transactions: rows of payment_transactions with provider 'payme'. `provider_id` is Payme's
 * 24-character id, `provider_time` Payme's `time`, times in Unix milliseconds (0: not reached).
 */
import { and, asc, between, eq, lt } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orders, type PaymentTransactionRow, paymentTransactions } from '../../db/schema/index.ts';

export type PaymeTransaction = PaymentTransactionRow;

/** Payme's cancel reason for a transaction that timed out (payments-conformance.md). */
export const PAYME_REASON_TIMEOUT = 4;
/**
 * Payme's cancel reason "execution failed": the shop cannot carry the transaction out (its order was
 * cancelled, or paid otherwise). Not 5 (refund): that is for a performed transaction, whose money goes
 * back (state -2); a created one took no money.
 */
export const PAYME_REASON_EXECUTION_FAILED = 3;

/** Payme's transaction `providerId`, or null. With `lock` the row is locked until `tx` ends. */
export async function findPaymeTransaction(
  db: DbOrTx,
  providerId: string,
  options: { lock?: boolean } = {},
): Promise<PaymeTransaction | null> {
  const query = db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.provider, 'payme'), eq(paymentTransactions.providerId, providerId)));
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

/** Whether the order already has a created, not yet performed or cancelled, transaction (any provider). */
export async function hasOpenTransaction(tx: DbOrTx, orderId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.state, 1)))
    .limit(1);
  return rows.length > 0;
}

export async function insertPaymeTransaction(
  tx: Tx,
  input: {
    shipperId: string;
    orderId: string;
    providerId: string;
    providerTime: number;
    amount: number;
    createTime: number;
    at: Date;
  },
): Promise<PaymeTransaction> {
  const rows = await tx
    .insert(paymentTransactions)
    .values({
      shipperId: input.shipperId,
      orderId: input.orderId,
      provider: 'payme',
      providerId: input.providerId,
      providerTime: input.providerTime,
      amount: input.amount,
      state: 1,
      createTime: input.createTime,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('insertPaymeTransaction: no row returned');
  return row;
}

export async function updatePaymeTransaction(
  tx: Tx,
  id: string,
  changes: Partial<Pick<PaymeTransaction, 'state' | 'reason' | 'performTime' | 'cancelTime'>> & { at: Date },
): Promise<PaymeTransaction> {
  const { at, ...set } = changes;
  const rows = await tx
    .update(paymentTransactions)
    .set({ ...set, updatedAt: at })
    .where(eq(paymentTransactions.id, id))
    .returning();
  const row = rows[0];
  if (!row) throw new Error('updatePaymeTransaction: no row updated');
  return row;
}

/**
 * Cancels the order's created, not performed, Payme transactions (state 1 -> -1) with `reason`,
 * cancel time `at`: the order can no longer be paid. Returns how many.
 */
export async function cancelOpenPaymeTransactions(
  tx: Tx,
  orderId: string,
  reason: number,
  at: Date,
): Promise<number> {
  const rows = await tx
    .update(paymentTransactions)
    .set({ state: -1, reason, cancelTime: at.getTime(), updatedAt: at })
    .where(
      and(
        eq(paymentTransactions.provider, 'payme'),
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.state, 1),
      ),
    )
    .returning({ id: paymentTransactions.id });
  return rows.length;
}

/**
 * Cancels the order's created Payme transactions created before `createdBefore` (Unix ms): past
 * Payme's 12 hours they can no longer be performed (state -1, reason 4, cancel time `at`). Returns
 * how many.
 */
export async function cancelExpiredPaymeTransactions(
  tx: Tx,
  orderId: string,
  createdBefore: number,
  at: Date,
): Promise<number> {
  const rows = await tx
    .update(paymentTransactions)
    .set({ state: -1, reason: PAYME_REASON_TIMEOUT, cancelTime: at.getTime(), updatedAt: at })
    .where(
      and(
        eq(paymentTransactions.provider, 'payme'),
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.state, 1),
        lt(paymentTransactions.createTime, createdBefore),
      ),
    )
    .returning({ id: paymentTransactions.id });
  return rows.length;
}

/** Payme's transactions whose Payme time is within [from, to], oldest first (GetStatement). */
export function paymeStatement(db: DbOrTx, from: number, to: number): Promise<PaymeTransaction[]> {
  return db
    .select()
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.provider, 'payme'), between(paymentTransactions.providerTime, from, to)),
    )
    .orderBy(asc(paymentTransactions.providerTime), asc(paymentTransactions.seq));
}

/** The money went back to the customer: the order is no longer paid and no refund is due. */
export async function markOrderRefunded(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx.update(orders).set({ paid: false, refundDue: false, updatedAt: at }).where(eq(orders.id, orderId));
}
