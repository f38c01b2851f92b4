/**
 * The accumulative card's part of an order (issue 12): the body's `loyalty_amount` checked against the
 * card (order-pricing.ts calls `priceLoyalty` once the total is known), and the bonuses taken when the
 * order is written: by `spendLoyalty` in the order's transaction when the ledger is the card (local),
 * charged at the provider before it otherwise (order-charge.ts).
 *
 * Refusals (field 'loyalty_amount'), in this order: 422 LOYALTY_NOT_OFFERED (bonuses while the
 * shipper's payment_types lack 'loyalty'), 503 LOYALTY_UNAVAILABLE (iiko cannot be reached),
 * 422 LOYALTY_AMOUNT_NOT_HUNDREDS, LOYALTY_AMOUNT_ABOVE_CAP (LOYALTY_MAX_SHARE_PERCENT of the total),
 * LOYALTY_AMOUNT_ABOVE_BALANCE.
 */
import { checkLoyaltyAmount, loyaltyMax } from '@app/domain';
import {
  isLoyaltyUnavailable,
  type LoyaltyCustomer,
  type LoyaltyProgram,
} from '../../adapters/loyalty/index.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { apiError } from '../../http/errors.ts';
import { findLoyaltyCustomer, lockLoyaltyCustomer } from '../loyalty/loyalty.repository.ts';
import type { Refusals } from './refusals.ts';

/** What the card's step needs of the app (a FastifyInstance has it): the card, with its rules. */
export type OrderLoyaltyDeps = { loyalty: LoyaltyProgram };

/** The card's part of a priced order. */
export type OrderLoyalty = {
  /** The body's loyalty_amount. */
  amount: number;
  /** The most bonuses the order may use now (0: no card, none offered, or not read when placing). */
  max: number;
  /** What payment_type pays: the total less the bonuses, never below 0. */
  toPay: number;
  /** The card holder, read when bonuses are to be spent (placing passes it to spendLoyalty). */
  customer: LoyaltyCustomer | null;
  /** The card's balance as read (null: no card, or not read). */
  balance: number | null;
};

const FIELD = 'loyalty_amount';

/** No bonuses and nothing read: the part of an order that could not be priced. */
export const noLoyalty = (amount: number, total: number): OrderLoyalty => ({
  amount,
  max: 0,
  toPay: Math.max(0, total - amount),
  customer: null,
  balance: null,
});

/**
 * Checks the body's loyalty_amount against the card. `lock` (placing): the customer's row is locked
 * first, so two orders of one customer read the balance and spend one after the other; placing an
 * order without bonuses reads nothing. A quote reads the balance for `max` whatever the amount.
 * `balance` given: the provider's balance read before the transaction (order-charge.ts: the
 * provider, which refuses a charge beyond it, is not called inside the transaction).
 */
export async function priceLoyalty(
  db: DbOrTx,
  deps: OrderLoyaltyDeps,
  input: {
    customerId: string;
    offered: readonly string[];
    amount: number;
    total: number;
    lock: boolean;
    balance?: number | null;
  },
  refusals: Refusals,
): Promise<OrderLoyalty> {
  const { amount, total } = input;
  const none = noLoyalty(amount, total);
  if (!input.offered.includes('loyalty')) {
    if (amount > 0) refusals.add(apiError(422, 'LOYALTY_NOT_OFFERED'), FIELD);
    return none;
  }
  if (input.lock && amount === 0) return none;
  const customer = input.lock
    ? await lockLoyaltyCustomer(db, input.customerId)
    : await findLoyaltyCustomer(db, input.customerId);
  if (!customer) return none;
  let balance: number | null;
  try {
    balance = input.balance !== undefined ? input.balance : await deps.loyalty.balance(db, customer);
  } catch (error) {
    if (!isLoyaltyUnavailable(error)) throw error;
    // A quote without bonuses still prices the order; with bonuses it cannot be placed now.
    if (amount > 0) refusals.add(apiError(503, 'LOYALTY_UNAVAILABLE'), FIELD);
    return none;
  }
  const percent = deps.loyalty.rules.maxSharePercent;
  const max = loyaltyMax({ balance: balance ?? 0, total, maxSharePercent: percent });
  const check = checkLoyaltyAmount({ amount, balance: balance ?? 0, total, maxSharePercent: percent });
  if (!check.ok) {
    if (check.reason === 'not_hundreds') refusals.add(apiError(422, 'LOYALTY_AMOUNT_NOT_HUNDREDS'), FIELD);
    else if (check.reason === 'above_cap') {
      const cap = loyaltyMax({ balance: Number.MAX_SAFE_INTEGER, total, maxSharePercent: percent });
      refusals.add(apiError(422, 'LOYALTY_AMOUNT_ABOVE_CAP', { price: cap }), FIELD);
    } else refusals.add(apiError(422, 'LOYALTY_AMOUNT_ABOVE_BALANCE', { price: balance ?? 0 }), FIELD);
  }
  return { amount, max, toPay: Math.max(0, total - amount), customer, balance };
}

/**
 * Takes the order's bonuses from the card, in the order's transaction (after its row is written),
 * when the ledger is the card (local); a provider's were charged before it (order-charge.ts).
 */
export async function spendLoyalty(
  tx: Tx,
  deps: OrderLoyaltyDeps,
  loyalty: OrderLoyalty,
  order: { id: string; externalOrderId: string },
  now: Date,
): Promise<void> {
  if (loyalty.amount === 0) return;
  if (!loyalty.customer) throw new Error('spendLoyalty: bonuses without the card holder read');
  try {
    if (!deps.loyalty.spend) throw new Error(`spendLoyalty: the ${deps.loyalty.name} card charges ahead`);
    await deps.loyalty.spend(tx, loyalty.customer, order, loyalty.amount, now);
  } catch (error) {
    if (isLoyaltyUnavailable(error)) throw apiError(503, 'LOYALTY_UNAVAILABLE');
    throw error;
  }
}
