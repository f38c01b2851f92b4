import type { TComboGroup } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  type ComboOptionIds,
  comboPicksStopped,
  type MenuDish,
  menuDishStopped,
  modifiersInStop,
  requiredModifierIds,
  requiredModifiersStopped,
  soldOnMenu,
} from './menu-availability.ts';
import { modifiersUnorderable, type ProductModifiers } from './modifiers.ts';
import { optionsUnorderable } from './product-choices.ts';

const t = (en: string) => ({ ru: en, uz: en, en });

/** Margherita in two sizes, both on the menu. */
const pizza: MenuDish = { id: 'pizza', type: 'origin', sizeIds: ['s-25', 's-35'] };
const wrap: MenuDish = { id: 'wrap', type: 'simple', sizeIds: [] };
const combo: MenuDish = { id: 'lunch', type: 'combo', sizeIds: [] };

describe('soldOnMenu: an origin dish is sold only in a size the menu sells', () => {
  it('sells a listed dish, and an origin dish with at least one of its sizes', () => {
    expect(soldOnMenu(wrap, true)).toBe(true);
    expect(soldOnMenu(combo, true)).toBe(true);
    expect(soldOnMenu(pizza, true)).toBe(true);
    expect(soldOnMenu({ ...pizza, sizeIds: ['s-35'] }, true)).toBe(true);
  });

  it('does not sell an origin dish with none of its sizes on the menu', () => {
    expect(soldOnMenu({ ...pizza, sizeIds: [] }, true)).toBe(false);
  });

  it('does not sell a dish the menu does not list, whatever its sizes', () => {
    expect(soldOnMenu(wrap, false)).toBe(false);
    expect(soldOnMenu(pizza, false)).toBe(false);
  });
});

describe("menuDishStopped: the card's 'Unavailable' from the branch's stop list", () => {
  it('stops nothing with an empty stop list', () => {
    for (const dish of [wrap, combo, pizza]) expect(menuDishStopped(dish, new Set())).toBe(false);
  });

  it('stops a dish that is itself on the stop list', () => {
    expect(menuDishStopped(wrap, new Set(['wrap']))).toBe(true);
    expect(menuDishStopped(combo, new Set(['lunch']))).toBe(true);
    expect(menuDishStopped(pizza, new Set(['pizza']))).toBe(true);
  });

  it('leaves an origin dish orderable while one size is not stopped', () => {
    expect(menuDishStopped(pizza, new Set(['s-25']))).toBe(false);
    expect(menuDishStopped(pizza, new Set(['s-35', 'wrap']))).toBe(false);
  });

  it('stops an origin dish when every size the menu sells is stopped', () => {
    expect(menuDishStopped(pizza, new Set(['s-25', 's-35']))).toBe(true);
    // The menu sells only the 35 cm: the 25 cm, not sold there, is no way to order it.
    expect(menuDishStopped({ ...pizza, sizeIds: ['s-35'] }, new Set(['s-35']))).toBe(true);
    expect(menuDishStopped({ ...pizza, sizeIds: ['s-35'] }, new Set(['s-25']))).toBe(false);
  });

  it('counts an origin dish with no size to sell as stopped: nothing to order', () => {
    expect(menuDishStopped({ ...pizza, sizeIds: [] }, new Set())).toBe(true);
  });

  it("does not read a simple or combo dish's size list", () => {
    expect(menuDishStopped({ ...wrap, sizeIds: ['x'] }, new Set(['x']))).toBe(false);
    expect(menuDishStopped(combo, new Set(['p-cola']))).toBe(false);
  });

  it("agrees with the product page's rule for the same sizes (optionsUnorderable)", () => {
    const variants = pizza.sizeIds.map((id, i) => ({
      id,
      title: t(id),
      property: t(id),
      out_price: 50_000 + i,
      weight: 400,
    }));
    const page = { type: 'origin' as const, variants, combo_groups: [] };
    for (const stopped of [[], ['s-25'], ['s-35'], ['s-25', 's-35'], ['other']]) {
      const ids = new Set(stopped);
      expect(menuDishStopped(pizza, ids), stopped.join()).toBe(optionsUnorderable(page, ids));
    }
  });
});

describe("comboPicksStopped: a combo's card 'Unavailable' from its groups' options", () => {
  /** Lunch: a main (wrap or shashlik) and a drink (cola or juice). */
  const lunch: ComboOptionIds = [
    ['wrap', 'shashlik'],
    ['cola', 'juice'],
  ];

  it('leaves it orderable while each group has an option not stopped', () => {
    expect(comboPicksStopped(lunch, new Set())).toBe(false);
    expect(comboPicksStopped(lunch, new Set(['wrap', 'cola']))).toBe(false);
    expect(comboPicksStopped(lunch, new Set(['wrap', 'juice', 'lunch']))).toBe(false);
  });

  it('stops it when every option of any one group is stopped', () => {
    expect(comboPicksStopped(lunch, new Set(['cola', 'juice']))).toBe(true);
    expect(comboPicksStopped(lunch, new Set(['wrap', 'shashlik', 'cola']))).toBe(true);
    expect(comboPicksStopped([['wrap', 'shashlik'], ['cola']], new Set(['cola']))).toBe(true);
  });

  it('stops it when a group has no option left to pick (each group needs one)', () => {
    expect(comboPicksStopped([['wrap'], []], new Set())).toBe(true);
  });

  it('stops a combo with no group at all (ordering refuses it: nothing to choose from)', () => {
    expect(comboPicksStopped([], new Set())).toBe(true);
    expect(comboPicksStopped([], new Set(['wrap']))).toBe(true);
  });

  it("agrees with the product page's rule for the same groups (optionsUnorderable)", () => {
    const groups: TComboGroup[] = lunch.map((options, g) => ({
      id: `g-${g}`,
      title: t(`g-${g}`),
      variants: options.map((product_id, i) => ({
        id: `v-${g}-${i}`,
        product_id,
        title: t(product_id),
        out_price: 0,
      })),
    }));
    const page = { type: 'combo' as const, variants: [], combo_groups: groups };
    // No group, or a group with no option: both unorderable, with or without a stop list.
    for (const stopped of [new Set<string>(), new Set(['wrap'])]) {
      expect(comboPicksStopped([], stopped)).toBe(optionsUnorderable({ ...page, combo_groups: [] }, stopped));
      const [first] = groups;
      if (!first) throw new Error('a group');
      const emptied = [first, { ...first, id: 'g-empty', variants: [] }];
      expect(comboPicksStopped([first.variants.map((v) => v.product_id), []], stopped)).toBe(
        optionsUnorderable({ ...page, combo_groups: emptied }, stopped),
      );
    }
    const ids = lunch.flat();
    // Every subset of the options stopped.
    for (let mask = 0; mask < 1 << ids.length; mask++) {
      const stopped = new Set(ids.filter((_, i) => mask & (1 << i)));
      expect(comboPicksStopped(lunch, stopped), [...stopped].join()).toBe(optionsUnorderable(page, stopped));
    }
  });
});

describe("requiredModifiersStopped: a card's 'Unavailable' from the branch's modifier stop list", () => {
  /**
   * A wrap's modifiers: a compulsory box, an optional cheese, a required sauce (garlic or spicy, 1..2)
   * and an optional bread (white or dark, 0..1).
   */
  const mods: ProductModifiers = {
    single_modifiers: [
      {
        id: 's-box',
        name: t('Box'),
        price: 0,
        is_compulsory: true,
        category_name: t('x'),
        max_amount: 1,
        in_stop: false,
      },
      {
        id: 's-cheese',
        name: t('Cheese'),
        price: 5_000,
        is_compulsory: false,
        category_name: t('x'),
        max_amount: 2,
        in_stop: false,
      },
    ],
    group_modifiers: [
      {
        id: 'g-sauce',
        name: t('Sauce'),
        min_amount: 1,
        max_amount: 2,
        variants: [
          { id: 'v-garlic', title: t('Garlic'), out_price: 0, in_stop: false },
          { id: 'v-spicy', title: t('Spicy'), out_price: 2_000, in_stop: false },
        ],
      },
      {
        id: 'g-bread',
        name: t('Bread'),
        min_amount: 0,
        max_amount: 1,
        variants: [
          { id: 'v-white', title: t('White'), out_price: 0, in_stop: false },
          { id: 'v-dark', title: t('Dark'), out_price: 0, in_stop: false },
        ],
      },
    ],
  };
  const required = requiredModifierIds(mods);

  it('reads the compulsory singles and the groups that need a choice, not the optional ones', () => {
    expect(required).toEqual([['s-box'], ['v-garlic', 'v-spicy']]);
    expect(requiredModifierIds({ single_modifiers: [], group_modifiers: [] })).toEqual([]);
  });

  it('stops a dish whose compulsory single, or every variant of a required group, is stopped', () => {
    expect(requiredModifiersStopped(required, new Set())).toBe(false);
    expect(requiredModifiersStopped(required, new Set(['s-box']))).toBe(true);
    expect(requiredModifiersStopped(required, new Set(['v-garlic', 'v-spicy']))).toBe(true);
  });

  it('leaves it orderable with a required variant left, or only optional ones stopped', () => {
    expect(requiredModifiersStopped(required, new Set(['v-garlic']))).toBe(false);
    expect(requiredModifiersStopped(required, new Set(['s-cheese', 'v-white', 'v-dark']))).toBe(false);
    expect(requiredModifiersStopped([], new Set(['s-box']))).toBe(false);
  });

  it('never counts a required choice with nothing in it as stopped (a group without variants is not offered)', () => {
    expect(requiredModifiersStopped([[]], new Set())).toBe(false);
  });

  it("agrees with the product page's rule for the same modifiers (modifiersUnorderable)", () => {
    const ids = ['s-box', 's-cheese', 'v-garlic', 'v-spicy', 'v-white', 'v-dark'];
    // Every subset of the modifiers stopped.
    for (let mask = 0; mask < 1 << ids.length; mask++) {
      const stopped = new Set(ids.filter((_, i) => mask & (1 << i)));
      const page: ProductModifiers = {
        single_modifiers: mods.single_modifiers.map((m) => ({ ...m, in_stop: stopped.has(m.id) })),
        group_modifiers: mods.group_modifiers.map((g) => ({
          ...g,
          variants: g.variants.map((v) => ({ ...v, in_stop: stopped.has(v.id) })),
        })),
      };
      expect(modifiersInStop(page)).toEqual(stopped);
      expect(requiredModifiersStopped(required, stopped), [...stopped].join()).toBe(
        modifiersUnorderable(page),
      );
    }
  });
});
