import type { TOrderDetail, TOrderStatus, TOrderStatusEvent } from '@app/contracts';
import {
  type CustomerStep,
  customerStep,
  isCurrentStatus,
  orderTimeline,
  type TimelineEntry,
} from '@app/domain';

/**
 * The spec's status labels (order.statuses.*) for each platform status. The courier having taken a
 * ready order is still "ready" to the customer; a pickup order handed over is "completed".
 */
export type TStatusLabel =
  | 'new'
  | 'future'
  | 'accepted'
  | 'gettingReady'
  | 'ready'
  | 'onTheWay'
  | 'delivered'
  | 'finished'
  | 'completed'
  | 'cancelled'
  | 'paymentAwaited';

const LABELS: Readonly<Record<TOrderStatus, TStatusLabel>> = {
  new: 'new',
  future: 'future',
  'operator-accepted': 'accepted',
  'vendor-accepted': 'gettingReady',
  'vendor-ready': 'ready',
  'courier-accepted': 'ready',
  'courier-picked': 'onTheWay',
  delivered: 'delivered',
  finished: 'finished',
  'operator-cancelled': 'cancelled',
  'vendor-cancelled': 'cancelled',
  'courier-cancelled': 'cancelled',
  'server-cancelled': 'cancelled',
  'payment-awaited': 'paymentAwaited',
};

export function statusLabel(status: TOrderStatus, deliveryType: TOrderDetail['delivery_type']): TStatusLabel {
  if (status === 'finished' && deliveryType === 'self-pickup') return 'completed';
  return LABELS[status];
}

/** How the status reads as a badge colour. */
export function statusTone(status: TOrderStatus): 'live' | 'done' | 'cancelled' {
  const step = customerStep(status);
  if (step === 'cancelled') return 'cancelled';
  if (step === 'delivered') return 'done';
  return 'live';
}

/**
 * The order after one message of the status stream: the status, the courier and, when the status is
 * new to the history, a history entry. The stream's first message repeats the current status, and a
 * message may arrive twice (stream and poll); neither adds a second entry.
 */
export function applyStatusEvent(order: TOrderDetail, event: TOrderStatusEvent): TOrderDetail {
  if (event.order_id !== order.id) return order;
  const last = order.history.at(-1);
  const known = order.history.some((h) => h.status === event.status && h.at === event.at);
  const repeatsLast = last?.status === event.status;
  const olderThanLast = last !== undefined && Date.parse(event.at) < Date.parse(last.at);
  if (known || olderThanLast) return order;
  return {
    ...order,
    status: event.status,
    courier: event.courier ?? order.courier,
    updated_at: event.at,
    history: repeatsLast ? order.history : [...order.history, { status: event.status, at: event.at }],
  };
}

/**
 * Whether the order is still on its way to the customer, so its status is worth watching live: the
 * domain's current orders. Once delivered, finished or cancelled it is history; what may still follow
 * a delivery (the operator closing it as finished) changes nothing for the customer, so the status
 * page says the order is complete and closes its stream instead of promising live updates.
 */
export const isLive = (status: TOrderStatus): boolean => isCurrentStatus(status);

/** The status page's steps with times (domain orderTimeline) and, off the line, the current state. */
export function statusPageModel(order: Pick<TOrderDetail, 'delivery_type' | 'history' | 'status'>): {
  steps: TimelineEntry<string>[];
  /** Set when the order is outside the progress line: cancelled, scheduled, awaiting payment. */
  aside: Exclude<CustomerStep, TimelineEntry<string>['step']> | null;
} {
  const steps = orderTimeline(order.delivery_type, order.history);
  const step = customerStep(order.status);
  const aside = step === 'cancelled' || step === 'scheduled' || step === 'payment_awaited' ? step : null;
  return { steps, aside };
}

/**
 * The time the order card shows: when a scheduled order is due, else when the customer can expect
 * it (delivery) or collect it (pickup); null when the API does not know yet.
 */
export const orderTime = (order: Pick<TOrderDetail, 'future_time' | 'expected_at'>): string | null =>
  order.future_time ?? order.expected_at;

/** The address line of a delivery order: street, then the flat's details that were given. */
export function addressLine(
  order: Pick<TOrderDetail, 'to_address' | 'accommodation' | 'building' | 'floor' | 'apartment'>,
  labels: { building: string; floor: string; apartment: string },
): string | null {
  if (!order.to_address) return null;
  const parts = [order.to_address, order.accommodation];
  if (order.building) parts.push(`${labels.building} ${order.building}`);
  if (order.floor) parts.push(`${labels.floor} ${order.floor}`);
  if (order.apartment) parts.push(`${labels.apartment} ${order.apartment}`);
  return parts.filter((p) => p.trim() !== '').join(', ');
}
