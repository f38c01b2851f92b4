import {
  ZBranchListResponse,
  ZCitiesResponse,
  ZMenuProductsResponse,
  ZProductDetail,
  ZProductListResponse,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagesInDb } from '../../images/images-in-db.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { branches as branchRows } from '../schema/index.ts';
import { branches as demoBranches } from './data/branches.ts';
import { loadDemoCatalog } from './index.ts';

/**
 * The real demo chain through the real endpoints: every response is checked against its contract
 * by the serializer, so a data file that breaks the contract fails here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: { catalog: await loadDemoCatalog(), content: true } });
});
afterAll(async () => {
  await t?.close();
});

async function ok(url: string) {
  const res = await t.get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 500)}`).toBe(200);
  return res.json();
}

describe('the demo chain', () => {
  it('serves every product, its detail and modifiers within the contracts', async () => {
    const list = ZProductListResponse.parse(await ok('/v2/product?limit=100'));
    expect(list.count).toBeGreaterThanOrEqual(60);
    for (const p of list.products) {
      const detail = ZProductDetail.parse(await ok(`/v2/product/${p.slug}`));
      if (detail.type === 'origin') expect(detail.variants.length, p.slug).toBeGreaterThan(0);
      if (detail.type === 'combo') expect(detail.combo_groups.length, p.slug).toBeGreaterThan(0);
      await ok(`/v2/modifier?product_id=${p.id}`);
    }
  });

  it("serves each city's menu with 8+ categories and the stop-listed product in_stop at its branch", async () => {
    const { cities } = ZCitiesResponse.parse(await ok('/v1/cities'));
    expect(cities.map((c) => c.slug)).toEqual(['tashkent', 'samarkand', 'bukhara']);
    for (const city of cities) {
      const menu = ZMenuProductsResponse.parse(await ok(`/v2/menu-products?menu_id=${city.default_menu_id}`));
      expect(menu.categories.length, city.slug).toBeGreaterThanOrEqual(8);
    }
    const { branches } = ZBranchListResponse.parse(await ok('/v1/branches?limit=100'));
    expect(branches.length).toBeGreaterThanOrEqual(10);
    const inStop = [];
    for (const branch of branches) {
      const menu = ZMenuProductsResponse.parse(await ok(`/v2/menu-products?branch_id=${branch.id}`));
      expect(menu.menu_id).toBe(branch.menu_id);
      inStop.push(...menu.categories.flatMap((c) => c.products.filter((p) => p.in_stop).map((p) => p.slug)));
    }
    expect(inStop.length).toBeGreaterThan(0);
  });

  it('finds products in three scripts', async () => {
    const search = async (q: string) =>
      ZProductListResponse.parse(await ok(`/v2/product?search=${encodeURIComponent(q)}&limit=7`)).products;
    expect((await search('lavash')).length).toBeGreaterThan(0);
    expect((await search('лаваш')).map((p) => p.id)).toEqual((await search('lavash')).map((p) => p.id));
    expect((await search("qo'y")).map((p) => p.slug)).toContain('shashlik-lamb');
  });

  it('delivers to the default map centre and not to the outskirts (zones, issue 4)', async () => {
    const centre = await ok('/v1/branches/by-location?lat=41.311153&long=69.279729');
    expect(centre.branch).toMatchObject({ slug: 'tashkent-amir-temur', is_active: true });
    expect(centre.delivery_zone.city).toBe('tashkent');
    const outside = await ok('/v1/check_point_delivery_zones?lat=41.311153&lon=68.94');
    expect(outside.all_count).toBeGreaterThan(5);
    expect(outside.result).toEqual([]);
    for (const city of ['tashkent', 'samarkand', 'bukhara']) {
      expect((await ok(`/v1/delivery-zones?city=${city}`)).count, city).toBeGreaterThan(0);
    }
  });

  it('gives each branch its own cooking time (a pickup’s staff timer), not the column’s default', async () => {
    const rows = await t.db.db
      .select({ slug: branchRows.slug, cookingTime: branchRows.cookingTime })
      .from(branchRows);
    const seeded = Object.fromEntries(rows.map((r) => [r.slug, r.cookingTime]));
    expect(seeded).toEqual(Object.fromEntries(demoBranches.map((b) => [b.slug, b.cooking_time])));
    expect(new Set(rows.map((r) => r.cookingTime)).size).toBeGreaterThan(1);
  });

  it('names only images it can draw', async () => {
    const files = await imagesInDb(t.db.db);
    // Every product, branch, logo and content item has one; each has 2 or 3 sizes.
    expect(files.length).toBeGreaterThan(200);
  });
});
