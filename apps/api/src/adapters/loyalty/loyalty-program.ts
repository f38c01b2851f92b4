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
 * per order); `local` keeps the balance there too (the sum of the rows), `iiko` keeps it in iiko Cloud.
 * An order's bonuses are taken by `spend` in the order's transaction when the ledger is the card, or
 * by `charge` before it when the provider keeps the card (modules/ordering/order-charge.ts: given
 * back through the outbox if the order is then not placed). A refund or a cashback is written in the
 * status change's transaction and, with a provider, queued there (`loyalty_outbox`) and made by
 * `deliver` after it commits: neither an order's status nor its transaction ever waits on a provider.
 */
export type LoyaltyProgram = LoyaltyProgramCommon &
  (
    | {
        readonly name: 'local';
        /** Takes `amount` (> 0) bonuses for the order (its ledger row). The caller checked the balance under a lock. */
        spend: (
          tx: Tx,
          customer: LoyaltyCustomer,
          order: LoyaltyOrder,
          amount: number,
          now: Date,
        ) => Promise<void>;
        charge?: undefined;
        deliver?: undefined;
      }
    | {
        readonly name: 'iiko';
        spend?: undefined;
        /**
         * Takes `amount` (> 0) bonuses at the provider for an order about to be written, outside any
         * transaction; throws LoyaltyUnavailableError when it does not (LoyaltyRefusedError: for good,
         * e.g. the balance is short). The ledger's rows are the caller's (order-charge.ts).
         */
        charge: (customer: LoyaltyCustomer, order: LoyaltyOrder, amount: number) => Promise<void>;
        /**
         * Makes at the provider a refund or a cashback the ledger holds (the outbox's job, outside any
         * transaction); throws LoyaltyUnavailableError when the provider does not take it.
         */
        deliver: (movement: {
          reason: 'refund' | 'earned';
          amount: number;
          customer: LoyaltyCustomer;
          /** `id` null: an order that was never written (its bonuses charged ahead, given back). */
          order: { id: string | null; externalOrderId: string };
        }) => Promise<void>;
      }
  );

type LoyaltyProgramCommon = {
  readonly rules: LoyaltyRules;
  /** The card's balance in sums; null when the customer has no card (iiko: no guest with that phone). */
  balance: (db: DbOrTx, customer: LoyaltyCustomer) => Promise<number | null>;
  /**
   * Gives back what the order spent, once; answers the amount given back (0: nothing, or done before).
   * Written to the ledger (and, with `deliver`, queued for the provider); never waits on the provider.
   */
  refund: (tx: Tx, customer: LoyaltyCustomer, order: LoyaltyOrder, now: Date) => Promise<number>;
  /** Credits `amount` (> 0) earned by the order, once; false when it was credited before. As refund. */
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

/**
 * A call that may have reached the provider, whose answer never came (a timeout, a connection cut
 * after the request went out): whether it did what it was asked is unknown. To an order being placed
 * it is still LOYALTY_UNAVAILABLE (503); a charge that ends so is set aside for a person
 * (modules/ordering/order-charge.ts), not taken as refused.
 */
export class LoyaltyOutcomeUnknownError extends LoyaltyUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LoyaltyOutcomeUnknownError';
  }
}

/**
 * The provider answered, and refused the movement for good: asking again gets the same answer (the
 * customer has no card there, or a 4xx other than 401, 408 and 429). Still a LoyaltyUnavailableError
 * to an order being placed (503); the outbox gives such a movement up at once instead of retrying it.
 */
export class LoyaltyRefusedError extends LoyaltyUnavailableError {
  constructor(
    message: string,
    /** 'no-card': the customer has no card (no guest, or no bonus wallet); 'refused': any other. */
    readonly why: 'no-card' | 'refused',
  ) {
    super(message);
    this.name = 'LoyaltyRefusedError';
  }
}
