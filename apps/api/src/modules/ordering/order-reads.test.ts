/**
 * The reads placing and quoting an order fold into fewer statements (issue 11, docs/perf/orders.md
 * rounds 6 and 7) give what the reads they replace gave: the place rows carry the chain's automatic
 * discounts exactly as listAutomaticDiscounts reads them; the products carry their modifiers with
 * their marks on the branch's modifier stop list exactly as the product's own modifiers route reads
 * them, and a combo its groups and options exactly as the product page's findComboGroups reads them.
 * On PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchModifierStopList, products } from '../../db/schema/index.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { ORDER_FIXTURE } from '../../test/orders.ts';
import { listModifiers } from '../modifiers/modifiers.repository.ts';
import { listAutomaticDiscounts } from '../pricing/pricing.repository.ts';
import { findComboGroups } from '../products/products.repository.ts';
import { findPlaceRows } from './order-place-rows.repository.ts';
import { findOrderProducts } from './order-products.repository.ts';

const SHIPPER = CLIENT_HEADERS.shipper;
const P = ORDER_FIXTURE.products;
const M = ORDER_FIXTURE.modifiers;
const C = ORDER_FIXTURE.combo;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function branchOf(id: string) {
  const place = await findPlaceRows(t.db.db, SHIPPER, id, null);
  if (!place?.branch) throw new Error(`no branch ${id}`);
  return place.branch;
}

/** The products `ids` at `branchId` (its menu and stop lists), as placing an order reads them. */
const productsAt = async (branchId: string, ids: string[]) =>
  findOrderProducts(t.db.db, SHIPPER, await branchOf(branchId), ids, 'delivery');

/** A product's modifiers as the product's own route reads them (modifiers module). */
const routeModifiers = (productId: string) => listModifiers(t.db.db, productId);

describe('the reads folded into the place rows and the products', () => {
  it("carry the chain's automatic discounts as listAutomaticDiscounts reads them", async () => {
    const place = await findPlaceRows(t.db.db, SHIPPER, ORDER_FIXTURE.chilonzor, ORDER_FIXTURE.westZone);
    const listed = await listAutomaticDiscounts(t.db.db, SHIPPER);
    // The fixture's active automatic discounts (its inactive one and its promo codes' are not).
    expect(listed.length).toBeGreaterThan(5);
    expect(place?.automaticDiscounts).toEqual(listed);
    // Read with an unknown branch too: the discounts hang on the chain, not the branch.
    const noBranch = await findPlaceRows(t.db.db, SHIPPER, crypto.randomUUID(), null);
    expect(noBranch?.branch).toBeUndefined();
    expect(noBranch?.automaticDiscounts).toEqual(listed);
  });

  it("carry the modifiers of each product that is not a size, as the product's modifiers route reads them", async () => {
    const read = await productsAt(ORDER_FIXTURE.chilonzor, [P.beefWrap, P.margherita, P.cola]);
    const wrap = await routeModifiers(P.beefWrap);
    expect(wrap.singles.map((s) => s.id)).toContain(M.cheese);
    expect(wrap.groups.map((g) => g.id)).toContain(M.sauce);
    expect(read.modifiers.get(P.beefWrap)).toEqual(wrap);
    expect(read.modifiers.get(P.margherita)).toEqual(await routeModifiers(P.margherita));
    expect(read.modifiers.get(P.cola)).toEqual({ singles: [], groups: [] });
    // The sizes read with their origin product are priced with its modifiers: none of their own.
    expect(read.products.has(P.margherita35)).toBe(true);
    expect(read.modifiers.has(P.margherita35)).toBe(false);
    expect(read.stoppedModifiers.size).toBe(0);
  });

  it("mark the modifiers on this branch's modifier stop list, and only this branch's", async () => {
    await t.db.db.insert(branchModifierStopList).values([
      { branchId: ORDER_FIXTURE.chilonzor, modifierId: M.cheese },
      { branchId: ORDER_FIXTURE.chilonzor, modifierId: M.garlic },
    ]);
    try {
      const chilonzor = await productsAt(ORDER_FIXTURE.chilonzor, [P.beefWrap]);
      expect([...chilonzor.stoppedModifiers].sort()).toEqual([M.cheese, M.garlic].sort());
      expect(chilonzor.modifiers.get(P.beefWrap)).toEqual(await routeModifiers(P.beefWrap));
      const yunusobod = await productsAt(ORDER_FIXTURE.yunusobod, [P.beefWrap]);
      expect(yunusobod.stoppedModifiers.size).toBe(0);
    } finally {
      await t.db.db
        .delete(branchModifierStopList)
        .where(eq(branchModifierStopList.branchId, ORDER_FIXTURE.chilonzor));
    }
  });

  it("carry each combo's groups and options as the product page's findComboGroups reads them", async () => {
    const read = await productsAt(ORDER_FIXTURE.chilonzor, [P.lunchCombo, P.beefWrap, P.cola]);
    const page = await findComboGroups(t.db.db, [P.lunchCombo]);
    const groups = read.comboGroups.get(P.lunchCombo);
    expect(groups?.map((g) => g.id)).toEqual([C.main, C.drink]);
    expect(groups?.[0]?.options.map((o) => [o.productId, o.extraPrice])).toEqual([
      [P.beefWrap, 0],
      [P.lambShashlik, 3_000],
    ]);
    expect(groups?.[1]?.options[0]?.title).toEqual(read.products.get(P.cola)?.title);
    expect(read.comboGroups).toEqual(page);
    // Only combos carry groups.
    expect([...read.comboGroups.keys()]).toEqual([P.lunchCombo]);
  });

  it('leave out an option whose product is not active, as findComboGroups does', async () => {
    await t.db.db.update(products).set({ isActive: false }).where(eq(products.id, P.lambShashlik));
    try {
      const read = await productsAt(ORDER_FIXTURE.chilonzor, [P.lunchCombo]);
      expect(read.comboGroups.get(P.lunchCombo)?.[0]?.options.map((o) => o.productId)).toEqual([P.beefWrap]);
      expect(read.comboGroups).toEqual(await findComboGroups(t.db.db, [P.lunchCombo]));
    } finally {
      await t.db.db.update(products).set({ isActive: true }).where(eq(products.id, P.lambShashlik));
    }
  });
});
