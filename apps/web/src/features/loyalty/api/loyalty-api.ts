import type { TLoyaltyBalanceResponse, TLoyaltyHistoryResponse } from '@app/contracts';
import type { TApiClient } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';

/** The accumulative card's calls (signed in: always the customer's own card). */

/** How many movements the profile shows at a time. */
export const LOYALTY_HISTORY_PAGE_SIZE = 10;

/** Keyed by customer: another customer signing in on the same tab never sees the cached card. */
export const loyaltyBalanceKey = (customerId: string) => ['loyalty', 'balance', customerId] as const;
export const loyaltyHistoryKey = (customerId: string) => ['loyalty', 'history', customerId] as const;

/**
 * POST /v2/crm/iiko-customer-info: the card's balance and the chain's rules. No body and no phone:
 * the API answers the signed-in customer's own card.
 */
export const fetchLoyaltyBalance = (
  api: TApiClient,
  signal?: AbortSignal,
): Promise<TLoyaltyBalanceResponse> =>
  api.post('/v2/crm/iiko-customer-info', {
    schema: contract('ZLoyaltyBalanceResponse'),
    signal,
    cache: 'no-store',
  });

/** GET /v2/crm/loyalty-history: the card's movements, newest first, one page at a time. */
export const fetchLoyaltyHistory = (
  api: TApiClient,
  page: number,
  signal?: AbortSignal,
): Promise<TLoyaltyHistoryResponse> =>
  api.get('/v2/crm/loyalty-history', {
    schema: contract('ZLoyaltyHistoryResponse'),
    query: { page, limit: LOYALTY_HISTORY_PAGE_SIZE },
    signal,
    cache: 'no-store',
  });
