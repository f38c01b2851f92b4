import type { TPaymentType } from '@app/contracts';

/** Payment types of this issue: on receipt. Online ones and the loyalty card come later. */
export const CHECKOUT_PAYMENT_TYPES = ['cash', 'card'] as const;
export type TCheckoutPaymentType = (typeof CHECKOUT_PAYMENT_TYPES)[number];

/** What the checkout offers: the shipper's payment types that are paid on receipt, in this order. */
export const offeredPaymentTypes = (shipperTypes: readonly TPaymentType[]): TCheckoutPaymentType[] =>
  CHECKOUT_PAYMENT_TYPES.filter((type) => shipperTypes.includes(type));
