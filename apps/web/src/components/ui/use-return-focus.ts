'use client';

import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A dialog opened from code (no Radix Trigger) does not know where focus came from. This remembers
 * the element focused when `open` turns true (a layout effect runs before Radix moves focus inside)
 * and returns focus there on close, so keyboard users land back on the button they pressed.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const previous = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      previous.current = document.activeElement;
    }
  }, [open]);
  return useCallback((event: Event) => {
    const target = previous.current;
    previous.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  }, []);
}
