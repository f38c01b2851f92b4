/**
 * The upkeep PostgreSQL's background processes do, done by hand on PGlite. PGlite runs PostgreSQL
 * as a standalone backend (`--single`, PGlite.defaultStartParams): no postmaster, so no autovacuum
 * launcher and no checkpointer (`autovacuum` reads 'on' and nothing acts on it; pg_stat_activity
 * lists one 'standalone backend'). So on PGlite:
 * - the rows the API deletes (the purges of payment_calls, staff_sign_ins, rate_limits,
 *   idempotency_keys, order_status_outbox) and the old versions its updates leave (orders' statuses,
 *   rate_limits' counters, otp_codes) are never vacuumed: the space they held is never reused and
 *   every table and index only grows (measured: rate_limits grew by 1 MB per 5,000 rows deleted);
 * - no checkpoint runs while the process lives (a standalone backend never asks for one when
 *   max_wal_size is passed), so pg_wal keeps every write since the start (measured: 262 MB after
 *   40 rounds of the above, still there after a restart).
 * This job runs a plain VACUUM (never FULL: it rewrites tables under an exclusive lock) of the whole
 * database and a CHECKPOINT, on PGlite only. On PostgreSQL autovacuum and the checkpointer do it, and
 * the job registers nothing.
 *
 * A PGlite database is one connection: its `exec()` waits for PGlite's transaction mutex, which
 * `transaction()` holds for the whole of a request's transaction (db/pglite-statements.ts keeps
 * that), so the VACUUM runs between transactions, never inside one (where PostgreSQL would refuse
 * it), and requests wait for it as they wait for each other.
 */
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { type IntervalJobControl, registerIntervalJob } from '../jobs/interval-job.ts';
import type { Db } from './client.ts';

/**
 * How often the job looks at the dead rows and the write-ahead log (one statement of a millisecond
 * or so); a round VACUUMs or CHECKPOINTs only when one is due (below). A minute: a purge's dead rows
 * are vacuumed within about a minute of it.
 */
export const PGLITE_MAINTENANCE_CHECK_MS = 60_000;
/**
 * The longest time between two VACUUMs, and between two CHECKPOINTs, whatever the counts say. A
 * table grows by at most what is written to it between two VACUUMs; on the demo chain a VACUUM of
 * the whole database takes about 20 ms when little changed, 240 ms the first time after the seed.
 */
export const PGLITE_VACUUM_INTERVAL_MS = 15 * 60_000;
/**
 * Dead rows (pg_stat_user_tables.n_dead_tup, all tables) that make a VACUUM due before the interval:
 * one batch of the payment calls purge (PAYMENT_CALLS_PURGE_BATCH) or two of the rate limits' clean-up.
 * PostgreSQL's autovacuum would take a table at 50 dead rows plus a fifth of its rows.
 */
export const PGLITE_VACUUM_DEAD_ROWS = 1_000;
/**
 * Write-ahead log since the last checkpoint that makes a CHECKPOINT due before the interval (the
 * role max_wal_size, 1 GB by default, plays for PostgreSQL's checkpointer; 64 MB is four segments).
 */
export const PGLITE_CHECKPOINT_WAL_BYTES = 64 * 1024 * 1024;
/**
 * A round whose VACUUM and CHECKPOINT took this long, waiting for their turn included, is logged as a
 * warning: the requests that came meanwhile waited behind them.
 */
export const PGLITE_MAINTENANCE_SLOW_MS = 1_000;

export type PgliteMaintenanceLimits = {
  intervalMs: number;
  deadRows: number;
  walBytes: number;
};

const DEFAULT_LIMITS: PgliteMaintenanceLimits = {
  intervalMs: PGLITE_VACUUM_INTERVAL_MS,
  deadRows: PGLITE_VACUUM_DEAD_ROWS,
  walBytes: PGLITE_CHECKPOINT_WAL_BYTES,
};

/** What one round found and did; the durations are null for what it did not run. */
export type PgliteMaintenanceRound = {
  /** Dead rows in all tables before the round (pg_stat_user_tables). */
  deadRows: number;
  /** Write-ahead log since the last checkpoint, before the round. */
  walBytes: number;
  vacuumMs: number | null;
  checkpointMs: number | null;
};

export type PgliteMaintenance = {
  /** One round: a VACUUM when due, then a CHECKPOINT when due (skipped when `closing` is aborted). */
  run: (closing?: AbortSignal) => Promise<PgliteMaintenanceRound>;
};

/** The PGlite instance under a Drizzle database, or null on PostgreSQL (adapters/order-events does the same). */
export function pgliteClientOf(db: Db): PGlite | null {
  // `$client` is on both Drizzle drivers but not on the driver-neutral PgDatabase type.
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

type Counts = { dead_rows: number; wal_bytes: number };

/**
 * The maintenance of one PGlite database. `now` is a monotonic clock in milliseconds (not the app's
 * clock, which tests move by days). The first round VACUUMs and CHECKPOINTs whatever the counts:
 * PGlite starts with its statistics empty (n_dead_tup reads 0 after a restart, measured), so the dead
 * rows left before it would otherwise wait for the interval. A failed statement leaves its time as it
 * was: the next round tries it again.
 */
export function pgliteMaintenance(
  client: PGlite,
  options: { now?: () => number; limits?: Partial<PgliteMaintenanceLimits> } = {},
): PgliteMaintenance {
  const now = options.now ?? (() => performance.now());
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  let lastVacuum = Number.NEGATIVE_INFINITY;
  let lastCheckpoint = Number.NEGATIVE_INFINITY;

  const timed = async (statement: string): Promise<number> => {
    const start = now();
    // Simple protocol, one statement, outside any transaction (VACUUM may not run in one).
    await client.exec(statement);
    return now() - start;
  };

  return {
    run: async (closing) => {
      // A statement's table counts reach pg_stat_* at its end, at most once a second: this makes the
      // next one hand them over, so the read below sees the purge that just ran.
      await client.query('select pg_stat_force_next_flush()');
      const { rows } = await client.query<Counts>(
        `select
          (select coalesce(sum(n_dead_tup), 0) from pg_stat_user_tables)::float8 as dead_rows,
          (pg_current_wal_lsn() - (select redo_lsn from pg_control_checkpoint()))::float8 as wal_bytes`,
      );
      const deadRows = Number(rows[0]?.dead_rows ?? 0);
      const walBytes = Number(rows[0]?.wal_bytes ?? 0);
      const round: PgliteMaintenanceRound = { deadRows, walBytes, vacuumMs: null, checkpointMs: null };
      if (deadRows >= limits.deadRows || now() - lastVacuum >= limits.intervalMs) {
        round.vacuumMs = await timed('VACUUM');
        lastVacuum = now();
      }
      // The app closing: PGlite's close() writes a shutdown checkpoint of its own.
      if (closing?.aborted) return round;
      if (walBytes >= limits.walBytes || now() - lastCheckpoint >= limits.intervalMs) {
        round.checkpointMs = await timed('CHECKPOINT');
        lastCheckpoint = now();
      }
      return round;
    },
  };
}

const NOTHING_TO_DO: IntervalJobControl = { tick: async () => {}, nudge: async () => {} };

/**
 * On PGlite, runs a maintenance round when the app is ready and every `checkMs` after, until it
 * closes (registerIntervalJob: rounds never overlap, a failed one is logged and the next runs; the
 * timer is unref'd and cleared on close). Returns the job's control: a purge that deleted rows may
 * `nudge()` it rather than wait for the next look. On PostgreSQL it registers nothing and its control
 * does nothing.
 */
export function registerPgliteVacuumJob(
  app: FastifyInstance,
  options: { checkMs?: number; maintenance?: PgliteMaintenance } = {},
): IntervalJobControl {
  const client = pgliteClientOf(app.db);
  if (!client) return NOTHING_TO_DO;
  const maintenance = options.maintenance ?? pgliteMaintenance(client);
  const didWork = 'PGlite maintenance: VACUUM and CHECKPOINT';
  return registerIntervalJob(app, {
    name: 'the PGlite maintenance job',
    run: async (closing) => {
      const round = await maintenance.run(closing);
      if (round.vacuumMs !== null || round.checkpointMs !== null) {
        const tookMs = (round.vacuumMs ?? 0) + (round.checkpointMs ?? 0);
        const fields = { ...round, tookMs: Math.round(tookMs) };
        if (tookMs >= PGLITE_MAINTENANCE_SLOW_MS) app.log.warn(fields, `${didWork} took long`);
        else app.log.debug(fields, didWork);
      }
      // Nothing for registerIntervalJob to log as orders.
      return [];
    },
    didWork,
    intervalMs: options.checkMs ?? PGLITE_MAINTENANCE_CHECK_MS,
  });
}
