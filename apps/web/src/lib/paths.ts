/**
 * Route helpers: every internal link is built here, never as a string in a component. Paths are
 * locale-less; next-intl's `Link`/`redirect` from '@/i18n/navigation' add '/en' or '/uz'.
 */
export const DEFAULT_CITY = 'tashkent';

export const paths = {
  /** '/' is Tashkent; other cities have their own segment. */
  home: (city?: string | null) => (!city || city === DEFAULT_CITY ? '/' : `/${encodeURIComponent(city)}`),
  /** A product's page; with a city other than Tashkent (`?city=`), at that city's price. */
  product: (slug: string, city?: string | null) =>
    !city || city === DEFAULT_CITY
      ? `/product/${encodeURIComponent(slug)}`
      : `/product/${encodeURIComponent(slug)}?city=${encodeURIComponent(city)}`,
  cart: () => '/cart',
  checkout: () => '/checkout',
  /** The success screen after placing an order: the order's id and the number the customer reads. */
  checkoutSuccess: (orderId: string, number: string) =>
    `/checkout/success?order=${encodeURIComponent(orderId)}&number=${encodeURIComponent(number)}`,
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
  /** The staff workspace (issue 13): its sign-in, and each role's screen. */
  staff: () => '/staff',
  staffOperator: () => '/staff/operator',
  staffKitchen: () => '/staff/kitchen',
  staffCourier: () => '/staff/courier',
  staffManager: () => '/staff/manager',
  /** One of the manager's pages (features/staff-manage/lib/manager-paths.ts names them). */
  staffManagerPage: (page: TStaffManagerPage) => `/staff/manager/${page}`,
} as const;

/** The query parameter that opens the login dialog (spec section 2: closing it removes the parameter). */
export const LOGIN_QUERY_PARAM = 'login';
/** Where to go after signing in (the caller's "onLastConfirm", kept in the URL so it survives a reload). */
export const LOGIN_NEXT_PARAM = 'next';

/** `?login` as the spec writes it: a bare flag, not `login=`. */
const bareLogin = (query: string) => query.replace(/(^|&)login=(&|$)/, '$1login$2');

/**
 * The same URL with `?login` added (and `next`, a path to land on after signing in); the other
 * parameters stay.
 */
export function withLoginParam(pathname: string, search: string, next?: string | null): string {
  const params = new URLSearchParams(search);
  params.set(LOGIN_QUERY_PARAM, '');
  const safe = safeNextPath(next);
  if (safe) params.set(LOGIN_NEXT_PARAM, safe);
  return `${pathname}?${bareLogin(params.toString())}`;
}

/** The same URL without `login` and `next` (closing the dialog); every other parameter stays. */
export function withoutLoginParams(pathname: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search);
  params.delete(LOGIN_QUERY_PARAM);
  params.delete(LOGIN_NEXT_PARAM);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${hash}`;
}

/** A path a browser (or Next's router) would read as another origin: `//host` or `/\\host`. */
const protocolRelative = (path: string) => path.startsWith('//') || path.startsWith('/\\');

/**
 * A `next` value that is safe to navigate to: a path on this site. Anything else (another origin,
 * `//evil.example`, `/\\evil`, `javascript:`) is dropped, so the parameter cannot send a customer away.
 * The check runs on the normalised path too: dot segments (`/.//evil.example`, `/%2e//evil.example`)
 * collapse into `//evil.example`, which the router would take for another origin.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || protocolRelative(next)) return null;
  // Control characters (a tab or newline inside "//") let browsers read it as another origin.
  if ([...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  try {
    const url = new URL(next, 'http://same.origin');
    if (url.origin !== 'http://same.origin') return null;
    // The normalised path, checked again (a backslash there would read as a slash too).
    if (protocolRelative(url.pathname) || url.pathname.includes('\\')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Absolute URL of a locale's version of a path, for canonical links, hreflang and the sitemap. */
export function localizedUrl(siteUrl: string, locale: string, path: string, defaultLocale = 'ru'): string {
  const prefix = locale === defaultLocale ? '' : `/${locale}`;
  const clean = path === '/' ? '' : path;
  const url = `${siteUrl}${prefix}${clean}`;
  return url === siteUrl ? `${siteUrl}/` : url;
}

/** The manager's pages under /staff/manager besides its overview (issue 13). */
export const STAFF_MANAGER_PAGES = [
  'stop-list',
  'prices',
  'branches',
  'staff',
  'figures',
  'audit',
  'loyalty',
] as const;
export type TStaffManagerPage = (typeof STAFF_MANAGER_PAGES)[number];
