import { and, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { offsetOf } from '../../db/query-helpers.ts';
import {
  branches,
  customers,
  orderLines,
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

/** Which orders a staff member sees (staff.service.ts decides it from the role). */
export type StaffScope =
  | { kind: 'shipper' }
  | { kind: 'branch'; branchId: string }
  | { kind: 'courier'; courierId: string };

function scopeCondition(scope: StaffScope): SQL | undefined {
  switch (scope.kind) {
    case 'shipper':
      return undefined;
    case 'branch':
      return eq(orders.branchId, scope.branchId);
    case 'courier':
      // Delivery orders ready for a courier (none has them), and the ones this courier has taken.
      return and(
        eq(orders.deliveryType, 'delivery'),
        or(
          and(eq(orders.status, 'vendor-ready'), isNull(orders.courierId)),
          and(
            eq(orders.courierId, scope.courierId),
            inArray(orders.status, ['courier-accepted', 'courier-picked']),
          ),
        ),
      );
  }
}

const courier = alias(staffAccounts, 'courier');

export type StaffOrderRow = Awaited<ReturnType<typeof listStaffOrders>>['rows'][number];

/** A page of the orders in `scope`, newest first, with what the staff list shows. */
export async function listStaffOrders(
  db: DbOrTx,
  params: { shipperId: string; scope: StaffScope; status?: string; page: number; limit: number },
) {
  const where = and(
    eq(orders.shipperId, params.shipperId),
    scopeCondition(params.scope),
    params.status ? eq(orders.status, params.status) : undefined,
    // An online order waiting for its payment is nobody's work yet (issue 12): it reaches the
    // queues as 'new' (or 'future') once paid, and the server cancels it if it never is.
    ne(orders.status, 'payment-awaited'),
  );
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const rows = await db
    .select({
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
    })
    .from(orders)
    .innerJoin(branches, eq(branches.id, orders.branchId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(courier, eq(courier.id, orders.courierId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(params.limit)
    .offset(offsetOf(params.page, params.limit));
  return { count: total?.n ?? 0, rows };
}
