import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders } from '../../db/schema/index.ts';
import { registerIntervalJob } from '../../jobs/interval-job.ts';
import { applyEvent } from '../order-status/order-status.service.ts';

/**
 * How often unpaid online orders are checked (besides once at start). An order is cancelled at most
 * this long after its deadline; the browser tests do not wait for it: moving the test clock runs the
 * job at once (test-clock.routes.ts).
 */
export const PAYMENT_TIMEOUT_INTERVAL_MS = 30_000;
/** Orders cancelled per transaction; the rest wait for the next round (which follows at once). */
const BATCH = 100;
const MINUTE = 60_000;

type JobApp = Pick<FastifyInstance, 'db' | 'clock' | 'orderEvents' | 'loyalty'> & {
  config: Pick<FastifyInstance['config'], 'PAYMENT_TIMEOUT_MIN'>;
};

/**
 * Cancels, as the server ('server-cancelled'), every online order still 'payment-awaited'
 * PAYMENT_TIMEOUT_MIN minutes after it was placed (app.clock, so the test clock moves it). The rows are
 * taken with `for update skip locked` and cancelled in that same transaction, so when several API
 * processes run the job at once each order is cancelled by exactly one of them; and a provider's call
 * paying the order at that moment holds the same row lock (findPaymentOrder with lock): whichever
 * commits first wins, the other sees the order no longer awaiting payment. An open Payme transaction
 * of the order (state 1) is cancelled in the same transaction (state -1, reason 4: applyEvent's
 * cancelOpenPayments). Returns the ids cancelled.
 */
export async function runPaymentTimeoutJob(app: JobApp): Promise<string[]> {
  const cancelled: string[] = [];
  for (;;) {
    const deadline = new Date(app.clock().getTime() - app.config.PAYMENT_TIMEOUT_MIN * MINUTE);
    const batch = await app.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'payment-awaited'), lte(orders.createdAt, deadline)))
        .orderBy(asc(orders.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      // Payme's created transaction goes with each order (state -1, reason 4: timeout), so its
      // CheckTransaction answers cancelled at once rather than at Payme's next call: applyEvent does
      // that for every cancel of an order awaiting payment (open-payments.ts).
      for (const { id } of due) await applyEvent(app, tx, id, 'server-cancelled', 'server');
      return due.map((d) => d.id);
    });
    cancelled.push(...batch);
    if (batch.length < BATCH) return cancelled;
  }
}

/** Runs the job once when the app is ready and every `intervalMs` after, until it closes. */
export function registerPaymentTimeoutJob(
  app: FastifyInstance,
  intervalMs = PAYMENT_TIMEOUT_INTERVAL_MS,
): void {
  registerIntervalJob(app, {
    name: 'the payment timeout job',
    run: () => runPaymentTimeoutJob(app),
    didWork: 'online orders unpaid in time: server-cancelled',
    intervalMs,
  });
}
