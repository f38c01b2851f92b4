// @vitest-environment jsdom
import { type CartLine, cartTotalQuantity, productQuantityInCart } from '@app/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartItem } from '@/test/cart-fixtures';

const text = (s: string) => ({ ru: s, uz: s, en: s });
const line = (productId: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  key: `${productId}-key`,
  product_id: productId,
  type: 'simple',
  variants: [],
  order_modifiers: [],
  quantity,
  price: 1,
  price_with_discount: 1,
  in_stop: false,
  default_product: false,
  product_name: text(productId),
  image_url: null,
  slug: productId,
  comment: '',
  ...extra,
});
const item = (id: string) => cartItem(id);
const save = (lines: unknown[], version = 1) =>
  localStorage.setItem('cart', JSON.stringify({ version, state: { lines } }));

/** A fresh module graph per test: the quantities, the store and the hydration registry are module state. */
async function load() {
  vi.resetModules();
  const quantities = await import('./quantities');
  const persist = await import('@/lib/stores/persist');
  return { ...quantities, rehydrateAllStores: persist.rehydrateAllStores };
}

function renderQuantities(q: Awaited<ReturnType<typeof load>>, productId: string) {
  return renderHook(() => ({
    known: q.useCartKnown(),
    total: q.useCartQuantity(),
    product: q.quantityOfProduct(q.useCartLines(), productId),
  }));
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('the cart quantities without the cart store (issue 11)', () => {
  it('know nothing before the stores hydrate, then read the stored lines as the store would', async () => {
    // A napkin line (auto-added) counts for the badge, not for the card; a broken line not at all.
    save([
      line('osh', 2),
      line('osh', 1, { key: 'osh-2' }),
      line('napkins', 1, { default_product: true }),
      { key: 1 },
    ]);
    const q = await load();
    const { result } = renderQuantities(q, 'osh');
    expect(result.current).toEqual({ known: false, total: 0, product: 0 });
    await act(() => q.rehydrateAllStores());
    expect(result.current).toEqual({ known: true, total: 4, product: 3 });
  });

  it('keep nothing of another version or of an unreadable entry, as the store does', async () => {
    save([line('osh', 2)], 0);
    let q = await load();
    let view = renderQuantities(q, 'osh');
    await act(() => q.rehydrateAllStores());
    expect(view.result.current).toEqual({ known: true, total: 0, product: 0 });
    view.unmount();

    localStorage.setItem('cart', '{not json');
    q = await load();
    view = renderQuantities(q, 'osh');
    await act(() => q.rehydrateAllStores());
    expect(view.result.current).toEqual({ known: true, total: 0, product: 0 });
  });

  it("read another tab's change again (the storage event)", async () => {
    const q = await load();
    const { result } = renderQuantities(q, 'osh');
    await act(() => q.rehydrateAllStores());
    expect(result.current.total).toBe(0);
    save([line('osh', 5)]);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    expect(result.current).toEqual({ known: true, total: 5, product: 5 });
    // Another key is not the cart's.
    save([line('osh', 7)]);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'common' }));
    });
    expect(result.current.total).toBe(5);
  });
});

describe("the quantities' own sums", () => {
  it("equal the domain's (cartTotalQuantity, productQuantityInCart), which they stand in for", async () => {
    const { totalQuantity, quantityOfProduct } = await load();
    const cases = [
      [],
      [line('osh', 2)],
      [line('osh', 2), line('osh', 3, { key: 'osh-2' }), line('lagman', 1)],
      [
        line('osh', 1),
        line('napkins', 4, { default_product: true }),
        line('osh', 1, { key: 'b', default_product: true }),
      ],
    ] as unknown as CartLine[][];
    for (const lines of cases) {
      expect(totalQuantity(lines)).toBe(cartTotalQuantity(lines));
      for (const id of ['osh', 'lagman', 'napkins', 'none']) {
        expect(quantityOfProduct(lines, id)).toBe(productQuantityInCart(lines, id));
      }
    }
  });
});

describe('the cart quantities once the store has loaded (first add)', () => {
  it('follow the store: its hydration, the add, and another tab through the store', async () => {
    save([line('osh', 1)]);
    const q = await load();
    const { result } = renderQuantities(q, 'osh');
    await act(() => q.rehydrateAllStores());
    expect(result.current.product).toBe(1);

    const { loadCartStore } = await import('./use-add-to-cart');
    const { cartStore } = await act(() => loadCartStore());
    expect(cartStore.getState().lines).toHaveLength(1);
    act(() => cartStore.getState().add(item('osh')));
    expect(result.current).toEqual({ known: true, total: 2, product: 2 });
    act(() => cartStore.getState().add(item('lagman')));
    expect(result.current.total).toBe(3);
    // The store wrote the lines where the next visit (and this module's read) finds them.
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null').state.lines).toHaveLength(2);

    // Another tab emptied the cart: the store rehydrates, the quantities follow it.
    save([]);
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(cartStore.getState().lines).toEqual([]);
    expect(result.current).toEqual({ known: true, total: 0, product: 0 });
  });
});
