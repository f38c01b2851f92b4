'use client';

import type { TDeliveryZone, TDiscountWithOrderPriceResponse } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '@/lib/config-provider';
import { checkPointZones, computeFare, quoteDiscounts, type TDiscountQuoteInput } from '../api/checkout-api';
import { checkoutSummary, type TCheckoutSummary } from '../lib/summary';
import type { TCheckoutPlace } from './use-checkout-place';

/** Quotes depend on the hour (discount hours, promo days): a minute is as long as one is trusted. */
const QUOTE_STALE_MS = 60_000;

export type TCheckoutQuote = (
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'out-of-zone' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; summary: TCheckoutSummary; zone: TDeliveryZone | null }
) & {
  /** The last discount quote's failure (a promo code that stopped applying shows here). */
  discountError: unknown;
  /** The inputs of the discount quote, once the delivery price is known (to try a promo code). */
  discountInput: TDiscountQuoteInput | null;
};

export const discountQueryKey = (input: TDiscountQuoteInput) => ['checkout-discounts', input] as const;

/** The zone the order is delivered in: the stored one if the point is in it, else one the branch serves. */
function pickZone(
  zones: readonly TDeliveryZone[],
  zoneId: string | null,
  branchId: string,
): TDeliveryZone | null {
  return (
    zones.find((z) => z.id === zoneId) ??
    zones.find((z) => z.branch_ids.includes(branchId)) ??
    zones[0] ??
    null
  );
}

/**
 * The server's numbers for this order: the zone of the point (its minimum and free-delivery
 * threshold), the delivery fare, and the discounts (with the applied promo code). Each is a query
 * keyed by its inputs, so a change of payment type or promo code asks again and the previous
 * numbers stay on screen meanwhile.
 */
export function useCheckoutQuote(input: {
  place: TCheckoutPlace;
  goods: number;
  products: string;
  paymentType: string;
  promoCode: string | null;
  shipperMinimum: number;
}): TCheckoutQuote {
  const api = useApi();
  const { place } = input;
  const delivery = place.kind === 'delivery' ? place : null;
  const branchId = place.kind === 'delivery' || place.kind === 'pickup' ? place.branch.id : null;

  const zones = useQuery({
    queryKey: ['checkout-zones', delivery?.location.lat, delivery?.location.long],
    queryFn: ({ signal }) => checkPointZones(api, delivery?.location ?? { lat: 0, long: 0 }, signal),
    enabled: delivery !== null,
    staleTime: QUOTE_STALE_MS,
  });
  const zone =
    delivery && zones.data ? pickZone(zones.data.result, delivery.zoneId, delivery.branch.id) : null;
  const outOfZone = zones.data !== undefined && zones.data.all_count > 0 && zones.data.result.length === 0;

  const fare = useQuery({
    queryKey: [
      'checkout-fare',
      branchId,
      delivery?.location.lat,
      delivery?.location.long,
      zone?.id,
      input.goods,
    ],
    queryFn: ({ signal }) =>
      computeFare(
        api,
        {
          branch_id: branchId ?? '',
          lat: delivery?.location.lat,
          long: delivery?.location.long,
          order_price: input.goods,
          delivery_zone_id: zone?.id,
          delivery_type: 'delivery',
        },
        signal,
      ),
    enabled: delivery !== null && zone !== null && branchId !== null,
    placeholderData: keepPreviousData,
    staleTime: QUOTE_STALE_MS,
  });

  const deliveryPrice = delivery ? fare.data?.price : 0;
  const discountInput: TDiscountQuoteInput | null =
    branchId !== null && deliveryPrice !== undefined
      ? {
          branchId,
          deliveryType: delivery ? 'delivery' : 'self-pickup',
          paymentType: input.paymentType,
          orderPrice: input.goods,
          deliveryPrice,
          products: input.products,
          promoCode: input.promoCode,
        }
      : null;
  const discounts = useQuery<TDiscountWithOrderPriceResponse>({
    queryKey: discountInput ? discountQueryKey(discountInput) : ['checkout-discounts', null],
    queryFn: ({ signal }) => {
      if (!discountInput) throw new Error('no quote input');
      return quoteDiscounts(api, discountInput, signal);
    },
    enabled: discountInput !== null,
    placeholderData: keepPreviousData,
    staleTime: QUOTE_STALE_MS,
  });

  const discountError = discounts.error;
  if (place.kind === 'need-address' || place.kind === 'need-branch')
    return { status: 'idle', discountError, discountInput };
  // Zones exist and none holds the point, or none of them can be priced from here.
  if (outOfZone || (delivery && zones.data && !zone))
    return { status: 'out-of-zone', discountError, discountInput };
  const failed = zones.error ?? fare.error ?? (discounts.data ? null : discounts.error);
  if (failed) {
    return {
      status: 'error',
      error: failed,
      retry: () => {
        if (zones.error) void zones.refetch();
        if (fare.error) void fare.refetch();
        if (discounts.error) void discounts.refetch();
      },
      discountError,
      discountInput,
    };
  }
  if (!discounts.data || (delivery && !fare.data)) return { status: 'loading', discountError, discountInput };
  return {
    status: 'ready',
    zone,
    summary: checkoutSummary({
      deliveryType: delivery ? 'delivery' : 'self-pickup',
      goods: input.goods,
      fare: fare.data ?? null,
      quote: discounts.data,
      shipperMinimum: input.shipperMinimum,
      zone,
    }),
    discountError,
    discountInput,
  };
}
