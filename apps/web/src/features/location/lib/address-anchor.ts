import { useCommonStore } from '@/lib/stores/common';
import { useAddressPopover } from './popover-store';

/** The address button on screen: the header one from md, the bar under the header below it. */
export const ADDRESS_BUTTON_ATTR = 'data-address-button';

export function visibleAddressButton(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const buttons = [...document.querySelectorAll<HTMLElement>(`[${ADDRESS_BUTTON_ATTR}]`)];
  return buttons.find((b) => b.getClientRects().length > 0) ?? buttons[0] ?? null;
}

export const isAddressButton = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest(`[${ADDRESS_BUTTON_ATTR}]`) !== null;

/** Closes the popover or prompt and opens the map dialog (enter or correct the address there). */
export function openMap(): void {
  useAddressPopover.getState().close();
  useCommonStore.getState().setMapModal(true);
}
