import { cartSubtotal, lineTotal, markStop } from '@app/domain';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJSONStorage, type StateStorage } from 'zustand/middleware';
import { createApiClient } from '@/lib/api-client';
import { cartItem as item } from '@/test/cart-fixtures';
import { createCartStore } from '../store';
import {
  CART_DISCOUNT_DEBOUNCE_MS,
  cartDiscountProducts,
  cartDiscountQueryKey,
  fetchCartDiscounts,
  type TCartDiscountRequest,
} from './cart-discounts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const text = (s: string) => ({ ru: s, uz: s, en: s });
const SOMSA = id(1);
const PIZZA = id(2);
const PIZZA_35 = id(3);
const TEA = id(4);
const BRANCH = id(90);

function memoryStore() {
  const data = new Map<string, string>();
  const storage: StateStorage = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  return createCartStore({ storage: createJSONStorage(() => storage) });
}

/** A fake API answering GET /v2/discount-with-products: 2 000 off each somsa, 7 000 off the 35 cm pizza. */
function fakeApi() {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(String(input));
      expect(url.pathname).toBe('/v2/discount-with-products');
      asked.push(url.searchParams);
      const discount = (productId: string, amount: number) => ({
        product_id: productId,
        discount_price: -amount,
        discount_id: id(50),
        discount_type: 'discount',
        discount_mode: 'fixed',
        promo_code: null,
        discount_title: text('Somsa for less'),
      });
      const wanted = url.searchParams.get('products') ?? '';
      const products = [
        ...(wanted.includes(SOMSA) ? [discount(SOMSA, 2_000)] : []),
        ...(wanted.includes(PIZZA_35) ? [discount(PIZZA_35, 7_000)] : []),
      ];
      return new Response(JSON.stringify({ products }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const api = createApiClient({ baseUrl: 'http://api.test', shipperId: id(900), platformId: id(901) });
  return { api, asked };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the cart asks the server for its discounted prices', () => {
  it('names each orderable product once with its units, an origin line by its size, and nothing else', () => {
    const store = memoryStore();
    const { add } = store.getState();
    add(item(SOMSA, 6_000));
    add(item(SOMSA, 6_000));
    add(item(TEA, 3_000));
    add(
      item(PIZZA, 70_000, {
        type: 'origin',
        variants: [{ group_id: PIZZA, product_id: PIZZA_35, title: text('35 cm'), price: 70_000 }],
      }),
    );
    const lines = store.getState().lines;
    expect(cartDiscountProducts(lines)).toBe(`${SOMSA}:2,${PIZZA_35}:1,${TEA}:1`);
    // A stopped product cannot be ordered: it is not priced either.
    expect(cartDiscountProducts(markStop(lines, [TEA]))).toBe(`${SOMSA}:2,${PIZZA_35}:1`);
    expect(cartDiscountProducts([])).toBeNull();
  });

  it('asks once after a run of changes (debounced, the stale request dropped) and the lines take the answer', async () => {
    const { api, asked } = fakeApi();
    const store = memoryStore();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const request = (): TCartDiscountRequest => ({
      branchId: BRANCH,
      deliveryType: 'delivery',
      products: cartDiscountProducts(store.getState().lines) ?? '',
    });
    const options = (r: TCartDiscountRequest) => ({
      queryKey: cartDiscountQueryKey(r),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchCartDiscounts(api, r, signal),
    });

    store.getState().add(item(SOMSA, 6_000));
    const observer = new QueryObserver(client, options(request()));
    const unsubscribe = observer.subscribe((result) => {
      if (result.data) store.getState().setDiscounts(result.data.products);
    });
    // Two more somsas and a tea, each within the wait: every earlier question is dropped unasked.
    for (const next of [item(SOMSA, 6_000), item(SOMSA, 6_000), item(TEA, 3_000)]) {
      await vi.advanceTimersByTimeAsync(CART_DISCOUNT_DEBOUNCE_MS / 2);
      store.getState().add(next);
      observer.setOptions(options(request()));
    }
    expect(asked).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(CART_DISCOUNT_DEBOUNCE_MS);
    await vi.waitFor(() => expect(store.getState().lines[0]?.price_with_discount).toBe(4_000));

    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({
      branch_id: BRANCH,
      delivery_type: 'delivery',
      products: `${SOMSA}:3,${TEA}:1`,
    });
    const [somsa, tea] = store.getState().lines;
    expect(somsa && lineTotal(somsa)).toBe(3 * 4_000);
    expect(tea && lineTotal(tea)).toBe(3_000);
    expect(cartSubtotal(store.getState().lines)).toBe(15_000);
    unsubscribe();
  });

  it('drops a question still waiting when the cart changes: it is never sent', async () => {
    const { api } = fakeApi();
    const controller = new AbortController();
    const pending = fetchCartDiscounts(
      api,
      { branchId: null, deliveryType: 'self-pickup', products: `${SOMSA}:1` },
      controller.signal,
    );
    controller.abort();
    await expect(pending).rejects.toBeDefined();
    await vi.advanceTimersByTimeAsync(CART_DISCOUNT_DEBOUNCE_MS * 2);
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('a product without a discount goes back to its plain price', () => {
    const store = memoryStore();
    store.getState().add(item(SOMSA, 6_000));
    store.getState().setDiscounts([{ product_id: SOMSA, discount_price: -2_000 }]);
    expect(store.getState().lines[0]?.price_with_discount).toBe(4_000);
    store.getState().setDiscounts([]);
    expect(store.getState().lines[0]?.price_with_discount).toBe(6_000);
  });
});
