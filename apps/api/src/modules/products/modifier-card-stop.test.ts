import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchModifierStopList } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import {
  ORDER_FIXTURE as F,
  ORDER_TEST_NOON,
  signInTestCustomer,
  type TestCustomer,
} from '../../test/orders.ts';
import {
  cardInStop,
  catalogWith,
  menuCard,
  type OrderLine,
  pageUnavailable,
  placeLine,
  quoteLine,
  seedProduct,
  TASHKENT_MENU,
  written,
} from './card-stop.fixtures.ts';

/*
 * A dish cannot be ordered without its compulsory single modifiers nor without a choice in a group that
 * needs one (min_amount > 0). With such a modifier on the branch's modifier stop list, or every variant
 * of such a group, ordering refuses the dish whatever is chosen, the product page and dialog say
 * 'Unavailable' (domain `modifiersUnorderable`), and so does its menu card (`in_stop`, domain
 * `requiredModifiersStopped`), whatever the dish's type. Optional modifiers stopped change nothing.
 *
 * beef-wrap (simple): a required 'sauce' (garlic, chili; 1..2), an optional 'cheese' single.
 * Added here: 'box-plov' (simple) with a compulsory 'box' and an optional group 'bread' (0..1);
 * 'pide' (origin, two sizes) with a required 'filling' (cheese, meat); 'tea-combo' (combo: main
 * capital-plov, drink cola) with a compulsory 'cup'.
 */

const t = (s: string) => ({ ru: s, uz: s, en: s });
const P = F.products;
const M = F.modifiers;
const single = (product: string, key: string) => stableId('single-modifier', `${product}/${key}`);
const groupOf = (product: string, key: string) => stableId('group-modifier', `${product}/${key}`);
const variantOf = (product: string, groupKey: string, key: string) =>
  stableId('group-modifier-variant', `${product}/${groupKey}/${key}`);

const ids = {
  box: single('box-plov', 'box'),
  bread: groupOf('box-plov', 'bread'),
  white: variantOf('box-plov', 'bread', 'white'),
  dark: variantOf('box-plov', 'bread', 'dark'),
  filling: groupOf('pide', 'filling'),
  cheese: variantOf('pide', 'filling', 'cheese'),
  meat: variantOf('pide', 'filling', 'meat'),
  cup: single('tea-combo', 'cup'),
};

let app: TestApp;
let customer: TestCustomer;
beforeAll(async () => {
  const extra = { category_name: t('Extras'), max_amount: 1, price: 0 };
  app = await buildTestApp({
    clock: () => new Date(ORDER_TEST_NOON),
    seed: {
      catalog: catalogWith(
        seedProduct({
          slug: 'box-plov',
          title: t('Plov in a box'),
          single_modifiers: [{ key: 'box', name: t('Box'), is_compulsory: true, ...extra }],
          group_modifiers: [
            {
              key: 'bread',
              name: t('Bread'),
              min_amount: 0,
              max_amount: 1,
              variants: [
                { key: 'white', title: t('White'), price: 0 },
                { key: 'dark', title: t('Dark'), price: 0 },
              ],
            },
          ],
        }),
        seedProduct({
          slug: 'pide',
          type: 'origin',
          title: t('Pide'),
          categories: ['pizza'],
          price: 30_000,
          menus: { tashkent: 30_000 },
          variants: [
            { slug: 'pide-s', title: t('Pide S'), property: t('S'), price: 30_000, weight: 300 },
            { slug: 'pide-l', title: t('Pide L'), property: t('L'), price: 45_000, weight: 500 },
          ],
          group_modifiers: [
            {
              key: 'filling',
              name: t('Filling'),
              min_amount: 1,
              max_amount: 1,
              variants: [
                { key: 'cheese', title: t('Cheese'), price: 0 },
                { key: 'meat', title: t('Meat'), price: 5_000 },
              ],
            },
          ],
        }),
        seedProduct({
          slug: 'tea-combo',
          type: 'combo',
          title: t('Tea combo'),
          categories: ['combos'],
          price: 40_000,
          menus: { tashkent: 40_000 },
          combo_groups: [
            { key: 'main', title: t('Main'), options: [{ product: 'capital-plov', extra_price: 0 }] },
            { key: 'drink', title: t('Drink'), options: [{ product: 'cola', extra_price: 0 }] },
          ],
          single_modifiers: [{ key: 'cup', name: t('Cup'), is_compulsory: true, ...extra }],
        }),
      ),
    },
  });
  customer = await signInTestCustomer(app);
});
afterAll(async () => {
  await app?.close();
});

/** Puts modifiers on a branch's modifier stop list for the length of `body`, then takes them off. */
async function withStopped(
  branchId: string,
  modifierIds: string[],
  body: () => Promise<void>,
): Promise<void> {
  await written(app, () =>
    app.db.db
      .insert(branchModifierStopList)
      .values(modifierIds.map((modifierId) => ({ branchId, modifierId }))),
  );
  try {
    await body();
  } finally {
    await written(app, () =>
      app.db.db
        .delete(branchModifierStopList)
        .where(
          and(
            eq(branchModifierStopList.branchId, branchId),
            inArray(branchModifierStopList.modifierId, modifierIds),
          ),
        ),
    );
  }
}

const m = (modifier_id: string, parent_id: string | null = null) => ({
  modifier_id,
  modifier_quantity: 1,
  parent_id,
});

/** Each dish: its slug, and the ways to order two of it (every choice of its required modifiers). */
const dishes = {
  wrap: {
    slug: 'beef-wrap',
    lines: [M.garlic, M.chili].map(
      (sauce): OrderLine => ({
        product_id: P.beefWrap,
        type: 'simple',
        quantity: 2,
        variants: [],
        order_modifiers: [m(sauce, M.sauce)],
      }),
    ),
  },
  boxPlov: {
    slug: 'box-plov',
    lines: [
      {
        product_id: stableId('product', 'box-plov'),
        type: 'simple',
        quantity: 2,
        variants: [],
        order_modifiers: [m(ids.box)],
      },
    ] satisfies OrderLine[],
  },
  pide: {
    slug: 'pide',
    lines: [ids.cheese, ids.meat].map(
      (filling): OrderLine => ({
        product_id: stableId('product', 'pide'),
        type: 'origin',
        quantity: 2,
        variants: [{ group_id: stableId('product', 'pide'), product_id: stableId('product', 'pide-s') }],
        order_modifiers: [m(filling, ids.filling)],
      }),
    ),
  },
  teaCombo: {
    slug: 'tea-combo',
    lines: [
      {
        product_id: stableId('product', 'tea-combo'),
        type: 'combo',
        quantity: 2,
        variants: [
          { group_id: stableId('combo-group', 'tea-combo/main'), product_id: P.capitalPlov },
          { group_id: stableId('combo-group', 'tea-combo/drink'), product_id: P.cola },
        ],
        order_modifiers: [m(ids.cup)],
      },
    ] satisfies OrderLine[],
  },
};
type Dish = (typeof dishes)[keyof typeof dishes];

/** Whether ordering takes the dish at the branch with some choice (a quote of each way). */
async function orderable(dish: Dish, branchId: string): Promise<boolean> {
  const taken: boolean[] = [];
  for (const line of dish.lines) {
    const quote = await quoteLine(app, customer.token, line, branchId);
    if (quote.errors.length === 0) taken.push(true);
    else {
      expect(quote.errors.map((e) => e.code)).toContain('MODIFIER_UNAVAILABLE');
      taken.push(false);
    }
  }
  // Leaving the required modifiers out is no way round it.
  const [first] = dish.lines;
  if (!first) throw new Error('a way to order it');
  const bare = await placeLine(app, customer.token, { ...first, order_modifiers: [] }, branchId);
  expect(bare?.code).toBe('MODIFIERS_INVALID');
  return taken.some(Boolean);
}

/** The card, the product page and ordering, at the branch: all three say `unavailable`. */
async function expectAgreed(dish: Dish, branchId: string, unavailable: boolean): Promise<void> {
  expect(await cardInStop(app, branchId, dish.slug), `${dish.slug}: card`).toBe(unavailable);
  expect(await pageUnavailable(app, branchId, dish.slug), `${dish.slug}: page`).toBe(unavailable);
  expect(await orderable(dish, branchId), `${dish.slug}: ordering`).toBe(!unavailable);
}

describe('GET /v2/menu-products?branch_id=: a card with its required modifiers stopped', () => {
  it('is not in_stop with nothing stopped, for any type of dish', async () => {
    for (const dish of Object.values(dishes)) await expectAgreed(dish, F.chilonzor, false);
  });

  it('is in_stop with every variant of a required group stopped, and not once one is back', async () => {
    // Read (and cached) before the stop: the modifier stop list's change drops it.
    expect(await cardInStop(app, F.chilonzor, 'beef-wrap')).toBe(false);
    await withStopped(F.chilonzor, [M.garlic], async () => {
      await withStopped(F.chilonzor, [M.chili], async () => {
        await expectAgreed(dishes.wrap, F.chilonzor, true);
        // Another branch of the same menu, and the menu without a branch, are not marked.
        await expectAgreed(dishes.wrap, F.yunusobod, false);
        expect((await menuCard(app, `menu_id=${TASHKENT_MENU}`, 'beef-wrap')).in_stop).toBe(false);
      });
      // The chili is back: the wrap can be ordered with it.
      await expectAgreed(dishes.wrap, F.chilonzor, false);
    });
  });

  it('is in_stop with a compulsory single modifier stopped', async () => {
    await withStopped(F.chilonzor, [ids.box], async () => {
      await expectAgreed(dishes.boxPlov, F.chilonzor, true);
    });
    await expectAgreed(dishes.boxPlov, F.chilonzor, false);
  });

  it('is in_stop for an origin dish and a combo too (their own modifiers)', async () => {
    await withStopped(F.chilonzor, [ids.cheese, ids.meat, ids.cup], async () => {
      await expectAgreed(dishes.pide, F.chilonzor, true);
      await expectAgreed(dishes.teaCombo, F.chilonzor, true);
    });
    await withStopped(F.chilonzor, [ids.meat], async () => {
      await expectAgreed(dishes.pide, F.chilonzor, false);
    });
  });

  it('is not in_stop with an optional group wholly stopped, nor an optional single', async () => {
    await withStopped(F.chilonzor, [ids.white, ids.dark, M.cheese], async () => {
      await expectAgreed(dishes.boxPlov, F.chilonzor, false);
      await expectAgreed(dishes.wrap, F.chilonzor, false);
    });
  });
});
