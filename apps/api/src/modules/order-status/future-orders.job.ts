import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { branches, orderLines, orders, products } from '../../db/schema/index.ts';
import { registerIntervalJob } from '../../jobs/interval-job.ts';
import { applyEvent } from './order-status.service.ts';

/** How often scheduled orders are checked (besides once at start). */
export const FUTURE_ORDERS_INTERVAL_MS = 30_000;
/** Orders moved per transaction; the rest wait for the next round (which follows at once). */
const BATCH = 100;

type JobApp = Pick<FastifyInstance, 'db' | 'clock' | 'orderEvents' | 'loyalty'>;

/**
 * How long before its time a scheduled order must reach the kitchen, in minutes: the branch's
 * delivery time for delivery; for pickup its cooking time (what the kitchen's timer counts a pickup
 * against, staff.repository's targetMinutes), or the longest cooking time of the order's dishes
 * when one of them takes longer.
 */
const leadMinutes = sql`case when ${orders.deliveryType} = 'delivery' then ${branches.deliveryTime}
  else greatest(${branches.cookingTime}, coalesce((select max(${products.cookingTime}) from ${orderLines}
    join ${products} on ${products.id} = ${orderLines.productId}
    where ${orderLines.orderId} = ${orders.id}), 0)) end`;

/**
 * Moves every scheduled order whose time has come (future_time minus its lead is not after now) from
 * 'future' to 'new', as the server ('future-due'). The rows are taken with `for update skip locked` and
 * moved in that same transaction, so when several API processes run the job at once each order is
 * moved by exactly one of them (a row another process holds is skipped; one it has moved no longer
 * matches `status = 'future'`). Returns the ids it moved.
 */
export async function runFutureOrdersJob(app: JobApp): Promise<string[]> {
  const moved: string[] = [];
  for (;;) {
    const now = app.clock();
    const batch = await app.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(branches, eq(branches.id, orders.branchId))
        .where(
          and(
            eq(orders.status, 'future'),
            isNotNull(orders.futureTime),
            sql`${orders.futureTime} - make_interval(mins => ${leadMinutes}) <= ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(orders.futureTime))
        .limit(BATCH)
        .for('update', { of: orders, skipLocked: true });
      for (const { id } of due) await applyEvent(app, tx, id, 'future-due', 'server');
      return due.map((d) => d.id);
    });
    moved.push(...batch);
    if (batch.length < BATCH) return moved;
  }
}

/** Runs the job once when the app is ready and every `intervalMs` after, until it closes. */
export function registerFutureOrdersJob(app: FastifyInstance, intervalMs = FUTURE_ORDERS_INTERVAL_MS): void {
  registerIntervalJob(app, {
    name: 'the scheduled orders job',
    run: () => runFutureOrdersJob(app),
    didWork: 'scheduled orders are due: moved to new',
    intervalMs,
  });
}
