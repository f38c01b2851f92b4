import 'server-only';
import { ZShipper } from '@app/contracts';
import { cache } from 'react';
import { getCartPageData } from '@/features/cart/server';
import { serverApi } from '@/lib/api-server';
import { env } from '@/lib/env';
import { offeredPaymentTypes, offersLoyalty, type TCheckoutPaymentType } from '../lib/payment-types';

export type CheckoutPageData = {
  /** The shipper's payment types: on receipt (cash, card) and online (payme, click). */
  paymentTypes: TCheckoutPaymentType[];
  /** The shipper offers the accumulative card: a signed-in customer may pay part with bonuses. */
  loyalty: boolean;
  /** Today's stop list of the chosen branch's menu: such lines block the order. */
  stoppedIds: string[];
};

/** What the checkout needs from the API before the browser takes over: payment types, stop list. */
export const getCheckoutPageData = cache(async (): Promise<CheckoutPageData> => {
  const [shipper, cart] = await Promise.all([
    serverApi().get(`/v1/shippers/${env().SHIPPER_ID}`, { schema: ZShipper }),
    getCartPageData(),
  ]);
  return {
    paymentTypes: offeredPaymentTypes(shipper.payment_types),
    loyalty: offersLoyalty(shipper.payment_types),
    stoppedIds: cart?.stoppedIds ?? [],
  };
});
