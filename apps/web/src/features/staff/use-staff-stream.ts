'use client';

import type { TStaffStreamOrder } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { useEffect, useState } from 'react';
import { buildUrl } from '@/lib/api-client';
import { useConfig } from '@/lib/config-provider';
import { STAFF_CACHE_ROOTS, staffKeys } from './lib/staff-queries';
import { startStaffStream, type TStreamState } from './lib/staff-stream';
import { liveStaffToken, useStaffSession } from './session';

type TOrderListener = (event: TStaffStreamOrder) => void;
const orderListeners = new Set<TOrderListener>();
type TCatalogueListener = () => void;
const catalogueListeners = new Set<TCatalogueListener>();

/** Runs `listener` for every `order` event of the workspace's stream (the operator's new-order alert). */
export function subscribeStaffOrders(listener: TOrderListener): () => void {
  orderListeners.add(listener);
  return () => orderListeners.delete(listener);
}

/** Runs `listener` for every `catalogue` event (stop list, prices, branches changed: the manager's screens). */
export function subscribeStaffCatalogue(listener: TCatalogueListener): () => void {
  catalogueListeners.add(listener);
  return () => catalogueListeners.delete(listener);
}

/**
 * The workspace's one connection to GET /v1/staff/stream while a staff member is signed in (mounted by
 * the staff shell): an `order` event makes the lists and that order's card be read again, a
 * `catalogue` event (a stop list, a price, a branch's hours or pause changed, by this manager or
 * another) the branches and every manager screen's data, and for a branch's change (its delivery or
 * cooking time) the order lists and cards too, a `reset` (and every reconnection after a
 * drop, lib/staff-stream.ts) every staff and manager query; a 401 ends the session. Returns the
 * connection's state for the screen.
 */
export function useStaffStream(staffId: string | null): TStreamState | null {
  const config = useConfig();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TStreamState | null>(null);

  useEffect(() => {
    if (!staffId) return;
    const feed = startStaffStream({
      openStream: (signal, lastEventId) => {
        const token = liveStaffToken();
        return fetch(buildUrl(config.apiUrl, '/v1/staff/stream'), {
          headers: {
            Accept: 'text/event-stream',
            'Accept-Language': locale,
            Shipper: config.shipperId,
            Platform: config.platformId,
            ...(token ? { Authorization: token } : {}),
            ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
          },
          cache: 'no-store',
          signal,
        });
      },
      onOrder: (event) => {
        void queryClient.invalidateQueries({ queryKey: staffKeys.lists(staffId) });
        void queryClient.invalidateQueries({ queryKey: staffKeys.order(staffId, event.order_id) });
        for (const listener of orderListeners) listener(event);
      },
      onReset: () => {
        for (const root of STAFF_CACHE_ROOTS) void queryClient.invalidateQueries({ queryKey: [root] });
      },
      onCatalogue: (tags) => {
        void queryClient.invalidateQueries({ queryKey: staffKeys.branches() });
        // A branch's delivery or cooking time is every open order's timer target there (the lists'
        // and cards' target_minutes): read them again, or the timers count to the old one.
        if (tags === null || tags.includes('branches')) {
          void queryClient.invalidateQueries({ queryKey: staffKeys.lists(staffId) });
          void queryClient.invalidateQueries({ queryKey: staffKeys.orders(staffId) });
        }
        // The manager's screens (features/staff-manage) keep their answers fresh for minutes: without
        // this, another manager's pause or stop showed as 'open' / 'in stock' until then.
        void queryClient.invalidateQueries({ queryKey: ['staff-manage'] });
        for (const listener of catalogueListeners) listener();
      },
      onState: setState,
      onFatal: (status) => {
        if (status === 401) useStaffSession.getState().signOut('server');
      },
    });
    return () => feed.stop();
  }, [staffId, config, locale, queryClient]);

  return staffId ? state : null;
}
