/**
 * The accumulative card (issue 12): the signed-in customer's balance and history, the welcome bonus
 * of a new customer, and the order life's movements (cashback when received, the spent bonuses back
 * when cancelled). The rules are the domain's (packages/domain/src/loyalty.ts); the card itself is the
 * adapter LOYALTY_PROVIDER names (adapters/loyalty).
 */
import type { TLoyaltyBalanceResponse, TLoyaltyHistoryResponse } from '@app/contracts';
import { isCancelledStatus, loyaltyCashback, type OrderStatus } from '@app/domain';
import {
  isLoyaltyUnavailable,
  type LoyaltyCustomer,
  type LoyaltyProgram,
} from '../../adapters/loyalty/index.ts';
import { insertMovement } from '../../adapters/loyalty/ledger.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { apiError, cataloguedError } from '../../http/errors.ts';
import { findLoyaltyCustomer, findLoyaltyOrder } from './loyalty.repository.ts';

/** The welcome bonus's settings. */
export type LoyaltyConfig = Pick<Env, 'LOYALTY_PROVIDER' | 'LOYALTY_WELCOME_BONUS'>;

/** What the card's steps need of the app (a FastifyInstance has it): the card, with its rules. */
export type LoyaltyDeps = { loyalty: LoyaltyProgram };

/** 503 LOYALTY_UNAVAILABLE for a provider that cannot be reached; anything else as it is. */
export async function orUnavailable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isLoyaltyUnavailable(error)) throw apiError(503, 'LOYALTY_UNAVAILABLE');
    throw error;
  }
}

const digits = (phone: string) => phone.replace(/\D/g, '');

async function cardHolder(db: DbOrTx, customerId: string): Promise<LoyaltyCustomer> {
  const customer = await findLoyaltyCustomer(db, customerId);
  if (!customer) throw apiError(401, 'UNAUTHORIZED');
  return customer;
}

/**
 * POST /v2/crm/iiko-customer-info: the signed-in customer's own card. A `phone` naming anyone else is
 * refused (400), so no one reads another customer's balance; no card (iiko: no guest) reads 0.
 */
export async function getLoyaltyBalance(
  deps: LoyaltyDeps & { db: DbOrTx },
  customerId: string,
  phone: string | undefined,
): Promise<TLoyaltyBalanceResponse> {
  const customer = await cardHolder(deps.db, customerId);
  if (phone !== undefined && digits(phone) !== digits(customer.phone)) {
    throw cataloguedError(400, 'LOYALTY_PHONE_NOT_OWN', [undefined], {
      fields: [{ field: 'phone', message: "is not the signed-in customer's phone" }],
    });
  }
  const balance = await orUnavailable(() => deps.loyalty.balance(deps.db, customer));
  return {
    balance: balance ?? 0,
    cashback_percent: deps.loyalty.rules.cashbackPercent,
    max_share_percent: deps.loyalty.rules.maxSharePercent,
  };
}

/** GET /v2/crm/loyalty-history: the card's balance and its movements made through this API, newest first. */
export async function getLoyaltyHistory(
  deps: LoyaltyDeps & { db: DbOrTx },
  customerId: string,
  page: { page: number; limit: number },
): Promise<TLoyaltyHistoryResponse> {
  const customer = await cardHolder(deps.db, customerId);
  const balance = await orUnavailable(() => deps.loyalty.balance(deps.db, customer));
  const { count, movements } = await deps.loyalty.history(deps.db, customer, {
    offset: (page.page - 1) * page.limit,
    limit: page.limit,
  });
  return {
    balance: balance ?? 0,
    count,
    movements: movements.map((m) => ({
      id: m.id,
      amount: m.amount,
      reason: m.reason,
      order_id: m.orderId,
      external_order_id: m.externalOrderId,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

/**
 * A new customer's card starts with LOYALTY_WELCOME_BONUS (local card only: iiko keeps its own
 * rules), one 'welcome' row, once (a unique index), in the registration's transaction.
 */
export async function grantWelcomeBonus(
  tx: DbOrTx,
  config: LoyaltyConfig,
  customer: { shipperId: string; customerId: string },
  now: Date,
): Promise<void> {
  if (config.LOYALTY_PROVIDER !== 'local' || !config.LOYALTY_WELCOME_BONUS) return;
  await insertMovement(tx, customer, {
    orderId: null,
    amount: config.LOYALTY_WELCOME_BONUS,
    reason: 'welcome',
    createdAt: now,
  });
}

/**
 * The card's side of an order's new status, in the status change's transaction: received (delivered
 * for delivery, finished for pickup; a delivery finished after delivered earns nothing more) credits
 * LOYALTY_CASHBACK_PERCENT of the part paid with money; any cancellation gives back what the order
 * spent and earns nothing. Each happens once per order (the ledger's unique index). Neither waits on
 * the provider: iiko gets them from the outbox after this commits (loyalty-outbox.job.ts), so a courier
 * can close an order, and Payme can cancel one, while iiko is down.
 */
export async function settleOrderLoyalty(
  deps: LoyaltyDeps,
  tx: Tx,
  order: { id: string; deliveryType: 'delivery' | 'self-pickup' },
  status: OrderStatus,
  now: Date,
): Promise<void> {
  const received =
    (order.deliveryType === 'delivery' && status === 'delivered') ||
    (order.deliveryType === 'self-pickup' && status === 'finished');
  const cancelled = isCancelledStatus(status);
  if (!received && !cancelled) return;
  const row = await findLoyaltyOrder(tx, order.id);
  if (!row) return;
  const customer = await findLoyaltyCustomer(tx, row.customerId);
  if (!customer) return;
  const ref = { id: row.id, externalOrderId: row.externalOrderId };
  if (cancelled) {
    if (row.loyaltyAmount > 0) await deps.loyalty.refund(tx, customer, ref, now);
    return;
  }
  const earned = loyaltyCashback({
    total: row.totalPrice,
    loyaltyAmount: row.loyaltyAmount,
    cashbackPercent: deps.loyalty.rules.cashbackPercent,
  });
  if (earned > 0) await deps.loyalty.earn(tx, customer, ref, earned, now);
}
