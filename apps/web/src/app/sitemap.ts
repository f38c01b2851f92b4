import { type TCity, ZProductListResponse } from '@app/contracts';
import type { MetadataRoute } from 'next';
import { getBranches, getNewsEvents, getRecipes, MAX_PAGE_SIZE } from '@/features/content/server';
import { routing } from '@/i18n/routing';
import { serverApi } from '@/lib/api-server';
import { getCities } from '@/lib/cities.server';
import { env } from '@/lib/env';
import { sitemapEntries, sitemapPages } from '@/lib/sitemap-entries';

// Built per request from the API (which need not run during `next build`), with SITE_URL read at runtime.
export const dynamic = 'force-dynamic';

/**
 * The slugs of the products a menu sells: GET /v2/product?menu_id= page by page (active base
 * products on that menu; sizes are not pages).
 */
async function menuProductSlugs(menuId: string): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const res = await serverApi().get('/v2/product', {
      schema: ZProductListResponse,
      query: { page, limit: MAX_PAGE_SIZE, fields: 'slug', menu_id: menuId },
    });
    for (const p of res.products) if (p.slug) slugs.push(p.slug);
    if (res.products.length === 0 || page * MAX_PAGE_SIZE >= res.count) return slugs;
  }
}

/** Each city's default menu (the one its pages show a search engine) with the slugs it sells. */
async function menuProducts(cities: readonly TCity[]): Promise<Map<string, string[]>> {
  const menuIds = [...new Set(cities.map((c) => c.default_menu_id))];
  const lists = await Promise.all(menuIds.map(menuProductSlugs));
  return new Map(menuIds.map((id, i) => [id, lists[i] ?? []]));
}

async function allNews() {
  const first = await getNewsEvents('news', 1, MAX_PAGE_SIZE);
  const items = [...first.items];
  for (let page = 2; (page - 1) * MAX_PAGE_SIZE < first.count; page++) {
    items.push(...(await getNewsEvents('news', page, MAX_PAGE_SIZE)).items);
  }
  return items;
}

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [[cities, products], news, recipes, branches] = await Promise.all([
    getCities().then(async (list) => [list, await menuProducts(list)] as const),
    allNews(),
    getRecipes(),
    getBranches(),
  ]);
  const pages = sitemapPages({ menuProducts: products, news, recipes, branches, cities });
  return sitemapEntries(env().SITE_URL, routing.locales, routing.defaultLocale, pages);
}
