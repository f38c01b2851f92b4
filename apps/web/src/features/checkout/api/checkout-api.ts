import type { TCreateOrderRequest, TCreateOrderResponse, TOrderQuoteResponse } from '@app/contracts';
import type { TApiClient } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';

/** The calls of the checkout, each a thin typed wrapper over the one client. */

/**
 * POST /v2/ondemand-order/quote: the order's every price as the server computes it for this body,
 * with the refusals placing it now would meet. Writes nothing.
 */
export const quoteOrder = (
  api: TApiClient,
  body: TCreateOrderRequest,
  signal?: AbortSignal,
): Promise<TOrderQuoteResponse> =>
  api.post('/v2/ondemand-order/quote', { schema: contract('ZOrderQuoteResponse'), body, signal });

/** POST /v2/ondemand-order under an Idempotency-Key (see lib/idempotency.ts). */
export const placeOrder = (
  api: TApiClient,
  body: TCreateOrderRequest,
  idempotencyKey: string,
): Promise<TCreateOrderResponse> =>
  api.post('/v2/ondemand-order', {
    schema: contract('ZCreateOrderResponse'),
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
