import { eq, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type StaffSignInOutcome, staffSignIns } from '../../db/schema/index.ts';

/** How long the record of staff sign-ins is kept: long enough to look back on an attack. */
export const SIGN_IN_RETENTION_MS = 90 * 24 * 60 * 60_000;
/**
 * Rows older than the retention removed per recorded attempt. Each attempt adds one row and may remove
 * up to this many, so the table never grows past the retention for long, and no request ever does more
 * than this bounded piece of work (no job, no unbounded DELETE).
 */
export const SIGN_IN_PRUNE_BATCH = 100;

export type NewSignIn = {
  shipperId: string;
  login: string;
  loginTyped: string;
  staffId: string | null;
  address: string;
  bucket: string;
  userAgent: string | null;
  createdAt: Date;
};

/** Records an attempt about to be checked ('pending': it counts as a failure until resolved). */
export async function insertPendingSignIn(db: DbOrTx, values: NewSignIn): Promise<number> {
  const [row] = await db
    .insert(staffSignIns)
    .values({ ...values, outcome: 'pending' })
    .returning({ id: staffSignIns.id });
  if (!row) throw new Error('Recording a staff sign-in returned no row');
  return row.id;
}

export async function resolveSignIn(db: DbOrTx, id: number, outcome: StaffSignInOutcome): Promise<void> {
  await db.update(staffSignIns).set({ outcome }).where(eq(staffSignIns.id, id));
}

/** Forgets an attempt that was never checked (the server was too busy to hash it). */
export async function deleteSignIn(db: DbOrTx, id: number): Promise<void> {
  await db.delete(staffSignIns).where(eq(staffSignIns.id, id));
}

/**
 * Removes up to SIGN_IN_PRUNE_BATCH rows older than the retention. `skip locked`: parallel prunes
 * (several API processes) take different rows instead of waiting on each other.
 */
export async function pruneSignIns(db: DbOrTx, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - SIGN_IN_RETENTION_MS);
  const old = db
    .select({ id: staffSignIns.id })
    .from(staffSignIns)
    .where(lt(staffSignIns.createdAt, cutoff))
    .limit(SIGN_IN_PRUNE_BATCH)
    .for('update', { skipLocked: true });
  await db.delete(staffSignIns).where(inArray(staffSignIns.id, old));
}
