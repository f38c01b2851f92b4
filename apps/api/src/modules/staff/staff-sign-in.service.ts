/** The staff sign-in: limits, hashing slots, the record of attempts and the token. */
import type { TStaffMember } from '@app/contracts';
import type { StaffAccountRow } from '../../db/schema/index.ts';
import { addressBucket } from '../../http/client-address.ts';
import { apiError, cataloguedError, tooManyRequests } from '../../http/errors.ts';
import { hashToken, newAccessToken } from '../customers/tokens.ts';
import { type HashSlots, HashSlotsFull } from './hash-slots.ts';
import { verifyPassword } from './passwords.ts';
import { lockSignInsOf, signInWaitMs } from './sign-in-limits.ts';
import { deleteSignIn, insertPendingSignIn, pruneSignIns, resolveSignIn } from './sign-ins.repository.ts';
import type { StaffDeps } from './staff.deps.ts';
import { findStaffByLogin, insertStaffToken, lockStaffAccount } from './staff.repository.ts';

/** A staff sign-in lasts one long shift. */
export const STAFF_TOKEN_TTL_MS = 12 * 60 * 60_000;

/** What a sign-in needs besides the database: where password hashes run (hash-slots.ts). */
export type StaffLoginDeps = Pick<StaffDeps, 'db' | 'clock'> & { hashSlots: HashSlots };

/** Who is signing in, as the HTTP layer saw them (kept in the record of sign-ins). */
export type SignInClient = { ip: string; userAgent: string | undefined };

/** Longest texts kept in the record; the contract already bounds the login to 60 characters. */
const RECORD_MAX = { login: 100, address: 100, userAgent: 256 } as const;
/** The first `n` characters (whole code points, so no surrogate half ends up in the database). */
const bounded = (text: string, n: number) =>
  text.length <= n ? text : Array.from(text).slice(0, n).join('');

/** How long a client is asked to wait when every hashing slot is busy: a few hashes' time. */
const BUSY_RETRY_AFTER_SECONDS = 1;

const signInLimited = (waitMs: number) =>
  tooManyRequests('STAFF_LOGIN_LIMIT', waitMs / 1000, { seconds: Math.max(1, Math.ceil(waitMs / 1000)) });
const signInBusy = () =>
  cataloguedError(503, 'STAFF_LOGIN_BUSY', [undefined], {
    headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
  });

export const toStaffMember = (row: StaffAccountRow): TStaffMember => ({
  id: row.id,
  login: row.login,
  name: row.name,
  role: row.role,
  branch_id: row.branchId,
});

/**
 * Signs a staff member in:
 * 1. Under the sign-in locks, in one transaction: the limits (sign-in-limits.ts: per login, per login
 *    and address, per address, growing delays) refuse with 429 and Retry-After before any hashing, or
 *    the attempt is recorded as 'pending' (counted from then on, so parallel attempts cannot slip past).
 * 2. The password is checked in a hashing slot (hash-slots.ts); when all are busy and the queue is full
 *    the attempt is forgotten (it was never checked) and answered 503 with Retry-After. An unknown
 *    login costs the same scrypt as a wrong password and is limited and recorded the same.
 * 3. The record gets its outcome; a success and its token are written in one transaction, which first
 *    reads the account again under its row lock: a password reset or a disable that committed while
 *    the password was being checked turns the sign-in down (as a wrong password, an inactive account),
 *    so no token outlives the revocation. The token is stored as its SHA-256 like a customer's, valid
 *    STAFF_TOKEN_TTL_MS.
 */
export async function staffLogin(
  deps: StaffLoginDeps,
  shipperId: string,
  input: { login: string; password: string },
  client: SignInClient,
): Promise<{ staff: TStaffMember; access_token: string; expires_at: string }> {
  const loginTyped = bounded(input.login.trim(), RECORD_MAX.login);
  const login = loginTyped.toLowerCase();
  const key = { shipperId, login, bucket: addressBucket(client.ip) };
  const now = deps.clock();
  const { account, attemptId } = await deps.db.transaction(async (tx) => {
    await lockSignInsOf(tx, key);
    const waitMs = await signInWaitMs(tx, key, now);
    if (waitMs > 0) throw signInLimited(waitMs);
    const found = await findStaffByLogin(tx, { shipperId, login });
    const id = await insertPendingSignIn(tx, {
      ...key,
      loginTyped,
      staffId: found?.id ?? null,
      address: bounded(client.ip, RECORD_MAX.address),
      userAgent: client.userAgent === undefined ? null : bounded(client.userAgent, RECORD_MAX.userAgent),
      createdAt: now,
    });
    return { account: found, attemptId: id };
  });

  let matches: boolean;
  try {
    matches = await deps.hashSlots.run(() => verifyPassword(input.password, account?.passwordHash ?? null));
  } catch (error) {
    if (!(error instanceof HashSlotsFull)) throw error;
    await deleteSignIn(deps.db, attemptId);
    throw signInBusy();
  }
  await pruneSignIns(deps.db, now);

  if (!account || !matches || !account.isActive) {
    const outcome = !account ? 'unknown-login' : !matches ? 'wrong-password' : 'inactive-account';
    await resolveSignIn(deps.db, attemptId, outcome);
    throw apiError(401, 'STAFF_LOGIN_FAILED');
  }
  const token = newAccessToken();
  const expiresAt = new Date(now.getTime() + STAFF_TOKEN_TTL_MS);
  // The password was checked against the account as read before hashing, outside any lock: a password
  // reset or a disable may have committed since, revoking the tokens that existed then. So the account
  // is read again under its row lock (a reset or disable waits for this transaction, or came first and
  // is seen here) and the token is written only if it is still the same password and still active.
  const signedIn = await deps.db.transaction(async (tx) => {
    const current = await lockStaffAccount(tx, account.id);
    const outcome =
      current?.passwordHash !== account.passwordHash
        ? 'wrong-password'
        : !current.isActive
          ? 'inactive-account'
          : 'signed-in';
    await resolveSignIn(tx, attemptId, outcome);
    if (!current || outcome !== 'signed-in') return null;
    await insertStaffToken(tx, { staffId: current.id, tokenHash: hashToken(token), now, expiresAt });
    return current;
  });
  if (!signedIn) throw apiError(401, 'STAFF_LOGIN_FAILED');
  return { staff: toStaffMember(signedIn), access_token: token, expires_at: expiresAt.toISOString() };
}
