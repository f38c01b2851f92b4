'use client';

import { useCallback } from 'react';
import { useCommonStore } from '@/lib/stores/common';

/**
 * What the address button does. Location (issue 4) replaces the body with the spec's rule: open the
 * map dialog when the address popover is already open or in self-pickup mode, otherwise the popover.
 * Until then it raises the common store's `isMapModal`, the flag the map dialog will watch.
 */
export function useAddressButtonAction(): () => void {
  const setMapModal = useCommonStore((s) => s.setMapModal);
  return useCallback(() => setMapModal(true), [setMapModal]);
}
