'use client';

import { useEffect, useState } from 'react';
import { useCommonStore } from '@/lib/stores/common';
import type { TOrderingBlock } from '../lib/closed-branch';

/** How often the open/closed state is looked at again while a page stays open. */
const RECHECK_MS = 30_000;

type TRules = typeof import('../lib/closed-branch');
const loadRules = () => import('../lib/closed-branch');
/** The opening-hours rules once loaded in this tab (later mounts use them at once). */
let loadedRules: TRules | null = null;

/**
 * Whether ordering is blocked now because the current branch is closed (spec section 5), with the
 * time it opens again. Null on the server and in the first render (the branch is read from storage
 * after it), so the markup never disagrees; re-checked every 30 s, so the notice leaves on time.
 * Issue 5's checkout uses it as well.
 *
 * The opening-hours rules (Tashkent's clock, hours past midnight: ~1 KB gzipped) load only once a
 * branch with working hours is chosen: a first visit, which has none, never downloads them (issue 11,
 * the menu page's first load). Until they arrive the answer is null, as in the first render.
 */
export function useOrderingBlocked(): TOrderingBlock | null {
  const branch = useCommonStore((s) => s.branch);
  const [now, setNow] = useState<Date | null>(null);
  const [rules, setRules] = useState<TRules | null>(loadedRules);
  const hasHours = Boolean(branch?.work_hour_start && branch.work_hour_end);
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
  return now && rules && hasHours ? rules.orderingBlock(branch, now) : null;
}
