import { ZMenuProductsResponse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const menu = (key: string) => stableId('menu', key);
const branch = (slug: string) => stableId('branch', slug);

async function menuProducts(query: string) {
  const res = await t.get(`/v2/menu-products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZMenuProductsResponse.parse(res.json());
}

const product = (body: Awaited<ReturnType<typeof menuProducts>>, slug: string) =>
  body.categories.flatMap((c) => c.products).find((p) => p.slug === slug);

describe('GET /v2/menu-products', () => {
  it('gives the categories in menu order with their products, leaving out empty ones', async () => {
    const body = await menuProducts(`menu_id=${menu('tashkent')}`);
    expect(body.menu_id).toBe(menu('tashkent'));
    expect(body.branch_id).toBeNull();
    expect(body.categories.map((c) => c.slug)).toEqual(['wraps', 'hot', 'pizza', 'drinks', 'combos']);
    expect(body.categories[1]?.products.map((p) => p.slug)).toEqual([
      'tandoor-pastry',
      'lamb-shashlik',
      'capital-plov',
    ]);
    // Products without a category (napkins) and variants are not on the menu page.
    const all = body.categories.flatMap((c) => c.products.map((p) => p.slug));
    expect(all).not.toContain('napkins');
    expect(all).not.toContain('margherita-25');
    expect(body.tags.map((tag) => tag.slug)).toEqual(['spicy', 'new']);
  });

  it("prices each product at the menu's price, which differs between menus", async () => {
    const tashkent = await menuProducts(`menu_id=${menu('tashkent')}`);
    const regions = await menuProducts(`menu_id=${menu('regions')}`);
    expect(product(tashkent, 'beef-wrap')?.out_price).toBe(32_000);
    expect(product(regions, 'beef-wrap')?.out_price).toBe(29_000);
    expect(product(regions, 'capital-plov')).toBeUndefined();
    expect(regions.categories.map((c) => c.slug)).not.toContain('combos');
  });

  it("marks the products on the branch's stop list in_stop, only at that branch", async () => {
    const stopped = await menuProducts(`menu_id=${menu('tashkent')}&branch_id=${branch('chilonzor')}`);
    expect(stopped.branch_id).toBe(branch('chilonzor'));
    expect(product(stopped, 'tandoor-pastry')?.in_stop).toBe(true);
    expect(product(stopped, 'beef-wrap')?.in_stop).toBe(false);
    const other = await menuProducts(`menu_id=${menu('tashkent')}&branch_id=${branch('yunusobod')}`);
    expect(product(other, 'tandoor-pastry')?.in_stop).toBe(false);
    const noBranch = await menuProducts(`menu_id=${menu('tashkent')}`);
    expect(product(noBranch, 'tandoor-pastry')?.in_stop).toBe(false);
  });

  it("uses the branch's menu when only branch_id is given", async () => {
    const body = await menuProducts(`branch_id=${branch('registan')}`);
    expect(body.menu_id).toBe(menu('regions'));
    expect(product(body, 'beef-wrap')?.out_price).toBe(29_000);
  });

  it('carries ratings from the reviews', async () => {
    const body = await menuProducts(`menu_id=${menu('tashkent')}`);
    expect(product(body, 'lamb-shashlik')).toMatchObject({ rating: 5, reviews_count: 1 });
  });

  it('answers 404 for an unknown menu or branch', async () => {
    const noMenu = await t.get(`/v2/menu-products?menu_id=${menu('moon')}`);
    expect(noMenu.statusCode).toBe(404);
    expect(noMenu.json().code).toBe('MENU_NOT_FOUND');
    const noBranch = await t.get(`/v2/menu-products?branch_id=${branch('moon')}`);
    expect(noBranch.statusCode).toBe(404);
    expect(noBranch.json()).toMatchObject({ code: 'BRANCH_NOT_FOUND', message: 'Ресторан не найден' });
  });

  it('answers 400 without menu_id and branch_id, or with a malformed one', async () => {
    const none = await t.get('/v2/menu-products', { 'accept-language': 'en' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: [{ field: 'menu_id' }] });
    expect(none.json().message).toContain('menu_id or branch_id is required');
    const bad = await t.get('/v2/menu-products?branch_id=chilonzor', { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid query: branch_id must be a uuid');
  });
});
