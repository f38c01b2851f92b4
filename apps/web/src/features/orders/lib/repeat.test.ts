import type { TOrderLine, TProductDetail } from '@app/contracts';
import type { ProductModifiers } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { choiceOfLine, planRepeat, productsToLookUp, type TRepeatSource } from './repeat';

const text = (s: string) => ({ ru: `${s} ru`, uz: `${s} uz`, en: s });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const product = (n: number, over: Partial<TProductDetail> = {}): TProductDetail => ({
  id: id(n),
  slug: `p${n}`,
  title: text(`P${n}`),
  description: text(''),
  out_price: 30_000,
  type: 'simple',
  has_modifier: false,
  image: {
    alt: text(''),
    width: 160,
    height: 160,
    url: `/images/p${n}.webp`,
    sources: [{ width: 160, url: '/x' }],
  },
  tags: [],
  categories: [],
  rating: 0,
  reviews_count: 0,
  weight: 0,
  energy: 0,
  cooking_time: 0,
  popularity: 0,
  fats: 0,
  proteins: 0,
  carbohydrates: 0,
  ingredients: text(''),
  allergens: text(''),
  active_in_menu: true,
  variants: [],
  combo_groups: [],
  ...over,
});

const line = (n: number, over: Partial<TOrderLine> = {}): TOrderLine => ({
  id: id(900 + n),
  product_id: id(n),
  slug: `p${n}`,
  type: 'simple',
  title: text(`P${n}`),
  variants: [],
  modifiers: [],
  quantity: 1,
  unit_price: 30_000,
  total_price: 30_000,
  image_url: null,
  comment: '',
  auto_added: false,
  can_review: false,
  ...over,
});

const none: ProductModifiers = { single_modifiers: [], group_modifiers: [] };
const sauces: ProductModifiers = {
  single_modifiers: [
    {
      id: id(10),
      name: text('Cheese'),
      price: 4_000,
      is_compulsory: false,
      category_name: text(''),
      max_amount: 3,
      in_stop: false,
    },
  ],
  group_modifiers: [
    {
      id: id(20),
      name: text('Sauces'),
      min_amount: 1,
      max_amount: 2,
      variants: [
        { id: id(21), title: text('Garlic'), out_price: 2_000, in_stop: false },
        { id: id(22), title: text('Chili'), out_price: 3_000, in_stop: false },
      ],
    },
  ],
};

const source = (p: TProductDetail | null, over: Partial<TRepeatSource> = {}): TRepeatSource => ({
  product: p,
  modifiers: none,
  inStop: false,
  ...over,
});

describe('repeating an order', () => {
  it('rebuilds a line with modifiers from today’s menu, with its quantity and comment', () => {
    const ordered = line(1, {
      quantity: 2,
      comment: 'no onion',
      unit_price: 30_000 + 4_000 * 2 + 3_000,
      modifiers: [
        { modifier_id: id(10), parent_id: null, name: text('Cheese'), quantity: 2, price: 4_000 },
        { modifier_id: id(22), parent_id: id(20), name: text('Chili'), quantity: 1, price: 3_000 },
      ],
    });
    const plan = planRepeat([ordered], new Map([[id(1), source(product(1), { modifiers: sauces })]]));
    expect(plan.issues).toEqual([]);
    expect(plan.items).toEqual([
      {
        product_id: id(1),
        type: 'simple',
        variants: [],
        order_modifiers: [
          { modifier_id: id(10), modifier_price: 4_000, modifier_quantity: 2, parent_id: null },
          { modifier_id: id(22), modifier_price: 3_000, modifier_quantity: 1, parent_id: id(20) },
        ],
        quantity: 2,
        price: 30_000,
        default_product: false,
        product_name: text('P1'),
        image_url: '/images/p1.webp',
        slug: 'p1',
        comment: 'no onion',
      },
    ]);
  });

  it('takes today’s prices, not the order’s, and names every dish whose price moved', () => {
    const ordered = line(1, {
      unit_price: 30_000 + 2_000,
      modifiers: [
        { modifier_id: id(21), parent_id: id(20), name: text('Garlic'), quantity: 1, price: 2_000 },
      ],
    });
    const dearer: ProductModifiers = {
      ...sauces,
      group_modifiers: sauces.group_modifiers.map((g) => ({
        ...g,
        variants: g.variants.map((v) => ({ ...v, out_price: v.out_price + 500 })),
      })),
    };
    const plan = planRepeat(
      [ordered, line(2)],
      new Map([
        [id(1), source(product(1, { out_price: 31_000 }), { modifiers: dearer })],
        [id(2), source(product(2))],
      ]),
    );
    expect(plan.items.map((i) => i.price)).toEqual([31_000, 30_000]);
    expect(plan.items[0]?.order_modifiers[0]?.modifier_price).toBe(2_500);
    expect(plan.issues).toEqual([
      { kind: 'price_changed', title: text('P1'), oldPrice: 32_000, newPrice: 33_500 },
    ]);
  });

  it('leaves out a line made with a stopped size, combo pick or extra (the branch’s stop list)', () => {
    const sized = line(1, {
      type: 'origin',
      variants: [{ group_id: id(1), product_id: id(32), title: text('40 cm') }],
    });
    const combo = line(2, {
      type: 'combo',
      variants: [{ group_id: id(40), product_id: id(43), title: text('Tea') }],
    });
    const cheesy = line(3, {
      modifiers: [{ modifier_id: id(10), parent_id: null, name: text('Cheese'), quantity: 1, price: 4_000 }],
    });
    const sources = new Map([
      [id(1), source(product(1, { type: 'origin' }))],
      [id(2), source(product(2, { type: 'combo' }))],
      [id(3), source(product(3))],
      [id(4), source(product(4))],
    ]);
    const plan = planRepeat(
      [sized, combo, cheesy, line(4)],
      sources,
      new Set(),
      new Set([id(32), id(43), id(10)]),
    );
    expect(plan.items.map((i) => i.product_id)).toEqual([id(4)]);
    expect(plan.issues).toEqual([
      { kind: 'stopped', title: text('P1') },
      { kind: 'stopped', title: text('P2') },
      { kind: 'stopped', title: text('P3') },
    ]);
  });

  it('leaves out stopped products and products the menu no longer has, naming them', () => {
    const plan = planRepeat(
      [line(1), line(2), line(3), line(4), line(5)],
      new Map([
        [id(1), source(product(1), { inStop: true })],
        [id(2), source(null)],
        [id(3), source(product(3, { active_in_menu: false }))],
        [id(4), source(product(4))],
        // id(5): never found
      ]),
    );
    expect(plan.items.map((i) => i.product_id)).toEqual([id(4)]);
    expect(plan.issues).toEqual([
      { kind: 'stopped', title: text('P1') },
      { kind: 'unavailable', title: text('P2') },
      { kind: 'unavailable', title: text('P3') },
      { kind: 'unavailable', title: text('P5') },
    ]);
  });

  it('does not repeat a choice that no longer fits: a size, combo pick or extra that is gone', () => {
    const sizes = product(1, {
      type: 'origin',
      variants: [
        { id: id(31), title: text('30 cm'), property: text('30 cm'), out_price: 60_000, weight: 500 },
      ],
    });
    const combo = product(2, {
      type: 'combo',
      combo_groups: [
        {
          id: id(40),
          title: text('Drink'),
          variants: [{ id: id(41), product_id: id(42), title: text('Cola'), out_price: 0 }],
        },
      ],
    });
    const plan = planRepeat(
      [
        line(1, {
          type: 'origin',
          variants: [{ group_id: id(1), product_id: id(32), title: text('40 cm') }],
        }),
        line(2, { type: 'combo', variants: [{ group_id: id(40), product_id: id(43), title: text('Tea') }] }),
        line(3, {
          modifiers: [{ modifier_id: id(99), parent_id: null, name: text('Gone'), quantity: 1, price: 1 }],
        }),
      ],
      new Map([
        [id(1), source(sizes)],
        [id(2), source(combo)],
        [id(3), source(product(3), { modifiers: sauces })],
      ]),
    );
    expect(plan.items).toEqual([]);
    expect(plan.issues.map((i) => i.kind)).toEqual(['unavailable', 'unavailable', 'unavailable']);
  });

  it('repeats sizes and combo picks at today’s size price and extras', () => {
    const sizes = product(1, {
      type: 'origin',
      variants: [
        { id: id(31), title: text('30 cm'), property: text('30 cm'), out_price: 60_000, weight: 500 },
        { id: id(32), title: text('40 cm'), property: text('40 cm'), out_price: 80_000, weight: 700 },
      ],
    });
    const combo = product(2, {
      type: 'combo',
      out_price: 50_000,
      combo_groups: [
        {
          id: id(40),
          title: text('Drink'),
          variants: [
            { id: id(41), product_id: id(42), title: text('Cola'), out_price: 0 },
            { id: id(44), product_id: id(43), title: text('Juice'), out_price: 5_000 },
          ],
        },
      ],
    });
    const plan = planRepeat(
      [
        line(1, {
          type: 'origin',
          unit_price: 80_000,
          variants: [{ group_id: id(1), product_id: id(32), title: text('40 cm') }],
        }),
        line(2, {
          type: 'combo',
          unit_price: 55_000,
          variants: [{ group_id: id(40), product_id: id(43), title: text('Juice') }],
        }),
      ],
      new Map([
        [id(1), source(sizes)],
        [id(2), source(combo)],
      ]),
    );
    expect(plan.issues).toEqual([]);
    expect(plan.items.map((i) => [i.price, i.variants.map((v) => v.product_id)])).toEqual([
      [80_000, [id(32)]],
      [50_000, [id(43)]],
    ]);
  });

  it('skips what the cart adds by itself, and looks each product up once', () => {
    const lines = [line(1), line(2), line(1, { id: id(77), quantity: 3 })];
    const plan = planRepeat(
      lines,
      new Map([
        [id(1), source(product(1))],
        [id(2), source(product(2))],
      ]),
      new Set([id(2)]),
    );
    expect(plan.items.map((i) => [i.product_id, i.quantity])).toEqual([
      [id(1), 1],
      [id(1), 3],
    ]);
    expect(productsToLookUp(lines)).toEqual([id(1), id(2)]);
  });

  it('skips a line the order got by itself (auto_added), even when today’s rules no longer add it', () => {
    const plan = planRepeat(
      [line(1), line(2, { auto_added: true })],
      new Map([
        [id(1), source(product(1))],
        [id(2), source(product(2))],
      ]),
    );
    expect(plan.items.map((i) => i.product_id)).toEqual([id(1)]);
    expect(plan.issues).toEqual([]);
  });

  it('reads an order line back as the dialog’s choice', () => {
    expect(
      choiceOfLine(
        line(1, { type: 'origin', variants: [{ group_id: id(1), product_id: id(5), title: text('S') }] }),
      ),
    ).toMatchObject({ variantId: id(5), combo: [] });
  });
});
