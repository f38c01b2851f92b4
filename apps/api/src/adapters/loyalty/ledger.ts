/**
 * The `loyalty_ledger` table (db/schema/payments.ts): every movement of a customer's bonuses that
 * this API made. An order's spend, refund and earn rows are unique (a partial index), so a retried or
 * concurrent write of the same movement inserts nothing the second time.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type LoyaltyReason, loyaltyLedger, orders } from '../../db/schema/index.ts';
import type { LoyaltyCustomer, LoyaltyMovementRow } from './loyalty-program.ts';

/**
 * Inserts a movement unless the same one (order and reason, or the customer's welcome) is there;
 * answers the new row's id, null when it was there already.
 */
export async function insertMovement(
  db: DbOrTx,
  customer: LedgerCustomer,
  movement: { orderId: string | null; amount: number; reason: LoyaltyReason; createdAt: Date },
): Promise<string | null> {
  const [row] = await db
    .insert(loyaltyLedger)
    .values({ shipperId: customer.shipperId, customerId: customer.customerId, ...movement })
    .onConflictDoNothing()
    .returning({ id: loyaltyLedger.id });
  return row?.id ?? null;
}

type LedgerCustomer = Pick<LoyaltyCustomer, 'shipperId' | 'customerId'>;

/** Writes the order's spend (a negative row); throws when the order has spent already. */
export async function recordSpend(
  db: DbOrTx,
  customer: LedgerCustomer,
  orderId: string,
  amount: number,
  at: Date,
): Promise<void> {
  const inserted = await insertMovement(db, customer, {
    orderId,
    amount: -amount,
    reason: 'spent',
    createdAt: at,
  });
  if (inserted === null) throw new Error(`loyalty: order ${orderId} has spent bonuses already`);
}

/**
 * Returns what the order spent (a refund row): the amount returned and the row, null when it spent
 * nothing or was refunded already.
 */
export async function recordRefund(
  db: DbOrTx,
  customer: LedgerCustomer,
  orderId: string,
  at: Date,
): Promise<{ amount: number; ledgerId: string } | null> {
  const spent = await spentByOrder(db, orderId);
  if (spent === 0) return null;
  const ledgerId = await insertMovement(db, customer, {
    orderId,
    amount: spent,
    reason: 'refund',
    createdAt: at,
  });
  return ledgerId === null ? null : { amount: spent, ledgerId };
}

/** Writes the order's earning; answers the row's id, null when it earned already. */
export function recordEarn(
  db: DbOrTx,
  customer: LedgerCustomer,
  orderId: string,
  amount: number,
  at: Date,
): Promise<string | null> {
  return insertMovement(db, customer, { orderId, amount, reason: 'earned', createdAt: at });
}

/** The sum of the customer's movements. */
export async function ledgerBalance(db: DbOrTx, customerId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${loyaltyLedger.amount})` })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.customerId, customerId));
  return Number(row?.sum ?? 0);
}

/** What the order spent (a positive number), 0 when it spent nothing. */
export async function spentByOrder(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ amount: loyaltyLedger.amount })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.orderId, orderId), eq(loyaltyLedger.reason, 'spent')));
  return row ? -row.amount : 0;
}

/** The customer's movements, newest first, with the order's number. */
export async function ledgerHistory(
  db: DbOrTx,
  customerId: string,
  page: { offset: number; limit: number },
): Promise<{ count: number; movements: LoyaltyMovementRow[] }> {
  const [total] = await db
    .select({ n: count() })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.customerId, customerId));
  const movements = await db
    .select({
      id: loyaltyLedger.id,
      amount: loyaltyLedger.amount,
      reason: loyaltyLedger.reason,
      orderId: loyaltyLedger.orderId,
      // An order that was not placed has only the number its bonuses were charged under.
      externalOrderId: sql<string | null>`coalesce(${orders.externalOrderId}, ${loyaltyLedger.orderNumber})`,
      createdAt: loyaltyLedger.createdAt,
    })
    .from(loyaltyLedger)
    .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
    .where(eq(loyaltyLedger.customerId, customerId))
    .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.id))
    .offset(page.offset)
    .limit(page.limit);
  return { count: total?.n ?? 0, movements };
}
