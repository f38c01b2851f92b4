import type { TLoyaltyMovementsResponse, TQueuedLoyaltyMovement } from '@app/contracts';
import type { Tx } from '../../db/client.ts';
import { offsetOf } from '../../db/query-helpers.ts';
import { apiError } from '../../http/errors.ts';
import { recordAudit } from '../staff/audit.ts';
import type { ManageDeps } from './branches-manage.service.ts';
import {
  listQueuedMovements,
  lockQueuedMovement,
  type QueuedMovementRow,
  retryGivenUpMovement,
  settleGivenUpMovement,
} from './loyalty-movements.repository.ts';
import { requireChainManager, type Staff } from './staff-manage.access.ts';

const toMovement = (row: QueuedMovementRow): TQueuedLoyaltyMovement => ({
  id: row.ledgerId,
  order_id: row.orderId,
  external_order_id: row.externalOrderId,
  // Only an order's refund or cashback is listed (outbox.ts's ofChain).
  reason: row.reason === 'refund' ? 'refund' : 'earned',
  amount: row.amount,
  state: row.gaveUpAt ? 'gave-up' : 'retrying',
  attempts: row.attempts,
  last_error: row.lastError,
  charge_unknown: row.awaitsCharge,
  next_attempt_at: row.nextAttemptAt.toISOString(),
  gave_up_at: row.gaveUpAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/**
 * GET /v1/staff/loyalty-movements: the chain's bonus movements the card's provider (iiko) has not
 * taken yet, given up first. The card is the chain's, so only its manager reads them.
 */
export async function listLoyaltyMovements(
  deps: ManageDeps,
  staff: Staff,
  query: { page: number; limit: number },
): Promise<TLoyaltyMovementsResponse> {
  requireChainManager(staff);
  const { count, rows } = await listQueuedMovements(deps.db, staff.shipperId, {
    offset: offsetOf(query.page, query.limit),
    limit: query.limit,
  });
  return { provider: deps.loyaltyProvider, count, movements: rows.map(toMovement) };
}

/** What each manager action does to a given-up movement, and what the audit log says it became. */
const ACTIONS = {
  'loyalty.retry': { change: retryGivenUpMovement, became: 'retrying', needsProvider: true },
  'loyalty.settle': {
    change: (tx: Tx, ledgerId: string) => settleGivenUpMovement(tx, ledgerId),
    became: 'settled-by-hand',
    needsProvider: false,
  },
} as const;

/**
 * One manager action on a given-up movement, in one transaction with its audit row. A movement still
 * being tried is refused (409): a round may be making it at this moment, and a manual settlement or
 * a second try beside it could credit the customer twice. Trying again needs a provider that makes
 * movements: rows an earlier iiko setting left under the local card can only be settled by hand.
 */
async function onGivenUp(
  deps: ManageDeps,
  staff: Staff,
  ledgerId: string,
  action: keyof typeof ACTIONS,
): Promise<{ row: QueuedMovementRow; now: Date }> {
  requireChainManager(staff);
  const { change, became, needsProvider } = ACTIONS[action];
  return deps.db.transaction(async (tx) => {
    const row = await lockQueuedMovement(tx, staff.shipperId, ledgerId);
    if (!row) throw apiError(404, 'STAFF_MANAGE_LOYALTY_NOT_FOUND');
    if (!row.gaveUpAt) throw apiError(409, 'STAFF_MANAGE_LOYALTY_STILL_TRYING');
    if (needsProvider && deps.loyaltyProvider !== 'iiko')
      throw apiError(409, 'STAFF_MANAGE_LOYALTY_NO_PROVIDER');
    const now = deps.clock();
    await change(tx, ledgerId, now);
    const before = toMovement(row);
    await recordAudit(
      tx,
      staff,
      {
        action,
        // A give-back of an order never written has no order to name: the movement itself is the target.
        ...(row.orderId === null
          ? { targetType: 'loyalty-movement' as const, targetId: row.ledgerId }
          : { targetType: 'order' as const, targetId: row.orderId }),
        branchId: null,
        before: {
          movement: row.ledgerId,
          reason: before.reason,
          amount: row.amount,
          state: before.state,
          attempts: row.attempts,
          last_error: row.lastError,
          gave_up_at: before.gave_up_at,
        },
        after: { movement: row.ledgerId, state: became },
      },
      now,
    );
    return { row, now };
  });
}

/** POST /v1/staff/loyalty-movements/{id}/retry: a given-up movement is tried again at once. */
export async function retryLoyaltyMovement(
  deps: ManageDeps,
  staff: Staff,
  ledgerId: string,
): Promise<TQueuedLoyaltyMovement> {
  const { row, now } = await onGivenUp(deps, staff, ledgerId, 'loyalty.retry');
  // As retryGivenUpMovement left it (a person looked, so a charge's outcome no longer matters).
  return toMovement({ ...row, gaveUpAt: null, nextAttemptAt: now, attempts: 0, awaitsCharge: false });
}

/** DELETE /v1/staff/loyalty-movements/{id}: a given-up movement the manager settled in iiko by hand. */
export async function settleLoyaltyMovement(deps: ManageDeps, staff: Staff, ledgerId: string): Promise<void> {
  await onGivenUp(deps, staff, ledgerId, 'loyalty.settle');
}
