import { ZProductDetail } from '@app/contracts';
import { optionsUnorderable } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
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
 * A combo is ordered with one pick in each of its groups, among the options whose product the chain
 * has switched on. 'dessert-combo' has a 'main' (beef-wrap) and a 'dessert' (cake, an option only).
 * Once the cake is switched off chain-wide its group has nothing left to pick: the product page still
 * answers (200, the group kept with no variants) and says 'Unavailable', its card is `in_stop` (at
 * every branch, and without one), and ordering refuses it with a 4xx. 'hollow-combo' has no group at
 * all, which ordering refuses too ('the combo has no groups to choose from'): the same three answers.
 */

const t = (s: string) => ({ ru: s, uz: s, en: s });
const P = F.products;
const cake = stableId('product', 'cake');
const dessertCombo = stableId('product', 'dessert-combo');
const hollowCombo = stableId('product', 'hollow-combo');
const group = {
  main: stableId('combo-group', 'dessert-combo/main'),
  dessert: stableId('combo-group', 'dessert-combo/dessert'),
};

let app: TestApp;
let customer: TestCustomer;
beforeAll(async () => {
  app = await buildTestApp({
    clock: () => new Date(ORDER_TEST_NOON),
    seed: {
      catalog: catalogWith(
        seedProduct({ slug: 'cake', title: t('Cake'), price: 12_000, menus: {}, categories: [] }),
        seedProduct({
          slug: 'dessert-combo',
          type: 'combo',
          title: t('Dessert combo'),
          categories: ['combos'],
          price: 40_000,
          menus: { tashkent: 40_000 },
          combo_groups: [
            { key: 'main', title: t('Main'), options: [{ product: 'beef-wrap', extra_price: 0 }] },
            { key: 'dessert', title: t('Dessert'), options: [{ product: 'cake', extra_price: 0 }] },
          ],
        }),
        seedProduct({
          slug: 'hollow-combo',
          type: 'combo',
          title: t('Hollow combo'),
          categories: ['combos'],
          price: 45_000,
          menus: { tashkent: 45_000 },
        }),
      ),
    },
  });
  customer = await signInTestCustomer(app);
});
afterAll(async () => {
  await app?.close();
});

const setCakeActive = (isActive: boolean) =>
  written(app, () => app.db.db.update(products).set({ isActive }).where(eq(products.id, cake)));

async function detail(slug: string) {
  const res = await app.get(`/v2/product/${slug}?menu_id=${TASHKENT_MENU}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZProductDetail.parse(res.json());
}

/** Two dessert combos with the wrap and the cake (above the chain's minimum order). */
const dessertLine = (
  picks = [
    { group_id: group.main, product_id: P.beefWrap },
    { group_id: group.dessert, product_id: cake },
  ],
): OrderLine => ({ product_id: dessertCombo, type: 'combo', quantity: 2, variants: picks });

describe('a combo with a group whose every option is switched off', () => {
  it('is orderable while the cake is on: card, page and ordering agree', async () => {
    expect(await cardInStop(app, F.chilonzor, 'dessert-combo')).toBe(false);
    expect(await pageUnavailable(app, F.chilonzor, 'dessert-combo')).toBe(false);
    const quote = await quoteLine(app, customer.token, dessertLine(), F.chilonzor);
    expect(quote.errors).toEqual([]);
  });

  it('keeps the group, empty, on the product page (200, not a broken answer), which says Unavailable', async () => {
    await setCakeActive(false);
    try {
      const combo = await detail('dessert-combo');
      expect(combo.combo_groups.map((g) => [g.id, g.variants.map((v) => v.product_id)])).toEqual([
        [group.main, [P.beefWrap]],
        [group.dessert, []],
      ]);
      expect(optionsUnorderable(combo, new Set())).toBe(true);
      expect(await pageUnavailable(app, F.chilonzor, 'dessert-combo')).toBe(true);
      // Without a menu too.
      expect((await app.get('/v2/product/dessert-combo')).statusCode).toBe(200);
    } finally {
      await setCakeActive(true);
    }
  });

  it('makes its card in_stop at every branch, and on the menu without a branch', async () => {
    await setCakeActive(false);
    try {
      expect(await cardInStop(app, F.chilonzor, 'dessert-combo')).toBe(true);
      expect(await cardInStop(app, F.yunusobod, 'dessert-combo')).toBe(true);
      expect((await menuCard(app, `menu_id=${TASHKENT_MENU}`, 'dessert-combo')).in_stop).toBe(true);
      // The other combo, whose groups all have an option, is not marked.
      expect(await cardInStop(app, F.chilonzor, 'lunch-combo')).toBe(false);
    } finally {
      await setCakeActive(true);
    }
    expect(await cardInStop(app, F.chilonzor, 'dessert-combo')).toBe(false);
  });

  it('is refused by ordering with a 4xx: the cake is no option any more, and no pick is none', async () => {
    await setCakeActive(false);
    try {
      const withCake = await placeLine(app, customer.token, dessertLine(), F.chilonzor);
      expect(withCake?.code).toBe('PRODUCT_VARIANT_INVALID');
      expect(withCake?.fields?.[0]?.message).toMatch(/unknown_variant/);
      const withoutPick = dessertLine([{ group_id: group.main, product_id: P.beefWrap }]);
      const missing = await placeLine(app, customer.token, withoutPick, F.chilonzor);
      expect(missing?.code).toBe('PRODUCT_VARIANT_INVALID');
      expect(missing?.fields?.[0]?.message).toMatch(/missing_group/);
      // The quote answers (200) and lists the same refusal; the line cannot be priced.
      const quote = await quoteLine(app, customer.token, dessertLine(), F.chilonzor);
      expect(quote.errors.map((e) => e.code)).toContain('PRODUCT_VARIANT_INVALID');
      expect(quote.lines[0]?.unit_price ?? null).toBeNull();
    } finally {
      await setCakeActive(true);
    }
  });
});

describe('a combo with no group at all', () => {
  const hollowLine: OrderLine = { product_id: hollowCombo, type: 'combo', quantity: 2, variants: [] };

  it('has a page (no groups) that says Unavailable, and an in_stop card, with or without a branch', async () => {
    const combo = await detail('hollow-combo');
    expect(combo.combo_groups).toEqual([]);
    expect(optionsUnorderable(combo, new Set())).toBe(true);
    expect(await pageUnavailable(app, F.chilonzor, 'hollow-combo')).toBe(true);
    expect(await cardInStop(app, F.chilonzor, 'hollow-combo')).toBe(true);
    expect((await menuCard(app, `menu_id=${TASHKENT_MENU}`, 'hollow-combo')).in_stop).toBe(true);
  });

  it('is refused by ordering with a 4xx naming why', async () => {
    const refused = await placeLine(app, customer.token, hollowLine, F.chilonzor);
    expect(refused?.code).toBe('PRODUCT_VARIANT_INVALID');
    expect(refused?.fields).toEqual([
      { field: 'steps[0].products[0].variants', message: 'the combo has no groups to choose from' },
    ]);
    const quote = await quoteLine(app, customer.token, hollowLine, F.chilonzor);
    expect(quote.errors.map((e) => e.code)).toContain('PRODUCT_VARIANT_INVALID');
  });
});
