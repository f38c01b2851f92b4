import type { TBranch, TCity, TNewsEvent, TRecipe } from '@app/contracts';
import type { MetadataRoute } from 'next';
import { localizedUrl, paths } from './paths';

export type TSitemapPage = { path: string; lastModified?: string; priority?: number };

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

export type TSitemapContent = {
  /**
   * The slugs of the products each menu sells, by menu id (`GET /v2/product?menu_id=`: active base
   * products on that menu, the ones whose page shows that menu's price).
   */
  menuProducts: ReadonlyMap<string, readonly string[]>;
  news: readonly Pick<TNewsEvent, 'slug' | 'published_at'>[];
  recipes: readonly Pick<TRecipe, 'slug'>[];
  branches: readonly Pick<TBranch, 'slug' | 'is_active'>[];
  cities: readonly Pick<TCity, 'slug' | 'default_menu_id'>[];
};

/**
 * Each product's page in each city whose menu sells it, as the city's menu links it: `/product/x` in
 * the default city (Tashkent), `/product/x?city=samarkand` in another (that page shows that city's
 * menu and price; `/product/x` alone is Tashkent's, where a dish of the regions' menu only is shown
 * 'Unavailable' at its base price, no city's). A search engine has no chosen branch (cookie), so
 * each URL shows its city's default menu. Grouped by product, its cities in the API's order.
 */
export function productPages(
  cities: TSitemapContent['cities'],
  menuProducts: TSitemapContent['menuProducts'],
): TSitemapPage[] {
  const citiesOf = new Map<string, string[]>();
  for (const city of cities) {
    for (const slug of menuProducts.get(city.default_menu_id) ?? []) {
      const list = citiesOf.get(slug) ?? [];
      if (!list.includes(city.slug)) list.push(city.slug);
      citiesOf.set(slug, list);
    }
  }
  return [...citiesOf].flatMap(([slug, citySlugs]) => {
    // The default city under any spelling of it is `/product/x`, listed once.
    const pagePaths = [...new Set(citySlugs.map((city) => paths.product(slug, city)))];
    return pagePaths.map((path) => ({ path, priority: 0.8 }));
  });
}

/**
 * The site's pages for the sitemap: the fixed ones, each city's menu, each product's page in each city
 * that sells it (`productPages`), news item, recipe, and each working branch (one closed for now,
 * `is_active: false`, is left out: its page is no place to send a search engine's visitors).
 */
export function sitemapPages(content: TSitemapContent): TSitemapPage[] {
  return [
    ...STATIC_PAGES,
    ...content.cities.map((c) => ({ path: paths.home(c.slug), priority: 0.9 })).filter((p) => p.path !== '/'),
    ...productPages(content.cities, content.menuProducts),
    ...content.news.map((n) => ({ path: paths.news(n.slug), lastModified: n.published_at })),
    ...content.recipes.map((r) => ({ path: paths.recipes(r.slug) })),
    ...content.branches.filter((b) => b.is_active).map((b) => ({ path: paths.branch(b.slug) })),
  ];
}

/**
 * Every page once per locale, each entry carrying the hreflang alternates of all locales (and
 * x-default), as search engines want for multilingual sites. A path's query stays on every language's
 * URL (`/en/product/x?city=samarkand`): the alternates of a city's page are that city's page.
 */
export function sitemapEntries(
  siteUrl: string,
  locales: readonly string[],
  defaultLocale: string,
  pages: readonly TSitemapPage[],
): MetadataRoute.Sitemap {
  return pages.flatMap((page) => {
    const languages: Record<string, string> = Object.fromEntries(
      locales.map((l) => [l, localizedUrl(siteUrl, l, page.path, defaultLocale)]),
    );
    languages['x-default'] = localizedUrl(siteUrl, defaultLocale, page.path, defaultLocale);
    return locales.map((locale) => ({
      url: localizedUrl(siteUrl, locale, page.path, defaultLocale),
      ...(page.lastModified ? { lastModified: page.lastModified } : {}),
      ...(page.priority !== undefined ? { priority: page.priority } : {}),
      alternates: { languages },
    }));
  });
}
