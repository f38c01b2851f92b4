'use client';

import { ADDRESS_PROMPT_DELAY_MS } from '@app/domain';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { lazyClient } from '@/components/lazy-client';
import { useApi } from '@/lib/config-provider';
import { useAuthStore } from '@/lib/stores/auth';
import { useCommonStore } from '@/lib/stores/common';
import { registerLocationContext } from '../lib/location-context';
import { useAddressPopover } from '../lib/popover-store';

// The slot's work (the address flow on load, the saved points' sync, the map dialog, the popover and
// the prompt with their code: geocoding, the location API, the choices) is no part of the page's load
// (issue 11): it loads when it is due (below), or at once when the address button is used.
const LocationWork = lazyClient(() => import('./location-work').then((m) => m.LocationWork));

/**
 * How long before the address prompt's delay (spec section 4: 5 s after load) the work loads on a
 * visit that needs it for nothing sooner: its code (~2.6 KB gzipped) and then the prompt's (~2.7 KB)
 * arrive well before the prompt opens, and after the page's load has settled (issue 11: fetched at
 * the first idle moment they were part of the load).
 */
export const WORK_BEFORE_PROMPT_MS = 1_500;

/** Whether the work has something to do at once: a signed-in customer's saved points to sync, a stored location to save as a point. */
const hasWorkAtOnce = (): boolean =>
  useAuthStore.getState().user !== null || useCommonStore.getState().location !== null;

/**
 * True when the slot's work is due: at the first idle moment after the mount (at most 2 s later;
 * Safari, without requestIdleCallback, after 1.5 s) when it has something to do at once; otherwise
 * `WORK_BEFORE_PROMPT_MS` before the prompt's delay, counted from `since`.
 */
function useWorkDue(since: number | null): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (since === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const atIdle = () => {
      if (hasWorkAtOnce()) {
        setDue(true);
        return;
      }
      const left = since + ADDRESS_PROMPT_DELAY_MS - WORK_BEFORE_PROMPT_MS - performance.now();
      timer = setTimeout(() => setDue(true), Math.max(0, left));
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(atIdle, { timeout: 2000 });
      return () => {
        window.cancelIdleCallback(id);
        clearTimeout(timer);
      };
    }
    const id = setTimeout(atIdle, 1500);
    return () => {
      clearTimeout(id);
      clearTimeout(timer);
    };
  }, [since]);
  return due;
}

/**
 * Mounted once in the locale layout (issue 4): registers the page's API client and locale for the
 * location choices, and mounts the slot's work (`location-work.tsx`) when it is due (`useWorkDue`) or
 * the customer first opens the address popover or the map dialog, whichever comes first. The work
 * counts the address prompt's delay from this mount.
 */
export function LocationSlot() {
  const api = useApi();
  const locale = useLocale();
  useEffect(() => registerLocationContext({ api, locale }), [api, locale]);
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => setSince(performance.now()), []);
  const due = useWorkDue(since);
  const popoverOpen = useAddressPopover((s) => s.open);
  const mapOpen = useCommonStore((s) => s.isMapModal);
  const used = popoverOpen || mapOpen;
  const [wanted, setWanted] = useState(false);
  if ((due || used) && !wanted) setWanted(true);
  return wanted && since !== null ? <LocationWork since={since} /> : null;
}
