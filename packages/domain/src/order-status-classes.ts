import type { OrderStatus } from './order-status.ts';

/**
 * Classes of order statuses: which are current, cancelled or terminal. The statuses themselves and
 * the machine that moves between them are in order-status.ts.
 */

const CURRENT_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  'new',
  'future',
  'operator-accepted',
  'vendor-accepted',
  'vendor-ready',
  'courier-accepted',
  'courier-picked',
  'payment-awaited',
]);

/**
 * Whether the order belongs in "current orders" (otherwise in the history). Per the platform, the
 * first seven statuses are current (new, future, operator-accepted, vendor-accepted, vendor-ready,
 * courier-accepted, courier-picked); delivered, finished and the cancellations are history.
 * 'payment-awaited' (listed apart, "plus", by the platform) is current too: the order is still
 * live and waits for the customer to pay, so hiding it in the history would hide the way to pay.
 */
export const isCurrentStatus = (status: OrderStatus): boolean => CURRENT_STATUSES.has(status);

const CANCELLED_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  'operator-cancelled',
  'vendor-cancelled',
  'courier-cancelled',
  'server-cancelled',
]);

export const isCancelledStatus = (status: OrderStatus): boolean => CANCELLED_STATUSES.has(status);

/** Terminal: no actor can move the order any further (finished and the cancellations). */
export const isTerminalStatus = (status: OrderStatus): boolean =>
  status === 'finished' || CANCELLED_STATUSES.has(status);
