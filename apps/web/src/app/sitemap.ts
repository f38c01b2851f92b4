import { ZProductListResponse } from '@app/contracts';
import type { MetadataRoute } from 'next';
import { getBranches, getNewsEvents, getRecipes, MAX_PAGE_SIZE } from '@/features/content/server';
import { routing } from '@/i18n/routing';
import { serverApi } from '@/lib/api-server';
import { getCities } from '@/lib/cities.server';
import { env } from '@/lib/env';
import { sitemapEntries, sitemapPages } from '@/lib/sitemap-entries';

// Built per request from the API (which need not run during `next build`), with SITE_URL read at runtime.
export const dynamic = 'force-dynamic';

/** Every product's slug: GET /v2/product page by page (base products only; variants are not pages). */
async function productSlugs(): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const res = await serverApi().get('/v2/product', {
      schema: ZProductListResponse,
      query: { page, limit: MAX_PAGE_SIZE, fields: 'slug' },
    });
    for (const p of res.products) if (p.slug) slugs.push(p.slug);
    if (res.products.length === 0 || page * MAX_PAGE_SIZE >= res.count) return slugs;
  }
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
  const [products, news, recipes, branches, cities] = await Promise.all([
    productSlugs(),
    allNews(),
    getRecipes(),
    getBranches(),
    getCities(),
  ]);
  const pages = sitemapPages({ products, news, recipes, branches, cities });
  return sitemapEntries(env().SITE_URL, routing.locales, routing.defaultLocale, pages);
}
