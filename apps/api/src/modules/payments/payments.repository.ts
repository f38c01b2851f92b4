/**
 * What both providers' merchant endpoints read and write: the order as a payment sees it, and the log
 * of every provider call (payment_calls). Each provider keeps its own transaction rules in its module
 * (payme.service.ts, click.service.ts); they share the table payment_transactions.
 */
import type { TDeliveryType } from '@app/contracts';
import { asc, eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders, type PaymentProvider, paymentCalls } from '../../db/schema/index.ts';

/** An order as a payment sees it. `amountDue` is in sums: what payment_type pays (total - bonuses). */
export type PaymentOrder = {
  id: string;
  shipperId: string;
  customerId: string;
  externalOrderId: string;
  status: string;
  deliveryType: TDeliveryType;
  paymentType: string;
  paid: boolean;
  totalPrice: number;
  loyaltyAmount: number;
  amountDue: number;
  createdAt: Date;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Providers send any text as the account: only a uuid can name an order (no query otherwise). */
export const isOrderId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

const paymentOrderColumns = {
  id: orders.id,
  shipperId: orders.shipperId,
  customerId: orders.customerId,
  externalOrderId: orders.externalOrderId,
  status: orders.status,
  deliveryType: orders.deliveryType,
  paymentType: orders.paymentType,
  paid: orders.paid,
  totalPrice: orders.totalPrice,
  loyaltyAmount: orders.loyaltyAmount,
  createdAt: orders.createdAt,
};

/**
 * The order `orderId` names, or null (also for a value that is not an order id). With `lock` the row
 * is locked until `tx` ends, so a provider's concurrent calls for one order take turns (exactly one
 * transaction is created, one payment received).
 */
export async function findPaymentOrder(
  db: DbOrTx,
  orderId: unknown,
  options: { lock?: boolean } = {},
): Promise<PaymentOrder | null> {
  if (!isOrderId(orderId)) return null;
  const query = db.select(paymentOrderColumns).from(orders).where(eq(orders.id, orderId));
  const rows = options.lock ? await query.for('update') : await query;
  const row = rows[0];
  return row ? { ...row, amountDue: row.totalPrice - row.loyaltyAmount } : null;
}

/**
 * Whether `provider` may take money for the order now: it awaits its online payment of that provider
 * and is not paid. A cancelled order (timeout, operator) or a paid one may not be paid (again).
 */
export const awaitsPaymentBy = (order: PaymentOrder, provider: PaymentProvider): boolean =>
  order.status === 'payment-awaited' && order.paymentType === provider && !order.paid;

export type PaymentCall = {
  provider: PaymentProvider;
  method: string;
  /**
   * What the call sent, for people (nothing reads it back: GetStatement and the repeat answers read
   * payment_transactions). null for a call without the provider's credentials (Payme's key, Click's
   * signature): anyone can send one, so nothing of it is kept. Stored capped (storedParams).
   */
  params: unknown;
  response: unknown;
  errorCode: number | null;
  /** Only an order that exists (findPaymentOrder found it): the column references orders. */
  orderId: string | null;
  address: string;
  at: Date;
};

/**
 * The most of a call's params payment_calls keeps, in bytes of JSON, whichever the provider. Their
 * own calls are a few hundred bytes (Payme's transaction id, time, amount and order, GetStatement's
 * from/to; Click's dozen short fields); a body may be far larger (Payme's 64 KB, Click's 16 KB),
 * which nobody needs kept row after row.
 */
export const STORED_PARAMS_MAX_BYTES = 2 * 1024;

/** What payment_calls keeps of a call's params: them, or beyond STORED_PARAMS_MAX_BYTES a marker with the size. */
export function storedParams(params: unknown): unknown {
  const kept = params ?? null;
  const bytes = Buffer.byteLength(JSON.stringify(kept), 'utf8');
  return bytes <= STORED_PARAMS_MAX_BYTES ? kept : { truncated: true, bytes };
}

/**
 * Records one provider call with our answer. Written outside the call's own transaction (after it
 * ends), so a refused call, whose transaction rolled back, is recorded too.
 */
export async function recordPaymentCall(db: DbOrTx, call: PaymentCall): Promise<void> {
  await db.insert(paymentCalls).values({
    provider: call.provider,
    method: call.method.slice(0, 100),
    params: storedParams(call.params),
    response: call.response,
    errorCode: call.errorCode,
    orderId: call.orderId,
    address: call.address,
    createdAt: call.at,
  });
}

/**
 * Deletes up to `limit` calls recorded before `before`, oldest first (the created_at index), in one
 * statement; returns how many. `skip locked`: several API processes purging at once take different
 * rows instead of waiting on each other (payment-calls-purge.job.ts).
 */
export async function deletePaymentCallsBefore(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const old = db
    .select({ id: paymentCalls.id })
    .from(paymentCalls)
    .where(lt(paymentCalls.createdAt, before))
    .orderBy(asc(paymentCalls.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(paymentCalls)
    .where(inArray(paymentCalls.id, old))
    .returning({ id: paymentCalls.id });
  return deleted.length;
}
