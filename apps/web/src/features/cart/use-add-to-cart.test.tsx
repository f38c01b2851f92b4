// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartItem } from '@/test/cart-fixtures';

/** The API as the hook uses it: every GET recorded, the auto-add list empty. */
const api = {
  get: vi.fn(async (_path: string, _options: { query: Record<string, unknown> }) => ({ products: [] })),
};
vi.mock('@/lib/config-provider', () => ({ useApi: () => api }));

/** What the customer chose on an earlier visit, as the common store keeps it (localStorage, version 1). */
const saveChoice = (deliveryType: string) =>
  localStorage.setItem('common', JSON.stringify({ version: 1, state: { deliveryType } }));

/** A fresh module graph per test: the stores, the query cache and the hydration registry are module state. */
async function load() {
  vi.resetModules();
  const { useAddToCart } = await import('./use-add-to-cart');
  const { cartStore } = await import('./store');
  const { useCommonStore } = await import('@/lib/stores/common');
  const { rehydrateAllStores } = await import('@/lib/stores/persist');
  return { useAddToCart, cartStore, useCommonStore, rehydrateAllStores };
}

/** The order types the auto-add products were asked for. */
const autoAddAskedFor = () =>
  api.get.mock.calls
    .filter(([path]) => path === '/v3/auto-add-product')
    .map(([, options]) => options.query.delivery_type);

beforeEach(() => {
  localStorage.clear();
  api.get.mockClear();
});
afterEach(() => localStorage.clear());

describe('adding to the cart: the order type of the auto-add products', () => {
  it("is the customer's saved choice when 'Add' comes before the stores are read from storage", async () => {
    saveChoice('self-pickup');
    const m = await load();
    // The page has hydrated, but <StoreHydration /> has not run yet: the store still has its default.
    expect(m.useCommonStore.persist.hasHydrated()).toBe(false);
    expect(m.useCommonStore.getState().deliveryType).toBe('delivery');
    const { result } = renderHook(() => m.useAddToCart('menu-1'));

    await act(() => result.current(cartItem('osh')));

    await waitFor(() => expect(autoAddAskedFor()).toEqual(['self-pickup']));
    expect(m.useCommonStore.getState().deliveryType).toBe('self-pickup');
    expect(m.cartStore.getState().lines.map((l) => l.product_id)).toEqual(['osh']);
    // The stores' own hydration afterwards changes nothing of it.
    await act(() => m.rehydrateAllStores());
    expect(m.useCommonStore.getState().deliveryType).toBe('self-pickup');
    expect(m.cartStore.getState().lines.map((l) => l.product_id)).toEqual(['osh']);
  });

  it('is the order type at the moment of adding, not the one the caller rendered with', async () => {
    saveChoice('delivery');
    const m = await load();
    await act(() => m.rehydrateAllStores());
    const { result } = renderHook(() => m.useAddToCart('menu-1'));
    const add = result.current;

    // Switched after the caller rendered; the callback it holds is the earlier one.
    act(() => m.useCommonStore.getState().setDeliveryType('self-pickup'));
    await act(() => add(cartItem('osh')));

    await waitFor(() => expect(autoAddAskedFor()).toEqual(['self-pickup']));
  });
});
