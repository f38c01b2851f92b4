import type { MetadataRoute } from 'next';
import { localizedUrl } from './paths';

export type TSitemapPage = { path: string; lastModified?: string; priority?: number };

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
