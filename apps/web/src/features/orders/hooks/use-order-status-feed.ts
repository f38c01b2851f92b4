'use client';

import type { TOrderDetail } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { buildUrl } from '@/lib/api-client';
import { createBrowserApi } from '@/lib/browser-api';
import { useConfig } from '@/lib/config-provider';
import { expireSession, useAuthStore } from '@/lib/stores/auth';
import { applyStatusEvent } from '../lib/order-view';
import { fetchOrder, orderQueryKey } from '../lib/orders-api';
import { startStatusFeed, type TFeedState } from '../lib/status-feed';

/**
 * Keeps the cached order (`orderQueryKey`) current while the page is open: each message of the
 * status stream is applied at once and the order is then read again for its full history; when the
 * stream drops, the order is polled instead (lib/status-feed). Runs only while `enabled` (a loaded,
 * still moving order).
 */
export function useOrderStatusFeed(orderId: string, customerId: string, enabled: boolean): TFeedState | null {
  const config = useConfig();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TFeedState | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const api = createBrowserApi(config, locale);
    const key = orderQueryKey(orderId, customerId);
    const feed = startStatusFeed({
      openStream: (signal) => {
        const token = useAuthStore.getState().user?.access_token;
        return fetch(buildUrl(config.apiUrl, `/v2/orders/${encodeURIComponent(orderId)}/status-stream`), {
          headers: {
            Accept: 'text/event-stream',
            'Accept-Language': locale,
            Shipper: config.shipperId,
            Platform: config.platformId,
            ...(token ? { Authorization: token } : {}),
          },
          cache: 'no-store',
          signal,
        }).then((response) => {
          // As the api client does: a refused token signs the customer out (spec section 6).
          if ((response.status === 401 || response.status === 403) && token) expireSession(token);
          return response;
        });
      },
      fetchOrder: (signal) => fetchOrder(api, orderId, signal),
      onEvent: (event) => {
        queryClient.setQueryData<TOrderDetail>(key, (order) =>
          order ? applyStatusEvent(order, event) : order,
        );
        // The stream names the new status; the order itself has the full history (and any step a
        // dropped connection missed).
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
      },
      onOrder: (order) => queryClient.setQueryData(key, order),
      onState: setState,
    });
    return () => feed.stop();
  }, [enabled, orderId, customerId, config, locale, queryClient]);

  return enabled ? state : null;
}
