import type { StaffAccountRow, StaffRole } from '../../db/schema/index.ts';
import { apiError } from '../../http/errors.ts';

/**
 * Who may do what in the manager's workspace (issue 13). Every route calls one of these before it
 * reads or writes anything; the screens only hide what a role may not do.
 *
 * - A chain manager (role manager, no branch) runs every branch, the menus and every account.
 * - A branch manager (role manager with a branch) runs its own branch: pauses, hours, delivery and
 *   cooking times, stop list, the accounts of that branch, its figures and its audit rows.
 * - A vendor (a branch's kitchen) may pause its branch and keep its stop list ('busy kitchen' and
 *   'out of lamb' are kitchen decisions).
 * - An operator reads every branch and the figures; a courier none of this.
 */
export type Staff = Pick<StaffAccountRow, 'id' | 'shipperId' | 'role' | 'branchId'>;

/** Chain-wide: a manager without a branch. */
export const isChainManager = (staff: Staff): boolean => staff.role === 'manager' && staff.branchId === null;

/** 403 unless the staff member's role is one of `roles`. */
export function requireRole(staff: Staff, roles: readonly StaffRole[]): void {
  if (!roles.includes(staff.role)) throw apiError(403, 'STAFF_MANAGE_FORBIDDEN');
}

/** 403 unless a chain manager (menus and prices are shared by branches). */
export function requireChainManager(staff: Staff): void {
  requireRole(staff, ['manager']);
  if (!isChainManager(staff)) throw apiError(403, 'STAFF_MANAGE_CHAIN_ONLY');
}

/**
 * 403 unless the staff member works for `branchId` or for the whole chain. Operators and chain
 * managers have no branch (the whole chain); vendors and branch managers only their own.
 */
export function requireBranchScope(staff: Staff, branchId: string | null): void {
  if (staff.branchId !== null && staff.branchId !== branchId) {
    throw apiError(403, 'STAFF_MANAGE_OTHER_BRANCH');
  }
}

/** The roles of each kind of action. */
export const ROLES = {
  /** GET /v1/staff/branches. */
  readBranches: ['operator', 'vendor', 'manager'],
  /** Pauses and the stop list: the branch's manager and its kitchen. */
  kitchen: ['manager', 'vendor'],
  /** Hours, delivery and cooking times, accounts, audit: managers. */
  manager: ['manager'],
  /** The day's figures: managers and the operators (the whole chain's call centre). */
  figures: ['manager', 'operator'],
} as const satisfies Record<string, readonly StaffRole[]>;
