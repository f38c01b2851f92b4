'use client';

import { useTranslations } from 'next-intl';
import { useDeferredValue, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { useSessionStore } from '@/lib/stores/session';
import { isAddressButton, openMap, visibleAddressButton } from '../lib/address-anchor';
import type { TPromptView } from '../lib/address-flow';
import { useAddressPopover } from '../lib/popover-store';

/** The gap between the address button and the prompt, and the prompt's margin to the viewport. */
const GAP_PX = 8;

type TPlace = { top: number; left: number };

/** Under the button, its left edges aligned, kept inside the viewport (the width is min(24rem, 100vw - 1rem)). */
export function placeUnder(anchor: DOMRect, width: number, viewportWidth: number): TPlace {
  const maxLeft = Math.max(GAP_PX, viewportWidth - width - GAP_PX);
  return { top: anchor.bottom + GAP_PX, left: Math.min(Math.max(anchor.left, GAP_PX), maxLeft) };
}

/** The prompt's width as its class sets it, `min(24rem, 100vw - 1rem)`, without laying it out. */
export function promptWidth(viewportWidth: number, remPx: number): number {
  return Math.min(24 * remPx, viewportWidth - remPx);
}

/**
 * Where the prompt goes, read from the address button on screen. Called when the prompt opens,
 * before React renders it: the page's layout is then clean, so the button's box is a cheap read.
 * Measuring after the prompt's insertion (a layout effect) forced the page's style and layout inside
 * the opening's task and rendered the prompt a second time (issue 11: the opening of a first visit
 * was a long task under Lighthouse, which set the time to interactive).
 */
function measurePlace(): { anchor: HTMLElement; place: TPlace } | null {
  const button = visibleAddressButton();
  if (!button) return null;
  const remPx = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const width = promptWidth(window.innerWidth, remPx);
  return { anchor: button, place: placeUnder(button.getBoundingClientRect(), width, window.innerWidth) };
}

function DetectedPrompt({
  view,
  titleId,
}: {
  view: Extract<TPromptView, { kind: 'detected' }>;
  titleId: string;
}) {
  const t = useTranslations('location');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    if (busy) return;
    setBusy(true);
    // Yes marks the address accepted and flags the location (spec section 4).
    useSessionStore.getState().setSession({ addressAccepted: true, isLocation: true });
    try {
      // The choices' code (the location API, the cookies) loads at this click (issue 11).
      const { confirmDelivery } = await import('../lib/choose');
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
      <h2 id={titleId} className="font-bold">
        {t('prompt.detectedTitle')}
      </h2>
      <p className="break-words" data-testid="detected-address">
        {view.address}
      </p>
      {view.outOfZone ? <p className="text-sm text-paprika-600">{t('outOfZone')}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={openMap} busy={busy}>
          {t('no')}
        </Button>
        {view.outOfZone ? null : (
          <Button size="sm" onClick={() => void accept()} busy={busy}>
            {t('yes')}
          </Button>
        )}
      </div>
    </div>
  );
}

function EnterPrompt({ titleId, textId }: { titleId: string; textId: string }) {
  const t = useTranslations('location');
  return (
    <div className="flex flex-col gap-3" data-testid="address-prompt-enter">
      <h2 id={titleId} className="font-bold">
        {t('prompt.enterTitle')}
      </h2>
      <p id={textId} className="text-sm text-muted">
        {t('prompt.enterText')}
      </p>
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
 * The address prompt (spec section 4): the detected address (No / Yes) or 'enter delivery address'
 * (Later / Enter address), a non-modal dialog under the address button. It is a plain element rather
 * than the Radix popover of the saved points (address-popover.tsx): the prompt opens by itself during
 * a first visit's load, so its code and its opening count in every first visit (issue 11: the
 * popover's 29 KB of script, and its opening was the page's last long task).
 *
 * As the popover did: opened by the flow it does not take focus (the customer may be typing
 * elsewhere); opened by the button it focuses its first button. Escape or a press outside closes it
 * (a press on the address button is the button's own business); focus that would be lost with it goes
 * back to the address button. The opening renders in a transition (a store update alone renders
 * synchronously), so React renders it in slices between other work.
 */
export function AddressPrompt() {
  const storeOpen = useAddressPopover((s) => s.open);
  const view = useAddressPopover((s) => s.view);
  const auto = useAddressPopover((s) => s.auto);
  const shown = useDeferredValue(storeOpen && view.kind !== 'list');
  const titleId = useId();
  const textId = useId();
  const box = useRef<HTMLDivElement>(null);
  const anchor = useRef<HTMLElement | null>(null);
  /** The current opening was measured by the subscription below. */
  const placedOnOpen = useRef(false);
  const [place, setPlace] = useState<TPlace | null>(null);

  // Measured as the store opens it (synchronously inside `show`, before React renders), so the first
  // render is already in place.
  useEffect(
    () =>
      useAddressPopover.subscribe((state, previous) => {
        if (!state.open) placedOnOpen.current = false;
        if (!state.open || previous.open || state.view.kind === 'list') return;
        const measured = measurePlace();
        anchor.current = measured?.anchor ?? null;
        placedOnOpen.current = measured !== null;
        setPlace(measured?.place ?? null);
      }),
    [],
  );

  // Placed before the first paint when it opened before this component subscribed (mounted open),
  // and again as the page scrolls or resizes (once a frame at most).
  useLayoutEffect(() => {
    if (!shown) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const measured = measurePlace();
      anchor.current = measured?.anchor ?? null;
      if (measured) setPlace(measured.place);
    };
    const schedule = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    if (!placedOnOpen.current) update();
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      if (frame !== 0) window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [shown]);

  // Focus in when the customer opened it; back to the button when closing would lose it.
  useEffect(() => {
    if (!shown) return;
    if (!auto) box.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
    const button = anchor.current;
    return () => {
      setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) button?.focus();
      }, 0);
    };
  }, [shown, auto]);

  // Escape and a press outside close it, as a non-modal popover does.
  useEffect(() => {
    if (!shown) return;
    const close = () => useAddressPopover.getState().close();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target;
      if (target instanceof Node && box.current?.contains(target)) return;
      if (isAddressButton(target)) return;
      close();
    };
    // Focus moving elsewhere (Tab out of it, another field) closes it too, as a Radix popover does.
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof Node && box.current?.contains(target)) return;
      if (isAddressButton(target)) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('focusin', onFocus);
    };
  }, [shown]);

  if (!shown || view.kind === 'list') return null;
  return (
    <div
      ref={box}
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={view.kind === 'enter' ? textId : undefined}
      data-testid="address-popover"
      style={place ? { top: place.top, left: place.left } : { top: 0, left: 0, visibility: 'hidden' }}
      className="fixed z-50 w-[min(24rem,calc(100vw-1rem))] rounded-card bg-white p-4 shadow-card ring-1 ring-line"
    >
      {view.kind === 'detected' ? (
        <DetectedPrompt view={view} titleId={titleId} />
      ) : (
        <EnterPrompt titleId={titleId} textId={textId} />
      )}
    </div>
  );
}
