import { routing, type TAppLocale } from './routing';

/** A query as the app's links give it: one value or a list per key; an undefined value is left out. */
export type TQuery = Record<
  string,
  string | number | boolean | readonly (string | number | boolean)[] | undefined
>;
/** A locale-less internal href: a path (with an optional query), or a pathname with a query object. */
export type TLocaleHref = string | { pathname: string; query?: TQuery };

/**
 * The href with its query written out, as next-intl's `getPathname` writes it (repeated keys for a
 * list); an empty query adds nothing.
 */
export function hrefString(href: TLocaleHref): string {
  if (typeof href === 'string') return href;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(href.query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${href.pathname}?${query}` : href.pathname;
}

/**
 * A locale-less internal path in `locale`: the default locale (ru) has no prefix, the others are
 * under '/uz' and '/en' ('/' becomes '/en', '/?a=1' becomes '/en?a=1'), as next-intl's routing with
 * `localePrefix: 'as-needed'` writes them. Here rather than through next-intl's `createNavigation`,
 * whose module brings its `Link` (and with it `next/link`) into every page's first load (issue 11).
 * External and relative hrefs are returned as they are.
 */
export function localeHref(href: TLocaleHref, locale: TAppLocale): string {
  const path = hrefString(href);
  if (locale === routing.defaultLocale || !path.startsWith('/') || path.startsWith('//')) return path;
  return `/${locale}${/^\/([?#].*)?$/.test(path) ? path.slice(1) : path}`;
}

/** The current pathname without its locale prefix ('/en/about' → '/about', '/uz' → '/'). */
export function stripLocalePrefix(pathname: string): string {
  for (const locale of routing.locales) {
    if (locale === routing.defaultLocale) continue;
    const prefix = `/${locale}`;
    if (pathname === prefix) return '/';
    if (pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length);
  }
  return pathname;
}
