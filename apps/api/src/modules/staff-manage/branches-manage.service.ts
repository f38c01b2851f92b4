import type { TStaffBranch, TStopListItem, TStopListResponse } from '@app/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiError } from '../../http/errors.ts';
import { recordAudit } from '../staff/audit.ts';
import {
  type BranchRow,
  findChainBranch,
  findChainModifier,
  findChainProduct,
  listChainBranches,
  listMenuProductsForStopList,
  listModifiersOf,
  setStopped,
  stoppedIds,
  updateBranch,
} from './branches-manage.repository.ts';
import { isChainManager, ROLES, requireBranchScope, requireRole, type Staff } from './staff-manage.access.ts';

export type ManageDeps = {
  db: Db;
  clock: () => Date;
  /** Who keeps the chain's card (LOYALTY_PROVIDER): the loyalty outbox's screen says it. */
  loyaltyProvider: 'local' | 'iiko';
};

/** The longest pause a manager or kitchen may set: a day (a longer closure is the hours' or is_active's job). */
export const MAX_PAUSE_MS = 24 * 60 * 60 * 1000;

/** A pause that has ended reads as none. */
const activeUntil = (until: Date | null, now: Date): string | null =>
  until && until.getTime() > now.getTime() ? until.toISOString() : null;

export function toStaffBranch(row: BranchRow, now: Date): TStaffBranch {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    city: row.city,
    menu_id: row.menuId,
    work_hour_start: row.workHourStart,
    work_hour_end: row.workHourEnd,
    delivery_time: row.deliveryTime,
    cooking_time: row.cookingTime,
    is_active: row.isActive,
    paused_until: activeUntil(row.pausedUntil, now),
    delivery_paused_until: activeUntil(row.deliveryPausedUntil, now),
  };
}

const pauseState = (row: BranchRow, now: Date) => ({
  paused_until: activeUntil(row.pausedUntil, now),
  delivery_paused_until: activeUntil(row.deliveryPausedUntil, now),
});

/**
 * The branch `branchId` of the staff member's chain, after checking the role may do `roles`' things
 * (403), that the branch exists (404) and that it is the staff member's (403 for another branch's
 * vendor or manager). `lock`: locked for the rest of the transaction.
 */
export async function branchFor(
  db: DbOrTx,
  staff: Staff,
  branchId: string,
  roles: (typeof ROLES)[keyof typeof ROLES],
  lock = false,
): Promise<BranchRow> {
  requireRole(staff, roles);
  const branch = await findChainBranch(db, staff.shipperId, branchId, lock);
  if (!branch) throw apiError(404, 'BRANCH_NOT_FOUND');
  requireBranchScope(staff, branch.id);
  return branch;
}

/** GET /v1/staff/branches: every branch for operators and chain managers; their own for the others. */
export async function listBranchesForStaff(deps: ManageDeps, staff: Staff): Promise<TStaffBranch[]> {
  requireRole(staff, ROLES.readBranches);
  const own = staff.role === 'operator' || isChainManager(staff) ? null : staff.branchId;
  const rows = await listChainBranches(deps.db, staff.shipperId, own);
  const now = deps.clock();
  return rows.map((row) => toStaffBranch(row, now));
}

/** PUT /v1/staff/branches/{id}/pause: deliveries or the whole branch closed until `until`. */
export async function pauseBranch(
  deps: ManageDeps,
  staff: Staff,
  branchId: string,
  request: { scope: 'delivery' | 'branch'; until: string },
): Promise<TStaffBranch> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const branch = await branchFor(tx, staff, branchId, ROLES.kitchen, true);
    const until = new Date(request.until);
    const ahead = until.getTime() - now.getTime();
    if (!(ahead > 0 && ahead <= MAX_PAUSE_MS)) throw apiError(400, 'STAFF_MANAGE_PAUSE_UNTIL');
    const updated = await updateBranch(
      tx,
      branch.id,
      request.scope === 'branch' ? { pausedUntil: until } : { deliveryPausedUntil: until },
    );
    await recordAudit(
      tx,
      staff,
      {
        action: 'branch.pause',
        targetType: 'branch',
        targetId: branch.id,
        branchId: branch.id,
        before: pauseState(branch, now),
        after: { scope: request.scope, ...pauseState(updated, now) },
      },
      now,
    );
    return toStaffBranch(updated, now);
  });
}

/** DELETE /v1/staff/branches/{id}/pause?scope=: open again now (a branch not paused is answered as it is). */
export async function resumeBranch(
  deps: ManageDeps,
  staff: Staff,
  branchId: string,
  scope: 'delivery' | 'branch',
): Promise<TStaffBranch> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const branch = await branchFor(tx, staff, branchId, ROLES.kitchen, true);
    const paused = activeUntil(scope === 'branch' ? branch.pausedUntil : branch.deliveryPausedUntil, now);
    // Not paused (or the pause is over): nothing to resume, nothing to record.
    if (paused === null) return toStaffBranch(branch, now);
    const updated = await updateBranch(
      tx,
      branch.id,
      scope === 'branch' ? { pausedUntil: null } : { deliveryPausedUntil: null },
    );
    await recordAudit(
      tx,
      staff,
      {
        action: 'branch.resume',
        targetType: 'branch',
        targetId: branch.id,
        branchId: branch.id,
        before: pauseState(branch, now),
        after: { scope, ...pauseState(updated, now) },
      },
      now,
    );
    return toStaffBranch(updated, now);
  });
}

/** PUT /v1/staff/branches/{id}/hours: managers (the chain's, or that branch's). */
export async function setBranchHours(
  deps: ManageDeps,
  staff: Staff,
  branchId: string,
  hours: { work_hour_start: string; work_hour_end: string },
): Promise<TStaffBranch> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const branch = await branchFor(tx, staff, branchId, ROLES.manager, true);
    const updated = await updateBranch(tx, branch.id, {
      workHourStart: hours.work_hour_start,
      workHourEnd: hours.work_hour_end,
    });
    await recordAudit(
      tx,
      staff,
      {
        action: 'branch.hours',
        targetType: 'branch',
        targetId: branch.id,
        branchId: branch.id,
        before: { work_hour_start: branch.workHourStart, work_hour_end: branch.workHourEnd },
        after: { work_hour_start: updated.workHourStart, work_hour_end: updated.workHourEnd },
      },
      now,
    );
    return toStaffBranch(updated, now);
  });
}

/**
 * PUT /v1/staff/branches/{id}/times: the delivery time (what a delivery's timer on the staff screens
 * counts against, and how long before its time a scheduled delivery reaches the kitchen) and the
 * cooking time (what a pickup's timer counts against), whole minutes 1..600 each (the
 * request's contract; the database holds cooking_time to the same range). Managers (the chain's, or
 * that branch's). The customers' cached branches follow by themselves: a write to `branches`
 * announces the tag 'branches' on commit (migration 0009), as the hours' does.
 */
export async function setBranchTimes(
  deps: ManageDeps,
  staff: Staff,
  branchId: string,
  times: { delivery_time: number; cooking_time: number },
): Promise<TStaffBranch> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const branch = await branchFor(tx, staff, branchId, ROLES.manager, true);
    const updated = await updateBranch(tx, branch.id, {
      deliveryTime: times.delivery_time,
      cookingTime: times.cooking_time,
    });
    await recordAudit(
      tx,
      staff,
      {
        action: 'branch.times',
        targetType: 'branch',
        targetId: branch.id,
        branchId: branch.id,
        before: { delivery_time: branch.deliveryTime, cooking_time: branch.cookingTime },
        after: { delivery_time: updated.deliveryTime, cooking_time: updated.cookingTime },
      },
      now,
    );
    return toStaffBranch(updated, now);
  });
}

async function stopListOf(db: DbOrTx, branch: BranchRow): Promise<TStopListResponse> {
  const productRows = await listMenuProductsForStopList(db, branch.shipperId, branch.menuId);
  const [modifiers, stopped] = await Promise.all([
    listModifiersOf(
      db,
      productRows.map((p) => p.id),
    ),
    stoppedIds(db, branch.id),
  ]);
  const modifiersOf = new Map<string, TStopListItem[]>();
  for (const m of modifiers) {
    const item: TStopListItem = {
      kind: 'modifier',
      id: m.id,
      product_id: m.productId,
      title: m.title,
      stopped: stopped.modifiers.has(m.id),
    };
    modifiersOf.set(m.productId, [...(modifiersOf.get(m.productId) ?? []), item]);
  }
  const items = productRows.flatMap((p): TStopListItem[] => [
    { kind: 'product', id: p.id, product_id: p.id, title: p.title, stopped: stopped.products.has(p.id) },
    ...(modifiersOf.get(p.id) ?? []),
  ]);
  return { branch_id: branch.id, items };
}

/** GET /v1/staff/branches/{id}/stop-list: the branch's menu, each product followed by its modifiers. */
export async function getStopList(
  deps: ManageDeps,
  staff: Staff,
  branchId: string,
): Promise<TStopListResponse> {
  const branch = await branchFor(deps.db, staff, branchId, ROLES.kitchen);
  return stopListOf(deps.db, branch);
}

/**
 * PUT /v1/staff/branches/{id}/stop-list: one product or modifier stopped or back on. The id must be
 * a product of the chain, or a single modifier or group modifier variant of one (404 otherwise). A
 * change that changes nothing (already so) writes no audit row. Customers' cached menus follow by
 * themselves: the stop list tables announce their changes (migrations 0009, 0012).
 */
export async function changeStopList(
  deps: ManageDeps,
  staff: Staff,
  branchId: string,
  change: { kind: 'product' | 'modifier'; id: string; stopped: boolean },
): Promise<TStopListResponse> {
  const now = deps.clock();
  const branch = await deps.db.transaction(async (tx) => {
    const branch = await branchFor(tx, staff, branchId, ROLES.kitchen, true);
    let itemId: string;
    if (change.kind === 'product') {
      const product = await findChainProduct(tx, staff.shipperId, change.id);
      if (!product) throw apiError(404, 'PRODUCT_NOT_FOUND');
      itemId = product.id;
    } else {
      const modifier = await findChainModifier(tx, staff.shipperId, change.id);
      if (!modifier) throw apiError(404, 'STAFF_MANAGE_MODIFIER_NOT_FOUND');
      itemId = modifier.id;
    }
    const changed = await setStopped(tx, {
      kind: change.kind,
      branchId: branch.id,
      itemId,
      stopped: change.stopped,
    });
    if (changed) {
      await recordAudit(
        tx,
        staff,
        {
          action: 'stop-list.change',
          targetType: change.kind,
          targetId: itemId,
          branchId: branch.id,
          before: { stopped: !change.stopped },
          after: { stopped: change.stopped },
        },
        now,
      );
    }
    return branch;
  });
  // The answer is read once the change is committed, from the pool: its reads run side by side on
  // connections of their own (on the transaction's one connection they would queue behind each other).
  return stopListOf(deps.db, branch);
}
