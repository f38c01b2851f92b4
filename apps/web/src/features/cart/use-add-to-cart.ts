'use client';

import type { TDeliveryType } from '@app/contracts';
import type { NewCartItem } from '@app/domain';
import { useCallback } from 'react';
import { contract } from '@/lib/browser-contracts';
import { useApi } from '@/lib/config-provider';
import { useCommonStore } from '@/lib/stores/common';
import { ensureHydrated } from '@/lib/stores/persist';
import type { CartAddOutcome } from './store';

export const autoAddQueryKey = (menuId: string | null, deliveryType: string) =>
  ['auto-add-product', menuId, deliveryType] as const;

/**
 * The cart store with its line rules (issue 11: a visit that only looks at the menu reads the
 * quantities alone, `quantities.ts`), hydrated: the cart is read from storage after the first render,
 * and an action before that must not overwrite it.
 */
export async function loadCartStore() {
  const cart = await import('./store');
  await ensureHydrated(cart.cartStore);
  return cart;
}

/** Starts fetching the cart store's code, e.g. when the pointer or focus reaches an 'Add' button. */
export function preloadCartStore(): void {
  import('./store').catch(() => {});
}

/**
 * The order type the customer chose, once the store holding it has its saved state: the stores are
 * read from storage in a task after the page's hydration (`<StoreHydration />`), and an 'Add' pressed
 * before that (a slow phone, a quick tap) would otherwise see the default order type and fetch the
 * wrong type's auto-add products.
 */
async function chosenDeliveryType(): Promise<TDeliveryType> {
  await ensureHydrated(useCommonStore);
  return useCommonStore.getState().deliveryType;
}

/**
 * Adds an item to the cart. When it is the customer's first product, the order type's auto-add
 * products (napkins, a free sauce) are fetched and become default lines; if that call fails the
 * product is still in the cart, only without them. Resolves once the item itself is in. The order
 * type is read when the item is added, not when the caller rendered (`chosenDeliveryType`).
 * Resolves to what the add did: 'capped' when the line reached its 99 and fewer units (or none) went in.
 */
export function useAddToCart(menuId: string | null) {
  const api = useApi();

  return useCallback(
    async (item: NewCartItem): Promise<CartAddOutcome> => {
      const [{ cartStore, hasOwnLines }, deliveryType] = await Promise.all([
        loadCartStore(),
        chosenDeliveryType(),
      ]);
      const cart = cartStore.getState();
      const first = !hasOwnLines(cart.lines);
      const outcome = cart.add(item);
      if (!first && cart.autoAdd?.deliveryType === deliveryType) return outcome;
      // Not awaited: the customer's product is in the cart already; napkins may follow a moment later.
      // The query cache loads with this first add, not with the menu page (its cards fetch nothing).
      void import('@/lib/query-client')
        .then(({ getQueryClient }) =>
          getQueryClient().fetchQuery({
            queryKey: autoAddQueryKey(menuId, deliveryType),
            queryFn: ({ signal }) =>
              api.get('/v3/auto-add-product', {
                schema: contract('ZAutoAddResponse'),
                query: { delivery_type: deliveryType, menu_id: menuId },
                signal,
              }),
          }),
        )
        .then(({ products }) => cartStore.getState().setAutoAdd(products, deliveryType))
        .catch((error: unknown) => console.warn('auto-add products are unavailable', error));
      return outcome;
    },
    [api, menuId],
  );
}
