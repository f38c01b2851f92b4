import type {
  TOrderStatusEvent,
  TPaymentType,
  TStaffAccountRole,
  TStaffMember,
  TStaffOrder,
  TStaffOrderDetail,
  TStaffOrderHistoryEntry,
  TStaffOrdersFilter,
  TStaffOrdersResponse,
} from '@app/contracts';
import {
  allowedEvents,
  EVENT_ACTORS,
  isOrderEvent,
  isOrderStatus,
  type OrderEvent,
  tashkentClock,
} from '@app/domain';
import type { OrderEvents } from '../../adapters/order-events/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { StaffAccountRow } from '../../db/schema/index.ts';
import { addressBucket } from '../../http/client-address.ts';
import { apiError, cataloguedError, HttpError, tooManyRequests } from '../../http/errors.ts';
import type { StaffStepKind } from '../../http/messages.ts';
import { hashToken, newAccessToken } from '../customers/tokens.ts';
import type { LoyaltyDeps } from '../loyalty/loyalty.service.ts';
import { lockOrder } from '../order-status/order-status.repository.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { toOrderLine } from '../orders/orders.mapper.ts';
import { listOrderLines } from '../orders/orders.repository.ts';
import { recordAudit } from './audit.ts';
import { type HashSlots, HashSlotsFull } from './hash-slots.ts';
import { verifyPassword } from './passwords.ts';
import { lockSignInsOf, signInWaitMs } from './sign-in-limits.ts';
import { deleteSignIn, insertPendingSignIn, pruneSignIns, resolveSignIn } from './sign-ins.repository.ts';
import {
  findStaffByLogin,
  findStaffOrder,
  insertStaffToken,
  lastStaffOrderStep,
  listStaffOrderHistory,
  listStaffOrders,
  type StaffOrderDetailRow,
  type StaffOrderRow,
  type StaffOrderSearch,
  type StaffScope,
} from './staff.repository.ts';

/** A staff sign-in lasts one long shift. */
export const STAFF_TOKEN_TTL_MS = 12 * 60 * 60_000;

export type StaffDeps = {
  db: Db;
  clock: () => Date;
  orderEvents: Pick<OrderEvents, 'publish'>;
} & LoyaltyDeps;

/** What a sign-in needs besides the database: where password hashes run (hash-slots.ts). */
export type StaffLoginDeps = Pick<StaffDeps, 'db' | 'clock'> & { hashSlots: HashSlots };

/** Who is signing in, as the HTTP layer saw them (kept in the record of sign-ins). */
export type SignInClient = { ip: string; userAgent: string | undefined };

/** Longest texts kept in the record; the contract already bounds the login to 60 characters. */
const RECORD_MAX = { login: 100, address: 100, userAgent: 256 } as const;
/** The first `n` characters (whole code points, so no surrogate half ends up in the database). */
const bounded = (text: string, n: number) =>
  text.length <= n ? text : Array.from(text).slice(0, n).join('');

/** How long a client is asked to wait when every hashing slot is busy: a few hashes' time. */
const BUSY_RETRY_AFTER_SECONDS = 1;

const signInLimited = (waitMs: number) =>
  tooManyRequests('STAFF_LOGIN_LIMIT', waitMs / 1000, { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
const signInBusy = () =>
  cataloguedError(503, 'STAFF_LOGIN_BUSY', [undefined], {
    headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
  });

export const toStaffMember = (row: StaffAccountRow): TStaffMember => ({
  id: row.id,
  login: row.login,
  name: row.name,
  role: row.role,
  branch_id: row.branchId,
});

/**
 * Signs a staff member in:
 * 1. Under the sign-in locks, in one transaction: the limits (sign-in-limits.ts: per login, per login
 *    and address, per address, growing delays) refuse with 429 and Retry-After before any hashing, or
 *    the attempt is recorded as 'pending' (counted from then on, so parallel attempts cannot slip past).
 * 2. The password is checked in a hashing slot (hash-slots.ts); when all are busy and the queue is full
 *    the attempt is forgotten (it was never checked) and answered 503 with Retry-After. An unknown
 *    login costs the same scrypt as a wrong password and is limited and recorded the same.
 * 3. The record gets its outcome; a success and its token are written in one transaction. The token is
 *    stored as its SHA-256 like a customer's, valid STAFF_TOKEN_TTL_MS.
 */
export async function staffLogin(
  deps: StaffLoginDeps,
  shipperId: string,
  input: { login: string; password: string },
  client: SignInClient,
): Promise<{ staff: TStaffMember; access_token: string; expires_at: string }> {
  const loginTyped = bounded(input.login.trim(), RECORD_MAX.login);
  const login = loginTyped.toLowerCase();
  const key = { shipperId, login, bucket: addressBucket(client.ip) };
  const now = deps.clock();
  const { account, attemptId } = await deps.db.transaction(async (tx) => {
    await lockSignInsOf(tx, key);
    const waitMs = await signInWaitMs(tx, key, now);
    if (waitMs > 0) throw signInLimited(waitMs);
    const found = await findStaffByLogin(tx, { shipperId, login });
    const id = await insertPendingSignIn(tx, {
      ...key,
      loginTyped,
      staffId: found?.id ?? null,
      address: bounded(client.ip, RECORD_MAX.address),
      userAgent: client.userAgent === undefined ? null : bounded(client.userAgent, RECORD_MAX.userAgent),
      createdAt: now,
    });
    return { account: found, attemptId: id };
  });

  let matches: boolean;
  try {
    matches = await deps.hashSlots.run(() => verifyPassword(input.password, account?.passwordHash ?? null));
  } catch (error) {
    if (!(error instanceof HashSlotsFull)) throw error;
    await deleteSignIn(deps.db, attemptId);
    throw signInBusy();
  }
  await pruneSignIns(deps.db, now);

  if (!account || !matches || !account.isActive) {
    const outcome = !account ? 'unknown-login' : !matches ? 'wrong-password' : 'inactive-account';
    await resolveSignIn(deps.db, attemptId, outcome);
    throw apiError(401, 'STAFF_LOGIN_FAILED');
  }
  const token = newAccessToken();
  const expiresAt = new Date(now.getTime() + STAFF_TOKEN_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await resolveSignIn(tx, attemptId, 'signed-in');
    await insertStaffToken(tx, { staffId: account.id, tokenHash: hashToken(token), now, expiresAt });
  });
  return { staff: toStaffMember(account), access_token: token, expires_at: expiresAt.toISOString() };
}

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
    loyalty_amount: row.loyaltyAmount,
    refund_due: row.refundDue,
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
 * GET /v1/staff/orders: the orders of the staff member's scope (scopeOf) matching the filters, newest
 * first (the screens sort late ones first from created_at and future_time). A vendor or a branch's
 * manager asking for another branch: 403.
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

/**
 * The minutes a screen's timer counts against: the branch's delivery time for a delivery; for a
 * pickup the branch's `future_self_pickup_order_time` (the least notice it takes for a pickup: how
 * long its kitchen needs), as the branch has no cooking time of its own.
 */
export const targetMinutes = (
  row: Pick<StaffOrderDetailRow, 'deliveryType' | 'branchDeliveryTime' | 'branchPickupTime'>,
) => Math.max(1, row.deliveryType === 'delivery' ? row.branchDeliveryTime : row.branchPickupTime);

const STAFF_ROLES_SET: ReadonlySet<string> = new Set(['operator', 'vendor', 'courier', 'manager']);

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
  return {
    ...toStaffOrder(staff, row),
    updated_at: row.updatedAt.toISOString(),
    to_location: row.toLat !== null && row.toLong !== null ? { lat: row.toLat, long: row.toLong } : null,
    accommodation: row.accommodation,
    apartment: row.apartment,
    building: row.building,
    floor: row.floor,
    description: row.description,
    is_courier_call: row.isCourierCall,
    goods_price: row.goodsPrice,
    delivery_price: row.deliveryPrice,
    discount_price: row.discountPrice,
    promo_code: row.promoCode,
    change_from: row.changeFrom,
    amount_to_pay: row.totalPrice - row.loyaltyAmount,
    target_minutes: targetMinutes(row),
    lines: lines.map((line) => {
      const { can_review: _, ...rest } = toOrderLine(line, false);
      return rest;
    }),
    history: history.map((h) => ({
      status: h.status as TStaffOrderHistoryEntry['status'],
      event: isOrderEvent(h.event) ? h.event : null,
      actor: h.actor,
      staff:
        h.staffId !== null && h.staffName !== null && h.staffRole !== null && STAFF_ROLES_SET.has(h.staffRole)
          ? { id: h.staffId, name: h.staffName, role: h.staffRole as TStaffAccountRole }
          : null,
      reason: h.reason,
      at: h.createdAt.toISOString(),
    })),
  };
}

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
        targetId: orderId,
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
    last.staffName !== null && last.staffRole !== null && STAFF_ROLES_SET.has(last.staffRole)
      ? { name: last.staffName, role: last.staffRole as TStaffAccountRole }
      : null;
  return apiError(409, 'STAFF_ORDER_ALREADY_MOVED', {
    order: last.externalOrderId,
    step,
    by,
    time: tashkentClock(last.createdAt),
  });
}
