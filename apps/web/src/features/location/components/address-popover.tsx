'use client';

import * as Popover from '@radix-ui/react-popover';
import { useTranslations } from 'next-intl';
import { useDeferredValue, useRef } from 'react';
import { isAddressButton, openMap, visibleAddressButton } from '../lib/address-anchor';
import { useAddressPopover } from '../lib/popover-store';
import { AddressList } from './address-list';

/**
 * The non-modal popover under the address button with the saved points to pick from (the address
 * prompt of the flow on load is address-prompt.tsx, a lighter element: it loads with every first
 * visit). Opened by the button it takes focus and gives it back on close. Clicking the address
 * button while it is open is the button's own business (it opens the map dialog).
 */
export function AddressPopover() {
  const t = useTranslations('location');
  // The opening renders in a transition (a store update alone renders synchronously): React renders
  // the content in slices that yield to the browser, so opening over a page of 70 cards is no long
  // task (issue 11). The button's aria-expanded follows the store at once.
  const open = useDeferredValue(useAddressPopover((s) => s.open && s.view.kind === 'list'));
  const anchor = useRef<HTMLElement | null>(null);
  if (open) anchor.current = visibleAddressButton();

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => !next && useAddressPopover.getState().close()}
      modal={false}
    >
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t('prompt.label')}
          data-testid="address-popover"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Back to the button only when focus would otherwise be lost (it was inside).
            const active = document.activeElement;
            if (!active || active === document.body) anchor.current?.focus();
          }}
          onInteractOutside={(event) => {
            if (isAddressButton(event.target)) event.preventDefault();
          }}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-card bg-white p-4 shadow-card ring-1 ring-line"
        >
          <AddressList
            variant="popover"
            onAddNew={openMap}
            onPicked={() => useAddressPopover.getState().close()}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
