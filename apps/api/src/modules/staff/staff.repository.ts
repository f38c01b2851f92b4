import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { offsetOf } from '../../db/query-helpers.ts';
import {
  branches,
  customers,
  orderLines,
  orderStatusHistory,
  orders,
  type StaffAccountRow,
  staffAccounts,
  staffTokens,
} from '../../db/schema/index.ts';

export async function findStaffByLogin(
  db: DbOrTx,
  params: { shipperId: string; login: string },
): Promise<StaffAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(and(eq(staffAccounts.shipperId, params.shipperId), eq(staffAccounts.login, params.login)))
    .limit(1);
  return row;
}

/** The account, its row locked until the transaction ends (a sign-in's token against a reset or a disable). */
export async function lockStaffAccount(db: DbOrTx, staffId: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, staffId)).for('update');
  return row;
}

export async function insertStaffToken(
  db: DbOrTx,
  values: { staffId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(staffTokens).values({
    staffId: values.staffId,
    tokenHash: values.tokenHash,
    createdAt: values.now,
    expiresAt: values.expiresAt,
  });
}

/** The active staff member a live token (not revoked, not expired, of this chain) belongs to. */
export async function findStaffByToken(
  db: DbOrTx,
  params: { tokenHash: string; shipperId: string; now: Date },
): Promise<{ staff: StaffAccountRow; tokenId: string } | undefined> {
  const [row] = await db
    .select({ staff: staffAccounts, tokenId: staffTokens.id })
    .from(staffTokens)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffTokens.staffId))
    .where(
      and(
        eq(staffTokens.tokenHash, params.tokenHash),
        isNull(staffTokens.revokedAt),
        gt(staffTokens.expiresAt, params.now),
        eq(staffAccounts.shipperId, params.shipperId),
        eq(staffAccounts.isActive, true),
      ),
    )
    .limit(1);
  return row;
}

export async function revokeStaffToken(db: DbOrTx, params: { tokenId: string; now: Date }): Promise<void> {
  await db
    .update(staffTokens)
    .set({ revokedAt: params.now })
    .where(and(eq(staffTokens.id, params.tokenId), isNull(staffTokens.revokedAt)));
}

/** Which orders a staff member sees (staff-orders.service.ts decides it from the role). */
export type StaffScope =
  | { kind: 'shipper' }
  | { kind: 'branch'; branchId: string }
  | { kind: 'courier'; courierId: string };

/**
 * Statuses still in work for staff (`scope=current`): placed, scheduled, on their way through the
 * kitchen and the courier, and delivered (the operator still closes it with 'finished').
 * 'payment-awaited' is never staff's (below); finished and cancelled orders are `scope=all` only.
 */
export const STAFF_CURRENT_STATUSES = [
  'new',
  'future',
  'operator-accepted',
  'vendor-accepted',
  'vendor-ready',
  'courier-accepted',
  'courier-picked',
  'delivered',
] as const;

/**
 * Which orders `scope` may see. A courier: delivery orders ready for a courier (nobody has them) and
 * its own (those it is carrying; with `courierHistory`, every order it ever took).
 */
function scopeCondition(scope: StaffScope, courierHistory: boolean): SQL | undefined {
  switch (scope.kind) {
    case 'shipper':
      return undefined;
    case 'branch':
      return eq(orders.branchId, scope.branchId);
    case 'courier':
      return and(
        eq(orders.deliveryType, 'delivery'),
        or(
          and(eq(orders.status, 'vendor-ready'), isNull(orders.courierId)),
          courierHistory
            ? eq(orders.courierId, scope.courierId)
            : and(
                eq(orders.courierId, scope.courierId),
                inArray(orders.status, ['courier-accepted', 'courier-picked']),
              ),
        ),
      );
  }
}

const courier = alias(staffAccounts, 'courier');

/** What `q` of the staff list looks for (staff-orders.service.ts reads it from the text). */
export type StaffOrderSearch =
  | { kind: 'number'; externalOrderId: string }
  /** Digits: the order number's digits ('10001' finds B-10001) or a part of the customer's phone. */
  | { kind: 'digits'; digits: string };

export type StaffOrdersParams = {
  shipperId: string;
  scope: StaffScope;
  /** One status; else `current` (STAFF_CURRENT_STATUSES) or every status. */
  status?: string;
  current: boolean;
  branchId?: string;
  search?: StaffOrderSearch;
  page: number;
  limit: number;
};

/**
 * `q` as a condition. A courier's digits match order numbers only: a phone it may not read (an order
 * offered to every courier, one it delivered) must not be found by guessing its digits either.
 */
function searchCondition(
  shipperId: string,
  scope: StaffScope,
  search: StaffOrderSearch | undefined,
): SQL | undefined {
  if (!search) return undefined;
  if (search.kind === 'number') return eq(orders.externalOrderId, search.externalOrderId);
  const byNumber = sql`${orders.externalOrderId} like ${`%-${search.digits}`}`;
  if (scope.kind === 'courier') return byNumber;
  // The customers of this chain whose phone contains the digits (no trigram index: a scan of one
  // chain's customers, then the orders through orders_customer_idx), or an order number ending in them.
  return or(
    byNumber,
    inArray(
      orders.customerId,
      sql`(select ${customers.id} from ${customers} where ${customers.shipperId} = ${shipperId} and ${customers.phone} like ${`%${search.digits}%`})`,
    ),
  );
}

/**
 * The minutes an order's timer counts against (`target_minutes`), from its joined branch: the
 * delivery time for a delivery, the branch's cooking time for a pickup (not its
 * future_self_pickup_order_time: the days ahead a pickup may be scheduled). One expression for what
 * the screens get and for the order of the list (`dueAt`), so the two cannot disagree.
 */
const targetMinutes = sql<number>`greatest(1, case when ${orders.deliveryType} = 'delivery' then ${branches.deliveryTime} else ${branches.cookingTime} end)::int`;

/** The columns of an order as the staff list shows it. */
const listColumns = {
  id: orders.id,
  externalOrderId: orders.externalOrderId,
  status: orders.status,
  createdAt: orders.createdAt,
  deliveryType: orders.deliveryType,
  paymentType: orders.paymentType,
  paid: orders.paid,
  loyaltyAmount: orders.loyaltyAmount,
  refundDue: orders.refundDue,
  toAddress: orders.toAddress,
  futureTime: orders.futureTime,
  comment: orders.comment,
  totalPrice: orders.totalPrice,
  courierId: orders.courierId,
  branch: { id: branches.id, slug: branches.slug, name: branches.name },
  customer: { name: customers.name, phone: customers.phone },
  courierName: courier.name,
  courierPhone: courier.phone,
  itemsCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
  targetMinutes,
};

export type StaffOrderRow = Awaited<ReturnType<typeof listStaffOrders>>['rows'][number];

/**
 * When the customer expects the order (the screens' `dueAt` in apps/web staff/lib/queue.ts): a
 * scheduled order at the time the customer chose (the scheduled-orders job sends it to the kitchen
 * its lead before), any other placed + `targetMinutes`.
 */
const dueAt = sql`coalesce(${orders.futureTime}, ${orders.createdAt} + make_interval(mins => ${targetMinutes}))`;

/**
 * A page of the orders in `scope` matching the filters, with what the staff list shows. Orders in work
 * (`current`) come soonest due first, so when more match than a page holds, the page keeps the most
 * overdue and leaves out the ones due last (the screens sort what they get their own way); every
 * status (`all`, the history) newest first.
 */
export async function listStaffOrders(db: DbOrTx, params: StaffOrdersParams) {
  const where = and(
    eq(orders.shipperId, params.shipperId),
    scopeCondition(params.scope, !params.current),
    params.status
      ? eq(orders.status, params.status)
      : params.current
        ? inArray(orders.status, [...STAFF_CURRENT_STATUSES])
        : undefined,
    params.branchId ? eq(orders.branchId, params.branchId) : undefined,
    searchCondition(params.shipperId, params.scope, params.search),
    // An online order waiting for its payment is nobody's work yet (issue 12): it reaches the
    // queues as 'new' (or 'future') once paid, and the server cancels it if it never is.
    ne(orders.status, 'payment-awaited'),
  );
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select(listColumns)
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(courier, eq(courier.id, orders.courierId))
    .where(where)
    .orderBy(...(params.current ? [asc(dueAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]))
    .limit(params.limit)
    .offset(offsetOf(params.page, params.limit));
  return { count: total?.n ?? 0, rows };
}

/**
 * One order of the chain in `scope` (a courier: a ready delivery order nobody has, or one it took, in
 * any status), with the whole card's columns; undefined outside the scope. Never a payment-awaited one.
 */
export async function findStaffOrder(
  db: DbOrTx,
  params: { shipperId: string; scope: StaffScope; orderId: string },
) {
  const [row] = await db
    .select({
      ...listColumns,
      updatedAt: orders.updatedAt,
      toLat: orders.toLat,
      toLong: orders.toLong,
      accommodation: orders.accommodation,
      apartment: orders.apartment,
      building: orders.building,
      floor: orders.floor,
      description: orders.description,
      isCourierCall: orders.isCourierCall,
      goodsPrice: orders.goodsPrice,
      deliveryPrice: orders.deliveryPrice,
      discountPrice: orders.discountPrice,
      promoCode: orders.promoCode,
      changeFrom: orders.changeFrom,
    })
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(courier, eq(courier.id, orders.courierId))
    .where(
      and(
        eq(orders.id, params.orderId),
        eq(orders.shipperId, params.shipperId),
        scopeCondition(params.scope, true),
        ne(orders.status, 'payment-awaited'),
      ),
    )
    .limit(1);
  return row;
}
export type StaffOrderDetailRow = NonNullable<Awaited<ReturnType<typeof findStaffOrder>>>;

/** The order's history, oldest first, with the staff member who sent each event. */
export async function listStaffOrderHistory(db: DbOrTx, orderId: string) {
  return db
    .select({
      status: orderStatusHistory.status,
      event: orderStatusHistory.event,
      actor: orderStatusHistory.actor,
      reason: orderStatusHistory.reason,
      createdAt: orderStatusHistory.createdAt,
      staffId: staffAccounts.id,
      staffName: staffAccounts.name,
      staffRole: staffAccounts.role,
    })
    .from(orderStatusHistory)
    .leftJoin(staffAccounts, eq(staffAccounts.id, orderStatusHistory.staffId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
}

/** The order's latest history entry with its staff member (who moved it last), and its number. */
export async function lastStaffOrderStep(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({
      externalOrderId: orders.externalOrderId,
      status: orderStatusHistory.status,
      event: orderStatusHistory.event,
      actor: orderStatusHistory.actor,
      createdAt: orderStatusHistory.createdAt,
      staffName: staffAccounts.name,
      staffRole: staffAccounts.role,
    })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, orderStatusHistory.staffId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  return row;
}
