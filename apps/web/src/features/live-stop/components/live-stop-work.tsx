'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { cartStore } from '@/features/cart';
import { contract } from '@/lib/browser-contracts';
import { useApi } from '@/lib/config-provider';
import { publishLivePauses } from '@/lib/live-branch';
import { getQueryClient } from '@/lib/query-client';
import { type TBranchHours, useCommonStore } from '@/lib/stores/common';
import {
  followBranch,
  liveChanges,
  STOP_LIST_RECHECK_MS,
  type TLiveState,
  type TRenderedLiveState,
} from '../lib/live-stop';

/**
 * How long after a refresh the page's render is compared with the last answer again, and how many
 * times a render still behind is refreshed once more: the storefront's cached reads drop a stale
 * entry within a second of the write (issue 11), but the API may answer the live read a moment
 * before the storefront's server has heard of the change.
 */
const SETTLE_MS = 1_500;
const MAX_RECHECKS = 2;

/** The browser's queries whose answers hold the menu's prices: asked again when a price changes. */
const PRICED_QUERIES = ['checkout-quote', 'discount-with-products'] as const;

/**
 * While a branch is chosen and the tab is visible, reads the branch's live state (GET /v2/stop-list)
 * every 4 s (issue 13), the page's one read of it. An answer whose stop lists or menu prices differ
 * from what the page shows (the state its render read, `rendered`) renders the page's server parts
 * again, and again SETTLE_MS later while the new render still lags (menu cards, the product page and
 * its modifiers show 'Unavailable' or lose it, a new price shows); a price change also asks for
 * the checkout's quote and the cart's discounts again. Every answer, the first included, hands the branch's pauses to the ordering block (lib/live-branch.ts) and flags the cart's
 * lines using a stopped product, size, pick or modifier `in_stop`, unflagging those back on (checkout
 * refuses them anyway).
 */
export function LiveStopWork({ rendered }: { rendered: TRenderedLiveState | null }) {
  const api = useApi();
  const router = useRouter();
  const branchId = useCommonStore((s) => s.branch?.id ?? null);
  // Read by the polling as it goes, not a reason to restart it (each refresh renders it again).
  const renderedRef = useRef(rendered);
  renderedRef.current = rendered;
  useEffect(() => {
    if (!branchId) return;
    let live = true;
    // What the page shows: its render's state (the layout reads it with the page's data, and each
    // refresh renders it again), or, without one for this branch, the last answer.
    let answered: TLiveState | null = null;
    let trustRendered = true;
    const shown = (): TLiveState | null => {
      const rendered = renderedRef.current;
      return trustRendered && rendered && rendered.branch_id === branchId ? rendered : answered;
    };
    let rechecks = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    // SETTLE_MS after a refresh: the render says whether the page caught up with the last answer;
    // still behind (the storefront's server had not heard of the write yet), once more. A render that
    // never catches up is not trusted again: the answers are compared with each other, as without one.
    const recheck = () => {
      if (!live || !answered || !liveChanges(shown(), answered).page) return;
      if (rechecks >= MAX_RECHECKS) {
        trustRendered = false;
        return;
      }
      rechecks += 1;
      router.refresh();
      settle = setTimeout(recheck, SETTLE_MS);
    };
    const targets = {
      cart: cartStore,
      refresh: () => {
        router.refresh();
        rechecks = 0;
        clearTimeout(settle);
        settle = setTimeout(recheck, SETTLE_MS);
      },
      requote: () => {
        const client = getQueryClient();
        for (const key of PRICED_QUERIES) void client.invalidateQueries({ queryKey: [key] });
      },
      pauses: (pauses: Parameters<typeof publishLivePauses>[1]) => publishLivePauses(branchId, pauses),
      hours: (hours: TBranchHours) => useCommonStore.getState().setBranchHours(branchId, hours),
    };
    let reading = false;
    const read = () => {
      if (reading || document.visibilityState === 'hidden') return;
      reading = true;
      api
        .get('/v2/stop-list', { query: { branch_id: branchId }, schema: contract('ZBranchStopsResponse') })
        .then(
          (answer) => {
            if (live) answered = followBranch(shown(), answer, targets);
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
