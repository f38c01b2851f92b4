import {
  ORDER_EVENT_VALUES,
  ORDER_STATUS_VALUES,
  STAFF_ROLES,
  type TDeliveryType,
  type TOrderEvent,
  type TOrderStatus,
} from '@app/contracts';

/**
 * The order's life as a state machine (spec section 4 "Orders", platform-shapes "Order statuses").
 *
 * Delivery:    new -> operator-accepted -> vendor-accepted -> vendor-ready -> courier-accepted
 *              -> courier-picked -> delivered -> finished
 * Self-pickup: new -> operator-accepted -> vendor-accepted -> vendor-ready -> finished
 *              (the courier steps do not apply; the branch hands the order over at the counter and
 *              closes it with 'finished', so a pickup order never passes through 'delivered').
 * Before 'new': 'future' (scheduled; the server's 'future-due' makes it 'new' when its time comes) and
 *              'payment-awaited' (online payment not yet made; the server's 'payment-received' makes
 *              it 'new', or 'future' when the order is scheduled).
 *
 * Decisions (the spec says "Allowed transitions: not shown"):
 * - Each actor sends only its own events (EVENT_ACTORS); 'finished' belongs to both the operator and
 *   the branch (vendor), which close delivered orders and hand pickup orders over.
 * - Cancelling is possible only before the order leaves the kitchen: never from courier-picked or
 *   later (for pickup: never once finished). The operator may cancel any order not yet picked up; the
 *   branch only orders that reached it (operator-accepted onwards); the server only orders no person
 *   has taken on yet (new, future, payment-awaited: unpaid too long, a slot that cannot be served,
 *   not accepted in time).
 * - 'courier-cancelled' means the courier gives the order back: it returns courier-accepted ->
 *   vendor-ready so another courier can take it; the order itself is not cancelled. The status
 *   'courier-cancelled' is kept in ORDER_STATUSES because the platform names it (imported data may
 *   carry it) and is terminal, but this machine never enters it.
 * - Terminal statuses (finished and the four cancellations) accept nothing; 'delivered' still
 *   accepts 'finished'.
 * - No shortcuts: a future order is not accepted early, a vendor does not accept an order the
 *   operator has not, a courier does not take an order before it is ready.
 *
 * Which statuses are current, cancelled or terminal: order-status-classes.ts; what the customer is
 * shown of an order (its steps and timeline): order-status-progress.ts.
 */

/**
 * The statuses and events are the contracts' lists (packages/contracts/src/order-status.ts), the one source:
 * the API validates requests and answers with them, this machine moves between them.
 */
export const ORDER_STATUSES = ORDER_STATUS_VALUES;
export type OrderStatus = TOrderStatus;

export const ORDER_EVENTS = ORDER_EVENT_VALUES;
export type OrderEvent = TOrderEvent;

/** Who drives the order: the three staff roles, and the API itself ('server'). */
export const ACTORS = [...STAFF_ROLES, 'server'] as const;
export type Actor = (typeof ACTORS)[number];

/** Which actors may send each event; an actor sending any other event is refused. */
export const EVENT_ACTORS: Readonly<Record<OrderEvent, readonly Actor[]>> = {
  'operator-accepted': ['operator'],
  'operator-cancelled': ['operator'],
  'vendor-accepted': ['vendor'],
  'vendor-cancelled': ['vendor'],
  'vendor-ready': ['vendor'],
  'courier-accepted': ['courier'],
  'courier-cancelled': ['courier'],
  'courier-picked': ['courier'],
  delivered: ['courier'],
  finished: ['operator', 'vendor'],
  'server-cancelled': ['server'],
  'future-due': ['server'],
  'payment-received': ['server'],
};

/** Events that only exist for delivery: the courier steps. Sent for a self-pickup order they are refused. */
export const DELIVERY_ONLY_EVENTS: readonly OrderEvent[] = [
  'courier-accepted',
  'courier-cancelled',
  'courier-picked',
  'delivered',
];

type Rule = { from: OrderStatus; event: OrderEvent; to: OrderStatus; types: readonly TDeliveryType[] };

const BOTH: readonly TDeliveryType[] = ['delivery', 'self-pickup'];
const DELIVERY: readonly TDeliveryType[] = ['delivery'];
const PICKUP: readonly TDeliveryType[] = ['self-pickup'];

/** Cancellable by the operator: everything not yet picked up, and not terminal. */
const OPERATOR_CANCELLABLE: readonly OrderStatus[] = [
  'new',
  'future',
  'payment-awaited',
  'operator-accepted',
  'vendor-accepted',
  'vendor-ready',
];
/** Cancellable by the branch: orders that reached it. */
const VENDOR_CANCELLABLE: readonly OrderStatus[] = ['operator-accepted', 'vendor-accepted', 'vendor-ready'];
/** Cancellable by the server: orders no person has taken on yet (the payment timeout cancels those). */
const SERVER_CANCELLABLE: readonly OrderStatus[] = ['new', 'future', 'payment-awaited'];
/**
 * Cancellable by the server for a refund only (`transition`'s `refund` option, which Payme's
 * CancelTransaction of a paid order alone passes; Payme may refuse a refund only once the order can no
 * longer be cancelled). Staff could still cancel these, so the refund cancels them too, rather than
 * the kitchen cooking an order nobody pays for; once picked up, nobody cancels an order. Any other
 * server cancel (the payment timeout) stays with SERVER_CANCELLABLE.
 */
const REFUND_CANCELLABLE: readonly OrderStatus[] = ['operator-accepted', 'vendor-accepted', 'vendor-ready'];

/**
 * Every allowed transition. 'payment-received' goes to 'new' here; transition() sends a scheduled
 * order (future_time set) to 'future' instead.
 */
const RULES: readonly Rule[] = [
  { from: 'future', event: 'future-due', to: 'new', types: BOTH },
  { from: 'payment-awaited', event: 'payment-received', to: 'new', types: BOTH },
  { from: 'new', event: 'operator-accepted', to: 'operator-accepted', types: BOTH },
  { from: 'operator-accepted', event: 'vendor-accepted', to: 'vendor-accepted', types: BOTH },
  { from: 'vendor-accepted', event: 'vendor-ready', to: 'vendor-ready', types: BOTH },
  { from: 'vendor-ready', event: 'courier-accepted', to: 'courier-accepted', types: DELIVERY },
  { from: 'courier-accepted', event: 'courier-cancelled', to: 'vendor-ready', types: DELIVERY },
  { from: 'courier-accepted', event: 'courier-picked', to: 'courier-picked', types: DELIVERY },
  { from: 'courier-picked', event: 'delivered', to: 'delivered', types: DELIVERY },
  { from: 'delivered', event: 'finished', to: 'finished', types: DELIVERY },
  { from: 'vendor-ready', event: 'finished', to: 'finished', types: PICKUP },
  ...OPERATOR_CANCELLABLE.map((from) => ({
    from,
    event: 'operator-cancelled' as const,
    to: 'operator-cancelled' as const,
    types: BOTH,
  })),
  { from: 'courier-accepted', event: 'operator-cancelled', to: 'operator-cancelled', types: DELIVERY },
  ...VENDOR_CANCELLABLE.map((from) => ({
    from,
    event: 'vendor-cancelled' as const,
    to: 'vendor-cancelled' as const,
    types: BOTH,
  })),
  { from: 'courier-accepted', event: 'vendor-cancelled', to: 'vendor-cancelled', types: DELIVERY },
  ...SERVER_CANCELLABLE.map((from) => ({
    from,
    event: 'server-cancelled' as const,
    to: 'server-cancelled' as const,
    types: BOTH,
  })),
];

/** The rules a refund adds (REFUND_CANCELLABLE): the server's cancel of an order already taken on. */
const REFUND_RULES: readonly Rule[] = [
  ...REFUND_CANCELLABLE.map((from) => ({
    from,
    event: 'server-cancelled' as const,
    to: 'server-cancelled' as const,
    types: BOTH,
  })),
  { from: 'courier-accepted', event: 'server-cancelled', to: 'server-cancelled', types: DELIVERY },
];

/** What the machine needs to know about an order. */
export type OrderState = {
  status: OrderStatus;
  delivery_type: TDeliveryType;
  /** The scheduled time (null or absent = as soon as possible); decides where a paid order goes. */
  future_time?: string | null;
};

export type TransitionRefusal = 'not_allowed_for_actor' | 'not_allowed_in_status' | 'not_for_delivery_type';
export type TransitionResult = { ok: true; status: OrderStatus } | { ok: false; reason: TransitionRefusal };

/**
 * The order's next status when `actor` sends `event`, or why it is refused. Refusals are checked
 * in this order, so the reason is stable:
 * 1. not_allowed_for_actor: the event is not one of the actor's (EVENT_ACTORS);
 * 2. not_for_delivery_type: a courier step sent for a self-pickup order;
 * 3. not_allowed_in_status: the event does not apply to the order's current status.
 */
export const transition = (
  order: OrderState,
  event: OrderEvent,
  actor: Actor,
  /** `refund`: the payment provider gave the money back; the server may cancel more (REFUND_RULES). */
  options: { refund?: boolean } = {},
): TransitionResult => {
  if (!EVENT_ACTORS[event].includes(actor)) return { ok: false, reason: 'not_allowed_for_actor' };
  if (order.delivery_type === 'self-pickup' && DELIVERY_ONLY_EVENTS.includes(event)) {
    return { ok: false, reason: 'not_for_delivery_type' };
  }
  const rules = options.refund ? [...RULES, ...REFUND_RULES] : RULES;
  const rule = rules.find(
    (r) => r.from === order.status && r.event === event && r.types.includes(order.delivery_type),
  );
  if (!rule) return { ok: false, reason: 'not_allowed_in_status' };
  if (event === 'payment-received' && order.future_time) return { ok: true, status: 'future' };
  return { ok: true, status: rule.to };
};

/** The events `actor` may send now, in ORDER_EVENTS order (what a staff screen offers as buttons). */
export const allowedEvents = (status: OrderStatus, deliveryType: TDeliveryType, actor: Actor): OrderEvent[] =>
  ORDER_EVENTS.filter((event) => transition({ status, delivery_type: deliveryType }, event, actor).ok);

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);

export const isOrderEvent = (value: unknown): value is OrderEvent =>
  typeof value === 'string' && (ORDER_EVENTS as readonly string[]).includes(value);

export const isActor = (value: unknown): value is Actor =>
  typeof value === 'string' && (ACTORS as readonly string[]).includes(value);

/**
 * The status a newly placed order starts in: 'payment-awaited' while an online payment is due
 * (payment is a separate step of the order's life), otherwise 'future' when scheduled, else 'new'.
 */
export const initialOrderStatus = (order: {
  future_time?: string | null;
  awaits_payment: boolean;
}): OrderStatus => {
  if (order.awaits_payment) return 'payment-awaited';
  return order.future_time ? 'future' : 'new';
};
