/**
 * Route helpers: every internal link is built here, never as a string in a component. Paths are
 * locale-less; next-intl's `Link`/`redirect` from '@/i18n/navigation' add '/en' or '/uz'.
 */
export const DEFAULT_CITY = 'tashkent';

export const paths = {
  /** '/' is Tashkent; other cities have their own segment. */
  home: (city?: string | null) => (!city || city === DEFAULT_CITY ? '/' : `/${encodeURIComponent(city)}`),
  product: (slug: string) => `/product/${encodeURIComponent(slug)}`,
  cart: () => '/cart',
  checkout: () => '/checkout',
  profile: () => '/profile',
  myOrders: () => '/myorders',
  order: (id: string) => `/myorders/${encodeURIComponent(id)}`,
  orderStatus: (id: string) => `/myorders/${encodeURIComponent(id)}/status`,
  about: () => '/about',
  gallery: () => '/gallery',
  news: (slug?: string) => (slug ? `/news/${encodeURIComponent(slug)}` : '/news'),
  branches: (city?: string | null) => (city ? `/branches?city=${encodeURIComponent(city)}` : '/branches'),
  branch: (slug: string) => `/branches/${encodeURIComponent(slug)}`,
  stocks: () => '/stocks',
  recipes: (slug?: string) => (slug ? `/recipes/${encodeURIComponent(slug)}` : '/recipes'),
  vacancies: () => '/vacancies',
  contacts: () => '/contacts',
  offer: () => '/offer',
  rules: () => '/rules',
  returnProductRules: () => '/return-product-rules',
  deliveryTerms: () => '/delivery-terms',
  playgroundRules: () => '/playground-rules',
} as const;

/** The query parameter that opens the login dialog (spec section 2: closing it removes the parameter). */
export const LOGIN_QUERY_PARAM = 'login';

/** The same URL with `?login` added; the sign-in issue mounts a dialog that watches for it. */
export function withLoginParam(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(LOGIN_QUERY_PARAM, '');
  const query = params.toString().replace(/(^|&)login=(&|$)/, '$1login$2');
  return `${pathname}?${query}`;
}

/** Absolute URL of a locale's version of a path, for canonical links, hreflang and the sitemap. */
export function localizedUrl(siteUrl: string, locale: string, path: string, defaultLocale = 'ru'): string {
  const prefix = locale === defaultLocale ? '' : `/${locale}`;
  const clean = path === '/' ? '' : path;
  const url = `${siteUrl}${prefix}${clean}`;
  return url === siteUrl ? `${siteUrl}/` : url;
}
