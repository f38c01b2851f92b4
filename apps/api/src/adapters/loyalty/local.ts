import { insertMovement, ledgerBalance, ledgerHistory, spentByOrder } from './ledger.ts';
import type { LoyaltyProgram, LoyaltyRules } from './loyalty-program.ts';

/**
 * The chain's own card (LOYALTY_PROVIDER=local, the default): the ledger is the card, every customer
 * has one, the balance is the sum of the customer's rows.
 */
export function createLocalLoyalty(rules: LoyaltyRules): LoyaltyProgram {
  return {
    name: 'local',
    rules,
    balance: (db, customer) => ledgerBalance(db, customer.customerId),
    spend: async (tx, customer, order, amount, now) => {
      const inserted = await insertMovement(tx, customer, {
        orderId: order.id,
        amount: -amount,
        reason: 'spent',
        createdAt: now,
      });
      if (!inserted) throw new Error(`loyalty: order ${order.id} has spent bonuses already`);
    },
    refund: async (tx, customer, order, now) => {
      const spent = await spentByOrder(tx, order.id);
      if (spent === 0) return 0;
      const inserted = await insertMovement(tx, customer, {
        orderId: order.id,
        amount: spent,
        reason: 'refund',
        createdAt: now,
      });
      return inserted ? spent : 0;
    },
    earn: (tx, customer, order, amount, now) =>
      insertMovement(tx, customer, { orderId: order.id, amount, reason: 'earned', createdAt: now }),
    history: (db, customer, page) => ledgerHistory(db, customer.customerId, page),
  };
}
