import type { TDeliveryType } from '@app/contracts';
import type { OrderStatus } from './order-status.ts';

/**
 * What the customer is shown of an order: its status as a step, and the status page's timeline. The
 * statuses themselves and the machine that moves between them are in order-status.ts.
 */

/**
 * The steps a customer follows (spec: received, being prepared, ready and being shipped, on its way,
 * delivered). 'ready' reads "ready and being shipped" for delivery and "ready" for pickup;
 * 'delivered' reads "collected" for pickup if the storefront wishes.
 */
export const CUSTOMER_PROGRESS_STEPS = [
  'received',
  'being_prepared',
  'ready',
  'on_the_way',
  'delivered',
] as const;
export type CustomerProgressStep = (typeof CUSTOMER_PROGRESS_STEPS)[number];
/** A progress step, or one of the states outside the progress line. */
export type CustomerStep = CustomerProgressStep | 'cancelled' | 'scheduled' | 'payment_awaited';

const STEP_OF: Readonly<Record<OrderStatus, CustomerStep>> = {
  new: 'received',
  'operator-accepted': 'received',
  'vendor-accepted': 'being_prepared',
  'vendor-ready': 'ready',
  // The courier has taken the order but not yet left the branch: still "ready and being shipped".
  'courier-accepted': 'ready',
  'courier-picked': 'on_the_way',
  delivered: 'delivered',
  finished: 'delivered',
  future: 'scheduled',
  'payment-awaited': 'payment_awaited',
  'operator-cancelled': 'cancelled',
  'vendor-cancelled': 'cancelled',
  'courier-cancelled': 'cancelled',
  'server-cancelled': 'cancelled',
};

/** What the customer is told about an order in `status`. */
export const customerStep = (status: OrderStatus): CustomerStep => STEP_OF[status];

/** The progress steps a customer sees for a delivery type: pickup has no "on its way". */
export const customerTimeline = (deliveryType: TDeliveryType): CustomerProgressStep[] =>
  deliveryType === 'delivery'
    ? [...CUSTOMER_PROGRESS_STEPS]
    : CUSTOMER_PROGRESS_STEPS.filter((step) => step !== 'on_the_way');

export type TimelineEntry<T> = {
  step: CustomerProgressStep;
  state: 'done' | 'current' | 'upcoming';
  /** When the order first reached this step (from its status history), or null. */
  at: T | null;
};

/**
 * The status page's timeline from the order's status history (oldest first; the last entry is the
 * current status). Each step gets the time it was first reached. The current status's step is
 * 'current' and earlier ones 'done'; once delivered every step is 'done'. For a cancelled,
 * scheduled or unpaid order no step is current: steps reached before are 'done', the rest
 * 'upcoming' (show customerStep of the last status beside it). `at` is passed through untouched
 * (an ISO string or a Date).
 */
export const orderTimeline = <T>(
  deliveryType: TDeliveryType,
  history: readonly { status: OrderStatus; at: T }[],
): TimelineEntry<T>[] => {
  const steps = customerTimeline(deliveryType);
  const reachedAt = new Map<CustomerStep, T>();
  for (const entry of history) {
    const step = customerStep(entry.status);
    if (!reachedAt.has(step)) reachedAt.set(step, entry.at);
  }
  const last = history.at(-1);
  const currentStep = last ? customerStep(last.status) : undefined;
  const currentIndex = steps.indexOf(currentStep as CustomerProgressStep);
  const finished = currentStep === 'delivered';
  return steps.map((step, i) => {
    const at = reachedAt.get(step) ?? null;
    let state: TimelineEntry<T>['state'];
    if (finished) state = 'done';
    else if (currentIndex >= 0)
      state = i < currentIndex ? 'done' : i === currentIndex ? 'current' : 'upcoming';
    else state = at !== null ? 'done' : 'upcoming';
    return { step, state, at };
  });
};
