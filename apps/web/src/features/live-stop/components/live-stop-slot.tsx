'use client';

import { useEffect, useState } from 'react';
import { lazyClient } from '@/components/lazy-client';
import { useCommonStore } from '@/lib/stores/common';
import type { TRenderedLiveState } from '../lib/live-stop';

// The poller and the cart store it updates are no part of the first load (issue 11's budget): they
// load when the browser is first idle after the mount.
const LiveStopWork = lazyClient(() => import('./live-stop-work').then((m) => m.LiveStopWork));

/**
 * Mounted once in the locale layout: mounts the stop-list poller once the browser is first idle and a
 * branch is chosen (a first visit, which has none, downloads nothing of it). `rendered`: the branch's
 * live state the page was rendered with (the layout reads it), the poller's first comparison.
 */
export function LiveStopSlot({ rendered }: { rendered: TRenderedLiveState | null }) {
  const hasBranch = useCommonStore((s) => s.branch !== null);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(done, 1500);
    return () => clearTimeout(id);
  }, []);
  return idle && hasBranch ? <LiveStopWork rendered={rendered} /> : null;
}
