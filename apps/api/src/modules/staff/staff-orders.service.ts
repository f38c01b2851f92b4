/**
 * What staff read of orders: the list of their scope (GET /v1/staff/orders) and an order's whole card
 * (GET /v1/staff/orders/{id}), with the events each member may send now.
 */
import type {
  TPaymentType,
  TStaffAccountRole,
  TStaffOrder,
  TStaffOrderDetail,
  TStaffOrderHistoryEntry,
  TStaffOrdersFilter,
  TStaffOrdersResponse,
} from '@app/contracts';
import { allowedEvents, isOrderEvent, isOrderStatus, type OrderEvent } from '@app/domain';
import type { StaffAccountRow } from '../../db/schema/index.ts';
import { apiError } from '../../http/errors.ts';
import { toOrderLine } from '../orders/orders.mapper.ts';
import { listOrderLines } from '../orders/orders.repository.ts';
import type { StaffDeps } from './staff.deps.ts';
import {
  findStaffOrder,
  listStaffOrderHistory,
  listStaffOrders,
  type StaffOrderRow,
  type StaffOrderSearch,
  type StaffScope,
} from './staff.repository.ts';

/** The orders a role works with: the operator the whole chain, a vendor its branch, a courier its run. */
export function scopeOf(staff: StaffAccountRow): StaffScope {
  if (staff.role === 'vendor') {
    // The schema's check keeps a vendor's branch set; a vendor without one would see nothing.
    return { kind: 'branch', branchId: staff.branchId ?? '00000000-0000-0000-0000-000000000000' };
  }
  if (staff.role === 'courier') return { kind: 'courier', courierId: staff.id };
  if (staff.role === 'manager' && staff.branchId !== null)
    return { kind: 'branch', branchId: staff.branchId };
  return { kind: 'shipper' };
}

/** The events `staff` may send for an order now: the role's (domain), and a courier's on its own orders. */
export function staffAllowedEvents(
  staff: StaffAccountRow,
  order: { status: string; deliveryType: 'delivery' | 'self-pickup'; courierId: string | null },
): OrderEvent[] {
  if (!isOrderStatus(order.status) || staff.role === 'manager') return [];
  const events = allowedEvents(order.status, order.deliveryType, staff.role);
  if (staff.role !== 'courier' || order.courierId === staff.id) return events;
  return events.filter((e) => e === 'courier-accepted');
}

/** The statuses in which a courier is carrying an order it took (its customer's details are its to see). */
const CARRYING: ReadonlySet<string> = new Set(['courier-accepted', 'courier-picked']);

/**
 * Whether `staff` reads the customer's own details of an order: the name and phone, the apartment and
 * floor, the note about the address and the comment. Every role but a courier does; a courier only on
 * an order it took and is carrying now. A ready order offered to every courier shows its street
 * address, point and branch (enough to choose it), and an order delivered or given back no longer
 * shows them, so a courier does not keep the phones of every customer it ever delivered to.
 */
export function seesCustomer(
  staff: Pick<StaffAccountRow, 'id' | 'role'>,
  order: { status: string; courierId: string | null },
): boolean {
  return staff.role !== 'courier' || (order.courierId === staff.id && CARRYING.has(order.status));
}

function toStaffOrder(staff: StaffAccountRow, row: StaffOrderRow): TStaffOrder {
  const shown = seesCustomer(staff, row);
  return {
    id: row.id,
    external_order_id: row.externalOrderId,
    status: row.status as TStaffOrder['status'],
    created_at: row.createdAt.toISOString(),
    delivery_type: row.deliveryType,
    branch: row.branch,
    total_price: row.totalPrice,
    items_count: row.itemsCount,
    payment_type: row.paymentType as TPaymentType,
    paid: row.paid,
    loyalty_amount: row.loyaltyAmount,
    refund_due: row.refundDue,
    to_address: row.toAddress,
    future_time: row.futureTime ? row.futureTime.toISOString() : null,
    comment: shown ? row.comment : null,
    customer: shown ? row.customer : null,
    courier:
      row.courierName !== null && row.courierPhone !== null
        ? { name: row.courierName, phone: row.courierPhone }
        : null,
    allowed_events: staffAllowedEvents(staff, row),
    // The branch's delivery time, or its cooking time for a pickup (staff.repository.ts `targetMinutes`).
    target_minutes: row.targetMinutes,
  };
}

/** `q` of the staff list: an order number ('B-10001', 'b10001') or digits (order number or phone). */
export function parseStaffSearch(q: string): StaffOrderSearch {
  const number = /^([A-Za-z]{1,3})-?(\d{1,12})$/.exec(q.trim());
  if (number) return { kind: 'number', externalOrderId: `${number[1]?.toUpperCase()}-${number[2]}` };
  // A phone as people type it: '+998 90 123-45-67', '(90) 123'.
  if (!/^[\d\s()+-]+$/.test(q)) throw apiError(400, 'STAFF_ORDERS_BAD_QUERY');
  const digits = q.replace(/\D/g, '');
  if (digits.length < 2) throw apiError(400, 'STAFF_ORDERS_BAD_QUERY');
  return { kind: 'digits', digits };
}

/**
 * GET /v1/staff/orders: the orders of the staff member's scope (scopeOf) matching the filters; those
 * in work soonest due first (a capped page cuts the orders due last, never the most overdue), every
 * status newest first. The screens sort what they get (late ones first, from created_at, future_time
 * and target_minutes). A vendor or a branch's manager asking for another branch: 403.
 */
export async function listOrdersForStaff(
  deps: Pick<StaffDeps, 'db'>,
  staff: StaffAccountRow,
  query: TStaffOrdersFilter,
): Promise<TStaffOrdersResponse> {
  const scope = scopeOf(staff);
  if (scope.kind === 'branch' && query.branch_id !== undefined && query.branch_id !== scope.branchId) {
    throw apiError(403, 'STAFF_ORDER_OTHER_BRANCH');
  }
  const { count, rows } = await listStaffOrders(deps.db, {
    shipperId: staff.shipperId,
    scope,
    ...(query.status ? { status: query.status } : {}),
    current: query.scope === 'current',
    ...(query.branch_id ? { branchId: query.branch_id } : {}),
    ...(query.q ? { search: parseStaffSearch(query.q) } : {}),
    page: query.page,
    limit: query.limit,
  });
  return { count, orders: rows.map((row) => toStaffOrder(staff, row)) };
}

const STAFF_ROLES_SET: ReadonlySet<string> = new Set(['operator', 'vendor', 'courier', 'manager']);

/** A role read from the database is one the contracts know. */
export const isStaffRole = (role: string | null): role is TStaffAccountRole =>
  role !== null && STAFF_ROLES_SET.has(role);

/**
 * GET /v1/staff/orders/{id}: the whole card of an order in the staff member's scope (404 outside it:
 * another branch's order for a vendor, for a courier one that is neither ready for a courier nor its own).
 */
export async function staffOrderDetail(
  deps: Pick<StaffDeps, 'db'>,
  staff: StaffAccountRow,
  orderId: string,
): Promise<TStaffOrderDetail> {
  const row = await findStaffOrder(deps.db, { shipperId: staff.shipperId, scope: scopeOf(staff), orderId });
  if (!row) throw apiError(404, 'STAFF_ORDER_NOT_FOUND');
  const [lines, history] = await Promise.all([
    listOrderLines(deps.db, orderId),
    listStaffOrderHistory(deps.db, orderId),
  ]);
  const shown = seesCustomer(staff, row);
  return {
    ...toStaffOrder(staff, row),
    updated_at: row.updatedAt.toISOString(),
    to_location: row.toLat !== null && row.toLong !== null ? { lat: row.toLat, long: row.toLong } : null,
    accommodation: row.accommodation,
    apartment: shown ? row.apartment : null,
    building: row.building,
    floor: shown ? row.floor : null,
    description: shown ? row.description : null,
    is_courier_call: row.isCourierCall,
    goods_price: row.goodsPrice,
    delivery_price: row.deliveryPrice,
    discount_price: row.discountPrice,
    promo_code: row.promoCode,
    change_from: row.changeFrom,
    amount_to_pay: row.totalPrice - row.loyaltyAmount,
    lines: lines.map((line) => {
      const { can_review: _, ...rest } = toOrderLine(line, false);
      return rest;
    }),
    history: history.map((h) => ({
      status: h.status as TStaffOrderHistoryEntry['status'],
      event: isOrderEvent(h.event) ? h.event : null,
      actor: h.actor,
      staff:
        h.staffId !== null && h.staffName !== null && isStaffRole(h.staffRole)
          ? { id: h.staffId, name: h.staffName, role: h.staffRole }
          : null,
      reason: h.reason,
      at: h.createdAt.toISOString(),
    })),
  };
}
