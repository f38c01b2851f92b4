import { ZMenuProductsResponse, ZProductDetail, ZProductListResponse } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { branchStopList, menuProducts, products } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

/*
 * An origin dish (margherita) is sold in its sizes (margherita-25, margherita-35), products of their
 * own that a menu sells or not and a branch's stop list may stop. The menu's listings leave out an
 * origin dish whose menu sells none of its sizes, as a product not on the menu (domain `soldOnMenu`);
 * a dish whose every size is stopped stays listed, its menu card marked `in_stop` (`menuDishStopped`).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tashkent = stableId('menu', 'tashkent');
const regions = stableId('menu', 'regions');
const chilonzor = stableId('branch', 'chilonzor');
const registan = stableId('branch', 'registan');
const id = (slug: string) => stableId('product', slug);
const SIZE_25 = id('margherita-25');
const SIZE_35 = id('margherita-35');

/** Runs a write straight to the database and waits until the app heard it (its cached reads dropped). */
async function written<T>(write: () => Promise<T>): Promise<T> {
  let heard = false;
  const stop = t.app.orderEvents.onCatalogueChanged(() => {
    heard = true;
  });
  try {
    const result = await write();
    await vi.waitFor(() => expect(heard).toBe(true), { timeout: 5_000 });
    return result;
  } finally {
    stop();
  }
}

/** Takes sizes off a menu for the length of `body`, then puts them back as they were. */
async function withoutSizes(menuId: string, sizeIds: string[], body: () => Promise<void>): Promise<void> {
  const taken = await written(() =>
    t.db.db
      .delete(menuProducts)
      .where(and(eq(menuProducts.menuId, menuId), inArray(menuProducts.productId, sizeIds)))
      .returning(),
  );
  expect(taken).toHaveLength(sizeIds.length);
  try {
    await body();
  } finally {
    await written(() => t.db.db.insert(menuProducts).values(taken));
  }
}

/** Puts products on a branch's stop list for the length of `body`, then takes them off again. */
async function withStopped(branchId: string, productIds: string[], body: () => Promise<void>): Promise<void> {
  await written(() =>
    t.db.db.insert(branchStopList).values(productIds.map((productId) => ({ branchId, productId }))),
  );
  try {
    await body();
  } finally {
    await written(() =>
      t.db.db
        .delete(branchStopList)
        .where(and(eq(branchStopList.branchId, branchId), inArray(branchStopList.productId, productIds))),
    );
  }
}

async function list(query: string) {
  const res = await t.get(`/v2/product?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZProductListResponse.parse(res.json());
}

const slugs = async (query: string) => (await list(query)).products.map((p) => p.slug);

async function menuPage(query: string) {
  const res = await t.get(`/v2/menu-products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = ZMenuProductsResponse.parse(res.json());
  return body.categories.flatMap((c) => c.products);
}

const card = async (query: string, slug: string) => (await menuPage(query)).find((p) => p.slug === slug);

async function activeInMenu(menuId: string): Promise<boolean> {
  const res = await t.get(`/v2/product/margherita?menu_id=${menuId}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZProductDetail.parse(res.json()).active_in_menu;
}

describe('GET /v2/product?menu_id=: an origin dish is listed only while the menu sells a size of it', () => {
  it('lists it with both sizes on the menu, and with one', async () => {
    expect(await slugs(`menu_id=${regions}&limit=100`)).toContain('margherita');
    await withoutSizes(regions, [SIZE_35], async () => {
      expect(await slugs(`menu_id=${regions}&limit=100`)).toContain('margherita');
      expect(await slugs(`menu_id=${regions}&product_types=origin`)).toEqual(['margherita']);
      expect(await activeInMenu(regions)).toBe(true);
    });
  });

  it('leaves it out when the menu sells none of its sizes, counting it nowhere, as a product not on the menu', async () => {
    const before = await list(`menu_id=${regions}&limit=100`);
    await withoutSizes(regions, [SIZE_25, SIZE_35], async () => {
      const after = await list(`menu_id=${regions}&limit=100`);
      expect(after.products.map((p) => p.slug)).toEqual(
        before.products.map((p) => p.slug).filter((slug) => slug !== 'margherita'),
      );
      expect(after.count).toBe(before.count - 1);
      expect(after.count).toBe(after.products.length);
      // Found neither by its type nor by a search, nor in a page of the list.
      expect(await list(`menu_id=${regions}&product_types=origin`)).toEqual({ count: 0, products: [] });
      expect(await slugs(`menu_id=${regions}&search=margherita`)).toEqual([]);
      expect(await slugs(`menu_id=${regions}&search=${encodeURIComponent('пицца')}`)).toEqual([]);
      const paged = [
        ...(await slugs(`menu_id=${regions}&limit=3&page=1`)),
        ...(await slugs(`menu_id=${regions}&limit=3&page=2`)),
        ...(await slugs(`menu_id=${regions}&limit=3&page=3`)),
      ];
      expect(paged).toEqual(after.products.map((p) => p.slug));
      // Its page agrees: the menu does not sell it (the product page says 'Unavailable').
      expect(await activeInMenu(regions)).toBe(false);
      // Another menu still sells both sizes, and the list without a menu has every product.
      expect(await slugs(`menu_id=${tashkent}&product_types=origin`)).toEqual(['margherita']);
      expect(await activeInMenu(tashkent)).toBe(true);
      expect(await slugs('product_types=origin')).toEqual(['margherita']);
    });
    expect((await list(`menu_id=${regions}&limit=100`)).count).toBe(before.count);
  });

  it('counts a size the chain has switched off as not sold (the product page does not offer it either)', async () => {
    await withoutSizes(regions, [SIZE_35], async () => {
      await written(() => t.db.db.update(products).set({ isActive: false }).where(eq(products.id, SIZE_25)));
      try {
        expect(await slugs(`menu_id=${regions}&product_types=origin`)).toEqual([]);
        expect(await card(`menu_id=${regions}`, 'margherita')).toBeUndefined();
        expect(await activeInMenu(regions)).toBe(false);
        // The 35 cm is still sold on the Tashkent menu.
        expect(await slugs(`menu_id=${tashkent}&product_types=origin`)).toEqual(['margherita']);
      } finally {
        await written(() => t.db.db.update(products).set({ isActive: true }).where(eq(products.id, SIZE_25)));
      }
    });
  });

  it('still lists it with every size on the stop list: the stop list is live, its card marks it', async () => {
    await withStopped(registan, [SIZE_25, SIZE_35], async () => {
      expect(await slugs(`menu_id=${regions}&product_types=origin`)).toEqual(['margherita']);
    });
  });
});

describe('GET /v2/menu-products: the card of an origin dish', () => {
  it('leaves it off the menu page when the menu sells none of its sizes, like the list', async () => {
    await withoutSizes(regions, [SIZE_25, SIZE_35], async () => {
      expect(await card(`menu_id=${regions}`, 'margherita')).toBeUndefined();
      expect(await card(`branch_id=${registan}`, 'margherita')).toBeUndefined();
      expect(await card(`menu_id=${tashkent}`, 'margherita')).toBeDefined();
    });
    expect(await card(`menu_id=${regions}`, 'margherita')).toBeDefined();
  });

  it('marks it in_stop only when every size the menu sells is stopped at the branch', async () => {
    const at = `branch_id=${registan}`;
    expect(await card(at, 'margherita')).toMatchObject({ in_stop: false });
    await withStopped(registan, [SIZE_25], async () => {
      // The 35 cm is left: orderable, its page marks the 25 cm.
      expect(await card(at, 'margherita')).toMatchObject({ in_stop: false });
    });
    await withStopped(registan, [SIZE_25, SIZE_35], async () => {
      expect(await card(at, 'margherita')).toMatchObject({ in_stop: true });
      // Only at that branch, and never without one.
      expect(await card(`branch_id=${chilonzor}`, 'margherita')).toMatchObject({ in_stop: false });
      expect(await card(`menu_id=${regions}`, 'margherita')).toMatchObject({ in_stop: false });
      // The live read carries the sizes' ids, which the storefront follows (it renders the menu again).
      const stops = (await t.get(`/v2/stop-list?${at}`)).json();
      expect(stops.product_ids).toEqual(expect.arrayContaining([SIZE_25, SIZE_35]));
    });
    expect(await card(at, 'margherita')).toMatchObject({ in_stop: false });
  });

  it('marks it in_stop when the one size the menu sells is stopped, a size it does not sell aside', async () => {
    await withoutSizes(regions, [SIZE_35], async () => {
      await withStopped(registan, [SIZE_35], async () => {
        expect(await card(`branch_id=${registan}`, 'margherita')).toMatchObject({ in_stop: false });
      });
      await withStopped(registan, [SIZE_25], async () => {
        expect(await card(`branch_id=${registan}`, 'margherita')).toMatchObject({ in_stop: true });
      });
    });
  });

  it('still marks a stopped simple dish, and the origin dish itself when it is stopped', async () => {
    const at = `menu_id=${tashkent}&branch_id=${chilonzor}`;
    expect(await card(at, 'tandoor-pastry')).toMatchObject({ in_stop: true });
    expect(await card(at, 'beef-wrap')).toMatchObject({ in_stop: false });
    await withStopped(chilonzor, [id('margherita')], async () => {
      expect(await card(at, 'margherita')).toMatchObject({ in_stop: true });
    });
  });
});
