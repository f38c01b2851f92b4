import type { TComboGroup, TProductVariant } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  chooseComboVariant,
  comboCartVariants,
  comboExtraPrice,
  defaultComboSelection,
  defaultOriginSize,
  optionsUnorderable,
  originCartVariant,
  validateComboSelection,
} from './product-choices.ts';

const t = (en: string) => ({ ru: en, uz: en, en });

const groups: TComboGroup[] = [
  {
    id: 'g-main',
    title: t('Main'),
    variants: [
      { id: 'v1', product_id: 'p-lavash', title: t('Lavash'), out_price: 0 },
      { id: 'v2', product_id: 'p-shawarma', title: t('Shawarma'), out_price: 3_000 },
    ],
  },
  {
    id: 'g-drink',
    title: t('Drink'),
    variants: [
      { id: 'v3', product_id: 'p-cola', title: t('Cola'), out_price: 0 },
      { id: 'v4', product_id: 'p-juice', title: t('Juice'), out_price: 5_000 },
    ],
  },
];

describe('validateComboSelection', () => {
  it('accepts exactly one known variant per group', () => {
    expect(
      validateComboSelection(groups, [
        { group_id: 'g-drink', product_id: 'p-juice' },
        { group_id: 'g-main', product_id: 'p-lavash' },
      ]),
    ).toEqual({ ok: true });
  });

  it('reports a missing group', () => {
    expect(validateComboSelection(groups, [{ group_id: 'g-main', product_id: 'p-lavash' }])).toEqual({
      ok: false,
      errors: [{ kind: 'missing_group', group_id: 'g-drink' }],
    });
  });

  it('reports an unknown group, a variant of another group and a second pick in a group', () => {
    expect(
      validateComboSelection(groups, [
        { group_id: 'g-main', product_id: 'p-lavash' },
        { group_id: 'g-main', product_id: 'p-shawarma' },
        { group_id: 'g-drink', product_id: 'p-lavash' },
        { group_id: 'g-nope', product_id: 'p-cola' },
      ]),
    ).toEqual({
      ok: false,
      errors: [
        { kind: 'duplicate_group', group_id: 'g-main' },
        { kind: 'unknown_variant', group_id: 'g-drink' },
        { kind: 'unknown_group', group_id: 'g-nope' },
      ],
    });
  });

  it('a combo without groups needs no choice', () => {
    expect(validateComboSelection([], [])).toEqual({ ok: true });
  });
});

describe('building a combo choice', () => {
  it('defaultComboSelection picks each group first variant, and is valid', () => {
    const chosen = defaultComboSelection(groups);
    expect(chosen).toEqual([
      { group_id: 'g-main', product_id: 'p-lavash' },
      { group_id: 'g-drink', product_id: 'p-cola' },
    ]);
    expect(validateComboSelection(groups, chosen)).toEqual({ ok: true });
  });

  it('defaultComboSelection skips a stopped option, and leaves a group with every option stopped empty', () => {
    expect(defaultComboSelection(groups, new Set(['p-cola']))).toEqual([
      { group_id: 'g-main', product_id: 'p-lavash' },
      { group_id: 'g-drink', product_id: 'p-juice' },
    ]);
    expect(defaultComboSelection(groups, new Set(['p-cola', 'p-juice']))).toEqual([
      { group_id: 'g-main', product_id: 'p-lavash' },
    ]);
  });

  it('chooseComboVariant replaces the group previous choice', () => {
    const chosen = chooseComboVariant(defaultComboSelection(groups), 'g-drink', 'p-juice');
    expect(chosen).toEqual([
      { group_id: 'g-main', product_id: 'p-lavash' },
      { group_id: 'g-drink', product_id: 'p-juice' },
    ]);
  });

  it('comboCartVariants prices each pick at its extra charge, in group order', () => {
    const chosen = [
      { group_id: 'g-drink', product_id: 'p-juice' },
      { group_id: 'g-main', product_id: 'p-shawarma' },
    ];
    expect(comboCartVariants(groups, chosen)).toEqual([
      { group_id: 'g-main', product_id: 'p-shawarma', title: t('Shawarma'), price: 3_000 },
      { group_id: 'g-drink', product_id: 'p-juice', title: t('Juice'), price: 5_000 },
    ]);
    expect(comboExtraPrice(groups, chosen)).toBe(8_000);
  });

  it('skips unknown picks', () => {
    expect(comboCartVariants(groups, [{ group_id: 'g-main', product_id: 'p-nope' }])).toEqual([]);
    expect(comboExtraPrice(groups, [])).toBe(0);
  });
});

describe('originCartVariant', () => {
  it('records the chosen size under the origin product at its full price', () => {
    const size: TProductVariant = {
      id: 'p-pizza-30',
      title: t('Margherita 30 cm'),
      property: t('30 cm'),
      out_price: 75_000,
      weight: 600,
    };
    expect(originCartVariant('p-pizza', size)).toEqual({
      group_id: 'p-pizza',
      product_id: 'p-pizza-30',
      title: t('Margherita 30 cm'),
      price: 75_000,
    });
  });
});

describe('stopped sizes and combo picks', () => {
  const size = (id: string, out_price: number): TProductVariant => ({
    id,
    title: t(id),
    property: t(id),
    out_price,
    weight: 0,
  });
  const sizes = [size('s-25', 50_000), size('s-35', 80_000)];
  const pizza = { type: 'origin' as const, variants: sizes, combo_groups: [] };
  const combo = { type: 'combo' as const, variants: [], combo_groups: groups };

  it('defaultOriginSize is the first size not stopped', () => {
    expect(defaultOriginSize(sizes)?.id).toBe('s-25');
    expect(defaultOriginSize(sizes, new Set(['s-25']))?.id).toBe('s-35');
    expect(defaultOriginSize(sizes, new Set(['s-25', 's-35']))).toBeUndefined();
  });

  it('optionsUnorderable: every size stopped, or every option of one combo group', () => {
    expect(optionsUnorderable(pizza, new Set(['s-25']))).toBe(false);
    expect(optionsUnorderable(pizza, new Set(['s-25', 's-35']))).toBe(true);
    expect(optionsUnorderable(combo, new Set(['p-cola', 'p-lavash']))).toBe(false);
    expect(optionsUnorderable(combo, new Set(['p-cola', 'p-juice']))).toBe(true);
    expect(optionsUnorderable({ type: 'simple', variants: [], combo_groups: [] }, new Set(['x']))).toBe(
      false,
    );
  });

  it('optionsUnorderable: a combo with a group of no option left, or with no group, is unorderable anywhere', () => {
    // Every option of the drinks switched off chain-wide: the API keeps the group, empty.
    const [main, drink] = groups;
    if (!main || !drink) throw new Error('two groups');
    const noDrink = { ...combo, combo_groups: [main, { ...drink, variants: [] }] };
    expect(optionsUnorderable(noDrink, new Set())).toBe(true);
    // Ordering refuses a combo without groups ('the combo has no groups to choose from').
    expect(optionsUnorderable({ ...combo, combo_groups: [] }, new Set())).toBe(true);
    expect(optionsUnorderable(combo, new Set())).toBe(false);
  });
});
