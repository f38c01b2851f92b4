'use client';

import type { TCreateOrderRequest, TDeliveryZone, TOrderQuoteResponse } from '@app/contracts';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDebounce } from 'use-debounce';
import { checkPointZones } from '@/features/location';
import type { TApiClient } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { quoteOrder } from '../api/checkout-api';
import type { TCheckoutPlace } from './use-checkout-place';

/** Quotes depend on the hour (branch hours, discount hours, promo days): a minute is as long as one is trusted. */
const QUOTE_STALE_MS = 60_000;
/** Typing in the form asks again only once it pauses this long. */
export const QUOTE_DEBOUNCE_MS = 350;

export const quoteQueryKey = (body: TCreateOrderRequest) => ['checkout-quote', body] as const;

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

export type TDeliveryZoneState =
  /** Self-pickup, or nowhere chosen yet. */
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  /** `outOfZone`: zones exist and none holds the point. */
  | { status: 'ready'; zoneId: string | null; outOfZone: boolean };

/**
 * Which delivery zone holds the chosen point (the location flow's stored zone may be older than the
 * zones): the order is sent with it, and outside every zone the page offers pickup or another address.
 */
export function useDeliveryZone(place: TCheckoutPlace): TDeliveryZoneState {
  const api = useApi();
  const delivery = place.kind === 'delivery' ? place : null;
  const zones = useQuery({
    queryKey: ['checkout-zones', delivery?.location.lat, delivery?.location.long],
    queryFn: ({ signal }) => checkPointZones(api, delivery?.location ?? { lat: 0, long: 0 }, signal),
    enabled: delivery !== null,
    staleTime: QUOTE_STALE_MS,
  });
  if (!delivery) return { status: 'none' };
  if (zones.error) return { status: 'error', error: zones.error, retry: () => void zones.refetch() };
  if (!zones.data) return { status: 'loading' };
  const zone = pickZone(zones.data.result, delivery.zoneId, delivery.branch.id);
  return {
    status: 'ready',
    zoneId: zone?.id ?? delivery.zoneId,
    outOfZone: zones.data.all_count > 0 && zones.data.result.length === 0,
  };
}

/** What the checkout asks the quote for: the order's body, and the cart key of each of its lines. */
export type TQuoteRequest = { body: TCreateOrderRequest; lineKeys: readonly string[] };

/** A quote with the cart keys of the lines it was asked for. */
export type TQuoteResult = { quote: TOrderQuoteResponse; lineKeys: readonly string[] };

const quoteOptions = (api: TApiClient, request: TQuoteRequest) => ({
  queryKey: quoteQueryKey(request.body),
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<TQuoteResult> => ({
    quote: await quoteOrder(api, request.body, signal),
    lineKeys: request.lineKeys,
  }),
  staleTime: QUOTE_STALE_MS,
});

/** The quote of another version of the order (a promo code to try), through the same cache. */
export const fetchOrderQuote = (client: QueryClient, api: TApiClient, request: TQuoteRequest) =>
  client.fetchQuery(quoteOptions(api, request));

/** Stores a quote under a body it also answers (the promo code as the chain wrote it). */
export const seedOrderQuote = (client: QueryClient, body: TCreateOrderRequest, result: TQuoteResult) =>
  client.setQueryData(quoteQueryKey(body), result);

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * `value` once it has stayed the same (by its JSON) for `delay` ms (use-debounce); the first value, and
 * the first after null (the order could not be asked about before), at once.
 */
function useSettled<T>(value: T, delay: number): { value: T; settled: boolean } {
  const [settled, debounce] = useDebounce(value, delay, { equalityFn: sameJson });
  useEffect(() => {
    if (settled === null && value !== null) debounce.flush();
  }, [settled, value, debounce]);
  return { value: settled, settled: sameJson(settled, value) };
}

export type TOrderQuoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | {
      status: 'ready';
      quote: TOrderQuoteResponse;
      /** The cart key of each quoted line (quote line i is lineKeys[i]). */
      lineKeys: readonly string[];
      /**
       * The quote is of the order as it stands now: false while the form or the cart changed and the
       * new quote is on its way (the previous numbers stay on screen meanwhile).
       */
      current: boolean;
    };

/**
 * The server's quote of the order (POST /v2/ondemand-order/quote): every amount the page shows and
 * every refusal placing it would meet. A query keyed by the order's body, asked once the form pauses
 * (QUOTE_DEBOUNCE_MS) unless that body is quoted already, with the previous quote kept on screen
 * while the next one loads.
 */
export function useOrderQuote(request: TQuoteRequest | null): TOrderQuoteState {
  const api = useApi();
  const client = useQueryClient();
  const debounced = useSettled(request, QUOTE_DEBOUNCE_MS);
  // An order already quoted (a promo code just tried, a choice switched back) shows at once.
  const cached = request !== null && client.getQueryData(quoteQueryKey(request.body)) !== undefined;
  const asked = cached ? request : debounced.value;
  const settled = cached || debounced.settled;
  const query = useQuery<TQuoteResult>({
    ...(asked
      ? quoteOptions(api, asked)
      : {
          queryKey: ['checkout-quote', null],
          queryFn: () => Promise.reject(new Error('no order to quote')),
        }),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
  });
  if (!request) return { status: 'idle' };
  if (query.error && !query.isFetching) {
    return { status: 'error', error: query.error, retry: () => void query.refetch() };
  }
  if (!query.data || !asked) return { status: 'loading' };
  const current = !query.isPlaceholderData;
  return {
    status: 'ready',
    quote: query.data.quote,
    // The previous order's quote, kept on screen, goes with the keys it was asked with.
    lineKeys: current ? asked.lineKeys : query.data.lineKeys,
    current: settled && current,
  };
}
