import type { AutoAddProduct, NewCartItem } from '@app/domain';
import { lineUnitPrice } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { createJSONStorage, type StateStorage } from 'zustand/middleware';
import { cartItem } from '@/test/cart-fixtures';
import { createCartStore, repriceLines } from './store';

const memory = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  const storage: StateStorage = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  return { data, storage };
};

const text = (s: string) => ({ ru: s, uz: s, en: s });
const item = (id: string, extra: Partial<NewCartItem> = {}) => cartItem(id, 10_000, extra);
const napkins: AutoAddProduct = {
  product: {
    id: 'napkins',
    slug: 'napkins',
    title: text('napkins'),
    description: text(''),
    out_price: 0,
    type: 'simple',
    has_modifier: false,
    image: null,
    tags: [],
    categories: [],
    rating: 0,
    reviews_count: 0,
    weight: 0,
    energy: 0,
    cooking_time: 0,
    popularity: 0,
  },
  quantity: 1,
  delivery_type: 'delivery',
  min_order_price: 0,
};

const storeWith = (initial: Record<string, string> = {}) => {
  const mem = memory(initial);
  const store = createCartStore({ storage: createJSONStorage(() => mem.storage) });
  return { store, mem };
};

describe('cart persistence', () => {
  it('writes only the lines, with the version', async () => {
    const { store, mem } = storeWith();
    await store.persist.rehydrate();
    store.getState().add(item('osh'));
    const saved = JSON.parse(mem.data.get('cart') ?? 'null');
    expect(saved.version).toBe(1);
    expect(Object.keys(saved.state)).toEqual(['lines']);
    expect(saved.state.lines).toHaveLength(1);
  });

  it('survives a reload: a new store reads the saved lines back', async () => {
    const first = storeWith();
    await first.store.persist.rehydrate();
    first.store.getState().add(item('osh'));
    first.store.getState().add(item('osh'));
    const second = storeWith(Object.fromEntries(first.mem.data));
    expect(second.store.getState().lines).toEqual([]);
    await second.store.persist.rehydrate();
    expect(second.store.getState().lines.map((l) => [l.product_id, l.quantity])).toEqual([['osh', 2]]);
  });

  it('drops stored lines that are not lines, and an unknown version entirely', async () => {
    const good = {
      key: 'k',
      product_id: 'p',
      type: 'simple',
      variants: [],
      order_modifiers: [],
      quantity: 1,
      price: 1,
      price_with_discount: 1,
      in_stop: false,
      default_product: false,
      product_name: text('p'),
      image_url: null,
      slug: 'p',
      comment: '',
    };
    const broken = storeWith({
      cart: JSON.stringify({ version: 1, state: { lines: [good, { key: 1 }, null] } }),
    });
    await broken.store.persist.rehydrate();
    expect(broken.store.getState().lines.map((l) => l.key)).toEqual(['k']);

    const old = storeWith({ cart: JSON.stringify({ version: 0, state: { lines: [good] } }) });
    await old.store.persist.rehydrate();
    expect(old.store.getState().lines).toEqual([]);
  });

  it('reads a line saved above 99 (an older build) back at 99, what one order takes', async () => {
    const { store } = storeWith({
      cart: JSON.stringify({
        version: 1,
        state: {
          lines: [{ ...item('osh'), key: 'k', quantity: 150, price_with_discount: 10_000, in_stop: false }],
        },
      }),
    });
    await store.persist.rehydrate();
    expect(store.getState().lines.map((l) => l.quantity)).toEqual([99]);
  });
});

describe('cart actions', () => {
  it('merges plain products and never decrements below 1', async () => {
    const { store } = storeWith();
    await store.persist.rehydrate();
    store.getState().add(item('osh'));
    store.getState().add(item('osh'));
    const key = store.getState().lines[0]?.key ?? '';
    store.getState().decrement(key);
    store.getState().decrement(key);
    expect(store.getState().lines[0]?.quantity).toBe(1);
  });

  it('adds auto-add products once the first product is in, and drops them with the last one', async () => {
    const { store } = storeWith();
    await store.persist.rehydrate();
    store.getState().setAutoAdd([napkins], 'delivery');
    expect(store.getState().lines).toEqual([]);
    store.getState().add(item('osh'));
    expect(store.getState().lines.map((l) => [l.product_id, l.default_product])).toEqual([
      ['osh', false],
      ['napkins', true],
    ]);
    expect(store.getState().add(item('napkins'))).toBe('auto-added');
    expect(store.getState().lines.find((l) => l.product_id === 'napkins')?.quantity).toBe(1);
    const osh = store.getState().lines[0]?.key ?? '';
    store.getState().remove(osh);
    expect(store.getState().lines).toEqual([]);
  });

  it('holds at most 99 of a line and says when it held an add back', async () => {
    const { store } = storeWith();
    await store.persist.rehydrate();
    expect(store.getState().add(item('osh', { quantity: 60 }))).toBe('added');
    expect(store.getState().add(item('osh', { quantity: 60 }))).toBe('capped');
    expect(store.getState().lines.map((l) => l.quantity)).toEqual([99]);
    const key = store.getState().lines[0]?.key ?? '';
    store.getState().increment(key);
    store.getState().setQuantity(key, 120);
    expect(store.getState().lines.map((l) => l.quantity)).toEqual([99]);
  });

  it('marks only the currently stopped products', async () => {
    const { store } = storeWith();
    await store.persist.rehydrate();
    store.getState().add(item('osh'));
    store.getState().add(item('somsa'));
    store.getState().setStopped(['osh']);
    expect(store.getState().lines.map((l) => l.in_stop)).toEqual([true, false]);
    store.getState().setStopped(['somsa']);
    expect(store.getState().lines.map((l) => l.in_stop)).toEqual([false, true]);
  });
});

describe('server prices', () => {
  const wrap = item('wrap', {
    price: 30_000,
    order_modifiers: [
      { modifier_id: 'cheese', modifier_price: 5_000, modifier_quantity: 2, parent_id: null },
    ],
  });
  const combo = item('combo', {
    type: 'combo',
    price: 45_000,
    variants: [{ group_id: 'main', product_id: 'lamb', title: text('lamb'), price: 3_000 }],
  });

  it('takes each quoted unit price, keeping the discount and the modifiers; no change, no update', async () => {
    const { store } = storeWith();
    await store.persist.rehydrate();
    store.getState().add(wrap);
    store.getState().add(combo);
    store.getState().add(item('plov'));
    const [w, c, p] = store.getState().lines;
    if (!w || !c || !p) throw new Error('three lines');
    // The wrap got 2 000 dearer (40 000 + 2 000 for the whole unit), the combo 1 000 cheaper.
    store.setState({
      lines: store.getState().lines.map((l) => (l.key === w.key ? { ...l, price_with_discount: 25_000 } : l)),
    });
    store.getState().setUnitPrices([
      { key: w.key, unitPrice: 42_000 },
      { key: c.key, unitPrice: 47_000 },
      { key: p.key, unitPrice: 10_000 },
    ]);
    const [w2, c2, p2] = store.getState().lines;
    expect(w2).toMatchObject({
      price: 32_000,
      price_with_discount: 27_000,
      order_modifiers: w.order_modifiers,
    });
    expect(c2).toMatchObject({ price: 44_000, price_with_discount: 44_000 });
    expect(c2 && lineUnitPrice({ ...c2, price_with_discount: c2.price })).toBe(47_000);
    expect(p2).toBe(store.getState().lines[2]);
    expect(p2).toEqual(p);

    const before = store.getState().lines;
    store.getState().setUnitPrices([
      { key: w.key, unitPrice: 42_000 },
      { key: 'gone', unitPrice: 1 },
    ]);
    expect(store.getState().lines).toBe(before);
  });

  it('never takes a line below 0, and answers the same lines when nothing changes', () => {
    const line = { ...wrap, key: 'k', quantity: 1, in_stop: false, price_with_discount: 30_000 };
    // 1 000 for a unit whose cheese alone costs 10 000: the product's own price stops at 0.
    expect(repriceLines([line], [{ key: 'k', unitPrice: 1_000 }])[0]).toMatchObject({
      price: 0,
      price_with_discount: 0,
    });
    const same = [line];
    expect(repriceLines(same, [{ key: 'k', unitPrice: 40_000 }])).toBe(same);
  });
});
