import type { TOrderStatusEvent } from '@app/contracts';
import type { Actor, OrderEvent, OrderStatus } from '@app/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { orderStatusHistory, orders, staffAccounts } from '../../db/schema/index.ts';

/** What the state machine and its side effects need of an order, read under a row lock. */
export type LockedOrder = {
  id: string;
  shipperId: string;
  branchId: string;
  deliveryType: 'delivery' | 'self-pickup';
  paymentType: string;
  paid: boolean;
  status: string;
  futureTime: Date | null;
  courierId: string | null;
};

const lockedColumns = {
  id: orders.id,
  shipperId: orders.shipperId,
  branchId: orders.branchId,
  deliveryType: orders.deliveryType,
  paymentType: orders.paymentType,
  paid: orders.paid,
  status: orders.status,
  futureTime: orders.futureTime,
  courierId: orders.courierId,
};

/** The order, locked until the transaction ends (concurrent events on one order take turns). */
export async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrder | null> {
  const rows = await tx.select(lockedColumns).from(orders).where(eq(orders.id, orderId)).for('update');
  return rows[0] ?? null;
}

/**
 * When a status is written: the database's clock (`clock_timestamp()`, not the transaction's start
 * `now()`), to the millisecond a JS Date and the ISO text of the event hold, so the time read back from
 * the history row is the very one the event published. Never a Node process's clock: several API
 * processes write one order's events, and their clocks differ. Read after the order's row lock is
 * taken (lockOrder), the stamps of one order's events follow the order the events were applied in:
 * the next writer waits for the lock, so it reads the clock after this one committed.
 */
export const STATUS_STAMP = sql`date_trunc('milliseconds', clock_timestamp())`;

/**
 * Writes the order's new status and its history row, stamped with the database's clock
 * (STATUS_STAMP, set on the order's `updated_at` by the update and copied to the history row), in
 * two statements as before; returns the stamp. The caller holds the order's row lock (lockOrder).
 */
export async function writeStatus(
  tx: Tx,
  input: {
    orderId: string;
    status: OrderStatus;
    event: OrderEvent;
    actor: Actor;
    staffId: string | null;
    courierId: string | null;
    paid: boolean;
    /** Set: a paid online order was cancelled (order-status.service.ts); absent: left as it is. */
    refundDue?: true;
    /** Why (a staff member's cancel); kept in the history row. */
    reason?: string | null;
  },
): Promise<Date> {
  const [stamped] = await tx
    .update(orders)
    .set({
      status: input.status,
      courierId: input.courierId,
      paid: input.paid,
      updatedAt: STATUS_STAMP,
      ...(input.refundDue ? { refundDue: true } : {}),
    })
    .where(eq(orders.id, input.orderId))
    .returning({ at: orders.updatedAt });
  if (!stamped) throw new Error(`writeStatus: no order ${input.orderId}`);
  await tx.insert(orderStatusHistory).values({
    orderId: input.orderId,
    status: input.status,
    event: input.event,
    actor: input.actor,
    staffId: input.staffId,
    reason: input.reason ?? null,
    createdAt: stamped.at,
  });
  return stamped.at;
}

export async function findCourier(
  db: DbOrTx,
  staffId: string,
): Promise<{ name: string; phone: string } | null> {
  const rows = await db
    .select({ name: staffAccounts.name, phone: staffAccounts.phone })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, staffId))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Each order's current status as a bus event: `at` is when it took that status (its last history
 * row; the order's update time if it has none).
 */
export async function currentStatusEvents(db: DbOrTx, orderIds: string[]): Promise<TOrderStatusEvent[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      updatedAt: orders.updatedAt,
      since: sql<
        Date | string | null
      >`(select max(${orderStatusHistory.createdAt}) from ${orderStatusHistory} where ${orderStatusHistory.orderId} = ${orders.id})`,
      courierName: staffAccounts.name,
      courierPhone: staffAccounts.phone,
    })
    .from(orders)
    .leftJoin(staffAccounts, eq(staffAccounts.id, orders.courierId))
    .where(inArray(orders.id, orderIds));
  return rows.map((r) => ({
    order_id: r.id,
    status: r.status as TOrderStatusEvent['status'],
    at: (r.since ? new Date(r.since) : r.updatedAt).toISOString(),
    courier:
      r.courierName !== null && r.courierPhone !== null
        ? { name: r.courierName, phone: r.courierPhone }
        : null,
  }));
}
