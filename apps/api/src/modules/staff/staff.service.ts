import type {
  TOrderStatusEvent,
  TPaymentType,
  TStaffMember,
  TStaffOrder,
  TStaffOrdersResponse,
} from '@app/contracts';
import { allowedEvents, EVENT_ACTORS, isOrderStatus, type OrderEvent } from '@app/domain';
import type { OrderEvents } from '../../adapters/order-events/index.ts';
import type { Db } from '../../db/client.ts';
import type { StaffAccountRow } from '../../db/schema/index.ts';
import { apiError, tooManyRequests } from '../../http/errors.ts';
import { hashToken, newAccessToken } from '../customers/tokens.ts';
import { lockOrder } from '../order-status/order-status.repository.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { clearLoginFailures, loginRetryAfterMs, recordLoginFailure } from './login-limits.ts';
import { verifyPassword } from './passwords.ts';
import {
  findStaffByLogin,
  insertStaffToken,
  listStaffOrders,
  type StaffOrderRow,
  type StaffScope,
} from './staff.repository.ts';

/** A staff sign-in lasts one long shift. */
export const STAFF_TOKEN_TTL_MS = 12 * 60 * 60_000;

export type StaffDeps = {
  db: Db;
  clock: () => Date;
  orderEvents: Pick<OrderEvents, 'publish'>;
};

export const toStaffMember = (row: StaffAccountRow): TStaffMember => ({
  id: row.id,
  login: row.login,
  name: row.name,
  role: row.role,
  branch_id: row.branchId,
});

/**
 * Signs a staff member in: the password is checked in constant time (an unknown login costs the same
 * scrypt), wrong ones are limited per login (login-limits.ts), and the answer is a fresh token stored
 * as its SHA-256 like a customer's, valid STAFF_TOKEN_TTL_MS.
 */
export async function staffLogin(
  deps: StaffDeps,
  shipperId: string,
  input: { login: string; password: string },
): Promise<{ staff: TStaffMember; access_token: string; expires_at: string }> {
  const login = input.login.trim().toLowerCase();
  const key = { shipperId, login };
  const now = deps.clock();
  const waitMs = await loginRetryAfterMs(deps.db, key, now);
  if (waitMs > 0) {
    throw tooManyRequests('STAFF_LOGIN_LIMIT', waitMs / 1000, { minutes: Math.ceil(waitMs / 60_000) });
  }
  const account = await findStaffByLogin(deps.db, { shipperId, login });
  const matches = await verifyPassword(input.password, account?.passwordHash ?? null);
  if (!account || !matches || !account.isActive) {
    await recordLoginFailure(deps.db, key, now);
    throw apiError(401, 'STAFF_LOGIN_FAILED');
  }
  await clearLoginFailures(deps.db, key);
  const token = newAccessToken();
  const expiresAt = new Date(now.getTime() + STAFF_TOKEN_TTL_MS);
  await insertStaffToken(deps.db, { staffId: account.id, tokenHash: hashToken(token), now, expiresAt });
  return { staff: toStaffMember(account), access_token: token, expires_at: expiresAt.toISOString() };
}

/** The orders a role works with: the operator the whole chain, a vendor its branch, a courier its run. */
export function scopeOf(staff: StaffAccountRow): StaffScope {
  if (staff.role === 'vendor') {
    // The schema's check keeps a vendor's branch set; a vendor without one would see nothing.
    return { kind: 'branch', branchId: staff.branchId ?? '00000000-0000-0000-0000-000000000000' };
  }
  if (staff.role === 'courier') return { kind: 'courier', courierId: staff.id };
  return { kind: 'shipper' };
}

/** The events `staff` may send for an order now: the role's (domain), and a courier's on its own orders. */
export function staffAllowedEvents(
  staff: StaffAccountRow,
  order: { status: string; deliveryType: 'delivery' | 'self-pickup'; courierId: string | null },
): OrderEvent[] {
  if (!isOrderStatus(order.status)) return [];
  const events = allowedEvents(order.status, order.deliveryType, staff.role);
  if (staff.role !== 'courier' || order.courierId === staff.id) return events;
  return events.filter((e) => e === 'courier-accepted');
}

function toStaffOrder(staff: StaffAccountRow, row: StaffOrderRow): TStaffOrder {
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
    to_address: row.toAddress,
    future_time: row.futureTime ? row.futureTime.toISOString() : null,
    comment: row.comment,
    customer: row.customer,
    courier:
      row.courierName !== null && row.courierPhone !== null
        ? { name: row.courierName, phone: row.courierPhone }
        : null,
    allowed_events: staffAllowedEvents(staff, row),
  };
}

export async function listOrdersForStaff(
  deps: Pick<StaffDeps, 'db'>,
  staff: StaffAccountRow,
  query: { page: number; limit: number; status?: string | undefined },
): Promise<TStaffOrdersResponse> {
  const { count, rows } = await listStaffOrders(deps.db, {
    shipperId: staff.shipperId,
    scope: scopeOf(staff),
    ...(query.status ? { status: query.status } : {}),
    page: query.page,
    limit: query.limit,
  });
  return { count, orders: rows.map((row) => toStaffOrder(staff, row)) };
}

/**
 * A staff member sends an event for an order, in one transaction with the order locked:
 * 404 unless the order is of the staff member's chain; 403 when the role may not send the event
 * (EVENT_ACTORS), when a vendor's order is another branch's, or when a courier sends a step for an
 * order it has not accepted (any courier may accept a ready one); then applyEvent (409 when the order's
 * status does not allow it).
 */
export async function sendStaffEvent(
  deps: StaffDeps,
  staff: StaffAccountRow,
  orderId: string,
  event: OrderEvent,
): Promise<TOrderStatusEvent> {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.shipperId !== staff.shipperId) throw apiError(404, 'STAFF_ORDER_NOT_FOUND');
    if (!EVENT_ACTORS[event].includes(staff.role)) throw apiError(403, 'ORDER_EVENT_FORBIDDEN', { event });
    if (staff.role === 'vendor' && order.branchId !== staff.branchId) {
      throw apiError(403, 'STAFF_ORDER_OTHER_BRANCH');
    }
    if (staff.role === 'courier' && event !== 'courier-accepted' && order.courierId !== staff.id) {
      throw apiError(403, 'STAFF_ORDER_NOT_YOURS');
    }
    return applyEvent(deps, tx, orderId, event, staff.role, staff.id);
  });
}
