import { and, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../modules/staff/passwords.ts';
import type { Tx } from '../client.ts';
import { branches, type StaffRole, staffAccounts } from '../schema/index.ts';
import { stableId } from './ids.ts';

/** A staff account of the demo chain (issue 5). */
export type SeedStaff = {
  login: string;
  name: string;
  /** 998XXXXXXXXX; a courier's is what the customer sees. */
  phone: string;
  role: StaffRole;
  /** A vendor's branch (slug), or a branch manager's; operators, couriers and chain managers have none. */
  branch?: string;
};

/**
 * Writes the staff accounts with `password` (scrypt-hashed). Ids are stableId('staff', login), so a
 * reseed keeps them. An account already there is left as it is (its password too). A vendor whose
 * branch is missing is an error when `strict` (the catalogue names it), skipped otherwise (a part
 * added to a database the chain has changed since).
 */
export async function loadStaff(
  tx: Tx,
  staff: readonly SeedStaff[],
  shipperId: string,
  options: { password: string; strict: boolean },
): Promise<void> {
  if (staff.length === 0) return;
  const slugs = staff.flatMap((s) => (s.branch ? [s.branch] : []));
  const branchRows = slugs.length
    ? await tx
        .select({ id: branches.id, slug: branches.slug })
        .from(branches)
        .where(and(eq(branches.shipperId, shipperId), inArray(branches.slug, slugs)))
    : [];
  const branchIds = new Map(branchRows.map((b) => [b.slug, b.id]));
  const rows = [];
  for (const s of staff) {
    let branchId: string | null = null;
    if (s.role === 'vendor' || (s.role === 'manager' && s.branch)) {
      branchId = s.branch ? (branchIds.get(s.branch) ?? null) : null;
      if (!branchId) {
        if (options.strict) throw new Error(`staff '${s.login}': unknown branch '${s.branch ?? ''}'`);
        continue;
      }
    }
    rows.push({
      id: stableId('staff', s.login),
      shipperId,
      login: s.login,
      name: s.name,
      phone: s.phone,
      role: s.role,
      branchId,
      passwordHash: await hashPassword(options.password),
    });
  }
  if (rows.length) await tx.insert(staffAccounts).values(rows).onConflictDoNothing();
}
