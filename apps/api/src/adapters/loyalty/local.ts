import { ledgerBalance, ledgerHistory, recordEarn, recordRefund, recordSpend } from './ledger.ts';
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
    spend: (tx, customer, order, amount, now) => recordSpend(tx, customer, order.id, amount, now),
    refund: async (tx, customer, order, now) =>
      (await recordRefund(tx, customer, order.id, now))?.amount ?? 0,
    earn: async (tx, customer, order, amount, now) =>
      (await recordEarn(tx, customer, order.id, amount, now)) !== null,
    history: (db, customer, page) => ledgerHistory(db, customer.customerId, page),
  };
}
