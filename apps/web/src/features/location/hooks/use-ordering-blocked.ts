'use client';

import { useEffect, useState } from 'react';
import { useCommonStore } from '@/lib/stores/common';
import { orderingBlock, type TOrderingBlock } from '../lib/closed-branch';

/** How often the open/closed state is looked at again while a page stays open. */
const RECHECK_MS = 30_000;

/**
 * Whether ordering is blocked now because the current branch is closed (spec section 5), with the
 * time it opens again. Null on the server and in the first render (the branch is read from storage
 * after it), so the markup never disagrees; re-checked every 30 s, so the notice leaves on time.
 * Issue 5's checkout uses it as well.
 */
export function useOrderingBlocked(): TOrderingBlock | null {
  const branch = useCommonStore((s) => s.branch);
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const id = setInterval(() => setNow(new Date()), RECHECK_MS);
    return () => clearInterval(id);
  }, []);
  return now ? orderingBlock(branch, now) : null;
}
