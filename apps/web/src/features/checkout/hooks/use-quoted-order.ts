'use client';

import { availableLines, type CartLine } from '@app/domain';
import type { TOrderFormValues, TOrderTarget } from '../lib/order-request';
import { buildOrderRequest, orderLineKeys } from '../lib/order-request';
import type { TCheckoutPlace } from './use-checkout-place';
import {
  type TDeliveryZoneState,
  type TOrderQuoteState,
  type TQuoteRequest,
  useDeliveryZone,
  useOrderQuote,
} from './use-checkout-quote';

/** Where the order goes; for delivery in the zone the point is in now (the stored one may be older). */
export const targetOf = (place: TCheckoutPlace, zoneId: string | null): TOrderTarget | null => {
  if (place.kind === 'delivery') {
    return {
      deliveryType: 'delivery',
      branchId: place.branch.id,
      // A point saved without its address text still gets a readable address for the courier.
      address: place.address || `${place.location.lat}, ${place.location.long}`,
      location: place.location,
      zoneId: zoneId ?? place.zoneId,
    };
  }
  if (place.kind === 'pickup') return { deliveryType: 'self-pickup', branchId: place.branch.id };
  return null;
};

export type TQuotedOrder = {
  zone: TDeliveryZoneState;
  /** Where the order goes; null until an address or a restaurant is chosen. */
  target: TOrderTarget | null;
  /** What the quote is asked for; null while nothing can be asked (no place, zone unknown, no lines). */
  request: TQuoteRequest | null;
  quote: TOrderQuoteState;
  /** The delivery point lies outside every zone: the page offers pickup or another address. */
  outOfZone: boolean;
};

/**
 * The order as it stands, quoted by the server: its zone (for delivery), its body built from the cart
 * and the form, and the quote of that body (every amount the page shows and every refusal).
 */
export function useQuotedOrder({
  place,
  lines,
  values,
  promoCode,
  loyaltyAmount = 0,
}: {
  place: TCheckoutPlace;
  lines: readonly CartLine[];
  values: TOrderFormValues;
  promoCode: string | null;
  /** The bonus part (lib/bonus.ts); 0: none. */
  loyaltyAmount?: number;
}): TQuotedOrder {
  const zone = useDeliveryZone(place);
  const target = targetOf(place, zone.status === 'ready' ? zone.zoneId : null);
  const zoneKnown = zone.status === 'ready' || zone.status === 'none';
  const request: TQuoteRequest | null =
    target && zoneKnown && availableLines(lines).length > 0
      ? {
          body: buildOrderRequest({ target, lines, form: values, promoCode, loyaltyAmount }),
          lineKeys: orderLineKeys(lines),
        }
      : null;
  const quote = useOrderQuote(request);
  return { zone, target, request, quote, outOfZone: zone.status === 'ready' && zone.outOfZone };
}
