'use client';

import { TOAST_DURATION_MS } from '@app/domain';
import dynamic from 'next/dynamic';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * Toasts without sonner on the critical path. The toast area (spec: top centre, closing after 5 s)
 * mounts once the page is idle after load, or at the first message if that comes sooner; sonner
 * hands a late Toaster the toasts already raised, so none is lost. Mounting it before the first
 * message keeps its live region in place ahead of the text, so screen readers announce it.
 */
const Toaster = dynamic(() => import('sonner').then((m) => m.Toaster), { ssr: false });

let wanted = false;
const listeners = new Set<() => void>();

function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export type TToastKind = 'success' | 'error';

/** Shows a toast; loads the toast library on first use. */
export function notify(kind: TToastKind, message: string): void {
  requestToaster();
  void import('sonner').then(({ toast }) => toast[kind](message));
}

/** How long after load, at most, the toast area waits for an idle moment. */
const IDLE_TIMEOUT_MS = 3000;

export function ToastArea() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  useEffect(() => {
    if (wanted) return;
    // Safari has no requestIdleCallback: a plain timeout does the same job there.
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(requestToaster, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(requestToaster, IDLE_TIMEOUT_MS);
    return () => clearTimeout(id);
  }, []);
  return mounted ? (
    <Toaster position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
  ) : null;
}
