/**
 * Placing an order with bonuses on a card a provider keeps (LOYALTY_PROVIDER=iiko): the bonuses are
 * charged at the provider BEFORE the order's transaction, so the transaction (its locks and its pool
 * connection) never waits on the provider, and a charge the provider took is given back if the order
 * is then not written (adapters/loyalty/charge-ahead.ts keeps the ledger's side). In this order:
 * 1. the Idempotency-Key, if any, is looked at (in a transaction of its own): a key in flight or
 *    reused with another body is refused (409, 422), an answered one is left to the order's
 *    transaction to replay, and nothing is charged;
 * 2. the order is priced as placing would price it, outside any transaction (the provider's balance
 *    read here): a refusal is answered as placing would answer it, and nothing is charged;
 * 3. the order's short number is drawn, and, in one transaction that first looks at the key again
 *    under its lock (answered since step 1: replayed, uncharged; being written: 409), the charge's
 *    spend (holding the key) and its give-back (awaiting the charge's outcome) are written; a charge
 *    with the same key under way in another request refuses this one (409 ORDER_IN_PROGRESS), before
 *    a second charge;
 * 4. the provider is asked to charge the bonuses off: when it refuses, the rows go and the order is
 *    refused (503 LOYALTY_UNAVAILABLE), as before; when it does not answer (it may have charged), the
 *    give-back is set aside for the manager at once, and the order refused the same way;
 * 5. the order's transaction prices it again under its locks (with the balance of step 2: the
 *    provider, not this API, refuses a charge beyond the balance), writes it under the number of
 *    step 3 and takes the spend as the order's;
 * 6. if that transaction fails, or the key turned out answered by a concurrent request, the charge is
 *    given back now (the outbox job is woken). If the process stops after step 3, nobody knows
 *    whether the provider took the charge: when the give-back's lease ends, it is set aside for the
 *    chain's manager (outbox.ts), who looks in iiko, and gives back, settles, or marks it not charged
 *    (if the placement was still going and iiko then took the charge, giveBack writes it again, due).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  type ChargeRows,
  dropCharge,
  giveBackCharge,
  settleCharge,
  writeCharge,
} from '../../adapters/loyalty/charge-ahead.ts';
import {
  isLoyaltyUnavailable,
  type LoyaltyCustomer,
  LoyaltyOutcomeUnknownError,
  type LoyaltyProgram,
} from '../../adapters/loyalty/index.ts';
import { setAsideUnknownCharge } from '../../adapters/loyalty/outbox.ts';
import type { Db, Tx } from '../../db/client.ts';
import { apiError } from '../../http/errors.ts';
import { type KeyUse, takeKey } from './idempotency.ts';
import type { OrderPricing } from './order-pricing.ts';
import { newOrderId, takeOrderNumber } from './ordering.repository.ts';

/** Bonuses charged at the provider for an order about to be written. */
export type ChargedAhead = {
  rows: ChargeRows;
  customer: LoyaltyCustomer;
  orderId: string;
  orderNumber: string;
  amount: number;
  /** The card's balance read before the charge (step 2). */
  balance: number | null;
};

export type ChargeAheadDeps = {
  db: Db;
  clock: () => Date;
  loyalty: LoyaltyProgram;
  /** Where a give-back that could not be made due at once is told (it still falls due later). */
  log?: Pick<FastifyBaseLogger, 'error'> | undefined;
  /** Wakes the loyalty outbox job (registerLoyaltyOutboxJob), to make a give-back at once. */
  nudgeLoyaltyOutbox?: (() => void) | undefined;
};

/** Whether placing charges the card's provider ahead of the order's transaction. */
export const chargesAhead = (loyalty: LoyaltyProgram, amount: number): boolean =>
  loyalty.charge !== undefined && amount > 0;

/**
 * Steps 1-6 above. `price` prices the order outside any transaction (fail-fast: throws the first
 * refusal); `place` runs the order's transaction, with the charge (null: nothing was charged).
 */
export async function placeChargingAhead<T extends { replayed: boolean }>(
  deps: ChargeAheadDeps,
  args: {
    key: KeyUse | null;
    numberPrefix: string;
    price: () => Promise<OrderPricing>;
    place: (charged: ChargedAhead | null) => Promise<T>;
  },
): Promise<T> {
  const charge = deps.loyalty.charge;
  if (!charge) throw new Error('placeChargingAhead: the card takes its bonuses in the order itself');
  const { key } = args;
  if (key && (await deps.db.transaction((tx) => takeKey(tx, key)))) return args.place(null);

  const pricing = await args.price();
  const { customer, amount, balance } = pricing.loyalty;
  if (!customer) throw new Error('placeChargingAhead: bonuses priced without the card holder');
  const orderNumber = await takeOrderNumber(deps.db, args.numberPrefix);
  const orderId = newOrderId();
  const written = await deps.db.transaction(async (tx) => {
    // The key again, under its lock: a request with it may have placed its order since step 1 (this
    // one then replays it, uncharged) or be writing it now (409).
    if (key && (await takeKey(tx, key))) return 'answered' as const;
    const rowsOf = { orderNumber, amount, idempotencyKey: key?.key ?? null };
    return writeCharge(tx, customer, rowsOf, deps.clock());
  });
  if (written === 'answered') return args.place(null);
  // The same key's charge is under way in another request: this one waits for its answer (409).
  if (!written) throw apiError(409, 'ORDER_IN_PROGRESS');
  const rows = written;
  try {
    await charge(customer, { id: orderId, externalOrderId: orderNumber }, amount);
  } catch (error) {
    if (error instanceof LoyaltyOutcomeUnknownError) {
      // iiko may have charged: the give-back goes to the manager's list at once, to be checked.
      await setAside(deps, rows, { orderNumber, amount });
      throw apiError(503, 'LOYALTY_UNAVAILABLE');
    }
    const dropped = await dropCharge(deps.db, rows).catch((dropError: unknown) => {
      deps.log?.error(
        { err: dropError, orderNumber, amount },
        'loyalty: dropping a charge iiko did not make failed',
      );
      return false;
    });
    if (!dropped) {
      // Left as they are, the rows reach the manager's screen (set aside when their lease ends).
      deps.log?.error(
        { orderNumber, amount },
        "loyalty: the rows of a charge iiko did not make were not dropped (a give-back tried, or the charge marked not charged, meanwhile); any left are on the manager's list",
      );
    }
    if (isLoyaltyUnavailable(error)) throw apiError(503, 'LOYALTY_UNAVAILABLE');
    throw error;
  }

  const charged: ChargedAhead = { rows, customer, orderId, orderNumber, amount, balance };
  let result: T;
  try {
    result = await args.place(charged);
  } catch (error) {
    await giveBack(deps, charged);
    throw error;
  }
  if (result.replayed) await giveBack(deps, charged);
  return result;
}

/** Step 5's end, in the order's transaction: the spend becomes the order's, its give-back goes. */
export async function takeChargeForOrder(tx: Tx, charged: ChargedAhead): Promise<void> {
  // False only when this placement outlived its lease and the give-back is being made, was made, or
  // was settled by a person: the order must not stand (its bonuses are, or may be, back).
  if (!(await settleCharge(tx, charged.rows, charged.orderId))) throw apiError(503, 'LOYALTY_UNAVAILABLE');
}

/**
 * The charge's call got no answer, so iiko may have made it: its give-back is set aside for the
 * manager now (else when its lease ends), who looks in iiko, and its key freed.
 */
async function setAside(
  deps: ChargeAheadDeps,
  rows: ChargeRows,
  charge: { orderNumber: string; amount: number },
): Promise<void> {
  try {
    await deps.db.transaction((tx) => setAsideUnknownCharge(tx, rows.giveBackId, deps.clock()));
  } catch (error) {
    deps.log?.error({ err: error, ...charge }, 'loyalty: setting aside a charge iiko did not answer failed');
    return;
  }
  deps.log?.error(
    charge,
    'loyalty: iiko did not answer a charge of bonuses; whether it made it is unknown, left for the chain manager (/staff/manager/loyalty)',
  );
}

/**
 * The order was not written: its charge is due to be given back now, and the outbox job is woken to
 * make it (else when its lease ends, for the manager).
 */
async function giveBack(deps: ChargeAheadDeps, charged: ChargedAhead): Promise<void> {
  try {
    const { orderNumber, amount } = charged;
    const queued = await giveBackCharge(
      deps.db,
      charged.rows,
      { customer: charged.customer, orderNumber, amount },
      deps.clock(),
    );
    if (queued === 'rewritten') {
      deps.log?.error(
        { orderNumber, amount },
        'loyalty: a charge marked not charged by the manager was made by iiko after all; its bonuses are being given back',
      );
    }
    deps.nudgeLoyaltyOutbox?.();
  } catch (error) {
    deps.log?.error(
      { err: error, orderNumber: charged.orderNumber, amount: charged.amount },
      "loyalty: bonuses charged for an order that was not placed could not be queued to be given back; look for the chargeoff under the order's number in iiko (its rows, if still there, reach the manager's list when their lease ends)",
    );
  }
}
