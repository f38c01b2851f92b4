'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { cartStore } from '@/features/cart';
import { contract } from '@/lib/browser-contracts';
import { useApi } from '@/lib/config-provider';
import { publishLivePauses } from '@/lib/live-branch';
import { getQueryClient } from '@/lib/query-client';
import { useCommonStore } from '@/lib/stores/common';
import {
  followBranch,
  STOP_LIST_RECHECK_MS,
  type TLiveState,
  type TRenderedLiveState,
} from '../lib/live-stop';

/**
 * A change renders the page again at once and once more this long after: the storefront's cached
 * reads drop a stale entry within a second of the write (issue 11), but the API may answer the live
 * read a moment before the storefront's server has heard of the change.
 */
const SETTLE_MS = 1_500;

/** The browser's queries whose answers hold the menu's prices: asked again when a price changes. */
const PRICED_QUERIES = ['checkout-quote', 'discount-with-products'] as const;

/**
 * While a branch is chosen and the tab is visible, reads the branch's live state (GET /v2/stop-list)
 * every 4 s (issue 13), the page's one read of it. A change of the stop lists or of the menu's prices
 * against the previous answer (the first: against the state the page was rendered with) renders the page's server parts again, at once and after SETTLE_MS (menu
 * cards, the product page and its modifiers show 'Unavailable' or lose it, a new price shows); a price
 * change also asks for the checkout's quote and the cart's discounts again. Every answer, the first
 * included, hands the branch's pauses to the ordering block (lib/live-branch.ts) and flags the cart's
 * lines of stopped products `in_stop`, unflagging those back on (checkout refuses them anyway).
 */
export function LiveStopWork({ rendered }: { rendered: TRenderedLiveState | null }) {
  const api = useApi();
  const router = useRouter();
  const branchId = useCommonStore((s) => s.branch?.id ?? null);
  // Read when the branch's polling starts, not a reason to restart it (each refresh renders it again).
  const renderedRef = useRef(rendered);
  renderedRef.current = rendered;
  useEffect(() => {
    if (!branchId) return;
    let live = true;
    // The state the page shows: a first answer that differs from it renders the page again.
    const shown = renderedRef.current;
    let previous: TLiveState | null = shown && shown.branch_id === branchId ? shown : null;
    let reading = false;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const targets = {
      cart: cartStore,
      refresh: () => {
        router.refresh();
        clearTimeout(settle);
        settle = setTimeout(() => router.refresh(), SETTLE_MS);
      },
      requote: () => {
        const client = getQueryClient();
        for (const key of PRICED_QUERIES) void client.invalidateQueries({ queryKey: [key] });
      },
      pauses: (pauses: Parameters<typeof publishLivePauses>[1]) => publishLivePauses(branchId, pauses),
    };
    const read = () => {
      if (reading || document.visibilityState === 'hidden') return;
      reading = true;
      api
        .get('/v2/stop-list', { query: { branch_id: branchId }, schema: contract('ZBranchStopsResponse') })
        .then(
          (answer) => {
            if (live) previous = followBranch(previous, answer, targets);
          },
          // A failed read keeps the last state; the next one tries again.
          (error: unknown) => console.warn('live branch state: not read', error),
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
      clearTimeout(settle);
      document.removeEventListener('visibilitychange', read);
    };
  }, [api, router, branchId]);
  return null;
}
