'use client';

import { useSyncExternalStore } from 'react';
import { useAuthStore } from '@/lib/stores/auth';

/**
 * False on the server and in the browser's first render (the stored customer is read after it), so
 * a page never decides "anonymous" before it has looked.
 */
export function useAuthHydrated(): boolean {
  return useSyncExternalStore(
    (onChange) => useAuthStore.persist.onFinishHydration(onChange),
    () => useAuthStore.persist.hasHydrated(),
    () => false,
  );
}
