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
