import type { TBranchFigures, TFiguresResponse } from '@app/contracts';
import { addDays, tashkentDay, tashkentInstant } from '@app/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { branches } from '../../db/schema/index.ts';
import { apiError } from '../../http/errors.ts';
import type { ManageDeps } from './branches-manage.service.ts';
import { isChainManager, ROLES, requireRole, type Staff } from './staff-manage.access.ts';

/**
 * The day's figures per branch (issue 13), the day being Tashkent's (00:00 to 00:00 on its wall
 * clock) and an order belonging to the day it was placed:
 * - orders: placed that day, leaving out online orders that never got paid (whose history holds no
 *   status but 'payment-awaited' and a cancellation: nobody ever worked on them);
 * - revenue: the total_price of those not cancelled (still in work too);
 * - cancelled: those cancelled;
 * - average minutes of three back-to-back stages, from order_status_history (the first time each
 *   status was reached): to_accept 'new' (in the queue: placed, paid or due) -> 'operator-accepted';
 *   cooking 'operator-accepted' -> 'vendor-ready'; to_hand_over 'vendor-ready' -> 'delivered'
 *   (delivery) or 'finished' (pickup). Orders that have not reached a stage's end are not counted in it.
 */

const CANCELLED = sql.raw(
  `('operator-cancelled', 'vendor-cancelled', 'courier-cancelled', 'server-cancelled')`,
);
const NEVER_WORKED = sql.raw(
  `('payment-awaited', 'operator-cancelled', 'vendor-cancelled', 'courier-cancelled', 'server-cancelled')`,
);

type FigureRow = {
  branch_id: string;
  orders: number | string;
  revenue: number | string | null;
  cancelled: number | string;
  to_accept: number | string | null;
  cooking: number | string | null;
  to_hand_over: number | string | null;
};

/** Both drivers answer `execute` with `{ rows }`; the shared Db type cannot say so. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const minutes = (value: number | string | null): number | null =>
  value === null ? null : Math.max(0, Math.round(Number(value) * 10) / 10);

/** GET /v1/staff/figures?date=: managers (the chain's: every branch; a branch's: its own) and operators. */
export async function getFigures(
  deps: ManageDeps,
  staff: Staff,
  query: { date?: string | undefined },
): Promise<TFiguresResponse> {
  requireRole(staff, ROLES.figures);
  const day = query.date ?? tashkentDay(deps.clock());
  let from: Date;
  let to: Date;
  try {
    from = tashkentInstant(day, '00:00');
    to = tashkentInstant(addDays(day, 1), '00:00');
  } catch {
    throw apiError(400, 'VALIDATION_ERROR', {
      context: 'querystring',
      details: 'date must be a calendar day YYYY-MM-DD',
    });
  }
  const own = staff.role === 'operator' || isChainManager(staff) ? null : staff.branchId;
  const branchRows = await deps.db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.shipperId, staff.shipperId), own ? eq(branches.id, own) : undefined))
    .orderBy(asc(branches.position), asc(branches.slug));

  const result = await deps.db.execute(sql`
    select o.branch_id,
      count(*)::int as orders,
      coalesce(sum(o.total_price) filter (where o.status not in ${CANCELLED}), 0)::bigint as revenue,
      (count(*) filter (where o.status in ${CANCELLED}))::int as cancelled,
      avg(extract(epoch from h.accepted_at - h.new_at) / 60) as to_accept,
      avg(extract(epoch from h.ready_at - h.accepted_at) / 60) as cooking,
      avg(extract(epoch from h.handed_at - h.ready_at) / 60) as to_hand_over
    from orders o
    cross join lateral (
      select
        min(s.created_at) filter (where s.status = 'new') as new_at,
        min(s.created_at) filter (where s.status = 'operator-accepted') as accepted_at,
        min(s.created_at) filter (where s.status = 'vendor-ready') as ready_at,
        min(s.created_at) filter (
          where s.status = case when o.delivery_type = 'delivery' then 'delivered' else 'finished' end
        ) as handed_at,
        bool_or(s.status not in ${NEVER_WORKED}) as worked
      from order_status_history s
      where s.order_id = o.id
    ) h
    where o.shipper_id = ${staff.shipperId}
      and o.created_at >= ${from.toISOString()}::timestamptz
      and o.created_at < ${to.toISOString()}::timestamptz
      ${own ? sql`and o.branch_id = ${own}` : sql``}
      and coalesce(h.worked, false)
    group by o.branch_id
  `);
  const byBranch = new Map(rowsOf<FigureRow>(result).map((r) => [r.branch_id, r]));
  const figures: TBranchFigures[] = branchRows.map((b) => {
    const r = byBranch.get(b.id);
    return {
      branch_id: b.id,
      name: b.name,
      orders: Number(r?.orders ?? 0),
      revenue: Number(r?.revenue ?? 0),
      cancelled: Number(r?.cancelled ?? 0),
      avg_minutes: {
        to_accept: minutes(r?.to_accept ?? null),
        cooking: minutes(r?.cooking ?? null),
        to_hand_over: minutes(r?.to_hand_over ?? null),
      },
    };
  });
  return { date: day, branches: figures };
}
