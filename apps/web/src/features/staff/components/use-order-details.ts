'use client';

import type { TStaffOrder, TStaffOrderDetail } from '@app/contracts';
import { useQueries } from '@tanstack/react-query';
import { useStaffApi } from '../api';
import { useStaffId } from '../hooks';
import { fetchStaffOrder, staffKeys } from '../lib/staff-queries';

/**
 * The whole card of each listed order (the items and the address details are only there), each
 * cached under its own key: the stream's event for one order reads that one again.
 */
export function useOrderDetails(orders: readonly Pick<TStaffOrder, 'id'>[]): Map<string, TStaffOrderDetail> {
  const api = useStaffApi();
  const staffId = useStaffId();
  const results = useQueries({
    queries: orders.map((order) => ({
      queryKey: staffKeys.order(staffId, order.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchStaffOrder(api, order.id, signal),
    })),
  });
  const details = new Map<string, TStaffOrderDetail>();
  for (const result of results) if (result.data) details.set(result.data.id, result.data);
  return details;
}
