import {
  PERSIST_LONG_TERM_KEYS,
  PERSIST_REHYDRATE_TIMEOUT_MS,
  type PERSIST_SESSION_KEYS,
  PERSIST_VERSION,
} from '@app/domain';
import { createJSONStorage, type PersistOptions, type PersistStorage } from 'zustand/middleware';

/** The persisted stores (spec section 9): auth, cart and common long-term; checkout and session per browser session. */
export type TPersistKey = (typeof PERSIST_LONG_TERM_KEYS)[number] | (typeof PERSIST_SESSION_KEYS)[number];

const isLongTerm = (name: TPersistKey): boolean =>
  (PERSIST_LONG_TERM_KEYS as readonly string[]).includes(name);

/**
 * Options for zustand's `persist`: the store's lifetime follows from its name (localStorage for the
 * long-term keys, sessionStorage for the others). Hydration is skipped at creation and done by
 * `<StoreHydration />` after the first render, so server HTML and the browser's first render agree
 * (no hydration mismatch).
 */
export function persistOptions<S>(name: TPersistKey): PersistOptions<S, Partial<S>> {
  return {
    name,
    version: PERSIST_VERSION,
    storage: createJSONStorage(() => (isLongTerm(name) ? localStorage : sessionStorage)),
    skipHydration: true,
  };
}

/** The part of a persisted store's API that hydration uses. */
export type THydratable<S, P> = {
  persist: {
    rehydrate: () => Promise<void>;
    hasHydrated: () => boolean;
    getOptions: () => Partial<PersistOptions<S, P>>;
    setOptions: (options: Partial<PersistOptions<S, P>>) => void;
  };
};

/**
 * Hydrates the store with nothing read: it keeps its initial state, writes go to its storage as
 * before, and everyone waiting for hydration is released. zustand counts hydrations, so a slow read
 * that answers later is dropped rather than replacing what the customer did since.
 */
function hydrateFromDefaults<S, P>(store: THydratable<S, P>): void {
  const storage = store.persist.getOptions().storage;
  if (!storage) return;
  const readsNothing: PersistStorage<P> = {
    getItem: () => null,
    setItem: (name, value) => storage.setItem(name, value),
    removeItem: (name) => storage.removeItem(name),
  };
  store.persist.setOptions({ storage: readsNothing });
  // With a synchronous read, zustand finishes this hydration before rehydrate() returns.
  void store.persist.rehydrate();
  store.persist.setOptions({ storage });
}

/**
 * Rehydrates one store within the spec's rehydrate timeout (section 9: 5 s). A store whose saved
 * state does not arrive in time, or cannot be read at all (storage throws, the JSON is corrupt, a
 * migration fails; zustand then never reports the store hydrated), starts from its initial state, so
 * nothing that waits for hydration (the cart, the address flow, the checkout) waits forever.
 */
export async function rehydrateStore<S, P>(
  store: THydratable<S, P>,
  timeoutMs: number = PERSIST_REHYDRATE_TIMEOUT_MS,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  try {
    await Promise.race([store.persist.rehydrate().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
  if (!store.persist.hasHydrated()) hydrateFromDefaults(store);
}

/**
 * The store with its saved state, for an action that must not run on its initial state (an 'Add'
 * pressed before `<StoreHydration />` has run): rehydrated now (rehydrateStore) unless it has been.
 */
export async function ensureHydrated<S, P>(store: THydratable<S, P>): Promise<void> {
  if (!store.persist.hasHydrated()) await rehydrateStore(store);
}

/** Each store once (keyed by the store), with the function that rehydrates it. */
const registered = new Map<object, () => Promise<void>>();
let hydrated = false;

/**
 * Every persisted store registers itself here. A store first imported after the app hydrated (a lazy
 * chunk) rehydrates at once.
 */
export function registerPersistedStore<S, P>(store: THydratable<S, P>): void {
  const rehydrate = () => rehydrateStore(store);
  registered.set(store, rehydrate);
  if (hydrated) void rehydrate();
}

/**
 * A reader of persisted state that is not itself a store (the cart's read-only quantities) runs
 * `task` with the stores' hydration: after the app's first render, or at once when that has passed.
 */
export function onStoresHydrated(task: () => void): void {
  const run = async () => task();
  registered.set(task, run);
  if (hydrated) void run();
}

/** The keys whose stores already follow other tabs (followOtherTabs), each once. */
const followed = new Set<TPersistKey>();

/**
 * Another tab writing the store's localStorage entry (a sign-in, a new address or branch) makes this
 * tab read it again, so it does not go on with, and write back over it, a state that is no longer
 * the stored one (zustand's persist writes the whole state on every change). Listens once per key,
 * in the browser, from the stores' hydration on.
 */
export function followOtherTabs<S, P>(key: TPersistKey, store: THydratable<S, P>): void {
  onStoresHydrated(() => {
    if (followed.has(key) || typeof window === 'undefined') return;
    followed.add(key);
    window.addEventListener('storage', (event) => {
      // A null key: the whole storage was cleared (nothing to read: the store keeps its state).
      if (event.key !== null && event.key !== key) return;
      void rehydrateStore(store);
    });
  });
}

export async function rehydrateAllStores(): Promise<void> {
  hydrated = true;
  await Promise.all([...registered.values()].map((rehydrate) => rehydrate()));
}
