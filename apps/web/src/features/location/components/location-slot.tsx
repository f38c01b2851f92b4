'use client';

import dynamic from 'next/dynamic';
import { useLocale } from 'next-intl';
import { startTransition, useEffect, useState } from 'react';
import { useApi } from '@/lib/config-provider';
import { useCommonStore } from '@/lib/stores/common';
import { useAddressFlow } from '../hooks/use-address-flow';
import { useAddressPointsSync } from '../hooks/use-address-points';
import { promptAlreadyShown } from '../lib/address-flow';
import { registerLocationContext } from '../lib/choose';
import { useAddressPopover } from '../lib/popover-store';

// Neither joins the first load: the map dialog (Leaflet, Radix Dialog and Tabs) loads when
// `isMapModal` first turns true, the address popover (Radix Popover) when it first opens.
const MapDialog = dynamic(() => import('./map-dialog/map-dialog').then((m) => m.MapDialog), { ssr: false });
const loadAddressPopover = () => import('./address-popover');
const AddressPopover = dynamic(() => loadAddressPopover().then((m) => m.AddressPopover), {
  ssr: false,
});

/**
 * A first visit's address prompt opens 5 s after load (spec section 4). When the browser is first
 * idle before that, its code is fetched and the popover mounted, closed (in a transition, so React
 * renders it in slices between other work): the prompt's opening is then only the render of its
 * content, not a download, a script evaluation and the mount of the whole popover in one long task
 * in the middle of the page's first seconds (issue 11: that task set the menu page's time to
 * interactive). Returns whether it is mounted.
 */
function usePremountPromptWhenIdle(): boolean {
  const [premounted, setPremounted] = useState(false);
  useEffect(() => {
    if (promptAlreadyShown()) return;
    let cancelled = false;
    const premount = () =>
      void loadAddressPopover()
        .then(() => {
          if (!cancelled) startTransition(() => setPremounted(true));
        })
        .catch(() => {});
    // Safari has no requestIdleCallback: a timeout well before the prompt's delay does there.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(premount, { timeout: 2000 });
      return () => {
        cancelled = true;
        window.cancelIdleCallback(id);
      };
    }
    const id = setTimeout(premount, 1500);
    return () => {
      cancelled = true;
      clearTimeout(id);
    };
  }, []);
  return premounted;
}

/** Once wanted, a lazy part stays mounted, so it can animate closed and reopen without a new load. */
function useOnceTrue(value: boolean): boolean {
  const [wanted, setWanted] = useState(value);
  if (value && !wanted) setWanted(true);
  return wanted;
}

/**
 * Mounted once in the locale layout (issue 4): registers the page's API client and locale for the
 * location choices, runs the address flow on load and the saved-addresses sync with the account,
 * and mounts the map dialog and the address popover when they are first needed.
 */
export function LocationSlot() {
  const api = useApi();
  const locale = useLocale();
  useEffect(() => registerLocationContext({ api, locale }), [api, locale]);
  useAddressFlow(api, locale);
  useAddressPointsSync(api);
  const popoverPremounted = usePremountPromptWhenIdle();
  const mapWanted = useOnceTrue(useCommonStore((s) => s.isMapModal));
  const popoverWanted = useOnceTrue(useAddressPopover((s) => s.open));
  return (
    <>
      {mapWanted ? <MapDialog /> : null}
      {popoverWanted || popoverPremounted ? <AddressPopover /> : null}
    </>
  );
}
