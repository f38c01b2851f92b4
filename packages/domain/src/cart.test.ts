import { ZOrderProductInput } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AutoAddProduct,
  addOutcome,
  addToCart,
  applyDiscountPrices,
  autoAddApplies,
  availableLines,
  type CartLine,
  cartGoodsPrice,
  cartSubtotal,
  cartTotalQuantity,
  clearCart,
  clearStop,
  decrementLine,
  discountProductId,
  incrementLine,
  lineStopped,
  linesToRemove,
  lineTotal,
  lineUnitPrice,
  markStop,
  type NewCartItem,
  productQuantityInCart,
  removeLine,
  setLineQuantity,
  syncAutoAddProducts,
} from './cart.ts';
import { CART_LINE_QUANTITY_MAX } from './cart-limits.ts';

const name = (en: string) => ({ ru: en, uz: en, en });

const keys = (...list: string[]) => {
  let i = 0;
  return () => {
    const key = list[i++];
    if (key === undefined) throw new Error('test ran out of keys');
    return key;
  };
};

const item = (overrides: Partial<NewCartItem> = {}): NewCartItem => ({
  product_id: 'p-lavash',
  type: 'simple',
  variants: [],
  order_modifiers: [],
  price: 32_000,
  default_product: false,
  product_name: name('Lavash'),
  image_url: '/images/lavash-160.webp',
  slug: 'lavash',
  comment: '',
  ...overrides,
});

const cheese = { modifier_id: 'm-cheese', modifier_price: 5_000, modifier_quantity: 1, parent_id: null };

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  key: 'k1',
  ...item(),
  quantity: 1,
  price_with_discount: 32_000,
  in_stop: false,
  ...overrides,
});

describe('addToCart', () => {
  it('adds a new line with quantity 1, in_stop false and price_with_discount = price', () => {
    const lines = addToCart([], item(), keys('k1'));
    expect(lines).toEqual([line({ key: 'k1' })]);
  });

  it('uses the given quantity for a new line', () => {
    expect(addToCart([], item({ quantity: 3 }), keys('k1'))[0]?.quantity).toBe(3);
  });

  it('increments the existing line of a simple product without modifiers, keeping its key', () => {
    const once = addToCart([], item(), keys('k1'));
    const twice = addToCart(once, item(), keys('k2'));
    expect(twice).toHaveLength(1);
    expect(twice[0]).toMatchObject({ key: 'k1', quantity: 2 });
  });

  it('increments by the added quantity', () => {
    const lines = addToCart([line({ quantity: 2 })], item({ quantity: 3 }), keys('k2'));
    expect(lines).toEqual([line({ quantity: 5 })]);
  });

  it('changes nothing when the product is in the cart as a default product', () => {
    const before = [line({ default_product: true })];
    const after = addToCart(before, item(), keys('k2'));
    expect(after).toEqual(before);
    expect(after).not.toBe(before);
  });

  it('changes nothing for a default product even if a plain line of it also exists', () => {
    const before = [line({ key: 'own' }), line({ key: 'auto', default_product: true })];
    expect(addToCart(before, item(), keys('k3'))).toEqual(before);
  });

  it('adds a new line for a simple product with modifiers, even if the product is in the cart', () => {
    const lines = addToCart([line()], item({ order_modifiers: [cheese] }), keys('k2'));
    expect(lines.map((l) => [l.key, l.quantity, l.order_modifiers.length])).toEqual([
      ['k1', 1, 0],
      ['k2', 1, 1],
    ]);
  });

  it('adds a new line for a plain product when only a modified line of it exists', () => {
    const lines = addToCart([line({ order_modifiers: [cheese] })], item(), keys('k2'));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ key: 'k2', quantity: 1, order_modifiers: [] });
  });

  it('adds a new line every time for combo and origin products', () => {
    const combo = item({
      product_id: 'p-combo',
      type: 'combo',
      variants: [{ group_id: 'g1', product_id: 'p-cola', title: name('Cola'), price: 0 }],
    });
    const origin = item({
      product_id: 'p-pizza',
      type: 'origin',
      variants: [{ group_id: 'p-pizza', product_id: 'p-pizza-30', title: name('30 cm'), price: 75_000 }],
    });
    let lines = addToCart([], combo, keys('a'));
    lines = addToCart(lines, combo, keys('b'));
    lines = addToCart(lines, origin, keys('c'));
    lines = addToCart(lines, origin, keys('d'));
    expect(lines.map((l) => [l.key, l.quantity])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 1],
      ['d', 1],
    ]);
  });

  it('never merges a combo even without variants', () => {
    const combo = item({ product_id: 'p-combo', type: 'combo' });
    expect(addToCart(addToCart([], combo, keys('a')), combo, keys('b'))).toHaveLength(2);
  });

  it('generates a unique uuid key by default', () => {
    const lines = addToCart(
      addToCart([], item({ order_modifiers: [cheese] })),
      item({ order_modifiers: [cheese] }),
    );
    const [a, b] = lines;
    expect(a?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(a?.key).not.toBe(b?.key);
  });

  it('refuses a key that is already in use', () => {
    expect(() => addToCart([line({ key: 'k1' })], item({ order_modifiers: [cheese] }), keys('k1'))).toThrow(
      /already in use/,
    );
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects quantity %s', (quantity) => {
    expect(() => addToCart([], item({ quantity }), keys('k1'))).toThrow(RangeError);
  });

  it('does not mutate its input', () => {
    const before = [line()];
    const snapshot = structuredClone(before);
    addToCart(before, item(), keys('k2'));
    addToCart(before, item({ order_modifiers: [cheese] }), keys('k3'));
    expect(before).toEqual(snapshot);
  });

  it('copies only cart line fields from the item', () => {
    const withExtra = { ...item(), id: 'stray', out_price: 1 } as NewCartItem;
    expect(Object.keys(addToCart([], withExtra, keys('k1'))[0] ?? {})).not.toContain('id');
  });
});

describe('at most CART_LINE_QUANTITY_MAX (99) of a line, what an order takes', () => {
  it('is the order contract’s limit of a product’s quantity', () => {
    const product = (quantity: number) => ({
      product_id: '00000000-0000-4000-8000-000000000001',
      type: 'simple',
      variants: [],
      quantity,
      order_modifiers: [],
    });
    expect(ZOrderProductInput.safeParse(product(CART_LINE_QUANTITY_MAX)).success).toBe(true);
    expect(ZOrderProductInput.safeParse(product(CART_LINE_QUANTITY_MAX + 1)).success).toBe(false);
  });

  it('adding to a plain line stops at the limit', () => {
    const lines = addToCart([line({ quantity: 60 })], item({ quantity: 60 }), keys('k2'));
    expect(lines).toEqual([line({ quantity: 99 })]);
  });

  it('a new line holds at most the limit', () => {
    expect(addToCart([], item({ quantity: 150 }), keys('k1'))[0]?.quantity).toBe(99);
    expect(addToCart([], item({ quantity: 150, order_modifiers: [cheese] }), keys('k1'))[0]?.quantity).toBe(
      99,
    );
  });

  it('incrementLine stops at the limit, setLineQuantity sets at most it', () => {
    const full = [line({ key: 'a', quantity: 99 })];
    expect(incrementLine(full, 'a')).toEqual(full);
    expect(incrementLine([line({ key: 'a', quantity: 98 })], 'a')[0]?.quantity).toBe(99);
    expect(setLineQuantity(full, 'a', 500)[0]?.quantity).toBe(99);
  });

  it('addOutcome says when an add is held back by the limit, or changes nothing at all', () => {
    expect(addOutcome([], item())).toBe('added');
    expect(addOutcome([line({ quantity: 94 })], item({ quantity: 5 }))).toBe('added');
    expect(addOutcome([line({ quantity: 95 })], item({ quantity: 5 }))).toBe('capped');
    expect(addOutcome([line({ quantity: 99 })], item())).toBe('capped');
    expect(addAndCompare([line({ quantity: 99 })], item())).toBe('unchanged');
    expect(addOutcome([], item({ quantity: 100 }))).toBe('capped');
    expect(addOutcome([line({ default_product: true })], item())).toBe('auto-added');
    expect(addAndCompare([line({ default_product: true })], item())).toBe('unchanged');
    // A line with choices is a new line, whatever the plain line holds.
    expect(addOutcome([line({ quantity: 99 })], item({ order_modifiers: [cheese] }))).toBe('added');
    expect(addOutcome([], item({ order_modifiers: [cheese], quantity: 100 }))).toBe('capped');
  });
});

/** Whether addToCart changed the lines (a new array with the same lines is no change). */
const addAndCompare = (before: CartLine[], added: NewCartItem) => {
  const after = addToCart(before, added, keys('k9'));
  return after.length === before.length && after.every((l, i) => l === before[i]) ? 'unchanged' : 'changed';
};

describe('quantity changes', () => {
  const lines = [line({ key: 'a', quantity: 2 }), line({ key: 'b', product_id: 'p2', quantity: 1 })];

  it('incrementLine adds one to that line only', () => {
    expect(incrementLine(lines, 'a').map((l) => l.quantity)).toEqual([3, 1]);
  });

  it('decrementLine subtracts one', () => {
    expect(decrementLine(lines, 'a').map((l) => l.quantity)).toEqual([1, 1]);
  });

  it('decrementLine never goes below 1 and never removes', () => {
    const after = decrementLine(lines, 'b');
    expect(after.map((l) => [l.key, l.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
  });

  it('setLineQuantity sets the quantity', () => {
    expect(setLineQuantity(lines, 'b', 7).map((l) => l.quantity)).toEqual([2, 7]);
  });

  it.each([0, -3])('setLineQuantity(%s) removes the line', (quantity) => {
    expect(setLineQuantity(lines, 'a', quantity).map((l) => l.key)).toEqual(['b']);
  });

  it('setLineQuantity rejects fractions', () => {
    expect(() => setLineQuantity(lines, 'a', 1.5)).toThrow(RangeError);
  });

  it('removeLine removes exactly that line', () => {
    expect(removeLine(lines, 'a').map((l) => l.key)).toEqual(['b']);
  });

  it('an unknown key changes nothing', () => {
    expect(incrementLine(lines, 'zz')).toEqual(lines);
    expect(decrementLine(lines, 'zz')).toEqual(lines);
    expect(setLineQuantity(lines, 'zz', 5)).toEqual(lines);
    expect(setLineQuantity(lines, 'zz', 0)).toEqual(lines);
    expect(removeLine(lines, 'zz')).toEqual(lines);
  });

  it('returns new arrays and leaves the input alone', () => {
    const snapshot = structuredClone(lines);
    expect(incrementLine(lines, 'a')).not.toBe(lines);
    expect(removeLine(lines, 'zz')).not.toBe(lines);
    decrementLine(lines, 'a');
    setLineQuantity(lines, 'a', 0);
    expect(lines).toEqual(snapshot);
  });

  it('clearCart empties the cart', () => {
    expect(clearCart()).toEqual([]);
  });
});

describe('stop list', () => {
  const lines = [
    line({ key: 'a', product_id: 'p1' }),
    line({ key: 'b', product_id: 'p1', order_modifiers: [cheese] }),
    line({ key: 'c', product_id: 'p2' }),
    line({ key: 'd', product_id: 'p3', in_stop: true }),
  ];

  it('markStop flags every line of the stopped products and leaves other flags as they are', () => {
    expect(markStop(lines, ['p1']).map((l) => [l.key, l.in_stop])).toEqual([
      ['a', true],
      ['b', true],
      ['c', false],
      ['d', true],
    ]);
  });

  it('markStop flags a line built with a stopped size, combo pick or modifier, and only that line', () => {
    const large = { group_id: 'p-pizza', product_id: 'p-large', title: name('Large'), price: 90_000 };
    const built = [
      line({ key: 'large', product_id: 'p-pizza', type: 'origin', variants: [large] }),
      line({
        key: 'small',
        product_id: 'p-pizza',
        type: 'origin',
        variants: [{ ...large, product_id: 'p-small' }],
      }),
      line({ key: 'cheese', product_id: 'p1', order_modifiers: [cheese] }),
      line({ key: 'plain', product_id: 'p1' }),
    ];
    expect(markStop(built, ['p-large']).map((l) => [l.key, l.in_stop])).toEqual([
      ['large', true],
      ['small', false],
      ['cheese', false],
      ['plain', false],
    ]);
    expect(markStop(built, ['m-cheese']).map((l) => l.in_stop)).toEqual([false, false, true, false]);
    expect(lineStopped(built[2] as CartLine, new Set(['m-cheese']))).toBe(true);
  });

  it('markStop with no products changes no flag', () => {
    expect(markStop(lines, [])).toEqual(lines);
  });

  it('clearStop unflags every line', () => {
    expect(clearStop(markStop(lines, ['p1', 'p2'])).every((l) => !l.in_stop)).toBe(true);
  });

  it('availableLines leaves stopped lines out', () => {
    expect(availableLines(markStop(lines, ['p1'])).map((l) => l.key)).toEqual(['c']);
  });

  it('linesToRemove are the stopped lines but the auto-added ones, which the order leaves out by itself', () => {
    const withNapkins = [...lines, line({ key: 'n', product_id: 'p-napkin', default_product: true })];
    expect(linesToRemove(markStop(withNapkins, ['p-napkin'])).map((l) => l.key)).toEqual(['d']);
    expect(linesToRemove(markStop(withNapkins, ['p1', 'p-napkin'])).map((l) => l.key)).toEqual([
      'a',
      'b',
      'd',
    ]);
    expect(availableLines(markStop(withNapkins, ['p-napkin'])).map((l) => l.key)).toEqual(['a', 'b', 'c']);
  });
});

describe('applyDiscountPrices', () => {
  const lines = [
    line({ key: 'a', product_id: 'p1', price: 30_000, price_with_discount: 30_000 }),
    line({
      key: 'b',
      product_id: 'p1',
      price: 30_000,
      price_with_discount: 30_000,
      order_modifiers: [cheese],
    }),
    line({ key: 'c', product_id: 'p2', price: 10_000, price_with_discount: 7_000 }),
  ];

  it('adds the sum of the product discount_price values, as returned, to price', () => {
    const after = applyDiscountPrices(lines, [
      { product_id: 'p1', discount_price: -3_000 },
      { product_id: 'p1', discount_price: -2_000 },
    ]);
    expect(after.map((l) => l.price_with_discount)).toEqual([25_000, 25_000, 10_000]);
  });

  it('adds a positive value (surcharge) as returned', () => {
    expect(
      applyDiscountPrices(lines, [{ product_id: 'p2', discount_price: 1_500 }])[2]?.price_with_discount,
    ).toBe(11_500);
  });

  it('resets a product without discounts to its price', () => {
    expect(applyDiscountPrices(lines, [])[2]?.price_with_discount).toBe(10_000);
  });

  it('starts from price, not from the previous price_with_discount', () => {
    const once = applyDiscountPrices(lines, [{ product_id: 'p2', discount_price: -1_000 }]);
    const twice = applyDiscountPrices(once, [{ product_id: 'p2', discount_price: -1_000 }]);
    expect(twice[2]?.price_with_discount).toBe(9_000);
  });

  it('never goes below zero', () => {
    expect(
      applyDiscountPrices(lines, [{ product_id: 'p2', discount_price: -50_000 }])[2]?.price_with_discount,
    ).toBe(0);
  });

  it('leaves price itself unchanged', () => {
    expect(
      applyDiscountPrices(lines, [{ product_id: 'p1', discount_price: -1 }]).map((l) => l.price),
    ).toEqual([30_000, 30_000, 10_000]);
  });

  it('discounts an origin line by its chosen size, the product its price is of', () => {
    const size = (id: string, price: number) => ({
      group_id: 'p-pizza',
      product_id: id,
      title: name(id),
      price,
    });
    const pizzas = [
      line({
        key: 's',
        type: 'origin',
        product_id: 'p-pizza',
        variants: [size('p-25', 50_000)],
        price: 50_000,
      }),
      line({
        key: 'l',
        type: 'origin',
        product_id: 'p-pizza',
        variants: [size('p-35', 70_000)],
        price: 70_000,
      }),
    ];
    expect(pizzas.map(discountProductId)).toEqual(['p-25', 'p-35']);
    const after = applyDiscountPrices(pizzas, [
      { product_id: 'p-35', discount_price: -7_000 },
      { product_id: 'p-pizza', discount_price: -1_000 },
    ]);
    expect(after.map((l) => l.price_with_discount)).toEqual([50_000, 63_000]);
  });
});

describe('productQuantityInCart', () => {
  it('counts the units of a product across its lines, not the lines the cart added by itself', () => {
    const lines = [
      line({ key: 'a', product_id: 'p1', quantity: 2 }),
      line({ key: 'b', product_id: 'p1', quantity: 3, order_modifiers: [cheese] }),
      line({ key: 'c', product_id: 'p2', quantity: 4 }),
      line({ key: 'd', product_id: 'p1', quantity: 1, default_product: true }),
    ];
    expect(productQuantityInCart(lines, 'p1')).toBe(5);
    expect(productQuantityInCart(lines, 'p2')).toBe(4);
    expect(productQuantityInCart(lines, 'p3')).toBe(0);
  });
});

describe('cartGoodsPrice', () => {
  it('is the lines before discounts; cartSubtotal is what the customer pays', () => {
    const lines = [
      line({ price: 30_000, price_with_discount: 27_000, quantity: 2, order_modifiers: [cheese] }),
      line({ key: 'k2', product_id: 'p2', price: 10_000, price_with_discount: 10_000 }),
    ];
    expect(cartGoodsPrice(lines)).toBe(2 * 35_000 + 10_000);
    expect(cartSubtotal(lines)).toBe(2 * 32_000 + 10_000);
  });
});

describe('prices and totals', () => {
  it('a simple line costs price_with_discount per unit', () => {
    const l = line({ price: 30_000, price_with_discount: 27_000, quantity: 3 });
    expect(lineUnitPrice(l)).toBe(27_000);
    expect(lineTotal(l)).toBe(81_000);
  });

  it('modifiers add price x quantity per unit of the line', () => {
    const l = line({
      price_with_discount: 30_000,
      quantity: 2,
      order_modifiers: [
        { modifier_id: 'cheese', modifier_price: 5_000, modifier_quantity: 2, parent_id: null },
        { modifier_id: 'spicy', modifier_price: 0, modifier_quantity: 1, parent_id: 'g-sauce' },
        { modifier_id: 'garlic', modifier_price: 2_000, modifier_quantity: 1, parent_id: 'g-sauce' },
      ],
    });
    expect(lineUnitPrice(l)).toBe(30_000 + 10_000 + 2_000);
    expect(lineTotal(l)).toBe(84_000);
  });

  it('a combo adds its chosen variants extra charges', () => {
    const l = line({
      type: 'combo',
      price: 60_000,
      price_with_discount: 60_000,
      variants: [
        { group_id: 'g-drink', product_id: 'p-cola', title: name('Cola'), price: 0 },
        { group_id: 'g-side', product_id: 'p-fries-big', title: name('Big fries'), price: 4_000 },
      ],
      order_modifiers: [cheese],
    });
    expect(lineUnitPrice(l)).toBe(60_000 + 4_000 + 5_000);
  });

  it('an origin line does not add its chosen size again: the size price is the line price', () => {
    const l = line({
      type: 'origin',
      price: 75_000,
      price_with_discount: 70_000,
      variants: [{ group_id: 'p-pizza', product_id: 'p-pizza-30', title: name('30 cm'), price: 75_000 }],
    });
    expect(lineUnitPrice(l)).toBe(70_000);
  });

  it('cartSubtotal sums line totals, cartTotalQuantity sums quantities', () => {
    const lines = [
      line({ key: 'a', price_with_discount: 10_000, quantity: 2 }),
      line({ key: 'b', price_with_discount: 5_000, quantity: 3, order_modifiers: [cheese] }),
      line({ key: 'c', price_with_discount: 1_000, quantity: 1, in_stop: true }),
    ];
    expect(cartSubtotal(lines)).toBe(20_000 + 30_000 + 1_000);
    expect(cartSubtotal(availableLines(lines))).toBe(50_000);
    expect(cartTotalQuantity(lines)).toBe(6);
  });

  it('an empty cart is 0 and 0', () => {
    expect(cartSubtotal([])).toBe(0);
    expect(cartTotalQuantity([])).toBe(0);
  });
});

describe('auto-add products', () => {
  const summary = (id: string, title: string, price = 0) => ({
    id,
    slug: title.toLowerCase(),
    title: name(title),
    description: name(''),
    out_price: price,
    type: 'simple' as const,
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
  });
  const napkins: AutoAddProduct = {
    product: summary('p-napkins', 'Napkins'),
    quantity: 2,
    delivery_type: 'delivery',
    min_order_price: 0,
  };
  const sauce: AutoAddProduct = {
    product: summary('p-sauce', 'Sauce'),
    quantity: 1,
    delivery_type: null,
    min_order_price: 100_000,
  };

  it('compares the goods before discounts with the minimum: a discount does not take a product away', () => {
    const discounted = [line({ price: 100_000, price_with_discount: 90_000 })];
    const synced = syncAutoAddProducts(discounted, [sauce], 'self-pickup', keys('s1'));
    expect(synced.map((l) => l.product_id)).toEqual(['p-lavash', 'p-sauce']);
  });

  it('autoAddApplies checks the order type (null = both) and the minimum amount', () => {
    expect(autoAddApplies(napkins, { delivery_type: 'delivery', order_price: 0 })).toBe(true);
    expect(autoAddApplies(napkins, { delivery_type: 'self-pickup', order_price: 0 })).toBe(false);
    expect(autoAddApplies(sauce, { delivery_type: 'self-pickup', order_price: 100_000 })).toBe(true);
    expect(autoAddApplies(sauce, { delivery_type: 'delivery', order_price: 99_999 })).toBe(false);
  });

  it('adds applicable products as default lines', () => {
    const own = line({ key: 'own', price: 120_000, price_with_discount: 120_000 });
    const lines = syncAutoAddProducts([own], [napkins, sauce], 'delivery', keys('n', 's'));
    expect(lines.map((l) => [l.key, l.product_id, l.quantity, l.default_product])).toEqual([
      ['own', 'p-lavash', 1, false],
      ['n', 'p-napkins', 2, true],
      ['s', 'p-sauce', 1, true],
    ]);
    expect(lines[1]).toMatchObject({ price: 0, price_with_discount: 0, in_stop: false, slug: 'napkins' });
  });

  it('removes default lines that no longer apply and keeps the key of those that still do', () => {
    const own = line({ key: 'own', price: 120_000, price_with_discount: 120_000 });
    const first = syncAutoAddProducts([own], [napkins, sauce], 'delivery', keys('n', 's'));
    const pickup = syncAutoAddProducts(first, [napkins, sauce], 'self-pickup', keys('x'));
    expect(pickup.map((l) => l.key)).toEqual(['own', 's']);
  });

  it('does not count default lines towards the minimum amount', () => {
    const pricey: AutoAddProduct = {
      ...napkins,
      product: summary('p-gift', 'Gift', 200_000),
      delivery_type: null,
    };
    const lines = syncAutoAddProducts([], [pricey, sauce], 'delivery', keys('g', 's'));
    expect(lines.map((l) => l.product_id)).toEqual(['p-gift']);
  });

  it('does not count stopped lines towards the minimum amount', () => {
    const stopped = line({ key: 'own', price: 150_000, price_with_discount: 150_000, in_stop: true });
    expect(syncAutoAddProducts([stopped], [sauce], 'delivery', keys('s')).map((l) => l.key)).toEqual(['own']);
  });

  it('keeps a customer own line of the same product separate and untouched', () => {
    const ownNapkins = line({ key: 'own', product_id: 'p-napkins', quantity: 5 });
    const lines = syncAutoAddProducts([ownNapkins], [napkins], 'delivery', keys('n'));
    expect(lines.map((l) => [l.key, l.quantity, l.default_product])).toEqual([
      ['own', 5, false],
      ['n', 2, true],
    ]);
  });

  it('updates a default line to the quantity the API gives', () => {
    const stale = line({ key: 'n', product_id: 'p-napkins', quantity: 9, default_product: true });
    expect(syncAutoAddProducts([stale], [napkins], 'delivery', keys())[0]?.quantity).toBe(2);
  });
});
