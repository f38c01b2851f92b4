'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { cartStore } from '@/features/cart';
import { contract } from '@/lib/browser-contracts';
import { useApi } from '@/lib/config-provider';
import { useCommonStore } from '@/lib/stores/common';
import { followStops, STOP_LIST_RECHECK_MS } from '../lib/live-stop';

/**
 * While a branch is chosen and the tab is visible, reads the branch's stop list (GET /v2/stop-list)
 * every 4 s (issue 13). A change of the stopped products against the previous answer renders the
 * page's server parts again (the menu cards and the product page show 'Unavailable', or lose it);
 * every answer, the first included, flags the cart's lines of stopped products `in_stop` and unflags
 * those back on (checkout refuses them anyway, server-side).
 */
export function LiveStopWork() {
  const api = useApi();
  const router = useRouter();
  const branchId = useCommonStore((s) => s.branch?.id ?? null);
  useEffect(() => {
    if (!branchId) return;
    let live = true;
    let previous: readonly string[] | null = null;
    let reading = false;
    const read = () => {
      if (reading || document.visibilityState === 'hidden') return;
      reading = true;
      api
        .get('/v2/stop-list', { query: { branch_id: branchId }, schema: contract('ZBranchStopsResponse') })
        .then(
          (answer) => {
            if (!live) return;
            previous = followStops(previous, answer.product_ids, {
              cart: cartStore,
              refresh: () => router.refresh(),
            });
          },
          // A failed read keeps the last state; the next one tries again.
          (error: unknown) => console.warn('live stop list: not read', error),
        )
        .finally(() => {
          reading = false;
        });
    };
    read();
    const id = setInterval(read, STOP_LIST_RECHECK_MS);
    document.addEventListener('visibilitychange', read);
    return () => {
      live = false;
      clearInterval(id);
      document.removeEventListener('visibilitychange', read);
    };
  }, [api, router, branchId]);
  return null;
}
