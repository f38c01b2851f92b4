import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../db/client.ts';

/**
 * The database's clock now (`clock_timestamp()`), to the millisecond as the status stamps have it
 * (order-status.repository's STATUS_STAMP): what an order's status times come from, never the app's
 * clock (`app.clock`, the tests' TestClock) nor this process's. PGlite's clock is this process's
 * system time (its `Date`); PostgreSQL's is the server's.
 */
export async function databaseNow(db: DbOrTx): Promise<Date> {
  const result = await db.execute(
    sql`select to_char(date_trunc('milliseconds', clock_timestamp()) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as now`,
  );
  const [row] = (result as unknown as { rows: { now: string }[] }).rows;
  if (!row) throw new Error('databaseNow: no row');
  return new Date(row.now);
}

/**
 * A window of the database's clock: `since` read now; `close()` reads its end (else the first check
 * does); `expectWithin(at)` checks that `at` (a status time) was stamped by the database in between.
 */
export async function databaseWindow(db: DbOrTx) {
  const since = await databaseNow(db);
  let until: Date | null = null;
  const close = async (): Promise<Date> => {
    until ??= await databaseNow(db);
    return until;
  };
  return {
    since,
    close,
    async expectWithin(at: string | Date, label?: string): Promise<void> {
      const end = await close();
      const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
      const where = `${typeof at === 'string' ? at : at.toISOString()} within the database's ${since.toISOString()} .. ${end.toISOString()}`;
      expect(time, label ? `${label}: ${where}` : where).toBeGreaterThanOrEqual(since.getTime());
      expect(time, label ? `${label}: ${where}` : where).toBeLessThanOrEqual(end.getTime());
    },
  };
}
