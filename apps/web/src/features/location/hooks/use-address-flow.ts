'use client';

import { ADDRESS_PROMPT_DELAY_MS, GEOLOCATION_TIMEOUT_MS } from '@app/domain';
import { useEffect } from 'react';
import type { TApiClient } from '@/lib/api-client';
import { useCommonStore } from '@/lib/stores/common';
import {
  geolocationErrorName,
  markPromptShown,
  needsPointFromLocation,
  promptAlreadyShown,
  shouldAskLocation,
  type TPromptView,
} from '../lib/address-flow';
import { useAddressPopover } from '../lib/popover-store';
import { useLocationHydrated } from './use-hydrated';

// Loaded when a point is to be described or chosen (issue 11): a first visit without a position
// (the 'enter delivery address' prompt) needs neither the location API nor the choices.
const loadDescribePoint = () => import('../lib/describe-point').then((m) => m.describePoint);
const loadConfirmDelivery = () => import('../lib/choose').then((m) => m.confirmDelivery);

const flowState = () => {
  const { points, location, deliveryType, isMapModal } = useCommonStore.getState();
  const promptShown = promptAlreadyShown() || useAddressPopover.getState().open || isMapModal;
  return { points, location, deliveryType, promptShown };
};

/**
 * The address flow on load (spec section 4): with no active address, not in self-pickup and no
 * popover yet, after 5 s the browser location is asked for (60 s timeout) and the address prompt
 * opens once per browser session, without taking focus: the detected address (No / Yes), or, when
 * the position is refused or unavailable (only logged), 'enter delivery address' (Later / Enter
 * address). A stored location without any saved point is reverse-geocoded and saved as the active
 * point (with its nearest branch) straight away.
 *
 * `since` is when the page's location slot mounted (`performance.now()`): the flow's code loads
 * when the page is first idle, so the 5 s are counted from the slot's mount, not from this hook's.
 * Without it they start at the hook's first run after hydration.
 */
export function useAddressFlow(api: TApiClient, locale: string, since?: number): void {
  const hydrated = useLocationHydrated();

  useEffect(() => {
    if (!hydrated) return;
    let cancelled = false;
    const show = (view: TPromptView) => {
      if (cancelled || !shouldAskLocation(flowState())) return;
      markPromptShown();
      useAddressPopover.getState().show(view, true);
    };

    const { location, points, deliveryType } = useCommonStore.getState();
    if (location && needsPointFromLocation({ location, points, deliveryType })) {
      loadDescribePoint()
        .then((describePoint) => describePoint(api, location, locale))
        .then(async (point) => {
          // Checked again: the customer may have chosen self-pickup or a point meanwhile.
          if (cancelled || !point || point.outOfZone || !needsPointFromLocation(useCommonStore.getState()))
            return;
          const confirmDelivery = await loadConfirmDelivery();
          return confirmDelivery(
            { location, address: point.address, city: point.city, deliveryZoneId: point.zoneId },
            { api, locale },
          );
        })
        .catch((error: unknown) => console.warn('location: the stored location could not be saved', error));
      return () => {
        cancelled = true;
      };
    }

    if (!shouldAskLocation(flowState())) return;
    const elapsed = since === undefined ? 0 : performance.now() - since;
    const timer = setTimeout(
      () => {
        if (cancelled || !shouldAskLocation(flowState())) return;
        if (typeof navigator === 'undefined' || !navigator.geolocation) {
          console.info('location: geolocation is not available in this browser');
          show({ kind: 'enter' });
          return;
        }
        navigator.geolocation.getCurrentPosition(
          (position) => {
            const point = { lat: position.coords.latitude, long: position.coords.longitude };
            loadDescribePoint()
              .then((describePoint) => describePoint(api, point, locale))
              .then((view) => show(view ?? { kind: 'enter' }))
              .catch((error: unknown) => {
                console.warn('location: the detected position could not be described', error);
                show({ kind: 'enter' });
              });
          },
          (error) => {
            // Spec: permission denied or an unavailable position is only logged.
            console.info(`location: browser position not available (${geolocationErrorName(error.code)})`);
            show({ kind: 'enter' });
          },
          { timeout: GEOLOCATION_TIMEOUT_MS },
        );
      },
      Math.max(0, ADDRESS_PROMPT_DELAY_MS - elapsed),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, hydrated, locale, since]);
}
