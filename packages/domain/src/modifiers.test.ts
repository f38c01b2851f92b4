import { describe, expect, it } from 'vitest';
import {
  type ChosenModifier,
  canIncrease,
  chosenQuantity,
  defaultModifierSelection,
  type GroupModifier,
  groupChosenCount,
  groupLimit,
  type ModifierError,
  modifiersPrice,
  type ProductModifiers,
  setChosenQuantity,
  toCartModifiers,
  validateModifierSelection,
} from './modifiers.ts';

const t = (en: string) => ({ ru: en, uz: en, en });

const sauces: GroupModifier = {
  id: 'g-sauce',
  name: t('Sauces'),
  min_amount: 1,
  max_amount: 3,
  variants: [
    { id: 'v-garlic', title: t('Garlic'), out_price: 0, in_stop: false },
    { id: 'v-spicy', title: t('Spicy'), out_price: 2_000, in_stop: false },
  ],
};

const mods: ProductModifiers = {
  single_modifiers: [
    {
      id: 's-box',
      name: t('Box'),
      price: 1_000,
      is_compulsory: true,
      category_name: t('Packaging'),
      max_amount: 1,
      in_stop: false,
    },
    {
      id: 's-cheese',
      name: t('Cheese'),
      price: 5_000,
      is_compulsory: false,
      category_name: t('Extras'),
      max_amount: 3,
      in_stop: false,
    },
  ],
  group_modifiers: [
    sauces,
    {
      id: 'g-bread',
      name: t('Bread'),
      min_amount: 0,
      max_amount: 2,
      variants: [
        { id: 'v-white', title: t('White'), out_price: 3_000, in_stop: false },
        { id: 'v-dark', title: t('Dark'), out_price: 4_000, in_stop: false },
      ],
    },
  ],
};

const single = (id: string, q = 1): ChosenModifier => ({
  modifier_id: id,
  modifier_quantity: q,
  parent_id: null,
});
const variant = (group: string, id: string, q = 1): ChosenModifier => ({
  modifier_id: id,
  modifier_quantity: q,
  parent_id: group,
});

const valid = [single('s-box'), variant('g-sauce', 'v-garlic')];

const errorsOf = (chosen: ChosenModifier[], m: ProductModifiers = mods): ModifierError[] => {
  const result = validateModifierSelection(m, chosen);
  return result.ok ? [] : result.errors;
};

describe('validateModifierSelection', () => {
  it('accepts a choice within every limit', () => {
    expect(validateModifierSelection(mods, valid)).toEqual({ ok: true });
    expect(
      validateModifierSelection(mods, [
        single('s-box'),
        single('s-cheese', 3),
        variant('g-sauce', 'v-garlic', 2),
        variant('g-sauce', 'v-spicy', 1),
        variant('g-bread', 'v-dark', 2),
      ]),
    ).toEqual({ ok: true });
  });

  it('accepts no choice at all when nothing is required', () => {
    expect(validateModifierSelection({ single_modifiers: [], group_modifiers: [] }, [])).toEqual({
      ok: true,
    });
  });

  it('refuses a group below its minimum, counting the total across its variants', () => {
    expect(errorsOf([single('s-box')])).toEqual([
      { kind: 'below_min', group_id: 'g-sauce', modifier_id: null, min: 1, max: 3, chosen: 0 },
    ]);
  });

  it('refuses a group above its maximum, counting the total across its variants', () => {
    expect(
      errorsOf([single('s-box'), variant('g-sauce', 'v-garlic', 2), variant('g-sauce', 'v-spicy', 2)]),
    ).toEqual([{ kind: 'above_max', group_id: 'g-sauce', modifier_id: null, min: 1, max: 3, chosen: 4 }]);
  });

  it('adds up repeated entries of the same variant', () => {
    expect(
      errorsOf([single('s-box'), variant('g-sauce', 'v-garlic', 2), variant('g-sauce', 'v-garlic', 2)]).map(
        (e) => [e.kind, e.chosen],
      ),
    ).toEqual([['above_max', 4]]);
  });

  it('counts quantity 0 as not chosen', () => {
    expect(errorsOf([single('s-box'), variant('g-sauce', 'v-garlic', 0)]).map((e) => e.kind)).toEqual([
      'below_min',
    ]);
  });

  it('requires every compulsory single modifier', () => {
    expect(errorsOf([variant('g-sauce', 'v-garlic')])).toEqual([
      { kind: 'compulsory_missing', group_id: null, modifier_id: 's-box', min: 1, max: 1, chosen: 0 },
    ]);
    expect(errorsOf([single('s-box', 0), variant('g-sauce', 'v-garlic')]).map((e) => e.kind)).toEqual([
      'compulsory_missing',
    ]);
  });

  it('limits a single modifier to 0..max_amount', () => {
    expect(errorsOf([...valid, single('s-cheese', 4)])).toEqual([
      { kind: 'above_max', group_id: null, modifier_id: 's-cheese', min: 0, max: 3, chosen: 4 },
    ]);
    expect(
      errorsOf([single('s-box', 2), variant('g-sauce', 'v-garlic')]).map((e) => [e.kind, e.modifier_id]),
    ).toEqual([['above_max', 's-box']]);
  });

  it('refuses unknown single modifiers, unknown groups and variants of another group', () => {
    expect(
      errorsOf([...valid, single('s-nope'), variant('g-nope', 'v-garlic'), variant('g-bread', 'v-garlic')]),
    ).toEqual([
      { kind: 'unknown_modifier', group_id: null, modifier_id: 's-nope', min: 0, max: 0, chosen: 1 },
      { kind: 'unknown_modifier', group_id: 'g-nope', modifier_id: 'v-garlic', min: 0, max: 0, chosen: 1 },
      { kind: 'unknown_modifier', group_id: 'g-bread', modifier_id: 'v-garlic', min: 0, max: 0, chosen: 1 },
    ]);
  });

  it('refuses a group variant sent as a single modifier', () => {
    expect(errorsOf([...valid, single('v-spicy')]).map((e) => e.kind)).toEqual(['unknown_modifier']);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses quantity %s', (q) => {
    const errors = errorsOf([single('s-box'), variant('g-sauce', 'v-garlic'), single('s-cheese', q)]);
    expect(errors).toEqual([
      { kind: 'bad_quantity', group_id: null, modifier_id: 's-cheese', min: 0, max: 3, chosen: q },
    ]);
  });

  it('a bad quantity does not count towards a group', () => {
    expect(errorsOf([single('s-box'), variant('g-sauce', 'v-garlic', -1)]).map((e) => e.kind)).toEqual([
      'bad_quantity',
      'below_min',
    ]);
  });

  it('reports every problem at once', () => {
    expect(errorsOf([single('s-cheese', 9), variant('g-bread', 'v-white', 3)]).map((e) => e.kind)).toEqual([
      'compulsory_missing',
      'above_max',
      'below_min',
      'above_max',
    ]);
  });
});

describe('groupLimit', () => {
  it('says exactly n when min = max', () => {
    expect(groupLimit(2, 2)).toEqual({ kind: 'exactly', count: 2 });
    expect(groupLimit(1, 1)).toEqual({ kind: 'exactly', count: 1 });
  });

  it('says up to max when min is 0', () => {
    expect(groupLimit(0, 3)).toEqual({ kind: 'up_to', max: 3 });
  });

  it('says a range otherwise', () => {
    expect(groupLimit(1, 3)).toEqual({ kind: 'range', min: 1, max: 3 });
  });

  it.each([
    [3, 1],
    [-1, 2],
    [0, 0],
    [1.5, 3],
  ])('rejects impossible limits %s..%s', (min, max) => {
    expect(() => groupLimit(min, max)).toThrow(RangeError);
  });
});

describe('defaultModifierSelection', () => {
  it('preselects compulsory singles at 1 and the first variant of required groups at min_amount', () => {
    expect(defaultModifierSelection(mods)).toEqual([single('s-box'), variant('g-sauce', 'v-garlic', 1)]);
  });

  it('leaves optional groups and optional singles empty', () => {
    const chosen = defaultModifierSelection(mods);
    expect(chosen.some((c) => c.parent_id === 'g-bread' || c.modifier_id === 's-cheese')).toBe(false);
  });

  it('uses the group minimum as the quantity', () => {
    const m: ProductModifiers = {
      single_modifiers: [],
      group_modifiers: [{ ...sauces, min_amount: 2, max_amount: 2 }],
    };
    expect(defaultModifierSelection(m)).toEqual([variant('g-sauce', 'v-garlic', 2)]);
  });

  it('is always a valid choice', () => {
    expect(validateModifierSelection(mods, defaultModifierSelection(mods))).toEqual({ ok: true });
  });
});

describe('prices', () => {
  it('modifiersPrice sums price x quantity of singles and group variants', () => {
    expect(
      modifiersPrice(mods, [
        single('s-box'),
        single('s-cheese', 2),
        variant('g-sauce', 'v-spicy', 2),
        variant('g-bread', 'v-dark'),
      ]),
    ).toBe(1_000 + 10_000 + 4_000 + 4_000);
  });

  it('modifiersPrice ignores unknown entries', () => {
    expect(modifiersPrice(mods, [single('nope', 5), variant('g-bread', 'v-spicy', 1)])).toBe(0);
  });

  it('toCartModifiers prices the entries and drops unknown and zero ones', () => {
    expect(
      toCartModifiers(mods, [
        single('s-box'),
        single('s-cheese', 0),
        single('nope'),
        variant('g-sauce', 'v-spicy', 2),
      ]),
    ).toEqual([
      { modifier_id: 's-box', modifier_price: 1_000, modifier_quantity: 1, parent_id: null },
      { modifier_id: 'v-spicy', modifier_price: 2_000, modifier_quantity: 2, parent_id: 'g-sauce' },
    ]);
  });
});

describe('editing a choice', () => {
  it('groupChosenCount and chosenQuantity count per group and per modifier', () => {
    const chosen = [
      variant('g-sauce', 'v-garlic', 2),
      variant('g-sauce', 'v-spicy'),
      variant('g-bread', 'v-dark'),
    ];
    expect(groupChosenCount(chosen, 'g-sauce')).toBe(3);
    expect(groupChosenCount(chosen, 'g-none')).toBe(0);
    expect(chosenQuantity(chosen, 'v-garlic', 'g-sauce')).toBe(2);
    expect(chosenQuantity(chosen, 'v-garlic', null)).toBe(0);
  });

  it('setChosenQuantity sets, merges repeated entries and removes at 0', () => {
    const chosen = [variant('g-sauce', 'v-garlic'), variant('g-sauce', 'v-garlic'), single('s-box')];
    expect(setChosenQuantity(chosen, 'v-garlic', 'g-sauce', 3)).toEqual([
      single('s-box'),
      variant('g-sauce', 'v-garlic', 3),
    ]);
    expect(setChosenQuantity(chosen, 'v-garlic', 'g-sauce', 0)).toEqual([single('s-box')]);
    expect(setChosenQuantity([], 's-cheese', null, 1)).toEqual([single('s-cheese')]);
    expect(() => setChosenQuantity(chosen, 's-box', null, -1)).toThrow(RangeError);
  });

  it('canIncrease stops at a single modifier max and at a group max', () => {
    expect(canIncrease(mods, [single('s-cheese', 2)], 's-cheese', null)).toBe(true);
    expect(canIncrease(mods, [single('s-cheese', 3)], 's-cheese', null)).toBe(false);
    expect(canIncrease(mods, [variant('g-sauce', 'v-garlic', 2)], 'v-spicy', 'g-sauce')).toBe(true);
    expect(
      canIncrease(
        mods,
        [variant('g-sauce', 'v-garlic', 2), variant('g-sauce', 'v-spicy')],
        'v-spicy',
        'g-sauce',
      ),
    ).toBe(false);
    expect(canIncrease(mods, [], 'nope', null)).toBe(false);
    expect(canIncrease(mods, [], 'v-garlic', 'g-bread')).toBe(false);
  });
});
