'use client';

import { useEffect, useRef } from 'react';

/** Focuses an element when it mounts (a sign-in step's field); Radix focused the dialog's first field. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
