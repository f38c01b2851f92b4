import { and, count, desc, eq, gt, max, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffSignIns } from '../../db/schema/index.ts';

/**
 * Growing delays instead of a lock (OWASP Authentication Cheat Sheet; NIST SP 800-63B 5.2.2): in each
 * scope the first `free` failures cost nothing, then every further failure doubles the wait before the
 * next attempt, starting at `firstDelayMs`, up to `maxDelayMs`, counted from the scope's latest
 * failure. Failures older than `windowMs` are forgotten. An attempt that has to wait is refused with
 * 429 and `Retry-After` before any password is hashed and is not counted, so hammering during a wait
 * neither costs CPU nor makes the wait longer.
 */
export type Backoff = { free: number; firstDelayMs: number; maxDelayMs: number; windowMs: number };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SIGN_IN_LIMITS = {
  /**
   * One login, from every address together: the only limit a spray from many addresses meets, and it
   * also holds up the real owner, so its wait stays short: 5 failures free (a fumbling owner never
   * waits), then 1 s, 2 s, 4 s ... at most 60 s. Whoever attacks one account from any number of
   * addresses gets at most one guess a minute (1,440 a day) once the free ones are spent, and the
   * owner is let in at most a minute after the attacker's last failure (sooner from an address they
   * signed in from before: KNOWN_ADDRESS_MS).
   */
  perLogin: { free: 5, firstDelayMs: SECOND, maxDelayMs: MINUTE, windowMs: HOUR },
  /**
   * One login from one address (IPv4, or IPv6 /64): one client guessing one account. Nobody but that
   * client waits here, so the wait may grow long: 5 free, then doubling from 1 s to at most 30 min
   * (reached after 17 failures: about 50 guesses a day). A right password clears it.
   */
  perPair: { free: 5, firstDelayMs: SECOND, maxDelayMs: 30 * MINUTE, windowMs: DAY },
  /**
   * One address (IPv4, or IPv6 /64) across every login: spraying. 20 free a day, since a branch's
   * staff may share one NAT address and mistype now and then, then doubling from 1 s to at most an
   * hour (reached after 32 failures: about 24 guesses a day more). Not cleared by a right password,
   * or an attacker with one account of their own could reset it between guesses.
   */
  perAddress: { free: 20, firstDelayMs: SECOND, maxDelayMs: HOUR, windowMs: DAY },
} as const satisfies Record<string, Backoff>;

/**
 * An address (bucket) this login signed in from within 30 days is the owner's usual place: the
 * per-login wait does not hold it up, so a spray from elsewhere cannot keep the owner out even for
 * the minute (OWASP's "device cookie" idea, by address). The pair and per-address limits still apply
 * to it, so an attacker behind the same address gains nothing.
 */
export const KNOWN_ADDRESS_MS = 30 * DAY;

/** The wait after `failures` counted failures in a scope (0: the next attempt may go ahead). */
export function backoffDelayMs(rule: Backoff, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (failures - rule.free));
}

/** Who is signing in where: the login as the limits count it, and the client address's bucket. */
export type SignInKey = { shipperId: string; login: string; bucket: string };

/** Advisory-lock namespaces (first key of pg_advisory_xact_lock(int, int)); the customers' are 31_00x. */
const LOCK_LOGIN = 31_101;
const LOCK_BUCKET = 31_102;

/**
 * Serialises sign-in attempts per login and per address bucket until the transaction ends. The check
 * (signInWaitMs) and the attempt's own row (a 'pending' one, counted as a failure until it is
 * resolved) are written under these locks in one transaction, so of parallel wrong attempts each one
 * sees the ones before it counted: none slips past a limit. The locks are held only for those few
 * queries, never while the password hashes. Always login first, then address: one order, no deadlock.
 */
export async function lockSignInsOf(tx: DbOrTx, key: SignInKey): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${LOCK_LOGIN}, hashtext(${`${key.shipperId}:${key.login}`}))`,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BUCKET}, hashtext(${key.bucket}))`);
}

const s = staffSignIns;
/** Anything but a success counts: wrong passwords, unknown logins, inactive accounts, pending checks. */
const failed = ne(s.outcome, 'signed-in');
const forLogin = (key: SignInKey) => and(eq(s.shipperId, key.shipperId), eq(s.login, key.login));
const forPair = (key: SignInKey) => and(forLogin(key), eq(s.bucket, key.bucket));

/** How many failures match `where` since `since`, and when the latest was. */
async function failuresOf(db: DbOrTx, where: SQL | undefined, since: Date) {
  const [row] = await db
    .select({ n: count(), last: max(s.createdAt) })
    .from(s)
    .where(and(where, failed, gt(s.createdAt, since)));
  return { n: row?.n ?? 0, last: row?.last ?? null };
}

/** The pair's latest success within KNOWN_ADDRESS_MS, if any. */
async function lastSuccessOfPair(db: DbOrTx, key: SignInKey, now: Date) {
  const [row] = await db
    .select({ id: s.id })
    .from(s)
    .where(
      and(
        forPair(key),
        eq(s.outcome, 'signed-in'),
        gt(s.createdAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    )
    .orderBy(desc(s.id))
    .limit(1);
  return row;
}

/**
 * How long this attempt must wait in milliseconds (the longest of the scopes' waits), 0 when it may go
 * ahead. Call it under lockSignInsOf, in the transaction that then records the attempt.
 */
export async function signInWaitMs(db: DbOrTx, key: SignInKey, now: Date): Promise<number> {
  const t = now.getTime();
  const known = await lastSuccessOfPair(db, key, now);
  const scopes: [Backoff, SQL | undefined][] = [
    // The pair counts only the failures after its latest success (under the login lock, one login's
    // attempts get their ids in order).
    [SIGN_IN_LIMITS.perPair, and(forPair(key), known ? gt(s.id, known.id) : undefined)],
    [SIGN_IN_LIMITS.perAddress, eq(s.bucket, key.bucket)],
  ];
  if (!known) scopes.push([SIGN_IN_LIMITS.perLogin, forLogin(key)]);
  let longest = 0;
  for (const [rule, where] of scopes) {
    const { n, last } = await failuresOf(db, where, new Date(t - rule.windowMs));
    if (last) longest = Math.max(longest, last.getTime() + backoffDelayMs(rule, n) - t);
  }
  return longest;
}
