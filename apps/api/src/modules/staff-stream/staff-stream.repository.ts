import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffAccounts, staffTokens } from '../../db/schema/index.ts';

/**
 * An order's change as the staff stream needs it: the bus event's order, status and time, with what
 * scoping needs (shipper, branch, type, courier) and the history's event and staff member of that step.
 */
export type StaffChangeRow = {
  outboxId: number;
  orderId: string;
  status: string;
  at: string;
  shipperId: string;
  externalOrderId: string;
  branchId: string;
  deliveryType: 'delivery' | 'self-pickup';
  courierId: string | null;
  event: string | null;
  staffId: string | null;
};

type RawRow = {
  outbox_id: string | number;
  order_id: string;
  status: string;
  at: string;
  shipper_id: string;
  external_order_id: string;
  branch_id: string;
  delivery_type: 'delivery' | 'self-pickup';
  courier_id: string | null;
  event: string | null;
  staff_id: string | null;
};

const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

const toChange = (r: RawRow): StaffChangeRow => ({
  outboxId: Number(r.outbox_id),
  orderId: r.order_id,
  status: r.status,
  at: new Date(r.at).toISOString(),
  shipperId: r.shipper_id,
  externalOrderId: r.external_order_id,
  branchId: r.branch_id,
  deliveryType: r.delivery_type,
  courierId: r.courier_id,
  event: r.event,
  staffId: r.staff_id,
});

/**
 * The order's columns and the history row of the step (same order, status and time: applyEvent and
 * placing write both with one clock reading), for a change `{ order_id, status, at }` given as `x`.
 */
const enrich = sql`
  join orders o on o.id = x.order_id
  left join lateral (
    select h.event, h.staff_id from order_status_history h
    where h.order_id = x.order_id and h.status = x.status and h.created_at = x.at
    order by h.id desc limit 1
  ) h on true`;

/** One live change (from the bus) with what the stream needs; undefined when the order is gone. */
export async function readChange(
  db: DbOrTx,
  change: { outboxId: number; orderId: string; status: string; at: string },
): Promise<StaffChangeRow | undefined> {
  const result = await db.execute(sql`
    select x.outbox_id, x.order_id, x.status, x.at, o.shipper_id, o.external_order_id, o.branch_id,
      o.delivery_type, o.courier_id, h.event, h.staff_id
    from (select ${change.outboxId}::bigint as outbox_id, ${change.orderId}::uuid as order_id,
      ${change.status}::text as status, ${change.at}::timestamptz as at) as x
    ${enrich}`);
  const [row] = rowsOf(result);
  return row && toChange(row);
}

/** The outbox rows after `afterId` of the chain's orders, in id order, at most `limit`. */
export async function readChangesAfter(
  db: DbOrTx,
  params: { afterId: number; shipperId: string; limit: number },
): Promise<StaffChangeRow[]> {
  const result = await db.execute(sql`
    select x.outbox_id, x.order_id, x.status, x.at, o.shipper_id, o.external_order_id, o.branch_id,
      o.delivery_type, o.courier_id, h.event, h.staff_id
    from (
      select r.id as outbox_id, (r.payload::json->>'order_id')::uuid as order_id,
        r.payload::json->>'status' as status, (r.payload::json->>'at')::timestamptz as at
      from order_status_outbox r
      where r.id > ${params.afterId}
      order by r.id
      limit ${params.limit}
    ) as x
    ${enrich}
    where o.shipper_id = ${params.shipperId}
    order by x.outbox_id`);
  return rowsOf(result).map(toChange);
}

/**
 * Where the outbox stands: its oldest row kept (null: empty) and the highest id ever drawn (the
 * identity's sequence; 0 before the first row).
 */
export async function outboxBounds(db: DbOrTx): Promise<{ oldest: number | null; newest: number }> {
  const result = await db.execute(sql`
    select (select min(id) from order_status_outbox) as oldest,
      (select case when is_called then last_value else last_value - 1 end from order_status_outbox_id_seq) as newest`);
  const [row] = (result as unknown as { rows: { oldest: string | number | null; newest: string | number }[] })
    .rows;
  return {
    oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest),
    newest: Number(row?.newest ?? 0),
  };
}

/** Of `tokenIds`, the staff tokens that still work now (not revoked, not expired, account active). */
export async function liveStaffTokenIds(db: DbOrTx, tokenIds: string[], now: Date): Promise<string[]> {
  if (tokenIds.length === 0) return [];
  const rows = await db
    .select({ id: staffTokens.id })
    .from(staffTokens)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffTokens.staffId))
    .where(
      and(
        inArray(staffTokens.id, tokenIds),
        isNull(staffTokens.revokedAt),
        gt(staffTokens.expiresAt, now),
        eq(staffAccounts.isActive, true),
      ),
    );
  return rows.map((r) => r.id);
}

/** When a staff token stops working by itself. */
export async function staffTokenExpiry(db: DbOrTx, tokenId: string): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: staffTokens.expiresAt })
    .from(staffTokens)
    .where(eq(staffTokens.id, tokenId))
    .limit(1);
  return row?.expiresAt ?? null;
}
