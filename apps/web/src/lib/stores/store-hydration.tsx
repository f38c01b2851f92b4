'use client';

import { useEffect } from 'react';
import { inNextTask } from '../next-task';
import { rehydrateAllStores } from './persist';

/**
 * Loads the persisted stores after the first render, so server and client markup agree; in a task of
 * its own after the hydration's commit (reading and parsing the saved stores there lengthened
 * that long task: issue 11).
 */
export function StoreHydration() {
  useEffect(() => inNextTask(() => void rehydrateAllStores()), []);
  return null;
}
