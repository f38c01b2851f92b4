import type { TProductDetail } from '@app/contracts';
import { setChosenQuantity } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { productDetail } from '@/test/product-fixtures';
import {
  cartItemFor,
  choiceProblems,
  choiceTotal,
  initialChoice,
  type ProductModifiers,
} from './product-choice';

const text = (s: string) => ({ ru: s, uz: s, en: s });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const base: TProductDetail = productDetail({ id: id(1), has_modifier: true });

const none: ProductModifiers = { single_modifiers: [], group_modifiers: [] };
const sauces: ProductModifiers = {
  single_modifiers: [
    {
      id: id(10),
      name: text('Box'),
      price: 1_000,
      is_compulsory: true,
      category_name: text(''),
      max_amount: 1,
      in_stop: false,
    },
    {
      id: id(11),
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
      min_amount: 2,
      max_amount: 3,
      variants: [
        { id: id(21), title: text('Garlic'), out_price: 2_000, in_stop: false },
        { id: id(22), title: text('Chili'), out_price: 3_000, in_stop: false },
      ],
    },
  ],
};

describe('simple product with modifiers', () => {
  it('starts valid: the compulsory box and the required group at its minimum', () => {
    const choice = initialChoice(base, sauces);
    expect(choiceProblems(base, sauces, choice)).toEqual([]);
    // 30 000 + box 1 000 + 2 x garlic 2 000
    expect(choiceTotal(cartItemFor(base, sauces, choice)).unit).toBe(35_000);
  });

  it('refuses a group below its minimum and above its maximum', () => {
    const start = initialChoice(base, sauces);
    const tooFew = { ...start, modifiers: setChosenQuantity(start.modifiers, id(21), id(20), 1) };
    expect(choiceProblems(base, sauces, tooFew)).toEqual([
      {
        kind: 'modifier',
        error: expect.objectContaining({ kind: 'below_min', group_id: id(20), chosen: 1, min: 2 }),
      },
    ]);
    const tooMany = { ...start, modifiers: setChosenQuantity(start.modifiers, id(22), id(20), 2) };
    expect(choiceProblems(base, sauces, tooMany)).toEqual([
      { kind: 'modifier', error: expect.objectContaining({ kind: 'above_max', chosen: 4, max: 3 }) },
    ]);
  });

  it('prices modifiers per unit and multiplies by the quantity', () => {
    const start = initialChoice(base, sauces);
    const choice = { ...start, quantity: 3, modifiers: setChosenQuantity(start.modifiers, id(11), null, 2) };
    const item = cartItemFor(base, sauces, choice);
    expect(item.order_modifiers).toContainEqual({
      modifier_id: id(11),
      modifier_price: 4_000,
      modifier_quantity: 2,
      parent_id: null,
    });
    expect(choiceTotal(item)).toEqual({ unit: 43_000, total: 129_000 });
  });
});

describe('origin product', () => {
  const pizza: TProductDetail = {
    ...base,
    type: 'origin',
    out_price: 50_000,
    variants: [
      { id: id(31), title: text('25 cm'), property: text('25 cm'), out_price: 50_000, weight: 400 },
      { id: id(32), title: text('35 cm'), property: text('35 cm'), out_price: 80_000, weight: 700 },
    ],
  };

  it('takes the chosen size as the line price, under the origin id', () => {
    const choice = { ...initialChoice(pizza, none), variantId: id(32) };
    const item = cartItemFor(pizza, none, choice);
    expect(item.product_id).toBe(pizza.id);
    expect(item.price).toBe(80_000);
    expect(item.variants).toEqual([expect.objectContaining({ group_id: pizza.id, product_id: id(32) })]);
    expect(choiceTotal(item).unit).toBe(80_000);
  });

  it('needs a size', () => {
    expect(choiceProblems(pizza, none, { ...initialChoice(pizza, none), variantId: null })).toEqual([
      { kind: 'variant' },
    ]);
  });

  it('refuses a size on the branch stop list, and starts at the first size not stopped', () => {
    const stopped = new Set([id(31)]);
    const chosen25 = { ...initialChoice(pizza, none), variantId: id(31) };
    expect(choiceProblems(pizza, none, chosen25, stopped)).toEqual([
      { kind: 'option_stopped', product_id: id(31) },
    ]);
    const start = initialChoice(pizza, none, stopped);
    expect(start.variantId).toBe(id(32));
    expect(choiceProblems(pizza, none, start, stopped)).toEqual([]);
    // Every size stopped: no size is preselected.
    expect(initialChoice(pizza, none, new Set([id(31), id(32)])).variantId).toBeNull();
  });
});

describe('combo product', () => {
  const combo: TProductDetail = {
    ...base,
    type: 'combo',
    out_price: 60_000,
    combo_groups: [
      {
        id: id(40),
        title: text('Drink'),
        variants: [
          { id: id(41), product_id: id(51), title: text('Tea'), out_price: 0 },
          { id: id(42), product_id: id(52), title: text('Juice'), out_price: 5_000 },
        ],
      },
    ],
  };

  it('adds the extra charge of the picked option', () => {
    const choice = { ...initialChoice(combo, none), combo: [{ group_id: id(40), product_id: id(52) }] };
    expect(choiceProblems(combo, none, choice)).toEqual([]);
    expect(choiceTotal(cartItemFor(combo, none, choice)).unit).toBe(65_000);
  });

  it('needs one pick per group', () => {
    expect(choiceProblems(combo, none, { ...initialChoice(combo, none), combo: [] })).toEqual([
      { kind: 'combo', group_id: id(40) },
    ]);
  });

  it('refuses a pick on the branch stop list, and starts at the first option not stopped', () => {
    const stopped = new Set([id(51)]);
    const tea = { ...initialChoice(combo, none), combo: [{ group_id: id(40), product_id: id(51) }] };
    expect(choiceProblems(combo, none, tea, stopped)).toEqual([
      { kind: 'option_stopped', product_id: id(51) },
    ]);
    const start = initialChoice(combo, none, stopped);
    expect(start.combo).toEqual([{ group_id: id(40), product_id: id(52) }]);
    expect(choiceProblems(combo, none, start, stopped)).toEqual([]);
  });
});
