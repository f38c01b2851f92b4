'use client';

import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { lazyClient } from '@/components/lazy-client';
import { useApi } from '@/lib/config-provider';
import { useCommonStore } from '@/lib/stores/common';
import { registerLocationContext } from '../lib/location-context';
import { useAddressPopover } from '../lib/popover-store';

// The slot's work (the address flow on load, the saved points' sync, the map dialog, the popover and
// the prompt with their code: geocoding, the location API, the choices) is no part of the first paint
// (issue 11): it loads when the browser is first idle, or at once when the address button is used.
const LocationWork = lazyClient(() => import('./location-work').then((m) => m.LocationWork));

/**
 * True once the browser is first idle after the mount (at most 2 s later; Safari, without
 * requestIdleCallback, after 1.5 s): well before the address prompt's delay (spec section 4: 5 s).
 */
function useIdleAfterMount(): boolean {
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
  return idle;
}

/**
 * Mounted once in the locale layout (issue 4): registers the page's API client and locale for the
 * location choices, and mounts the slot's work (`location-work.tsx`) when the page is first idle or
 * the customer first opens the address popover or the map dialog, whichever comes first. The work
 * counts the address prompt's delay from this mount.
 */
export function LocationSlot() {
  const api = useApi();
  const locale = useLocale();
  useEffect(() => registerLocationContext({ api, locale }), [api, locale]);
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => setSince(performance.now()), []);
  const idle = useIdleAfterMount();
  const popoverOpen = useAddressPopover((s) => s.open);
  const mapOpen = useCommonStore((s) => s.isMapModal);
  const used = popoverOpen || mapOpen;
  const [wanted, setWanted] = useState(false);
  if ((idle || used) && !wanted) setWanted(true);
  return wanted && since !== null ? <LocationWork since={since} /> : null;
}
