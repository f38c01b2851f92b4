'use client';

import type { TLoyaltyBalanceResponse } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '@/lib/config-provider';
import { fetchLoyaltyBalance, loyaltyBalanceKey } from '../api/loyalty-api';

export type TLoyaltyBalanceState =
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; card: TLoyaltyBalanceResponse };

/**
 * The signed-in customer's card balance (POST /v2/crm/iiko-customer-info), read when the chain offers
 * the card (`enabled`); read again on every visit, since orders move it.
 */
export function useLoyaltyBalance(customerId: string, enabled: boolean): TLoyaltyBalanceState {
  const api = useApi();
  const query = useQuery({
    queryKey: loyaltyBalanceKey(customerId),
    queryFn: ({ signal }) => fetchLoyaltyBalance(api, signal),
    enabled,
    staleTime: 0,
  });
  if (!enabled) return { status: 'off' };
  if (query.data) return { status: 'ready', card: query.data };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  return { status: 'loading' };
}
