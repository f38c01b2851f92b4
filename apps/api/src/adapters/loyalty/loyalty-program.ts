import type { DbOrTx, Tx } from '../../db/client.ts';
import type { LoyaltyReason } from '../../db/schema/index.ts';

/** Whose card: a customer of one chain, with the phone the card is kept under (iiko's key). */
export type LoyaltyCustomer = { shipperId: string; customerId: string; phone: string };

/** One movement of a card as this API recorded it (the ledger row). */
export type LoyaltyMovementRow = {
  id: string;
  amount: number;
  reason: LoyaltyReason;
  orderId: string | null;
  externalOrderId: string | null;
  createdAt: Date;
};

/**
 * The chain's accumulative card (LOYALTY_PROVIDER). Every movement this API makes is a row of
 * `loyalty_ledger` whatever the provider (its partial unique indexes make spend, refund and earn once
 * per order); `local` keeps the balance there too (the sum of the rows), `iiko` keeps it in iiko Cloud
 * and moves it there in the same step. The writes take the caller's transaction: a refused or failed
 * write rolls the order's step back with it.
 */
export type LoyaltyProgram = {
  readonly name: 'local' | 'iiko';
  readonly rules: LoyaltyRules;
  /** The card's balance in sums; null when the customer has no card (iiko: no guest with that phone). */
  balance: (db: DbOrTx, customer: LoyaltyCustomer) => Promise<number | null>;
  /** Takes `amount` (> 0) bonuses for the order. The caller has checked the balance under a lock. */
  spend: (tx: Tx, customer: LoyaltyCustomer, order: LoyaltyOrder, amount: number, now: Date) => Promise<void>;
  /** Gives back what the order spent, once; answers the amount given back (0: nothing, or done before). */
  refund: (tx: Tx, customer: LoyaltyCustomer, order: LoyaltyOrder, now: Date) => Promise<number>;
  /** Credits `amount` (> 0) earned by the order, once; false when it was credited before. */
  earn: (
    tx: Tx,
    customer: LoyaltyCustomer,
    order: LoyaltyOrder,
    amount: number,
    now: Date,
  ) => Promise<boolean>;
  /** The card's movements made through this API, newest first. */
  history: (
    db: DbOrTx,
    customer: LoyaltyCustomer,
    page: { offset: number; limit: number },
  ) => Promise<{ count: number; movements: LoyaltyMovementRow[] }>;
};

export type LoyaltyOrder = { id: string; externalOrderId: string };

/** The chain's rules of its card (LOYALTY_CASHBACK_PERCENT, LOYALTY_MAX_SHARE_PERCENT). */
export type LoyaltyRules = {
  /** Percent of the part of an order paid with money credited once it is received. */
  cashbackPercent: number;
  /** At most this percent of an order's total may be paid with bonuses. */
  maxSharePercent: number;
};

/** The loyalty provider could not be reached or refused the call (HTTP error, timeout, bad answer). */
export class LoyaltyUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LoyaltyUnavailableError';
  }
}

export const isLoyaltyUnavailable = (error: unknown): error is LoyaltyUnavailableError =>
  error instanceof LoyaltyUnavailableError;
