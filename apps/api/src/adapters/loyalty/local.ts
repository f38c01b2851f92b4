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
    refund: (tx, customer, order, now) => recordRefund(tx, customer, order.id, now),
    earn: (tx, customer, order, amount, now) => recordEarn(tx, customer, order.id, amount, now),
    history: (db, customer, page) => ledgerHistory(db, customer.customerId, page),
  };
}
