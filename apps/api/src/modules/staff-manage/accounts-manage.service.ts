import { randomUUID } from 'node:crypto';
import type { TStaffAccount } from '@app/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { publishTokensRevoked } from '../../adapters/order-events/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  type StaffAccountRow,
  type StaffRole,
  staffAccounts,
  staffTokens,
} from '../../db/schema/index.ts';
import { apiError } from '../../http/errors.ts';
import { recordAudit } from '../staff/audit.ts';
import { hashPassword } from '../staff/passwords.ts';
import type { ManageDeps } from './branches-manage.service.ts';
import { isChainManager, ROLES, requireRole, type Staff } from './staff-manage.access.ts';

/**
 * Staff accounts (issue 13). A chain manager manages every account; a branch manager only the
 * accounts of its own branch (its vendors and managers), and may create or move none outside it.
 * Disabling an account, changing its role or branch, or setting its password ends its sign-ins at
 * once (its live tokens are revoked in the same transaction). Password hashes never leave here.
 */

export function toStaffAccount(row: StaffAccountRow): TStaffAccount {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    role: row.role,
    branch_id: row.branchId,
    phone: row.phone,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an account (never its password hash). */
const auditView = (row: StaffAccountRow) => {
  const { created_at: _created, ...rest } = toStaffAccount(row);
  return rest;
};

/** A vendor needs a branch; operators and couriers have none; a manager either (400 otherwise). */
function checkRoleBranch(role: StaffRole, branchId: string | null): void {
  const ok = role === 'manager' || (role === 'vendor') === (branchId !== null);
  if (!ok) throw apiError(400, 'STAFF_MANAGE_ROLE_BRANCH');
}

/**
 * A branch id as the database writes it (lower case): a uuid may arrive in either case, and ids are
 * compared as strings here (an upper-case own branch was 'another branch', and a move).
 */
const canonicalBranch = (branchId: string | null): string | null => branchId?.toLowerCase() ?? null;

/** 403 unless `staff` may manage an account of `branchId` (null: chain-wide). */
function requireAccountScope(staff: Staff, branchId: string | null): void {
  if (isChainManager(staff)) return;
  if (branchId === null) throw apiError(403, 'STAFF_MANAGE_CHAIN_ONLY');
  if (branchId !== staff.branchId) throw apiError(403, 'STAFF_MANAGE_OTHER_BRANCH');
}

async function requireChainBranch(db: DbOrTx, shipperId: string, branchId: string | null): Promise<void> {
  if (branchId === null) return;
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.shipperId, shipperId), eq(branches.id, branchId)))
    .limit(1);
  if (!row) throw apiError(404, 'BRANCH_NOT_FOUND');
}

async function lockAccount(db: DbOrTx, staff: Staff, accountId: string): Promise<StaffAccountRow> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(and(eq(staffAccounts.shipperId, staff.shipperId), eq(staffAccounts.id, accountId)))
    .for('update');
  if (!row) throw apiError(404, 'STAFF_MANAGE_ACCOUNT_NOT_FOUND');
  return row;
}

/**
 * Ends every live sign-in of the account, and announces the revoked tokens on the bus when `tx`
 * commits (as sign-out does), so every process ends the staff streams opened with them at once rather
 * than at their next periodic check, which would let a stream go on with the old role or branch.
 */
async function revokeTokens(tx: DbOrTx, staffId: string, now: Date): Promise<void> {
  const revoked = await tx
    .update(staffTokens)
    .set({ revokedAt: now })
    .where(and(eq(staffTokens.staffId, staffId), isNull(staffTokens.revokedAt)))
    .returning({ id: staffTokens.id });
  if (revoked.length > 0)
    await publishTokensRevoked(
      tx,
      revoked.map((row) => row.id),
    );
}

/** GET /v1/staff/accounts: every account (chain manager) or those of the manager's branch. */
export async function listAccounts(deps: ManageDeps, staff: Staff): Promise<{ accounts: TStaffAccount[] }> {
  requireRole(staff, ROLES.manager);
  // A manager that is not the chain's has a branch (the accounts table's check).
  const own = isChainManager(staff) ? null : staff.branchId;
  const rows = await deps.db
    .select()
    .from(staffAccounts)
    .where(
      and(eq(staffAccounts.shipperId, staff.shipperId), own ? eq(staffAccounts.branchId, own) : undefined),
    )
    .orderBy(asc(staffAccounts.login));
  return { accounts: rows.map(toStaffAccount) };
}

/** POST /v1/staff/accounts. */
export async function createAccount(
  deps: ManageDeps,
  staff: Staff,
  body: {
    login: string;
    name: string;
    phone: string;
    role: StaffRole;
    branch_id: string | null;
    password: string;
  },
): Promise<TStaffAccount> {
  requireRole(staff, ROLES.manager);
  const branchId = canonicalBranch(body.branch_id);
  requireAccountScope(staff, branchId);
  checkRoleBranch(body.role, branchId);
  const now = deps.clock();
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
    await requireChainBranch(tx, staff.shipperId, branchId);
    // Logins are matched in lower case at sign-in; the unique constraint settles a race.
    const [row] = await tx
      .insert(staffAccounts)
      .values({
        id: randomUUID(),
        shipperId: staff.shipperId,
        login: body.login.toLowerCase(),
        name: body.name,
        phone: body.phone,
        role: body.role,
        branchId,
        passwordHash,
        isActive: true,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [staffAccounts.shipperId, staffAccounts.login] })
      .returning();
    if (!row) throw apiError(409, 'STAFF_MANAGE_LOGIN_TAKEN');
    await recordAudit(
      tx,
      staff,
      {
        action: 'staff.create',
        targetType: 'staff',
        targetId: row.id,
        branchId: row.branchId,
        before: null,
        after: auditView(row),
      },
      now,
    );
    return toStaffAccount(row);
  });
}

/**
 * PATCH /v1/staff/accounts/{id}. The account must be in the manager's reach before and after the
 * change. A manager may not disable itself or change its own role or branch (409): it would lock
 * itself out mid-change.
 */
export async function updateAccount(
  deps: ManageDeps,
  staff: Staff,
  accountId: string,
  body: {
    name?: string;
    phone?: string;
    role?: StaffRole;
    branch_id?: string | null;
    is_active?: boolean;
  },
): Promise<TStaffAccount> {
  requireRole(staff, ROLES.manager);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const before = await lockAccount(tx, staff, accountId);
    requireAccountScope(staff, before.branchId);
    const role = body.role ?? before.role;
    const branchId = body.branch_id === undefined ? before.branchId : canonicalBranch(body.branch_id);
    const isActive = body.is_active ?? before.isActive;
    const moved = role !== before.role || branchId !== before.branchId;
    const disabled = before.isActive && !isActive;
    if (before.id === staff.id && (moved || !isActive)) throw apiError(409, 'STAFF_MANAGE_SELF');
    requireAccountScope(staff, branchId);
    checkRoleBranch(role, branchId);
    if (branchId !== before.branchId) await requireChainBranch(tx, staff.shipperId, branchId);
    const [after] = await tx
      .update(staffAccounts)
      .set({
        name: body.name ?? before.name,
        phone: body.phone ?? before.phone,
        role,
        branchId,
        isActive,
      })
      .where(eq(staffAccounts.id, before.id))
      .returning();
    if (!after) throw new Error(`staff account ${before.id} vanished inside its own transaction`);
    if (moved || disabled) await revokeTokens(tx, after.id, now);
    const changed = JSON.stringify(auditView(before)) !== JSON.stringify(auditView(after));
    if (changed) {
      await recordAudit(
        tx,
        staff,
        {
          action: 'staff.update',
          targetType: 'staff',
          targetId: after.id,
          branchId: after.branchId ?? before.branchId,
          before: auditView(before),
          after: auditView(after),
        },
        now,
      );
    }
    return toStaffAccount(after);
  });
}

/** POST /v1/staff/accounts/{id}/password: a new password; the account's sign-ins end. */
export async function resetPassword(
  deps: ManageDeps,
  staff: Staff,
  accountId: string,
  password: string,
): Promise<void> {
  requireRole(staff, ROLES.manager);
  const now = deps.clock();
  // Reach is checked before the (slow, deliberately) hash, and again under the lock.
  const [peek] = await deps.db
    .select({ branchId: staffAccounts.branchId })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.shipperId, staff.shipperId), eq(staffAccounts.id, accountId)));
  if (!peek) throw apiError(404, 'STAFF_MANAGE_ACCOUNT_NOT_FOUND');
  requireAccountScope(staff, peek.branchId);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, staff, accountId);
    requireAccountScope(staff, account.branchId);
    await tx.update(staffAccounts).set({ passwordHash }).where(eq(staffAccounts.id, account.id));
    await revokeTokens(tx, account.id, now);
    await recordAudit(
      tx,
      staff,
      {
        action: 'staff.password',
        targetType: 'staff',
        targetId: account.id,
        branchId: account.branchId,
        // Never the password or its hash: only that it was set.
        before: null,
        after: { password: 'changed', signed_out: true },
      },
      now,
    );
  });
}
