'use client';

import { useLayoutEffect, useRef } from 'react';

/**
 * Focuses an element when it mounts (a sign-in step's field); Radix focused the dialog's first field.
 * In the commit itself (a layout effect), not after it: when a step replaces the one holding focus,
 * Radix's focus scope moves focus to the dialog's container as soon as it finds the focused field
 * removed, unless the new field already has it. Focused after the commit, the container held it in
 * between (a screen reader announces the dialog again) and a test reading focus right after the step
 * appeared could find it there.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => ref.current?.focus(), []);
  return ref;
}
