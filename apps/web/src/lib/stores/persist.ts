import { PERSIST_VERSION } from '@app/domain';
import { createJSONStorage, type PersistOptions } from 'zustand/middleware';

/** auth, cart and common are kept long-term; checkout and session only for the browser session. */
export type TPersistLifetime = 'long-term' | 'session';

/**
 * Options for zustand's `persist`. Hydration is skipped at creation and done by `<StoreHydration />`
 * after the first render, so server HTML and the browser's first render agree (no hydration mismatch).
 */
export function persistOptions<S>(name: string, lifetime: TPersistLifetime): PersistOptions<S, Partial<S>> {
  return {
    name,
    version: PERSIST_VERSION,
    storage: createJSONStorage(() => (lifetime === 'long-term' ? localStorage : sessionStorage)),
    skipHydration: true,
  };
}

type THydratable = { persist: { rehydrate: () => Promise<void> | void } };
const registered = new Set<THydratable>();
let hydrated = false;

/**
 * Every persisted store registers itself here. A store first imported after the app hydrated (a lazy
 * chunk) rehydrates at once.
 */
export function registerPersistedStore(store: THydratable): void {
  registered.add(store);
  if (hydrated) void store.persist.rehydrate();
}

export async function rehydrateAllStores(): Promise<void> {
  hydrated = true;
  await Promise.all([...registered].map((store) => store.persist.rehydrate()));
}
