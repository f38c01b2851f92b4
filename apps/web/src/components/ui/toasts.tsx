'use client';

import { TOAST_DURATION_MS } from '@app/domain';
import { useEffect, useSyncExternalStore } from 'react';
import { lazyClient } from '@/components/lazy-client';

/**
 * Toasts without sonner in the page's load (issue 11): the toast area (spec: top centre, closing
 * after 5 s) and sonner itself load at the first message, not when the page is idle, so a visit
 * that raises none never downloads them. The message waits until the area is mounted and one frame
 * has painted it: its live region is then in place before the text arrives, so screen readers
 * announce it (a region inserted together with its text often is not).
 */
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mountedArea = new Promise<void>((resolve) => {
  markMounted = resolve;
});

const MountedToaster = lazyClient(() =>
  import('sonner').then(({ Toaster }) => {
    /** sonner's Toaster; this effect runs after the Toaster's own (its subscription among them). */
    function Mounted() {
      useEffect(() => markMounted(), []);
      return <Toaster position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />;
    }
    return Mounted;
  }),
);

function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A frame after the area's live region is in the document (a timeout where frames do not run). */
const nextFrame = () =>
  new Promise<void>((resolve) => {
    if (typeof window.requestAnimationFrame === 'function') window.requestAnimationFrame(() => resolve());
    else setTimeout(resolve, 16);
  });

export type TToastKind = 'success' | 'error';

/** Shows a toast; the first one loads the toast library and mounts the toast area. */
export function notify(kind: TToastKind, message: string): void {
  requestToaster();
  void Promise.all([import('sonner'), mountedArea.then(nextFrame)]).then(([{ toast }]) =>
    toast[kind](message),
  );
}

/** The toast area: nothing until the first message, then sonner's Toaster (in the locale layout). */
export function ToastArea() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return mounted ? <MountedToaster /> : null;
}
