'use client';

import { useLocale } from 'next-intl';
import { startTransition, useEffect, useState } from 'react';
import { lazyClient } from '@/components/lazy-client';
import { useApi } from '@/lib/config-provider';
import { useCommonStore } from '@/lib/stores/common';
import { useAddressFlow } from '../hooks/use-address-flow';
import { useAddressPointsSync } from '../hooks/use-address-points';
import { promptAlreadyShown } from '../lib/address-flow';
import { useAddressPopover } from '../lib/popover-store';

// None joins the first load: the map dialog (Leaflet, Radix Dialog and Tabs) loads when
// `isMapModal` first turns true, the saved points' popover (Radix Popover) when it first opens, the
// address prompt (a plain element, a few KB) when the browser is idle on a first visit.
const MapDialog = lazyClient(() => import('./map-dialog/map-dialog').then((m) => m.MapDialog));
const AddressPopover = lazyClient(() => import('./address-popover').then((m) => m.AddressPopover));
const loadAddressPrompt = () => import('./address-prompt');
const AddressPrompt = lazyClient(() => loadAddressPrompt().then((m) => m.AddressPrompt));

/**
 * A first visit's address prompt opens 5 s after load (spec section 4). When the browser is first
 * idle before that, its code is fetched and the prompt mounted, closed (in a transition): its opening
 * is then only the render of its content, not a download and a script evaluation in the middle of
 * the page's first seconds (issue 11: the opening of the Radix popover it was set the menu page's
 * time to interactive). Returns whether it is mounted.
 */
function usePremountPromptWhenIdle(): boolean {
  const [premounted, setPremounted] = useState(false);
  useEffect(() => {
    if (promptAlreadyShown()) return;
    let cancelled = false;
    const premount = () =>
      void loadAddressPrompt()
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
 * The location slot's work (issue 4), loaded by `<LocationSlot>` when the page is first idle or at
 * the first use of the address button (issue 11: none of it is needed for the first paint): runs the
 * address flow on load (its prompt's delay counted from `since`, the slot's mount) and the
 * saved-addresses sync with the account, and mounts the map dialog and the address popover when
 * they are first needed.
 */
export function LocationWork({ since }: { since: number }) {
  const api = useApi();
  const locale = useLocale();
  useAddressFlow(api, locale, since);
  useAddressPointsSync(api);
  const promptPremounted = usePremountPromptWhenIdle();
  const mapWanted = useOnceTrue(useCommonStore((s) => s.isMapModal));
  const view = useAddressPopover((s) => (s.open ? s.view.kind : null));
  const popoverWanted = useOnceTrue(view === 'list');
  const promptWanted = useOnceTrue(view === 'enter' || view === 'detected') || promptPremounted;
  return (
    <>
      {mapWanted ? <MapDialog /> : null}
      {popoverWanted ? <AddressPopover /> : null}
      {promptWanted ? <AddressPrompt /> : null}
    </>
  );
}
