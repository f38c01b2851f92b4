/**
 * Online payments and the accumulative card (issue 12): the providers' transactions (Payme's
 * CreateTransaction, Click's prepare), every call a provider made to us (accepted or refused, for
 * disputes), and the local loyalty ledger whose sum is a customer's balance.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shipperIdColumn } from './catalog.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Unix milliseconds, as Payme sends and expects them (0: not reached). */
const epochMs = (name: string) => bigint(name, { mode: 'number' });

export type PaymentProvider = 'payme' | 'click';

/**
 * One provider transaction for an order. Payme: `provider_id` is Payme's 24-character id, states
 * 1 / 2 / -1 / -2, times in Payme's milliseconds. Click: `provider_id` is click_trans_id, the row's
 * `seq` is our merchant_prepare_id / merchant_confirm_id, states 1 (prepared), 2 (completed),
 * -1 (cancelled).
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A short number for providers that want an integer id of ours (Click's merchant_prepare_id). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    shipperId: shipperIdColumn(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    providerId: text('provider_id').notNull(),
    /** The provider's own time of the transaction (Payme's `time`); GetStatement filters by it. */
    providerTime: epochMs('provider_time').notNull(),
    /** In the provider's unit: tiyin for Payme, sums for Click. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    state: integer('state').notNull(),
    /** Payme's cancel reason (1, 2, 3, 4, 5, 10); null until cancelled. */
    reason: integer('reason'),
    createTime: epochMs('create_time').notNull(),
    performTime: epochMs('perform_time').notNull().default(0),
    cancelTime: epochMs('cancel_time').notNull().default(0),
    /** What else the provider sent that a repeat must be answered from (Click's paydoc id...). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('payment_transactions_provider_id_unique').on(t.provider, t.providerId),
    uniqueIndex('payment_transactions_seq_unique').on(t.seq),
    index('payment_transactions_order_idx').on(t.orderId),
    index('payment_transactions_time_idx').on(t.provider, t.providerTime),
    // One live (created, not yet performed or cancelled) transaction per order and provider: two
    // concurrent creations for one order cannot both succeed.
    uniqueIndex('payment_transactions_one_open_unique').on(t.orderId).where(sql`${t.state} = 1`),
    // At most one performed transaction per order: an order is paid once.
    uniqueIndex('payment_transactions_one_paid_unique').on(t.orderId).where(sql`${t.state} = 2`),
    check('payment_transactions_provider_check', sql`${t.provider} in ('payme', 'click')`),
    check('payment_transactions_state_check', sql`${t.state} in (1, 2, -1, -2)`),
    check('payment_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);
export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;

/** Every call a provider made to our merchant endpoints, accepted or refused, with our answer. */
export const paymentCalls = pgTable(
  'payment_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    /** Payme's method name, or Click's 'prepare' / 'complete'; '' when the request was unreadable. */
    method: text('method').notNull(),
    /** The request's parameters (no credentials: the Authorization header is never stored). */
    params: jsonb('params').$type<unknown>(),
    /** What we answered (Payme's result or error, Click's answer). */
    response: jsonb('response').$type<unknown>().notNull(),
    /** The protocol's error code we answered; null on success (Click: error 0 is stored as null). */
    errorCode: integer('error_code'),
    /** The order the call named, when it named one we know. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The caller's address as the API saw it. */
    address: text('address').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('payment_calls_order_idx').on(t.orderId, t.createdAt),
    index('payment_calls_created_idx').on(t.createdAt),
  ],
);
export type PaymentCallRow = typeof paymentCalls.$inferSelect;

export type LoyaltyReason = 'welcome' | 'spent' | 'refund' | 'earned';

/**
 * The local accumulative card: every movement of a customer's bonuses (LOYALTY_PROVIDER=local).
 * The balance is the sum of a customer's rows. An order spends once, is refunded once and earns once
 * (the unique index), so a retried or concurrent write cannot count twice.
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipperId: shipperIdColumn(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /**
     * The short number of an order that has no row: bonuses charged at the provider ahead of an order
     * (modules/ordering/order-charge.ts) and given back because the order was not placed. Null once
     * the movement belongs to a placed order (order_id).
     */
    orderNumber: text('order_number'),
    /**
     * The Idempotency-Key of the request whose charge is under way (on its spend, until the order is
     * written or the charge given back): a second request with the key is refused (409) before it is
     * charged too.
     */
    idempotencyKey: text('idempotency_key'),
    /** Sums; negative when spent. */
    amount: integer('amount').notNull(),
    reason: text('reason').$type<LoyaltyReason>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    index('loyalty_ledger_customer_idx').on(t.customerId, t.createdAt.desc()),
    uniqueIndex('loyalty_ledger_order_reason_unique')
      .on(t.orderId, t.reason)
      .where(sql`${t.orderId} is not null`),
    uniqueIndex('loyalty_ledger_one_welcome_unique').on(t.customerId).where(sql`${t.reason} = 'welcome'`),
    uniqueIndex('loyalty_ledger_charging_key_unique')
      .on(t.customerId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('loyalty_ledger_reason_check', sql`${t.reason} in ('welcome', 'spent', 'refund', 'earned')`),
    check('loyalty_ledger_order_or_number_check', sql`${t.orderId} is null or ${t.orderNumber} is null`),
    check(
      'loyalty_ledger_sign_check',
      sql`(${t.reason} = 'spent' and ${t.amount} < 0) or (${t.reason} <> 'spent' and ${t.amount} > 0)`,
    ),
  ],
);
export type LoyaltyLedgerRow = typeof loyaltyLedger.$inferSelect;

/**
 * Movements of the ledger still to be made at the loyalty provider (LOYALTY_PROVIDER=iiko): a refund
 * or a cashback is written to the ledger and here in the status change's transaction, and made in
 * iiko after it commits (modules/loyalty/loyalty-outbox.job.ts), so a courier's "delivered", a
 * cancellation or a payment provider's cancel never waits on iiko, nor fails with it. A row leaves
 * when iiko has taken the movement; one iiko keeps refusing stays, with `gaveUpAt` set, for a manager
 * (GET /v1/staff/loyalty-movements: try again, settle it by hand, or, a charge's give-back whose
 * outcome was unknown, mark it not charged).
 */
export const loyaltyOutbox = pgTable(
  'loyalty_outbox',
  {
    ledgerId: uuid('ledger_id')
      .primaryKey()
      .references(() => loyaltyLedger.id, { onDelete: 'cascade' }),
    /** Tries made so far (each one counted when it is claimed). */
    attempts: integer('attempts').notNull().default(0),
    /** When the next try may start; a claimed row's lease ends here too. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    lastError: text('last_error'),
    /** Set when the tries stopped (a refusal, or LOYALTY_OUTBOX_GIVE_UP_MS after `triesSince`). */
    gaveUpAt: timestamptz('gave_up_at'),
    /** When the tries began: the row's writing, or a manager's "try again" (the give-up counts from it). */
    triesSince: timestamptz('tries_since').notNull(),
    /**
     * A give-back written before its charge (modules/ordering/order-charge.ts) while nobody knows yet
     * whether the provider took the charge: made only once that is known (the order then failed). One
     * still awaiting when its lease ends (the placement stopped mid-way) is left for a person.
     */
    awaitsCharge: boolean('awaits_charge').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('loyalty_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.gaveUpAt} is null`)],
);
export type LoyaltyOutboxRow = typeof loyaltyOutbox.$inferSelect;
