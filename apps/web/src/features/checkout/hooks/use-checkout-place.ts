'use client';

import type { TLatLong } from '@app/contracts';
import { useSyncExternalStore } from 'react';
import { useCheckoutStore } from '@/lib/stores/checkout';
import { type TAddressPoint, type TSelectedBranch, useCommonStore } from '@/lib/stores/common';

/** Where the order goes, as chosen in the location flow (common store). */
export type TCheckoutPlace =
  | { kind: 'need-address' }
  | { kind: 'need-branch' }
  | {
      kind: 'delivery';
      branch: TSelectedBranch;
      location: TLatLong;
      address: string;
      zoneId: string | null;
      /** The active saved address: its floor, entrance, apartment fill the form's empty fields. */
      point: TAddressPoint | null;
    }
  | { kind: 'pickup'; branch: TSelectedBranch };

const subscribe = (onChange: () => void) => {
  const a = useCommonStore.persist.onFinishHydration(onChange);
  const b = useCheckoutStore.persist.onFinishHydration(onChange);
  return () => {
    a();
    b();
  };
};

/** False on the server and in the first render: the location and the session's form are read after it. */
export function useCheckoutStoresHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => useCommonStore.persist.hasHydrated() && useCheckoutStore.persist.hasHydrated(),
    () => false,
  );
}

/**
 * Delivery needs a point and the branch serving it (the location flow sets both, with the zone);
 * self-pickup needs a branch. Anything missing sends the customer to the map dialog.
 */
export function useCheckoutPlace(): TCheckoutPlace {
  const deliveryType = useCommonStore((s) => s.deliveryType);
  const branch = useCommonStore((s) => s.branch);
  const location = useCommonStore((s) => s.location);
  const zoneId = useCommonStore((s) => s.deliveryZoneId);
  const points = useCommonStore((s) => s.points);
  if (deliveryType === 'self-pickup') return branch ? { kind: 'pickup', branch } : { kind: 'need-branch' };
  if (!branch || !location) return { kind: 'need-address' };
  const point = points.find((p) => p.isActive) ?? null;
  return { kind: 'delivery', branch, location, address: point?.address ?? '', zoneId, point };
}
