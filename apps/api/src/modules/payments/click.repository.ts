/**
 * Click's transactions in payment_transactions (provider 'click'): `provider_id` is Click's
 * click_trans_id, the row's `seq` is our merchant_prepare_id (and merchant_confirm_id), states
 * 1 prepared, 2 completed, -1 cancelled; `details` keeps what Click sent that is not a column
 * (click_paydoc_id, the amount as sent, sign_time, Click's error on a failed Complete) and why we
 * cancelled.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { type PaymentTransactionRow, paymentTransactions } from '../../db/schema/index.ts';

export const CLICK_PREPARED = 1;
export const CLICK_COMPLETED = 2;
export const CLICK_CANCELLED = -1;

export type ClickTransaction = Pick<
  PaymentTransactionRow,
  'id' | 'seq' | 'orderId' | 'providerId' | 'amount' | 'state' | 'details'
>;

const columns = {
  id: paymentTransactions.id,
  seq: paymentTransactions.seq,
  orderId: paymentTransactions.orderId,
  providerId: paymentTransactions.providerId,
  amount: paymentTransactions.amount,
  state: paymentTransactions.state,
  details: paymentTransactions.details,
};

const isClick = eq(paymentTransactions.provider, 'click');

/** The transaction of Click's click_trans_id, or null. */
export async function findClickTransaction(
  db: DbOrTx,
  clickTransId: string,
): Promise<ClickTransaction | null> {
  const rows = await db
    .select(columns)
    .from(paymentTransactions)
    .where(and(isClick, eq(paymentTransactions.providerId, clickTransId)));
  return rows[0] ?? null;
}

/** The transaction whose merchant_prepare_id (our `seq`) is `seq`, or null. */
export async function findClickTransactionBySeq(db: DbOrTx, seq: number): Promise<ClickTransaction | null> {
  const rows = await db
    .select(columns)
    .from(paymentTransactions)
    .where(and(isClick, eq(paymentTransactions.seq, seq)));
  return rows[0] ?? null;
}

export type NewClickTransaction = {
  shipperId: string;
  orderId: string;
  clickTransId: string;
  /** Sums: what the order's payment is. */
  amount: number;
  details: Record<string, unknown>;
  at: Date;
};

/**
 * Stores a prepared transaction. Null when a unique index refused it (the click_trans_id stored
 * meanwhile, or another open transaction of the order): never an exception, the caller answers.
 */
export async function insertPreparedClickTransaction(
  tx: Tx,
  row: NewClickTransaction,
): Promise<ClickTransaction | null> {
  const ms = row.at.getTime();
  const inserted = await tx
    .insert(paymentTransactions)
    .values({
      shipperId: row.shipperId,
      orderId: row.orderId,
      provider: 'click',
      providerId: row.clickTransId,
      providerTime: ms,
      amount: row.amount,
      state: CLICK_PREPARED,
      createTime: ms,
      details: row.details,
      createdAt: row.at,
      updatedAt: row.at,
    })
    .onConflictDoNothing()
    .returning(columns);
  return inserted[0] ?? null;
}

/**
 * Settles one transaction: completed (state 2, perform time) or cancelled (state -1, cancel
 * time), adding `details` to what it keeps.
 */
export async function settleClickTransaction(
  tx: Tx,
  id: string,
  state: typeof CLICK_COMPLETED | typeof CLICK_CANCELLED,
  at: Date,
  details: Record<string, unknown>,
): Promise<void> {
  const time = state === CLICK_COMPLETED ? { performTime: at.getTime() } : { cancelTime: at.getTime() };
  await tx
    .update(paymentTransactions)
    .set({
      state,
      ...time,
      details: sql`${paymentTransactions.details} || ${JSON.stringify(details)}::jsonb`,
      updatedAt: at,
    })
    .where(eq(paymentTransactions.id, id));
}

/**
 * Cancels the order's prepared Click transactions other than `clickTransId`'s (a new Prepare
 * replaces them). Returns how many.
 */
export function cancelOtherPreparedClickTransactions(
  tx: Tx,
  orderId: string,
  clickTransId: string,
  at: Date,
  details: Record<string, unknown>,
): Promise<number> {
  return cancelPreparedClickTransactions(tx, orderId, at, details, clickTransId);
}

/**
 * Cancels the order's prepared Click transactions (but `exceptClickTransId`'s, when given), adding
 * `details` to what each keeps. Returns how many.
 */
export async function cancelPreparedClickTransactions(
  tx: Tx,
  orderId: string,
  at: Date,
  details: Record<string, unknown>,
  exceptClickTransId?: string,
): Promise<number> {
  const rows = await tx
    .update(paymentTransactions)
    .set({
      state: CLICK_CANCELLED,
      cancelTime: at.getTime(),
      details: sql`${paymentTransactions.details} || ${JSON.stringify(details)}::jsonb`,
      updatedAt: at,
    })
    .where(
      and(
        isClick,
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.state, CLICK_PREPARED),
        exceptClickTransId === undefined
          ? undefined
          : sql`${paymentTransactions.providerId} <> ${exceptClickTransId}`,
      ),
    )
    .returning({ id: paymentTransactions.id });
  return rows.length;
}
