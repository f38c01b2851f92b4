'use client';

import { useSyncExternalStore } from 'react';
import { useAuthStore } from '@/lib/stores/auth';
import { useCommonStore } from '@/lib/stores/common';

const subscribe = (onChange: () => void) => {
  const a = useAuthStore.persist.onFinishHydration(onChange);
  const b = useCommonStore.persist.onFinishHydration(onChange);
  return () => {
    a();
    b();
  };
};

/** False on the server and in the first render: the stored customer and location are read after it. */
export function useLocationHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => useAuthStore.persist.hasHydrated() && useCommonStore.persist.hasHydrated(),
    () => false,
  );
}
