import type { DbOrTx } from '../../db/client.ts';
import { type StaffAccountRow, staffAuditLog } from '../../db/schema/index.ts';

/** What an audit row records besides who and when. */
export type AuditAction = {
  /** e.g. 'order.event', 'stop-list.change', 'menu-price.set', 'menu-price.remove', 'branch.pause', 'branch.hours', 'staff.create', 'staff.update', 'staff.password'. */
  action: string;
  targetType: 'order' | 'product' | 'modifier' | 'menu-product' | 'branch' | 'staff' | 'loyalty-movement';
  targetId: string;
  /** The branch the action concerns; null: chain-wide. */
  branchId: string | null;
  /** What it was, and what it became (JSON; never a password or its hash). */
  before: unknown;
  after: unknown;
};

/**
 * Writes one audit row (issue 13) for `staff`'s action, in `tx`: call it in the transaction that makes
 * the change, so the row exists exactly when the change does.
 */
export async function recordAudit(
  tx: DbOrTx,
  staff: Pick<StaffAccountRow, 'id' | 'shipperId'>,
  entry: AuditAction,
  at: Date,
): Promise<void> {
  await tx.insert(staffAuditLog).values({
    shipperId: staff.shipperId,
    staffId: staff.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    branchId: entry.branchId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: at,
  });
}
