import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword } from '../modules/staff/passwords.ts';
import type { Db } from './client.ts';
import { DEMO_STAFF_PASSWORDS } from './prepare.ts';
import { staffAccounts, staffTokens } from './schema/index.ts';

/** NIST 800-63B's floor for a memorized secret is 8; an operator's staff password gets more. */
export const MIN_STAFF_PASSWORD_LENGTH = 12;

/** Why `password` may not be a staff password, each reason once; empty when it may. */
export function staffPasswordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < MIN_STAFF_PASSWORD_LENGTH)
    problems.push(`the password must have at least ${MIN_STAFF_PASSWORD_LENGTH} characters`);
  if (DEMO_STAFF_PASSWORDS.includes(password)) problems.push('the password is the published demo password');
  return problems;
}

/**
 * Gives a staff account a new password and ends its open sessions (whoever knew the old password may
 * be signed in with it), in one transaction. False when the chain has no such login.
 */
export async function setStaffPassword(
  db: Db,
  input: { shipperId: string; login: string; password: string; now: Date },
): Promise<boolean> {
  const hash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(staffAccounts)
      .set({ passwordHash: hash })
      .where(and(eq(staffAccounts.shipperId, input.shipperId), eq(staffAccounts.login, input.login)))
      .returning({ id: staffAccounts.id });
    const account = rows[0];
    if (!account) return false;
    await tx
      .update(staffTokens)
      .set({ revokedAt: input.now })
      .where(and(eq(staffTokens.staffId, account.id), isNull(staffTokens.revokedAt)));
    return true;
  });
}
