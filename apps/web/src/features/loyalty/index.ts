/**
 * The accumulative (loyalty) card (issue 12): the balance the checkout offers to spend, and the
 * profile's card with its history. Client-side only: the card is the signed-in customer's own.
 */
export { LoyaltyCard } from './components/loyalty-card';
export { type TLoyaltyBalanceState, useLoyaltyBalance } from './hooks/use-loyalty-balance';
