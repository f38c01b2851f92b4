'use client';

import * as Popover from '@radix-ui/react-popover';
import { useTranslations } from 'next-intl';
import { useDeferredValue, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { useCommonStore } from '@/lib/stores/common';
import { useSessionStore } from '@/lib/stores/session';
import type { TPromptView } from '../lib/address-flow';
import { confirmDelivery } from '../lib/choose';
import { useAddressPopover } from '../lib/popover-store';
import { AddressList } from './address-list';

/** The address button on screen: the header one from md, the bar under the header below it. */
export const ADDRESS_BUTTON_ATTR = 'data-address-button';

function visibleAddressButton(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const buttons = [...document.querySelectorAll<HTMLElement>(`[${ADDRESS_BUTTON_ATTR}]`)];
  return buttons.find((b) => b.getClientRects().length > 0) ?? buttons[0] ?? null;
}

const isAddressButton = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest(`[${ADDRESS_BUTTON_ATTR}]`) !== null;

function openMap(): void {
  useAddressPopover.getState().close();
  useCommonStore.getState().setMapModal(true);
}

function DetectedPrompt({ view }: { view: Extract<TPromptView, { kind: 'detected' }> }) {
  const t = useTranslations('location');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setBusy(true);
    // Yes marks the address accepted and flags the location (spec section 4).
    useSessionStore.getState().setSession({ addressAccepted: true, isLocation: true });
    try {
      await confirmDelivery(
        { location: view.location, address: view.address, city: view.city, deliveryZoneId: view.zoneId },
        { api },
      );
    } catch (error) {
      setBusy(false);
      notify('error', apiErrorMessage(error, t('addresses.error')));
    }
  };
  return (
    <div className="flex flex-col gap-3" data-testid="address-prompt-detected">
      <Popover.Title className="font-bold">{t('prompt.detectedTitle')}</Popover.Title>
      <p className="break-words" data-testid="detected-address">
        {view.address}
      </p>
      {view.outOfZone ? <p className="text-sm text-paprika-600">{t('outOfZone')}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={openMap} disabled={busy}>
          {t('no')}
        </Button>
        {view.outOfZone ? null : (
          <Button size="sm" onClick={() => void accept()} disabled={busy} aria-busy={busy || undefined}>
            {t('yes')}
          </Button>
        )}
      </div>
    </div>
  );
}

function EnterPrompt() {
  const t = useTranslations('location');
  return (
    <div className="flex flex-col gap-3" data-testid="address-prompt-enter">
      <Popover.Title className="font-bold">{t('prompt.enterTitle')}</Popover.Title>
      <Popover.Description className="text-sm text-muted">{t('prompt.enterText')}</Popover.Description>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={() => useAddressPopover.getState().close()}>
          {t('later')}
        </Button>
        <Button size="sm" onClick={openMap}>
          {t('enterAddress')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The non-modal popover under the address button: the address prompt of the flow on load, or the
 * saved points to pick from. Opened by the flow itself it does not take focus (the customer may be
 * typing elsewhere); opened by the button it does, and gives it back on close. Clicking the
 * address button while it is open is the button's own business (it opens the map dialog).
 */
export function AddressPopover() {
  const t = useTranslations('location');
  // The opening renders in a transition (a store update alone renders synchronously): React renders
  // the content in slices that yield to the browser, so opening over a page of 70 cards is no long
  // task (issue 11). The button's aria-expanded follows the store at once.
  const open = useDeferredValue(useAddressPopover((s) => s.open));
  const auto = useAddressPopover((s) => s.auto);
  const view = useAddressPopover((s) => s.view);
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
          onOpenAutoFocus={(event) => {
            if (auto) event.preventDefault();
          }}
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
          {view.kind === 'detected' ? (
            <DetectedPrompt view={view} />
          ) : view.kind === 'enter' ? (
            <EnterPrompt />
          ) : (
            <AddressList
              variant="popover"
              onAddNew={openMap}
              onPicked={() => useAddressPopover.getState().close()}
            />
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
