/**
 * The purge of payment_calls, the log of every call a provider made to our merchant endpoints, which
 * otherwise grows forever (refused calls from anyone included). A call is kept
 * PAYMENT_CALLS_RETENTION_DAYS, 90 by default: a quarter, long enough to answer a customer's or a
 * provider's question about a payment (a dispute, a month's reconciliation with Payme or Click) with
 * time to spare, and the span the staff sign-in record is kept (SIGN_IN_RETENTION_MS). What the money
 * depends on, payment_transactions and orders, is never purged.
 */
import type { FastifyInstance } from 'fastify';
import { registerIntervalJob } from '../../jobs/interval-job.ts';
import { deletePaymentCallsBefore } from './payments.repository.ts';

/**
 * How often payment_calls is purged (besides once at start). Each round deletes what crossed the
 * retention since the last one: a quarter of an hour's calls of 90 days ago, a batch or none.
 */
export const PAYMENT_CALLS_PURGE_INTERVAL_MS = 15 * 60_000;
/** Calls deleted per statement (its own transaction): one short lock on a thousand small rows. */
export const PAYMENT_CALLS_PURGE_BATCH = 1_000;
/**
 * Batches per round at most. A backlog (the first start on a table that grew for years, a flood of
 * calls 90 days ago) goes in pieces of 20 000 rows per round and process, about two million a day,
 * rather than in one long round: the first round runs before the app is ready (interval-job.ts).
 */
export const PAYMENT_CALLS_PURGE_MAX_BATCHES = 20;
const DAY = 24 * 60 * 60_000;

type PurgeApp = Pick<FastifyInstance, 'db' | 'clock'> & {
  config: Pick<FastifyInstance['config'], 'PAYMENT_CALLS_RETENTION_DAYS'>;
};

export type PurgeLimits = { batch: number; maxBatches: number };

/**
 * Deletes the calls recorded more than PAYMENT_CALLS_RETENTION_DAYS ago (app.clock), in batches of
 * `limits.batch` rows, each its own statement, until a batch comes back short, `limits.maxBatches`
 * have run, or `closing` is aborted (the app closes: it waits for one batch, not the backlog). Safe
 * with several API processes at once: each batch takes its rows `for update skip locked`, so they
 * delete different rows and never wait on each other. Returns how many were deleted.
 *
 * Nothing reads old calls back: the log is for people (disputes, a provider's support). Payme's
 * GetStatement and the repeat answers of both providers read payment_transactions, which is not purged.
 */
export async function runPaymentCallsPurge(
  app: PurgeApp,
  closing?: AbortSignal,
  limits: PurgeLimits = { batch: PAYMENT_CALLS_PURGE_BATCH, maxBatches: PAYMENT_CALLS_PURGE_MAX_BATCHES },
): Promise<number> {
  const before = new Date(app.clock().getTime() - app.config.PAYMENT_CALLS_RETENTION_DAYS * DAY);
  let deleted = 0;
  for (let batches = 0; batches < limits.maxBatches && !closing?.aborted; batches++) {
    const batch = await deletePaymentCallsBefore(app.db, before, limits.batch);
    deleted += batch;
    if (batch < limits.batch) break;
  }
  return deleted;
}

/** Runs the purge once when the app is ready and every `intervalMs` after, until it closes. */
export function registerPaymentCallsPurgeJob(
  app: FastifyInstance,
  intervalMs = PAYMENT_CALLS_PURGE_INTERVAL_MS,
): void {
  const didWork = 'payment calls past PAYMENT_CALLS_RETENTION_DAYS deleted';
  registerIntervalJob(app, {
    name: 'the payment calls purge',
    run: async (closing) => {
      const deleted = await runPaymentCallsPurge(app, closing);
      // A count, not ids: logged here (registerIntervalJob logs a round's ids as orders).
      if (deleted > 0)
        app.log.info({ deleted, retentionDays: app.config.PAYMENT_CALLS_RETENTION_DAYS }, didWork);
      return [];
    },
    didWork,
    intervalMs,
  });
}
