import type { FastifyInstance } from 'fastify';
import { registerPgliteVacuumJob } from './db/pglite-vacuum.job.ts';
import { registerLoyaltyOutboxJob } from './modules/loyalty/loyalty-outbox.job.ts';
import { registerFutureOrdersJob, runFutureOrdersJob } from './modules/order-status/future-orders.job.ts';
import { registerPaymentCallsPurgeJob } from './modules/payments/payment-calls-purge.job.ts';
import { registerPaymentTimeoutJob, runPaymentTimeoutJob } from './modules/payments/payment-timeout.job.ts';

/**
 * The API's background jobs, each on its own interval (jobs/interval-job.ts) and stopped when the app
 * closes: scheduled orders becoming due, unpaid online orders timing out, old payment calls purged,
 * the loyalty outbox (iiko) and PGlite's upkeep. buildApp registers them unless told not to
 * (buildTestApp).
 */
export function registerJobs(app: FastifyInstance): void {
  registerFutureOrdersJob(app);
  registerPaymentTimeoutJob(app);
  registerPaymentCallsPurgeJob(app);
  registerLoyaltyOutboxJob(app);
  // Last: its first round at start follows the purge's (PGlite only: no autovacuum there).
  registerPgliteVacuumJob(app);
}

/** The jobs that read the clock, one round each (the test clock's move). */
export async function runTimedJobs(app: FastifyInstance): Promise<void> {
  await runFutureOrdersJob(app);
  await runPaymentTimeoutJob(app);
}
