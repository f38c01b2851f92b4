'use client';

import { type CartLine, PERSIST_VERSION } from '@app/domain';
import { useSyncExternalStore } from 'react';
import { onStoresHydrated, rehydrateStore, type THydratable } from '@/lib/stores/persist';
import { CART_STORAGE_KEY, linesOf } from './lib/stored-lines';

/**
 * The cart as a visit that only looks at the menu needs it (issue 11): the header's badge and the
 * cards' 'In the cart: N' read the quantities here, and the cart store itself (`store.ts`: every
 * line rule, the auto-add products, zustand's persistence) loads at the first add or on the cart and
 * checkout pages. Until it loads, the lines are read from the store's own storage entry, as its
 * rehydration would (same key, version and line check), after the app's first render; a change in
 * another tab is read again. Once the store has loaded, its state is followed instead, and another
 * tab's change rehydrates it.
 */

/**
 * The domain's `cartTotalQuantity` and `productQuantityInCart` (packages/domain/src/cart.ts), written
 * here because importing them would bring that whole module, every line rule, into the first load:
 * the bundler keeps or drops modules, not single functions. Tested equal to them (quantities.test.tsx).
 */
export const totalQuantity = (of: readonly CartLine[]): number => of.reduce((sum, l) => sum + l.quantity, 0);
export const quantityOfProduct = (of: readonly CartLine[], productId: string): number =>
  of.reduce((sum, l) => (l.product_id === productId && !l.default_product ? sum + l.quantity : sum), 0);

/** What the quantities need of the cart store (`store.ts`, which imports this module). */
type TFollowedCart<S extends { lines: CartLine[] }, P> = THydratable<S, P> & {
  getState: () => S;
  subscribe: (listener: (state: S) => void) => () => void;
  persist: { onFinishHydration: (listener: (state: S) => void) => () => void };
};

/** The store once it has loaded: its lines once hydrated (null before), its rehydration. */
type TFollowed = { hydratedLines: () => readonly CartLine[] | null; rehydrate: () => void };

let lines: readonly CartLine[] = [];
/** False until the stored lines are known: server HTML and the first render never show a count. */
let known = false;
let store: TFollowed | null = null;
const listeners = new Set<() => void>();

function take(next: readonly CartLine[]): void {
  if (known && next === lines) return;
  lines = next;
  known = true;
  for (const listener of listeners) listener();
}

/** What the store's rehydration reads: the current version's lines, or none (unreadable, another version). */
function readStoredLines(): CartLine[] {
  try {
    const raw = localStorage.getItem(CART_STORAGE_KEY);
    if (raw === null) return [];
    const saved = JSON.parse(raw) as { version?: unknown; state?: unknown } | null;
    // The store's migration of an unknown older shape keeps nothing; so does this read.
    return saved?.version === PERSIST_VERSION ? linesOf(saved.state) : [];
  } catch {
    return [];
  }
}

let listening = false;
function listenToOtherTabs(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
    if (store) store.rehydrate();
    else take(readStoredLines());
  });
}

onStoresHydrated(() => {
  listenToOtherTabs();
  if (store) {
    const followed = store.hydratedLines();
    if (followed) take(followed);
    return;
  }
  take(readStoredLines());
});

/** Called once by the cart store's module: from then on the quantities are the store's. */
export function followCartStore<S extends { lines: CartLine[] }, P>(cart: TFollowedCart<S, P>): void {
  // Without a storage (the server's render, a test in Node) zustand's persist adds no API to the
  // store, and there is nothing stored to follow.
  if ((cart as Partial<TFollowedCart<S, P>>).persist === undefined) return;
  const hydratedLines = () => (cart.persist.hasHydrated() ? cart.getState().lines : null);
  store = { hydratedLines, rehydrate: () => void rehydrateStore(cart) };
  const follow = () => {
    const followed = hydratedLines();
    if (followed) take(followed);
  };
  cart.subscribe(follow);
  cart.persist.onFinishHydration(follow);
  follow();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the stored lines are known (never on the server or in the browser's first render). */
export function useCartKnown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => known,
    () => false,
  );
}

/** The badge's number: every line's quantity; 0 until the stored cart is read. */
export function useCartQuantity(): number {
  return useSyncExternalStore(
    subscribe,
    () => totalQuantity(lines),
    () => 0,
  );
}

const NO_LINES: readonly CartLine[] = [];

/**
 * The cart's lines, for a component that shows many products' counts with one subscription (the
 * menu grid, with `quantityOfProduct`); none until the stored cart is read.
 */
export function useCartLines(): readonly CartLine[] {
  return useSyncExternalStore(
    subscribe,
    () => lines,
    () => NO_LINES,
  );
}
