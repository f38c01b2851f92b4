import type { TLoyaltyMovementsResponse, TQueuedLoyaltyMovement } from '@app/contracts';
import { LOYALTY_OUTBOX_LEASE_MS } from '../../adapters/loyalty/outbox.ts';
import type { Tx } from '../../db/client.ts';
import { offsetOf } from '../../db/query-helpers.ts';
import { apiError } from '../../http/errors.ts';
import { recordAudit } from '../staff/audit.ts';
import type { ManageDeps } from './branches-manage.service.ts';
import {
  dropUnmadeCharge,
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

/**
 * 'Not charged' is taken only this long after the charge was asked for: iiko may still make a charge
 * it did not answer (its chargeoff then shows a little later), and a placement that outlived its
 * lease may still be waiting on it (which then gives the bonuses back, order-charge.ts).
 */
export const NOT_CHARGED_AFTER_MS = LOYALTY_OUTBOX_LEASE_MS;

/** A give-back of bonuses charged for an order never written, set aside as the charge's outcome was unknown. */
const isUnknownCharge = (row: QueuedMovementRow) => row.orderId === null && row.awaitsCharge;

/** The refusals (409) an action may give for a given-up movement it cannot take now. */
type Refusal = 'STAFF_MANAGE_LOYALTY_NOT_UNKNOWN_CHARGE' | 'STAFF_MANAGE_LOYALTY_CHARGE_TOO_RECENT';

/**
 * 'Not charged' is for an unknown charge's give-back only, and not before iiko could still make the
 * charge (NOT_CHARGED_AFTER_MS after it was asked for).
 */
const refuseNotCharged = (row: QueuedMovementRow, now: Date): Refusal | null => {
  if (!isUnknownCharge(row)) return 'STAFF_MANAGE_LOYALTY_NOT_UNKNOWN_CHARGE';
  if (now.getTime() < row.createdAt.getTime() + NOT_CHARGED_AFTER_MS)
    return 'STAFF_MANAGE_LOYALTY_CHARGE_TOO_RECENT';
  return null;
};

type ManagerAction = {
  change: (tx: Tx, ledgerId: string, now: Date) => Promise<void>;
  /** What the audit log says the movement became. */
  became: string;
  /** Made by the provider (iiko) afterwards: refused with the local card. */
  needsProvider: boolean;
  /** The action's own precondition: why it may not be taken on this movement now (409), or null. */
  refuse?: (row: QueuedMovementRow, now: Date) => Refusal | null;
};

/** What each manager action does to a given-up movement. */
const ACTIONS: Record<'loyalty.retry' | 'loyalty.settle' | 'loyalty.not-charged', ManagerAction> = {
  'loyalty.retry': { change: retryGivenUpMovement, became: 'retrying', needsProvider: true },
  'loyalty.settle': {
    change: (tx, ledgerId) => settleGivenUpMovement(tx, ledgerId),
    became: 'settled-by-hand',
    needsProvider: false,
  },
  'loyalty.not-charged': {
    change: async (tx, ledgerId) => {
      if (!(await dropUnmadeCharge(tx, ledgerId)))
        throw apiError(409, 'STAFF_MANAGE_LOYALTY_NOT_UNKNOWN_CHARGE');
    },
    became: 'not-charged',
    needsProvider: false,
    refuse: refuseNotCharged,
  },
};

/**
 * One manager action on a given-up movement, in one transaction with its audit row. A movement still
 * being tried is refused (409): a round may be making it at this moment, and a manual settlement or
 * a second try beside it could credit the customer twice. Trying again needs a provider that makes
 * movements: rows an earlier iiko setting left under the local card can only be settled by hand (or,
 * a charge's give-back, marked not charged).
 */
async function onGivenUp(
  deps: ManageDeps,
  staff: Staff,
  ledgerId: string,
  action: keyof typeof ACTIONS,
): Promise<{ row: QueuedMovementRow; now: Date }> {
  requireChainManager(staff);
  const { change, became, needsProvider, refuse } = ACTIONS[action];
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const row = await lockQueuedMovement(tx, staff.shipperId, ledgerId);
    if (!row) throw apiError(404, 'STAFF_MANAGE_LOYALTY_NOT_FOUND');
    if (!row.gaveUpAt) throw apiError(409, 'STAFF_MANAGE_LOYALTY_STILL_TRYING');
    if (needsProvider && deps.loyaltyProvider !== 'iiko')
      throw apiError(409, 'STAFF_MANAGE_LOYALTY_NO_PROVIDER');
    const refusal = refuse?.(row, now);
    if (refusal) throw apiError(409, refusal);
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

/**
 * POST /v1/staff/loyalty-movements/{id}/not-charged: the give-back of a charge whose outcome was
 * unknown, when the manager found no chargeoff in iiko: the charge and its give-back leave the ledger.
 */
export async function notChargedLoyaltyMovement(
  deps: ManageDeps,
  staff: Staff,
  ledgerId: string,
): Promise<void> {
  await onGivenUp(deps, staff, ledgerId, 'loyalty.not-charged');
}
