import type { TAuditResponse } from '@app/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import { offsetOf } from '../../db/query-helpers.ts';
import { staffAccounts, staffAuditLog } from '../../db/schema/index.ts';
import type { ManageDeps } from './branches-manage.service.ts';
import { isChainManager, ROLES, requireBranchScope, requireRole, type Staff } from './staff-manage.access.ts';

/** The contract's before/after are JSON objects; a writer that stored a bare value is answered `{ value }`. */
const asObject = (value: unknown): Record<string, unknown> | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };

/**
 * GET /v1/staff/audit: the staff actions, newest first, a page at a time. A chain manager reads every
 * row (or one branch's with `branch_id`); a branch manager only its branch's rows (chain-wide rows,
 * such as menu prices, are not its to read). Others 403.
 */
export async function readAuditLog(
  deps: ManageDeps,
  staff: Staff,
  query: { page: number; limit: number; branch_id?: string | undefined },
): Promise<TAuditResponse> {
  requireRole(staff, ROLES.manager);
  if (query.branch_id) requireBranchScope(staff, query.branch_id);
  const branchId = query.branch_id ?? (isChainManager(staff) ? null : staff.branchId);
  const where = and(
    eq(staffAuditLog.shipperId, staff.shipperId),
    branchId ? eq(staffAuditLog.branchId, branchId) : undefined,
  );
  const [total] = await deps.db.select({ n: count() }).from(staffAuditLog).where(where);
  const rows = await deps.db
    .select({
      id: staffAuditLog.id,
      staffId: staffAccounts.id,
      staffName: staffAccounts.name,
      staffLogin: staffAccounts.login,
      action: staffAuditLog.action,
      targetType: staffAuditLog.targetType,
      targetId: staffAuditLog.targetId,
      branchId: staffAuditLog.branchId,
      before: staffAuditLog.before,
      after: staffAuditLog.after,
      createdAt: staffAuditLog.createdAt,
    })
    .from(staffAuditLog)
    .leftJoin(staffAccounts, eq(staffAccounts.id, staffAuditLog.staffId))
    .where(where)
    .orderBy(desc(staffAuditLog.id))
    .limit(query.limit)
    .offset(offsetOf(query.page, query.limit));
  return {
    count: total?.n ?? 0,
    entries: rows.map((r) => ({
      id: r.id,
      staff:
        r.staffId !== null && r.staffName !== null && r.staffLogin !== null
          ? { id: r.staffId, name: r.staffName, login: r.staffLogin }
          : null,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      branch_id: r.branchId,
      before: asObject(r.before),
      after: asObject(r.after),
      at: r.createdAt.toISOString(),
    })),
  };
}
