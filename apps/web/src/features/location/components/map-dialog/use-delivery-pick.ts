'use client';

import type { TLatLong } from '@app/contracts';
import { useCallback, useRef, useState } from 'react';
import type { TApiClient } from '@/lib/api-client';
import { lookUpPoint, type TDeliveryPick } from './map-dialog-lib';

/**
 * The delivery side of the map dialog: choosing a point looks up its address (reverse geocoding,
 * unless the customer chose a search result, whose text is the address) and checks the delivery
 * zones, both at once. A newer choice wins over answers still on their way for an older one.
 * A failed reverse lookup reloads the page (spec section 8); a failed zone check is shown.
 */
export function useDeliveryPick(api: TApiClient, locale: string, reload: () => void) {
  const [pick, setPick] = useState<TDeliveryPick | null>(null);
  const latest = useRef(0);

  const choose = useCallback(
    (point: TLatLong, knownAddress?: string) => {
      const id = ++latest.current;
      const isCurrent = () => latest.current === id;
      const address = knownAddress?.trim() || null;
      setPick({ point, address, zone: { kind: 'checking' } });
      void lookUpPoint(api, point, locale, address, {
        onAddress: (text) => {
          if (isCurrent()) setPick((p) => (p ? { ...p, address: text } : p));
        },
        onZone: (zone) => {
          if (isCurrent()) setPick((p) => (p ? { ...p, zone } : p));
        },
        onReverseFailed: (error) => {
          console.error('map dialog: reverse geocoding failed', error);
          if (isCurrent()) reload();
        },
      });
    },
    [api, locale, reload],
  );

  const clear = useCallback(() => {
    latest.current++;
    setPick(null);
  }, []);

  return { pick, choose, clear };
}
