'use client';

import type { TDeliveryType } from '@app/contracts';
import {
  type AutoAddProduct,
  addOutcome,
  addToCart,
  applyDiscountPrices,
  type CartLine,
  clearCart,
  clearStop,
  DEFAULT_DELIVERY_TYPE,
  decrementLine,
  incrementLine,
  lineUnitPrice,
  markStop,
  type NewCartItem,
  type ProductDiscount,
  removeLine,
  setLineQuantity,
} from '@app/domain';
import { useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { type PersistOptions, persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import { persistOptions, registerPersistedStore } from '@/lib/stores/persist';
import { reconcileDefaultLines } from './lib/default-lines';

export { hasOwnLines } from './lib/default-lines';

import { CART_STORAGE_KEY, linesOf } from './lib/stored-lines';
import { followCartStore } from './quantities';

export type CartData = { lines: CartLine[] };

export type CartAddOutcome = ReturnType<typeof addOutcome>;

export type CartState = CartData & {
  /** GET /v3/auto-add-product for the current order type; null until fetched (not persisted). */
  autoAdd: { products: AutoAddProduct[]; deliveryType: TDeliveryType } | null;
  /** Adds the item (addToCart) and says what that did (addOutcome: 'capped' at 99 a line). */
  add: (item: NewCartItem) => CartAddOutcome;
  increment: (key: string) => void;
  decrement: (key: string) => void;
  setQuantity: (key: string, quantity: number) => void;
  remove: (key: string) => void;
  clear: () => void;
  /**
   * Flags the lines using these stopped ids (products, sizes, combo picks, modifiers: domain markStop)
   * as unavailable, after clearing every earlier flag.
   */
  setStopped: (stoppedIds: readonly string[]) => void;
  setAutoAdd: (products: AutoAddProduct[], deliveryType: TDeliveryType) => void;
  /** Takes the server's unit prices of lines (see repriceLines); nothing happens when none changes. */
  setUnitPrices: (prices: readonly LineUnitPrice[]) => void;
  /**
   * Takes the server's per-unit product discounts (GET /v2/discount-with-products) as every line's
   * price_with_discount (applyDiscountPrices; none: the plain prices); nothing happens when none changes.
   */
  setDiscounts: (discounts: readonly ProductDiscount[]) => void;
};

/** A line's unit price as the server quotes it: product or size, combo extras and modifiers, before discounts. */
export type LineUnitPrice = { key: string; unitPrice: number };

/** A line's unit price before discounts, as the cart stores it. */
const fullUnitPrice = (line: CartLine): number => lineUnitPrice({ ...line, price_with_discount: line.price });

/**
 * The lines with the server's unit prices: a line whose stored unit price differs takes the
 * difference on its `price` (never below 0; its modifiers and combo extras stay as they are, so the
 * whole unit matches the server), and its price_with_discount moves with it. The same array comes
 * back when no price changes, so a caller can tell.
 */
export function repriceLines(lines: CartLine[], prices: readonly LineUnitPrice[]): CartLine[] {
  const byKey = new Map(prices.map((p) => [p.key, p.unitPrice]));
  let changed = false;
  const next = lines.map((line) => {
    const unitPrice = byKey.get(line.key);
    if (unitPrice === undefined) return line;
    const price = Math.max(0, line.price + unitPrice - fullUnitPrice(line));
    if (price === line.price) return line;
    changed = true;
    return {
      ...line,
      price,
      price_with_discount: Math.max(0, line.price_with_discount + price - line.price),
    };
  });
  return changed ? next : lines;
}

export const CART_STORE_NAME = CART_STORAGE_KEY;

/** Only the lines are worth keeping; the auto-add list is re-fetched (it may have changed). */
export const partializeCart = (state: CartState): CartData => ({ lines: state.lines });

/**
 * What comes back from localStorage is whatever an older build or a curious customer left there:
 * lines that are not lines are dropped instead of breaking every page that shows the cart.
 */
export const mergePersistedCart = (persisted: unknown, current: CartState): CartState => ({
  ...current,
  lines: linesOf(persisted),
});

type CartPersist = PersistOptions<CartState, CartData>;

export function cartPersistOptions(overrides: Partial<CartPersist> = {}): CartPersist {
  return {
    ...(persistOptions<CartState>(CART_STORE_NAME) as unknown as CartPersist),
    partialize: partializeCart,
    merge: mergePersistedCart,
    // Version 1 is the first shape; an unknown older shape is not guessed at.
    migrate: () => ({ lines: [] }),
    ...overrides,
  };
}

export function createCartStore(overrides: Partial<CartPersist> = {}) {
  return createStore<CartState>()(
    persist((set, get) => {
      const withDefaults = (lines: CartLine[]): CartLine[] => {
        const auto = get().autoAdd;
        return reconcileDefaultLines(
          lines,
          auto?.products ?? null,
          auto?.deliveryType ?? DEFAULT_DELIVERY_TYPE,
        );
      };
      const update = (change: (lines: readonly CartLine[]) => CartLine[]) =>
        set((s) => ({ lines: withDefaults(change(s.lines)) }));
      return {
        lines: [],
        autoAdd: null,
        add: (item) => {
          const outcome = addOutcome(get().lines, item);
          if (outcome !== 'auto-added') update((lines) => addToCart(lines, item));
          return outcome;
        },
        increment: (key) => update((lines) => incrementLine(lines, key)),
        decrement: (key) => update((lines) => decrementLine(lines, key)),
        setQuantity: (key, quantity) => update((lines) => setLineQuantity(lines, key, quantity)),
        remove: (key) => update((lines) => removeLine(lines, key)),
        clear: () => set({ lines: clearCart() }),
        setStopped: (stoppedIds) => set((s) => ({ lines: markStop(clearStop(s.lines), stoppedIds) })),
        setUnitPrices: (prices) => {
          const lines = get().lines;
          const next = repriceLines(lines, prices);
          if (next !== lines) set({ lines: next });
        },
        setDiscounts: (discounts) => {
          const lines = get().lines;
          const next = applyDiscountPrices(lines, discounts);
          if (next.some((line, i) => line.price_with_discount !== lines[i]?.price_with_discount)) {
            set({ lines: next });
          }
        },
        setAutoAdd: (products, deliveryType) =>
          set((s) => ({
            autoAdd: { products, deliveryType },
            lines: reconcileDefaultLines(s.lines, products, deliveryType),
          })),
      };
    }, cartPersistOptions(overrides)),
  );
}

export const cartStore = createCartStore();
registerPersistedStore(cartStore);
// The header's badge and the cards' 'In the cart: N' read the quantities (`quantities.ts`), which
// follow this store from the moment it loads (the first add, the cart or checkout page).
followCartStore(cartStore);

/** False on the server and in the browser's first render, so persisted lines never cause a hydration mismatch. */
export function useCartHydrated(): boolean {
  return useSyncExternalStore(
    (onChange) => cartStore.persist.onFinishHydration(onChange),
    () => cartStore.persist.hasHydrated(),
    () => false,
  );
}

export function useCart<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}
