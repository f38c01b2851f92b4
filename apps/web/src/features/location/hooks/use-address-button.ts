'use client';

import { useCallback } from 'react';
import { useCommonStore } from '@/lib/stores/common';
import { useAddressPopover } from '../lib/popover-store';

/**
 * What the address button does (spec section 4, "Address flow on load"): open the map dialog when
 * the address popover is already open or in self-pickup mode, otherwise open the popover (the saved
 * points to pick from, or the 'enter delivery address' prompt when there are none).
 */
export function addressButtonAction(): void {
  const popover = useAddressPopover.getState();
  const { deliveryType, points, setMapModal } = useCommonStore.getState();
  if (popover.open || deliveryType === 'self-pickup') {
    popover.close();
    setMapModal(true);
    return;
  }
  popover.show(points.length > 0 ? { kind: 'list' } : { kind: 'enter' });
}

export function useAddressButtonAction(): () => void {
  return useCallback(() => addressButtonAction(), []);
}

/** Whether the address popover is open (the button's `aria-expanded`). */
export function useAddressPopoverOpen(): boolean {
  return useAddressPopover((s) => s.open);
}
