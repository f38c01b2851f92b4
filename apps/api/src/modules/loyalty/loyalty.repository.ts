import { and, eq } from 'drizzle-orm';
import type { LoyaltyCustomer } from '../../adapters/loyalty/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { customers, loyaltyLedger, orders } from '../../db/schema/index.ts';

/** The customer's card holder: the chain, the customer and the phone (iiko's key); undefined when unknown. */
export async function findLoyaltyCustomer(
  db: DbOrTx,
  customerId: string,
): Promise<LoyaltyCustomer | undefined> {
  const [row] = await db
    .select({ shipperId: customers.shipperId, customerId: customers.id, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/**
 * The same, with the customer's row locked until the transaction ends: two orders of one customer
 * (two tabs) read the balance and spend one after the other, so they cannot spend it twice.
 */
export async function lockLoyaltyCustomer(
  db: DbOrTx,
  customerId: string,
): Promise<LoyaltyCustomer | undefined> {
  const [row] = await db
    .select({ shipperId: customers.shipperId, customerId: customers.id, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  return row;
}

/** What the order's loyalty steps need of an order (read in the transaction that holds its lock). */
export type LoyaltyOrderRow = {
  id: string;
  externalOrderId: string;
  customerId: string;
  totalPrice: number;
  loyaltyAmount: number;
};

export async function findLoyaltyOrder(db: DbOrTx, orderId: string): Promise<LoyaltyOrderRow | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      externalOrderId: orders.externalOrderId,
      customerId: orders.customerId,
      totalPrice: orders.totalPrice,
      loyaltyAmount: orders.loyaltyAmount,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** The bonuses credited for the order (its 'earned' movement), 0 before. */
export async function loyaltyEarnedBy(db: DbOrTx, orderId: string): Promise<number> {
  const [row] = await db
    .select({ amount: loyaltyLedger.amount })
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.orderId, orderId), eq(loyaltyLedger.reason, 'earned')));
  return row?.amount ?? 0;
}
