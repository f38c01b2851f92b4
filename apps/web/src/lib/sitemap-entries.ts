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
  /** Every product's slug. */
  products: readonly string[];
  news: readonly Pick<TNewsEvent, 'slug' | 'published_at'>[];
  recipes: readonly Pick<TRecipe, 'slug'>[];
  branches: readonly Pick<TBranch, 'slug' | 'is_active'>[];
  cities: readonly Pick<TCity, 'slug'>[];
};

/**
 * The site's pages for the sitemap: the fixed ones, each city's menu, product, news item, recipe,
 * and each working branch (one closed for now, `is_active: false`, is left out: its page is no
 * place to send a search engine's visitors).
 */
export function sitemapPages(content: TSitemapContent): TSitemapPage[] {
  return [
    ...STATIC_PAGES,
    ...content.cities.map((c) => ({ path: paths.home(c.slug), priority: 0.9 })).filter((p) => p.path !== '/'),
    ...content.products.map((slug) => ({ path: paths.product(slug), priority: 0.8 })),
    ...content.news.map((n) => ({ path: paths.news(n.slug), lastModified: n.published_at })),
    ...content.recipes.map((r) => ({ path: paths.recipes(r.slug) })),
    ...content.branches.filter((b) => b.is_active).map((b) => ({ path: paths.branch(b.slug) })),
  ];
}

/**
 * Every page once per locale, each entry carrying the hreflang alternates of all locales (and
 * x-default), as search engines want for multilingual sites.
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
