import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffLoginFailures } from '../../db/schema/index.ts';

/**
 * Wrong staff passwords per login: at most STAFF_LOGIN_MAX_FAILURES in STAFF_LOGIN_WINDOW_MS, then the
 * login is refused (429) until the oldest counted failure leaves the window; a right password clears
 * the count. Rows in `staff_login_failures`, so the limit survives restarts and holds across API
 * processes.
 */
export const STAFF_LOGIN_MAX_FAILURES = 10;
export const STAFF_LOGIN_WINDOW_MS = 15 * 60_000;

export type LoginKey = { shipperId: string; login: string };

const forLogin = (key: LoginKey) =>
  and(eq(staffLoginFailures.shipperId, key.shipperId), eq(staffLoginFailures.login, key.login));

/** Milliseconds until this login may try again, or 0. */
export async function loginRetryAfterMs(db: DbOrTx, key: LoginKey, now: Date): Promise<number> {
  const since = new Date(now.getTime() - STAFF_LOGIN_WINDOW_MS);
  const recent = await db
    .select({ at: staffLoginFailures.createdAt })
    .from(staffLoginFailures)
    .where(and(forLogin(key), gt(staffLoginFailures.createdAt, since)))
    .orderBy(asc(staffLoginFailures.createdAt));
  if (recent.length < STAFF_LOGIN_MAX_FAILURES) return 0;
  // The failure whose leaving the window brings the count below the limit.
  const pivot = recent[recent.length - STAFF_LOGIN_MAX_FAILURES]?.at ?? now;
  return Math.max(1, pivot.getTime() + STAFF_LOGIN_WINDOW_MS - now.getTime());
}

/** Counts one wrong password, and drops this login's failures that have left the window. */
export async function recordLoginFailure(db: DbOrTx, key: LoginKey, now: Date): Promise<void> {
  const since = new Date(now.getTime() - STAFF_LOGIN_WINDOW_MS);
  await db.delete(staffLoginFailures).where(and(forLogin(key), lte(staffLoginFailures.createdAt, since)));
  await db.insert(staffLoginFailures).values({ ...key, createdAt: now });
}

/** A right password: the count starts again. */
export async function clearLoginFailures(db: DbOrTx, key: LoginKey): Promise<void> {
  await db.delete(staffLoginFailures).where(forLogin(key));
}
