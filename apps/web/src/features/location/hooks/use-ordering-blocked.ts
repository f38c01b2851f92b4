'use client';

import type { TLocale } from '@app/contracts';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { useLivePauses } from '@/lib/live-branch';
import { useCommonStore } from '@/lib/stores/common';
import type { TOrderingBlock } from '../lib/closed-branch';

/** How often the open/closed state is looked at again while a page stays open. */
const RECHECK_MS = 4_000;

type TRules = typeof import('../lib/closed-branch');
const loadRules = () => import('../lib/closed-branch');
/** The opening-hours rules once loaded in this tab (later mounts use them at once). */
let loadedRules: TRules | null = null;

/**
 * Whether ordering is blocked now because the current branch is closed (spec section 5: its hours,
 * or a manager's pause, issue 13) or, for a delivery, because its deliveries are paused, with the
 * time it opens (resumes) again. Null on the server and in the first render (the branch is read from
 * storage after it), so the markup never disagrees. The clock is looked at every few seconds, and the
 * branch's pauses come from the page's one live read of the branch (features/live-stop, every 4 s:
 * lib/live-branch.ts), so a pause and its end reach the notice without a reload, however many parts
 * of the page ask. Issue 5's checkout uses it as well.
 *
 * The opening-hours rules (Tashkent's clock, hours past midnight: ~1 KB gzipped) load only once a
 * branch with working hours is chosen: a first visit, which has none, never downloads them (issue 11,
 * the menu page's first load). Until they arrive the answer is null, as in the first render.
 */
export function useOrderingBlocked(): TOrderingBlock | null {
  const branch = useCommonStore((s) => s.branch);
  const deliveryType = useCommonStore((s) => s.deliveryType);
  const locale = useLocale() as TLocale;
  const [now, setNow] = useState<Date | null>(null);
  const [rules, setRules] = useState<TRules | null>(loadedRules);
  const hasHours = Boolean(branch?.work_hour_start && branch.work_hour_end);
  const pauses = useLivePauses(branch?.id ?? null);
  useEffect(() => {
    setNow(new Date());
    const id = setInterval(() => setNow(new Date()), RECHECK_MS);
    return () => clearInterval(id);
  }, []);
  useEffect(() => {
    if (!hasHours || rules) return;
    let live = true;
    void loadRules().then((loaded) => {
      loadedRules = loaded;
      if (live) setRules(loaded);
    });
    return () => {
      live = false;
    };
  }, [hasHours, rules]);
  // Without working hours nothing blocks (orderingBlock's own answer), rules loaded or not.
  if (!now || !rules || !hasHours) return null;
  return rules.orderingBlock(branch, now, locale, pauses, deliveryType);
}
