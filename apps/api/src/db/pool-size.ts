/**
 * The most connections one API process's pool opens to PostgreSQL (the status bus's LISTEN client is
 * one more, of its own). Fewer than the requests in flight on purpose: a transaction's statements are
 * round trips, and every connection is a server process competing for the database's cores. Placing
 * orders with 16 in flight on a 2-core machine (API, PostgreSQL and the load generator on it), 6
 * connections placed more orders per second than node-postgres's default of 10 in 7 of 8 alternating
 * pairs (median x1.14, range x0.80-x1.41), with a lower p99 and less CPU per order on both sides;
 * 4 and 8 (two pairs each) did not beat 10, and 16 or 24 were worse
 * (docs/perf/orders.md, round 5). A database on a machine of its own with more cores, or several
 * API processes, want another figure: DATABASE_POOL_MAX.
 */
export const DEFAULT_POOL_MAX = 6;

/**
 * How long a request waits for one of the pool's connections (or for a new one to open) before it
 * is answered 503 SERVICE_BUSY with Retry-After (error-handler.ts), in milliseconds. Without it a
 * request queued behind a full pool waits as long as the client does, and a lunch-rush backlog
 * grows instead of shedding. 5 s is far above a healthy wait (the pool turns over in milliseconds:
 * docs/perf/orders.md) and below a phone's patience. DATABASE_CONNECT_TIMEOUT_MS; 0 waits forever.
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/**
 * The longest one statement may run on PostgreSQL (its `statement_timeout`, lock waits included),
 * in milliseconds: a runaway query or a pile-up on a locked row ends in 503 SERVICE_BUSY and gives
 * its connection back, instead of holding it for good. The slowest statements of the API take tens
 * of milliseconds; migrations run without it (migrate.ts). DATABASE_STATEMENT_TIMEOUT_MS; 0 is none.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/**
 * How long PostgreSQL lets a session sit inside an open transaction without a statement
 * (`idle_in_transaction_session_timeout`) before it ends the session and so the transaction's locks,
 * in milliseconds. No transaction waits on an outside service (iiko Cloud's calls, which end within
 * IIKO_OPERATION_MS, 25 s, are made outside them: modules/ordering/order-charge.ts), so a pause this
 * long is a transaction leaked by a bug: a guard, not a pace. The ended transaction's
 * request fails with 503 SERVICE_BUSY (its next statement meets node-postgres's "not queryable",
 * http/database-errors.ts), and its connection is dropped from the pool.
 * DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS; 0 sends no setting (the server's own, 0 unless configured).
 */
export const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;
