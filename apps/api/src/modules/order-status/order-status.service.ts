import type { TOrderStatusEvent } from '@app/contracts';
import {
  type Actor,
  isCancelledStatus,
  isOrderStatus,
  type OrderEvent,
  type OrderStatus,
  transition,
} from '@app/domain';
import type { OrderEvents } from '../../adapters/order-events/index.ts';
import type { Tx } from '../../db/client.ts';
import { apiError } from '../../http/errors.ts';
import { type LoyaltyDeps, settleOrderLoyalty } from '../loyalty/loyalty.service.ts';
import { cancelOpenPayments } from '../payments/open-payments.ts';
import { findCourier, lockOrder, writeStatus } from './order-status.repository.ts';

/** What applying an event needs of the app (a FastifyInstance has both). */
export type OrderStatusDeps = { clock: () => Date; orderEvents: Pick<OrderEvents, 'publish'> } & LoyaltyDeps;

/**
 * Cancelling an order whose money was taken online (any cancellation: operator, branch, server) owes
 * the customer a refund: `refund_due`, set in the cancellation's own transaction. The provider's
 * refund clears it (Payme's CancelTransaction after perform, state -2: payme.service.ts).
 */
const refundFallsDue = (order: { paid: boolean; paymentType: string }, status: OrderStatus) =>
  order.paid && !PAID_ON_RECEIPT.has(order.paymentType) && isCancelledStatus(status);

/** Payment taken on receipt: paid once the customer has the order. */
const PAID_ON_RECEIPT: ReadonlySet<string> = new Set(['cash', 'card']);

/**
 * Moves an order along its life: locks the order, asks the domain's state machine (transition) whether
 * `actor` may send `event` now, writes the new status and a history row stamped with the database's
 * clock (the published event's `at`: never this process's clock), and publishes the change on the
 * status bus, all in the caller's transaction `tx` (listeners hear it only once that commits).
 *
 * Side effects of an event: 'courier-accepted' makes `staffId` the order's courier, 'courier-cancelled'
 * (the courier gives it back) clears it; a cash or card order becomes paid when delivered (delivery)
 * or finished (pickup), an online one when its payment is received; an order cancelled while it
 * awaited payment cancels its payment begun with a provider (cancelOpenPayments: Payme's created
 * transaction, Click's prepared one); the accumulative card earns its cashback when the order is
 * received and gets its spent bonuses back when it is cancelled (settleOrderLoyalty).
 *
 * Refusals (HttpError): 404 STAFF_ORDER_NOT_FOUND, 403 ORDER_EVENT_FORBIDDEN (not the actor's event),
 * 409 ORDER_EVENT_NOT_FOR_PICKUP (a courier step for a self-pickup order), 409 ORDER_TRANSITION_REFUSED
 * (the event does not apply to the current status). Who may touch which order (a vendor's branch, a
 * courier's own orders) is the caller's check: see staff.service.ts.
 */
export async function applyEvent(
  deps: OrderStatusDeps,
  tx: Tx,
  orderId: string,
  event: OrderEvent,
  actor: Actor,
  staffId?: string | null,
  /** Why (a staff member's cancel: staff.service.ts requires it); written to the history row. */
  reason?: string | null,
  /** `refund`: the payment provider gave the money back (domain `transition`'s refund rules). */
  options: { refund?: boolean } = {},
): Promise<TOrderStatusEvent> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw apiError(404, 'STAFF_ORDER_NOT_FOUND');
  if (!isOrderStatus(order.status)) {
    // A status outside the machine (imported data): nothing may move it.
    throw apiError(409, 'ORDER_TRANSITION_REFUSED', { status: order.status, event });
  }
  const result = transition(
    {
      status: order.status,
      delivery_type: order.deliveryType,
      future_time: order.futureTime ? order.futureTime.toISOString() : null,
    },
    event,
    actor,
    options,
  );
  if (!result.ok) {
    if (result.reason === 'not_allowed_for_actor') throw apiError(403, 'ORDER_EVENT_FORBIDDEN', { event });
    if (result.reason === 'not_for_delivery_type')
      throw apiError(409, 'ORDER_EVENT_NOT_FOR_PICKUP', { event });
    throw apiError(409, 'ORDER_TRANSITION_REFUSED', { status: order.status, event });
  }
  const status: OrderStatus = result.status;

  let courierId = order.courierId;
  if (event === 'courier-accepted') {
    if (!staffId) throw new Error("applyEvent: 'courier-accepted' needs the courier's staff id");
    courierId = staffId;
  } else if (event === 'courier-cancelled') {
    courierId = null;
  }

  const receivedNow =
    (order.deliveryType === 'delivery' && status === 'delivered') ||
    (order.deliveryType === 'self-pickup' && status === 'finished');
  const paid =
    order.paid ||
    (PAID_ON_RECEIPT.has(order.paymentType) && receivedNow) ||
    (!PAID_ON_RECEIPT.has(order.paymentType) && event === 'payment-received');

  // The status's time is the database's (writeStatus: read under the order's lock, so one order's
  // events are stamped in the order they happened, whichever API process writes them). The records
  // of the side effects below keep the app's clock, as every other record of theirs does (a
  // provider's create and cancel times, the loyalty ledger and its expiries).
  const at = await writeStatus(tx, {
    orderId,
    status,
    event,
    actor,
    staffId: staffId ?? null,
    courierId,
    paid,
    reason: reason ?? null,
    ...(refundFallsDue(order, status) ? { refundDue: true } : {}),
  });
  const now = deps.clock();
  // Cancelled while it awaited its online payment (the payment timeout, an operator): a payment
  // begun with a provider can no longer end in one, and ends here, with the order (open-payments.ts).
  if (order.status === 'payment-awaited' && isCancelledStatus(status)) {
    await cancelOpenPayments(tx, order.id, status, now);
  }
  await settleOrderLoyalty(deps, tx, order, status, now);
  const courier = courierId ? await findCourier(tx, courierId) : null;
  // The row's id, not `orderId` as the caller spelled it (a staff URL may have it in upper case): the
  // customer's stream and the staff feed compare ids, and the database's are lower case.
  const published: TOrderStatusEvent = { order_id: order.id, status, at: at.toISOString(), courier };
  await deps.orderEvents.publish(tx, published);
  return published;
}
