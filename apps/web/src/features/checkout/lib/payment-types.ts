import type { TOnlinePaymentType, TPaymentType } from '@app/contracts';

/**
 * How an order is paid (the contracts' ORDER_PAYMENT_TYPES, repeated here because a value import of
 * `@app/contracts` loads every zod schema into the page; checkout-lib.test.ts fails if they differ):
 * on receipt (cash, card) or online before the kitchen sees it (payme, click). The shipper's fifth
 * type, 'loyalty', is no payment type of its own: bonuses pay a part beside one of these.
 */
export const CHECKOUT_PAYMENT_TYPES = [
  'cash',
  'card',
  'payme',
  'click',
] as const satisfies readonly TPaymentType[];
export type TCheckoutPaymentType = (typeof CHECKOUT_PAYMENT_TYPES)[number];

/** Paid online (the contracts' ONLINE_PAYMENT_TYPES): placing the order answers a `payment_link`. */
export const ONLINE_CHECKOUT_TYPES = ['payme', 'click'] as const satisfies readonly TOnlinePaymentType[];

export const isOnlinePayment = (type: TCheckoutPaymentType): type is TOnlinePaymentType =>
  (ONLINE_CHECKOUT_TYPES as readonly string[]).includes(type);

/** What the checkout offers: the shipper's payment types among CHECKOUT_PAYMENT_TYPES, in that order. */
export const offeredPaymentTypes = (shipperTypes: readonly TPaymentType[]): TCheckoutPaymentType[] =>
  CHECKOUT_PAYMENT_TYPES.filter((type) => shipperTypes.includes(type));

/** Whether the chain's accumulative card is on offer: bonuses may pay part of the order. */
export const offersLoyalty = (shipperTypes: readonly TPaymentType[]): boolean =>
  shipperTypes.includes('loyalty');
