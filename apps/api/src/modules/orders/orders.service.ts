import type { TLocale, TOrderDetail, TOrderStatusEvent, TOrdersResponse } from '@app/contracts';
import { isCurrentStatus, ORDER_STATUSES } from '@app/domain';
import type { DbOrTx } from '../../db/client.ts';
import { offsetOf } from '../../db/query-helpers.ts';
import { apiError } from '../../http/errors.ts';
import { loyaltyEarnedBy } from '../loyalty/loyalty.repository.ts';
import { awaitedPayment, type OrderPaymentConfig } from '../payments/order-payment.ts';
import { hasOpenTransaction } from '../payments/payme.repository.ts';
import { NO_DETAIL_EXTRAS, toOrderDetail, toOrderSummary, toStatusEvent } from './orders.mapper.ts';
import {
  findCustomerOrder,
  findOrderStatus,
  listCustomerOrders,
  listOrderHistory,
  listOrderLines,
  type OrderOwner,
  reviewedProductIds,
} from './orders.repository.ts';

export const CURRENT_STATUSES = ORDER_STATUSES.filter(isCurrentStatus);
export const HISTORY_STATUSES = ORDER_STATUSES.filter((s) => !isCurrentStatus(s));

export const orderNotFound = () => apiError(404, 'ORDER_NOT_FOUND');

/**
 * The customer's current orders (still on their way) or history (delivered, finished, cancelled); an
 * order awaiting its online payment carries the link to pay it, as on its page.
 */
export async function getCustomerOrders(
  db: DbOrTx,
  owner: OrderOwner,
  query: { status: 'current' | 'history'; page: number; limit: number; before?: string | undefined },
  payment: { config: OrderPaymentConfig; locale: TLocale },
): Promise<TOrdersResponse> {
  const { rows, count, more } = await listCustomerOrders(db, owner, {
    statuses: query.status === 'current' ? CURRENT_STATUSES : HISTORY_STATUSES,
    offset: offsetOf(query.page, query.limit),
    limit: query.limit,
    ...(query.before ? { before: query.before } : {}),
  });
  return {
    count,
    orders: rows.map((row) => ({
      ...toOrderSummary(row),
      payment_link: awaitedPayment(payment.config, row.order, payment.locale).paymentLink,
    })),
    next_before: more ? (rows.at(-1)?.order.id ?? null) : null,
  };
}

/** One of the customer's orders with every field; 404 for another customer's or an unknown one. */
export async function getCustomerOrder(
  db: DbOrTx,
  owner: OrderOwner,
  orderId: string,
  payment?: { config: OrderPaymentConfig; locale: TLocale },
): Promise<TOrderDetail> {
  const row = await findCustomerOrder(db, owner, orderId);
  if (!row) throw orderNotFound();
  const [lines, history] = await Promise.all([listOrderLines(db, orderId), listOrderHistory(db, orderId)]);
  const reviewed = await reviewedProductIds(
    db,
    owner.customerId,
    lines.map((l) => l.productId),
  );
  // The accumulative card's part of the extras (issue 12): the bonuses the order earned; and the
  // online payment's, while the order awaits it.
  const loyaltyEarned = await loyaltyEarnedBy(db, orderId);
  const awaited = payment ? awaitedPayment(payment.config, row.order, payment.locale) : null;
  // A Payme payment begun and not finished: Payme refuses another (-31008) until it ends.
  const paymentStarted =
    awaited !== null &&
    row.order.status === 'payment-awaited' &&
    row.order.paymentType === 'payme' &&
    (await hasOpenTransaction(db, orderId));
  return toOrderDetail(row, lines, history, reviewed, {
    ...NO_DETAIL_EXTRAS,
    loyaltyEarned,
    ...(awaited ?? {}),
    paymentStarted,
  });
}

/** The order's status now as a stream event, or null when it is not the customer's. */
export async function getOrderStatusEvent(
  db: DbOrTx,
  owner: OrderOwner,
  orderId: string,
): Promise<TOrderStatusEvent | null> {
  const current = await findOrderStatus(db, owner, orderId);
  return current ? toStatusEvent(orderId, current) : null;
}
