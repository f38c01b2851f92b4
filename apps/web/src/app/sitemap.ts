import { ZProductListResponse } from '@app/contracts';
import type { MetadataRoute } from 'next';
import { getBranches, getNewsEvents, getRecipes, MAX_PAGE_SIZE } from '@/features/content/server';
import { routing } from '@/i18n/routing';
import { serverApi } from '@/lib/api-server';
import { getCities } from '@/lib/cities.server';
import { env } from '@/lib/env';
import { paths } from '@/lib/paths';
import { sitemapEntries, type TSitemapPage } from '@/lib/sitemap-entries';

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

const STATIC_PAGES: TSitemapPage[] = [
  { path: paths.home(), priority: 1 },
  { path: paths.about() },
  { path: paths.gallery() },
  { path: paths.news() },
  { path: paths.branches() },
  { path: paths.stocks() },
  { path: paths.recipes() },
  { path: paths.vacancies() },
  { path: paths.contacts() },
  { path: paths.offer(), priority: 0.3 },
  { path: paths.rules(), priority: 0.3 },
  { path: paths.returnProductRules(), priority: 0.3 },
  { path: paths.deliveryTerms(), priority: 0.3 },
  { path: paths.playgroundRules(), priority: 0.3 },
];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [products, news, recipes, branches, cities] = await Promise.all([
    productSlugs(),
    allNews(),
    getRecipes(),
    getBranches(),
    getCities(),
  ]);
  const pages: TSitemapPage[] = [
    ...STATIC_PAGES,
    ...cities.map((c) => ({ path: paths.home(c.slug), priority: 0.9 })).filter((p) => p.path !== '/'),
    ...products.map((slug) => ({ path: paths.product(slug), priority: 0.8 })),
    ...news.map((n) => ({ path: paths.news(n.slug), lastModified: n.published_at })),
    ...recipes.map((r) => ({ path: paths.recipes(r.slug) })),
    ...branches.map((b) => ({ path: paths.branch(b.slug) })),
  ];
  return sitemapEntries(env().SITE_URL, routing.locales, routing.defaultLocale, pages);
}
