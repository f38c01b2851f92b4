import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type OtpCodeRow, type OtpPurpose, otpCodes } from '../../db/schema/index.ts';

/** Advisory-lock namespaces (first key of pg_advisory_xact_lock(int, int)). */
const LOCK_PHONE = 31_001;
const LOCK_IP = 31_002;
const LOCK_BUDGET = 31_003;

/**
 * Serialises code sends per phone, per client address bucket and for the whole API's SMS budget
 * until the transaction ends, so two parallel requests cannot both pass a limit check. Always phone,
 * then address, then budget: one order, no deadlock. The budget lock is held only while the send is
 * checked and recorded (the SMS itself goes out after the commit).
 */
export async function lockSendsOf(tx: DbOrTx, params: { phone: string; ipBucket: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PHONE}, hashtext(${params.phone}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IP}, hashtext(${params.ipBucket}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_BUDGET}, 0)`);
}

/**
 * A send that counts against the limits: every one but those the provider certainly did not make
 * (failed_at: a 4xx refusal). A timeout or a 5xx may have sent the SMS, so it counts.
 */
const sent = () => isNull(otpCodes.failedAt);

/** When codes went to this phone since `since` (sends the provider certainly did not make excluded), oldest first. */
export async function sendTimesOfPhone(tx: DbOrTx, params: { phone: string; since: Date }): Promise<Date[]> {
  const rows = await tx
    .select({ at: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, params.phone), gt(otpCodes.createdAt, params.since), sent()))
    .orderBy(asc(otpCodes.createdAt));
  return rows.map((r) => r.at);
}

/** When codes were asked from this address bucket (an IPv4 address, an IPv6 /64) since `since`. */
export async function sendTimesOfIpBucket(
  tx: DbOrTx,
  params: { ipBucket: string; since: Date },
): Promise<Date[]> {
  const rows = await tx
    .select({ at: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.ipBucket, params.ipBucket), gt(otpCodes.createdAt, params.since), sent()))
    .orderBy(asc(otpCodes.createdAt));
  return rows.map((r) => r.at);
}

/** Sends since `since`, of one purpose when given (see `sent`). */
const sentSince = (since: Date, purpose?: OtpPurpose) =>
  and(gt(otpCodes.createdAt, since), sent(), purpose ? eq(otpCodes.purpose, purpose) : undefined);

/** How many codes the whole API sent (see `sent`) since `since`, every chain together; of one purpose when given. */
export async function sendCountSince(tx: DbOrTx, since: Date, purpose?: OtpPurpose): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(otpCodes).where(sentSince(since, purpose));
  return row?.n ?? 0;
}

/**
 * When the `nth` newest send since `since` went out: once it leaves the window, fewer than `nth`
 * sends are left in it (the moment a full budget frees one place).
 */
export async function nthNewestSendSince(
  tx: DbOrTx,
  since: Date,
  nth: number,
  purpose?: OtpPurpose,
): Promise<Date | undefined> {
  const [row] = await tx
    .select({ at: otpCodes.createdAt })
    .from(otpCodes)
    .where(sentSince(since, purpose))
    .orderBy(desc(otpCodes.createdAt))
    .offset(nth - 1)
    .limit(1);
  return row?.at;
}

const live = () => and(isNull(otpCodes.usedAt), isNull(otpCodes.voidedAt), isNull(otpCodes.failedAt));

/** A new code for a phone voids every code of that phone still open (whatever it was for). */
export async function voidOpenCodes(
  tx: DbOrTx,
  params: { shipperId: string; phone: string; now: Date },
): Promise<void> {
  await tx
    .update(otpCodes)
    .set({ voidedAt: params.now })
    .where(and(eq(otpCodes.shipperId, params.shipperId), eq(otpCodes.phone, params.phone), live()));
}

export type NewOtpCode = {
  shipperId: string;
  phone: string;
  purpose: OtpPurpose;
  codeHash: string;
  customerId: string | null;
  pendingName: string | null;
  ip: string;
  ipBucket: string;
  createdAt: Date;
  expiresAt: Date;
};

export async function insertCode(tx: DbOrTx, values: NewOtpCode): Promise<OtpCodeRow> {
  const [row] = await tx.insert(otpCodes).values(values).returning();
  if (!row) throw new Error('Inserting a code returned no row');
  return row;
}

/** The provider certainly did not send the code: never valid, and left out of the send counts. */
export async function markFailed(db: DbOrTx, params: { id: string; now: Date }): Promise<void> {
  await db.update(otpCodes).set({ failedAt: params.now }).where(eq(otpCodes.id, params.id));
}

/**
 * The send failed but the provider may have sent the code (a timeout, a 5xx): the code is voided (the
 * customer was told it failed) and, unlike markFailed, still counts against the limits and the budget.
 */
export async function markUnconfirmed(db: DbOrTx, params: { id: string; now: Date }): Promise<void> {
  await db.update(otpCodes).set({ voidedAt: params.now }).where(eq(otpCodes.id, params.id));
}

type CodeTarget = { shipperId: string; phone: string; purpose: OtpPurpose; customerId: string | null };

const targetOf = (t: CodeTarget) =>
  and(
    eq(otpCodes.shipperId, t.shipperId),
    eq(otpCodes.phone, t.phone),
    eq(otpCodes.purpose, t.purpose),
    t.customerId === null ? isNull(otpCodes.customerId) : eq(otpCodes.customerId, t.customerId),
  );

/**
 * Counts one try against the open code of this target and returns it, in one statement: parallel
 * guesses each take their own try, and none gets one once five are spent.
 */
export async function claimAttempt(
  db: DbOrTx,
  target: CodeTarget & { now: Date; maxAttempts: number },
): Promise<OtpCodeRow | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        targetOf(target),
        live(),
        gt(otpCodes.expiresAt, target.now),
        lt(otpCodes.attempts, target.maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** The newest code sent for this target (to explain why no try could be taken). */
export async function latestCode(db: DbOrTx, target: CodeTarget): Promise<OtpCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(targetOf(target), isNull(otpCodes.failedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  return row;
}

/** Uses the code up; false when a parallel request already did. */
export async function markUsed(tx: DbOrTx, params: { id: string; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(otpCodes)
    .set({ usedAt: params.now })
    .where(and(eq(otpCodes.id, params.id), live()))
    .returning({ id: otpCodes.id });
  return rows.length > 0;
}
