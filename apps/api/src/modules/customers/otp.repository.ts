import { and, asc, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type OtpCodeRow, type OtpPurpose, otpCodes } from '../../db/schema/index.ts';

/** Advisory-lock namespaces (first key of pg_advisory_xact_lock(int, int)). */
const LOCK_PHONE = 31_001;
const LOCK_IP = 31_002;

/**
 * Serialises code sends per phone and per client address until the transaction ends, so two
 * parallel requests cannot both pass a limit check. Always phone first, then address: one order,
 * no deadlock.
 */
export async function lockSendsOf(tx: DbOrTx, params: { phone: string; ip: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PHONE}, hashtext(${params.phone}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IP}, hashtext(${params.ip}))`);
}

/** When codes went to this phone since `since` (sends that failed at the provider excluded), oldest first. */
export async function sendTimesOfPhone(tx: DbOrTx, params: { phone: string; since: Date }): Promise<Date[]> {
  const rows = await tx
    .select({ at: otpCodes.createdAt })
    .from(otpCodes)
    .where(
      and(eq(otpCodes.phone, params.phone), gt(otpCodes.createdAt, params.since), isNull(otpCodes.failedAt)),
    )
    .orderBy(asc(otpCodes.createdAt));
  return rows.map((r) => r.at);
}

export async function sendTimesOfIp(tx: DbOrTx, params: { ip: string; since: Date }): Promise<Date[]> {
  const rows = await tx
    .select({ at: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.ip, params.ip), gt(otpCodes.createdAt, params.since), isNull(otpCodes.failedAt)))
    .orderBy(asc(otpCodes.createdAt));
  return rows.map((r) => r.at);
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
  createdAt: Date;
  expiresAt: Date;
};

export async function insertCode(tx: DbOrTx, values: NewOtpCode): Promise<OtpCodeRow> {
  const [row] = await tx.insert(otpCodes).values(values).returning();
  if (!row) throw new Error('Inserting a code returned no row');
  return row;
}

export async function markFailed(db: DbOrTx, params: { id: string; now: Date }): Promise<void> {
  await db.update(otpCodes).set({ failedAt: params.now }).where(eq(otpCodes.id, params.id));
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
