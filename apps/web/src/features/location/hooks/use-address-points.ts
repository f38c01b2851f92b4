'use client';

import { useEffect, useRef } from 'react';
import type { TApiClient } from '@/lib/api-client';
import { useAuthStore } from '@/lib/stores/auth';
import { useCommonStore } from '@/lib/stores/common';
import { dropCustomerPoints } from '../lib/points-owner';
import { useLocationHydrated } from './use-hydrated';

/**
 * Keeps the saved points with the account: once per page load for a signed-in customer (and at the
 * moment one signs in) the anonymous points are imported and the store takes the server's list; a
 * customer in a fresh browser so gets their addresses and the active one's location (and, when no
 * branch is chosen yet, its zone and the nearest active branch serving it, for the next page).
 * Signing out drops the copy.
 */
export function useAddressPointsSync(api: TApiClient): void {
  const hydrated = useLocationHydrated();
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const synced = useRef<string | null>(null);
  const hadUser = useRef(false);

  useEffect(() => {
    if (!hydrated) return;
    if (userId === null) {
      if (hadUser.current) dropCustomerPoints();
      hadUser.current = false;
      synced.current = null;
      return;
    }
    hadUser.current = true;
    if (synced.current === userId) return;
    synced.current = userId;
    let cancelled = false;
    // The sync's code (the location API, the choices) loads for a signed-in customer only (issue 11).
    Promise.all([import('../lib/points-sync'), import('../lib/choose')])
      .then(([{ syncPointsForCustomer }, { applyNearestBranch }]) =>
        syncPointsForCustomer(api, userId).then(async (location) => {
          if (cancelled || !location) return;
          const { branch, deliveryType } = useCommonStore.getState();
          if (branch === null && deliveryType === 'delivery') await applyNearestBranch(location, { api });
        }),
      )
      .catch((error: unknown) => {
        // Offline or the API down: the stored copy stays; the next page load tries again.
        console.warn('location: saved addresses could not be loaded', error);
        if (synced.current === userId) synced.current = null;
      });
    return () => {
      cancelled = true;
    };
  }, [api, hydrated, userId]);
}
