/**
 * What both providers' merchant endpoints read and write: the order as a payment sees it, and the log
 * of every provider call (payment_calls). Each provider keeps its own transaction rules in its module
 * (payme.service.ts, click.service.ts); they share the table payment_transactions.
 */
import type { TDeliveryType } from '@app/contracts';
import { eq } from 'drizzle-orm';
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
  params: unknown;
  response: unknown;
  errorCode: number | null;
  /** Only an order that exists (findPaymentOrder found it): the column references orders. */
  orderId: string | null;
  address: string;
  at: Date;
};

/**
 * Records one provider call with our answer. Written outside the call's own transaction (after it
 * ends), so a refused call, whose transaction rolled back, is recorded too.
 */
export async function recordPaymentCall(db: DbOrTx, call: PaymentCall): Promise<void> {
  await db.insert(paymentCalls).values({
    provider: call.provider,
    method: call.method.slice(0, 100),
    params: call.params ?? null,
    response: call.response,
    errorCode: call.errorCode,
    orderId: call.orderId,
    address: call.address,
    createdAt: call.at,
  });
}
