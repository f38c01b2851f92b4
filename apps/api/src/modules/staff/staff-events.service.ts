/** Staff sending order events (accept, cancel with a reason, ready, picked, delivered...), audited. */
import type { TOrderStatusEvent } from '@app/contracts';
import { EVENT_ACTORS, isOrderEvent, type OrderEvent, tashkentClock } from '@app/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { StaffAccountRow } from '../../db/schema/index.ts';
import { apiError, cataloguedError, HttpError } from '../../http/errors.ts';
import type { StaffStepKind } from '../../http/messages.ts';
import { lockOrder } from '../order-status/order-status.repository.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { recordAudit } from './audit.ts';
import type { StaffDeps } from './staff.deps.ts';
import { lastStaffOrderStep } from './staff.repository.ts';
import { isStaffRole } from './staff-orders.service.ts';

/** The events that end an order (or hand it back) and so need a reason from the staff member. */
export const REASON_EVENTS: ReadonlySet<OrderEvent> = new Set<OrderEvent>([
  'operator-cancelled',
  'vendor-cancelled',
  'courier-cancelled',
]);

/**
 * A staff member sends an event for an order, in one transaction with the order locked:
 * 404 unless the order is of the staff
 * member's chain; 403 when the role may not send the event (EVENT_ACTORS), when a vendor's order is
 * another branch's, or when a courier sends a step for an order it has not accepted (any courier may
 * accept a ready one); 400 without a reason for a cancelling event (REASON_EVENTS); then applyEvent (409 when the order's status does not allow it: the message
 * says who moved it last and when, so of two staff acting at once the loser learns who won). The
 * history row keeps the reason; an audit row ('order.event') is written in the same transaction.
 */
export async function sendStaffEvent(
  deps: StaffDeps,
  staff: StaffAccountRow,
  orderId: string,
  request: { event: OrderEvent; reason?: string | undefined },
): Promise<TOrderStatusEvent> {
  const { event } = request;
  const reason = request.reason ?? null;
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.shipperId !== staff.shipperId) throw apiError(404, 'STAFF_ORDER_NOT_FOUND');
    const role = staff.role;
    // A manager sends no order events (the operator does).
    if (role === 'manager' || !EVENT_ACTORS[event].includes(role)) {
      throw apiError(403, 'ORDER_EVENT_FORBIDDEN', { event });
    }
    if (staff.role === 'vendor' && order.branchId !== staff.branchId) {
      throw apiError(403, 'STAFF_ORDER_OTHER_BRANCH');
    }
    if (staff.role === 'courier' && event !== 'courier-accepted' && order.courierId !== staff.id) {
      throw apiError(403, 'STAFF_ORDER_NOT_YOURS');
    }
    if (REASON_EVENTS.has(event) && reason === null) {
      throw cataloguedError(400, 'STAFF_CANCEL_REASON_REQUIRED', [undefined], {
        fields: [{ field: 'reason', message: 'required for a cancelling event' }],
      });
    }
    let published: TOrderStatusEvent;
    try {
      published = await applyEvent(deps, tx, orderId, event, role, staff.id, reason);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'ORDER_TRANSITION_REFUSED') {
        throw await alreadyMoved(tx, orderId, error);
      }
      throw error;
    }
    await recordAudit(
      tx,
      staff,
      {
        action: 'order.event',
        targetType: 'order',
        // The row's own id: the URL's may be in upper case.
        targetId: order.id,
        branchId: order.branchId,
        before: { status: order.status },
        after: { status: published.status, event, reason },
      },
      new Date(published.at),
    );
    return published;
  });
}

/**
 * The refusal of an event the order's status no longer allows, naming who moved it last and when
 * ("Order B-10001 was already accepted by Dilnoza Karimova (operator) at 12:31"). The read happens
 * under the order's lock, so the last step is the one that made the event impossible.
 */
async function alreadyMoved(tx: DbOrTx, orderId: string, refused: HttpError): Promise<HttpError> {
  const last = await lastStaffOrderStep(tx, orderId);
  // Not moved since it was placed: nobody got there first, the event just does not apply yet.
  if (!last || !isOrderEvent(last.event)) return refused;
  const step: StaffStepKind = last.event;
  const by =
    last.staffName !== null && isStaffRole(last.staffRole)
      ? { name: last.staffName, role: last.staffRole }
      : null;
  return apiError(409, 'STAFF_ORDER_ALREADY_MOVED', {
    order: last.externalOrderId,
    step,
    by,
    time: tashkentClock(last.createdAt),
  });
}
