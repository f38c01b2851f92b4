import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  customerTokens,
  type OrderLineRow,
  type OrderRow,
  orderLines,
  orderStatusHistory,
  orders,
  products,
  reviews,
  staffAccounts,
} from '../../db/schema/index.ts';

/** Whose orders: a customer of one chain. */
export type OrderOwner = { shipperId: string; customerId: string };

type BranchName = typeof branches.$inferSelect.name;

export type OrderSummaryRow = {
  order: OrderRow;
  branch: { id: string; slug: string; name: BranchName };
  itemsCount: number;
};

export type OrderCourierRow = { name: string; phone: string };

export type OrderDetailRow = OrderSummaryRow & {
  /** Minutes from placing to delivery at this branch (a delivery's expected time). */
  branchDeliveryTime: number;
  /**
   * Minutes from placing until a pickup can be collected at this branch (a pickup's expected time;
   * the staff workspace's timer counts a pickup against the same column).
   */
  branchCookingTime: number;
  courier: OrderCourierRow | null;
};

export type OrderLineWithProduct = OrderLineRow & { slug: string; image: { url: string } | null };
export type OrderHistoryRow = { status: string; createdAt: Date };

const owned = (owner: OrderOwner) =>
  and(eq(orders.shipperId, owner.shipperId), eq(orders.customerId, owner.customerId));

const summaryColumns = {
  order: orders,
  branch: { id: branches.id, slug: branches.slug, name: branches.name },
};

/** The number of items of each order: the sum of its lines' quantities. */
async function itemCounts(db: DbOrTx, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderLines.orderId, n: sql<number>`sum(${orderLines.quantity})`.mapWith(Number) })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .groupBy(orderLines.orderId);
  return new Map(rows.map((r) => [r.orderId, r.n]));
}

const cursorOrder = alias(orders, 'cursor_order');

/**
 * One page of the customer's orders in the given statuses, newest first, how many there are, and
 * whether more follow. `before` (an order of the customer's, in any status) pages by key: the orders
 * after it in the list's order (created_at, then id), compared in the database at its own precision;
 * another customer's or an unknown order gives an empty page. Without it, `offset` rows are skipped.
 */
export async function listCustomerOrders(
  db: DbOrTx,
  owner: OrderOwner,
  filter: { statuses: readonly string[]; offset: number; limit: number; before?: string },
): Promise<{ rows: OrderSummaryRow[]; count: number; more: boolean }> {
  const where = and(owned(owner), inArray(orders.status, [...filter.statuses]));
  const after = filter.before
    ? sql`(${orders.createdAt}, ${orders.id}) < (${db
        .select({ createdAt: cursorOrder.createdAt, id: cursorOrder.id })
        .from(cursorOrder)
        .where(
          and(
            eq(cursorOrder.id, filter.before),
            eq(cursorOrder.shipperId, owner.shipperId),
            eq(cursorOrder.customerId, owner.customerId),
          ),
        )})`
    : undefined;
  const [found, total] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .innerJoin(branches, eq(branches.id, orders.branchId))
      .where(and(where, after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      // One more than asked for says whether another page follows.
      .limit(filter.limit + 1)
      .offset(filter.before ? 0 : filter.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const rows = found.slice(0, filter.limit);
  const counts = await itemCounts(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    rows: rows.map((r) => ({ ...r, itemsCount: counts.get(r.order.id) ?? 0 })),
    count: Number(total[0]?.n ?? 0),
    more: found.length > filter.limit,
  };
}

/** One of the customer's orders with its branch and courier; another customer's id finds nothing. */
export async function findCustomerOrder(
  db: DbOrTx,
  owner: OrderOwner,
  orderId: string,
): Promise<OrderDetailRow | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      branchDeliveryTime: branches.deliveryTime,
      branchCookingTime: branches.cookingTime,
      courierName: staffAccounts.name,
      courierPhone: staffAccounts.phone,
    })
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, orders.courierId))
    .where(and(owned(owner), eq(orders.id, orderId)))
    .limit(1);
  if (!row) return null;
  const { courierName, courierPhone, ...rest } = row;
  const counts = await itemCounts(db, [orderId]);
  return {
    ...rest,
    itemsCount: counts.get(orderId) ?? 0,
    courier:
      courierName !== null && courierPhone !== null ? { name: courierName, phone: courierPhone } : null,
  };
}

/** The order's lines in the order they were placed, with the product's slug and picture. */
export async function listOrderLines(db: DbOrTx, orderId: string): Promise<OrderLineWithProduct[]> {
  const rows = await db
    .select({ line: orderLines, slug: products.slug, image: products.image })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  return rows.map((r) => ({ ...r.line, slug: r.slug, image: r.image }));
}

/** Every status the order took, oldest first. */
export async function listOrderHistory(db: DbOrTx, orderId: string): Promise<OrderHistoryRow[]> {
  return db
    .select({ status: orderStatusHistory.status, createdAt: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
}

/** Which of these products the customer has already reviewed. */
export async function reviewedProductIds(
  db: DbOrTx,
  customerId: string,
  productIds: readonly string[],
): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.customerId, customerId), inArray(reviews.productId, [...new Set(productIds)])));
  return new Set(rows.map((r) => r.productId));
}

/** The order's status now: its status, when it got there (the newest history row) and its courier. */
export async function findOrderStatus(
  db: DbOrTx,
  owner: OrderOwner,
  orderId: string,
): Promise<{ status: string; at: Date; courier: OrderCourierRow | null } | null> {
  const [row] = await db
    .select({
      status: orders.status,
      updatedAt: orders.updatedAt,
      courierName: staffAccounts.name,
      courierPhone: staffAccounts.phone,
    })
    .from(orders)
    .leftJoin(staffAccounts, eq(staffAccounts.id, orders.courierId))
    .where(and(owned(owner), eq(orders.id, orderId)))
    .limit(1);
  if (!row) return null;
  const [newest] = await db
    .select({ status: orderStatusHistory.status, createdAt: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(desc(orderStatusHistory.id))
    .limit(1);
  // Status and time from one row (the newest history entry; the order row is written with it).
  return {
    status: newest?.status ?? row.status,
    at: newest?.createdAt ?? row.updatedAt,
    courier:
      row.courierName !== null && row.courierPhone !== null
        ? { name: row.courierName, phone: row.courierPhone }
        : null,
  };
}

/**
 * Of these customer tokens, the ones that still work at `now` (not revoked, not expired, not gone
 * with their customer): the status streams opened with the others end (stream-sessions.ts).
 */
export async function liveTokenIds(db: DbOrTx, tokenIds: string[], now: Date): Promise<string[]> {
  if (tokenIds.length === 0) return [];
  const rows = await db
    .select({ id: customerTokens.id })
    .from(customerTokens)
    .where(
      and(
        inArray(customerTokens.id, tokenIds),
        isNull(customerTokens.revokedAt),
        gt(customerTokens.expiresAt, now),
      ),
    );
  return rows.map((r) => r.id);
}
