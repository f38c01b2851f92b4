'use client';

import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A dialog opened from code (no Radix Trigger) does not know where focus came from. This remembers
 * the element focused when `open` turns true (a layout effect runs before Radix moves focus inside)
 * and returns focus there on close, so keyboard users land back on the button they pressed. When the
 * dialog's action removed that button (a cart line's remove button), focus goes to `fallback()`
 * instead of falling back to the top of the page.
 */
export function useReturnFocus(
  open: boolean,
  fallback?: () => HTMLElement | null | undefined,
): (event: Event) => void {
  const previous = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      previous.current = document.activeElement;
    }
  }, [open]);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  return useCallback((event: Event) => {
    const remembered = previous.current;
    previous.current = null;
    const target = remembered?.isConnected ? remembered : fallbackRef.current?.();
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }, []);
}
