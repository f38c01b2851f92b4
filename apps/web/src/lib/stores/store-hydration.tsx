'use client';

import { useEffect } from 'react';
import { rehydrateAllStores } from './persist';

/** Loads the persisted stores after the first render, so server and client markup agree. */
export function StoreHydration() {
  useEffect(() => {
    void rehydrateAllStores();
  }, []);
  return null;
}
