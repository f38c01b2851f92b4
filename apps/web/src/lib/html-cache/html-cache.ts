import { isUuid } from '../ids';
import { gzipWithNonce } from './gzip';
import type { TStoredPage } from './page-store';

/**
 * The cache of rendered public pages (ARCHITECTURE.md, "Served pages come from a cached render with a
 * fresh nonce"): which requests and pages it answers, and how (the store of renders: page-store.ts).
 * A page is rendered once with the process's secret placeholder nonce; each response gets the stored
 * HTML with a fresh nonce in place of every occurrence of the placeholder, and the
 * Content-Security-Policy naming that nonce. Pure logic, no Next.js imports: `serve.ts` wires it
 * into the proxy, the unit tests drive it directly.
 */

/** The header of the proxy's own render request (`serve.ts`); its value is the process's secret token. */
export const RENDER_HEADER = 'x-html-cache-render';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A secret of 22 random letters and digits (~131 bits) followed by '==': the same length and
 * alphabet as a real nonce (`createNonce()`, 16 bytes in base64), so every place that holds a nonce
 * holds the placeholder unchanged (no escaping: no '+' or '/'), and a length-prefixed text chunk of
 * the flight payload keeps its length when the placeholder is swapped for a nonce.
 */
export function createSecret(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  let out = '';
  while (out.length < 22) {
    for (const byte of random(new Uint8Array(32))) {
      // 248 = 4 * 62: bytes above it would favour the first letters.
      if (byte < 248 && out.length < 22) out += ALNUM[byte % 62];
    }
  }
  return `${out}==`;
}

// ---- which requests and pages -------------------------------------------------------------------

/**
 * The top-level routes of `app/[locale]/` (and of its route groups, `(shop)/`) that are not a city. A single segment outside this list is
 * `[city]` (a city's menu, or a 404 that is never stored). `html-cache.test.ts` fails when a route
 * folder is added without being listed here.
 */
export const STATIC_SEGMENTS: ReadonlySet<string> = new Set([
  'about',
  'branches',
  'cart',
  'checkout',
  'contacts',
  'delivery-terms',
  'gallery',
  'myorders',
  'news',
  'offer',
  'playground-rules',
  'product',
  'profile',
  'recipes',
  'return-product-rules',
  'rules',
  // The staff workspace: signed-in screens, never stored (nor taken for a city).
  'staff',
  'stocks',
  'vacancies',
]);

const LOCALES: ReadonlySet<string> = new Set(['ru', 'uz', 'en']);
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * Whether a page (its internal path, `/{locale}/...`, after next-intl's routing) is one the cache
 * keeps: the home menu (`/{locale}`), a city's menu (`/{locale}/{city}`) and a product
 * (`/{locale}/product/{slug}`). Each renders from its path, its `?city=` (`cacheQuery`), the
 * `branch_id` cookie and the catalogue, and the same for every visitor otherwise (no session, no other
 * cookie, no header but the nonce).
 */
export function isCachedPage(internalPath: string): boolean {
  const segments = internalPath.split('/');
  if (segments[0] !== '' || !LOCALES.has(segments[1] ?? '')) return false;
  const rest = segments.slice(2);
  if (rest.length === 0) return true;
  if (rest.length === 1) return SLUG.test(rest[0] ?? '') && !STATIC_SEGMENTS.has(rest[0] ?? '');
  return rest.length === 2 && rest[0] === 'product' && SLUG.test(rest[1] ?? '');
}

/** Request headers of Next's client router: such a request wants a flight (RSC) payload, not HTML. */
const ROUTER_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
  'next-action',
];

/**
 * Query parameters that ad platforms, mailers and browsers add to a link and that no page reads:
 * campaign tags (`utm_*`), click ids (Meta, Google, Yandex, Microsoft, TikTok) and the id Yandex
 * Browser appends to the links it opens (`ysclid`). A lunch-time campaign's visitors all come with
 * them; the page they get is the page without them.
 */
const CAMPAIGN_PARAMS: ReadonlySet<string> = new Set([
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'yclid',
  'ysclid',
  '_openstat',
  'msclkid',
  'ttclid',
]);
/** A query string of a link is not worth parsing past this (a cached page's links carry none). */
const MAX_CACHED_QUERY = 1024;

/**
 * What of a request's query string a cached page is keyed on and rendered with: `city`, the slug of
 * `?city=` (the product page's and the home menu's city, `paths.ts`: what a regional menu's product
 * links and their canonical addresses carry), or null for none. Campaign parameters
 * (`CAMPAIGN_PARAMS`) are left out: no page reads them. Null when the query holds anything else, a
 * name twice, or a city not written as our links write it (upper case, percent-encoded): the request
 * takes the ordinary render. Whether the slug is a city's, the proxy asks its list (serve.ts).
 */
export function cacheQuery(search: string): { city: string | null } | null {
  if (search === '') return { city: null };
  if (search.length === 1 || search.length > MAX_CACHED_QUERY || !search.startsWith('?')) return null;
  const names = new Set<string>();
  let city: string | null = null;
  for (const pair of search.slice(1).split('&')) {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    if (names.has(name)) return null;
    names.add(name);
    if (name === 'city') {
      city = eq === -1 ? '' : pair.slice(eq + 1);
      if (!SLUG.test(city)) return null;
    } else if (!CAMPAIGN_PARAMS.has(name)) return null;
  }
  return { city };
}

/** The query a cached page is rendered with and keyed on: '' or `?city={slug}`. */
export const renderedQuery = (city: string | null): string => (city === null ? '' : `?city=${city}`);

/**
 * Why a request is not answered from the cache (null: it may be). Only a plain GET or HEAD (the GET's
 * headers: uptime checks, link previews) of a document whose query is empty or one the page is cached
 * with (`cacheQuery`: a city, campaign parameters): POST (server actions), client-router requests
 * (RSC payloads) and any other query (`_rsc`, `?login`...) take the ordinary per-request render.
 */
export function bypassReason(request: {
  method: string;
  search: string;
  headers: { has(name: string): boolean };
}): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 'method';
  if (cacheQuery(request.search) === null) return 'query';
  for (const name of ROUTER_HEADERS) if (request.headers.has(name)) return `header ${name}`;
  return null;
}

/**
 * The `branch_id` cookie as the menu reads it (features/menu/lib/menu-target.ts `branchIdFromCookie`,
 * with the same `isUuid`), in lower case (the API's ids; it finds a branch whatever the case): an id
 * that may name a branch, or null for a cookie the menu ignores (never sent to the API).
 */
export function branchIdOfCookie(value: string | undefined): string | null {
  return value && isUuid(value) ? value.toLowerCase() : null;
}

/**
 * The branch a cached page is keyed on and rendered with: the cookie's branch when it is one of the
 * chain's, active or not (`known`: known-list.ts), else none. The page renders an id the API does
 * not know as no branch at all (the menu's `getChosenBranch` takes its 404 for none, the live state's
 * read fails to null), so a made-up UUID gets the page without a branch, already stored for everyone
 * without one: not a render and a new entry per made-up id. The key is in lower case, so changing the
 * case of a real id makes no other key either.
 */
export function branchOfCookie(value: string | undefined, known: ReadonlySet<string>): string | null {
  const id = branchIdOfCookie(value);
  return id !== null && known.has(id) ? id : null;
}

/**
 * Everything a cached page's render varies with: its internal path with the query it is rendered
 * with (`cacheQuery`: '' or `?city=`), and the chosen branch (a branch of the chain,
 * `branchOfCookie`: the render is made with exactly this branch's cookie, or none).
 */
export function cacheKey(internalPath: string, branchId: string | null): string {
  return `${internalPath} ${branchId ?? '-'}`;
}

// ---- answering from a stored page (the store itself: page-store.ts) ----------------------------

/** Splits a `Link` header value into its links (a comma before `<` starts the next one). */
export function splitLinks(value: string): string[] {
  return value
    .split(/,\s*(?=<)/)
    .map((link) => link.trim())
    .filter(Boolean);
}

/**
 * The headers of one response: the stored render's (with `nonce` for the placeholder: Next names
 * the stylesheet's preload, with its nonce, in a `Link` header), then `routed`'s (the proxy's own
 * answer for this request: its policy, HSTS, next-intl's headers), but for Next's internal ones. A
 * `Link` keeps the render's own links (preloads) and takes any alternates from this request's
 * routing, which names the host the visitor asked (the render request did not). next-intl sends none
 * today (`alternateLinks: false` in i18n/routing.ts: the pages' own tags carry `?city=`), so this is
 * the render's preloads alone unless that setting comes back.
 */
export function responseHeaders(
  page: TStoredPage,
  routed: Headers,
  nonce: string,
  placeholder: string,
): Headers {
  const headers = new Headers();
  for (const [name, value] of page.headers) headers.append(name, value.split(placeholder).join(nonce));
  const ownLinks = splitLinks(headers.get('link') ?? '').filter((link) => !/rel="?alternate"?/.test(link));
  for (const [name, value] of routed) {
    if (!name.startsWith('x-middleware-')) headers.set(name, value);
  }
  const links = [...splitLinks(routed.get('link') ?? ''), ...ownLinks];
  if (links.length > 0) headers.set('link', links.join(', '));
  return headers;
}

/**
 * The body of one response, as bytes: the stored page with `nonce` wherever the render had the
 * placeholder, as it is or gzip-encoded (from the parts deflated when the page was stored; gzip.ts).
 * The nonce must look like the placeholder (same length and alphabet, so as many bytes: see
 * `createSecret`).
 */
export function bodyWithNonce(
  page: TStoredPage,
  nonce: string,
  placeholder: string,
  encoding: 'identity' | 'gzip' = 'identity',
): Uint8Array<ArrayBuffer> {
  if (nonce.length !== placeholder.length || nonce === placeholder || !NONCE_SHAPE.test(nonce)) {
    throw new Error('unusable nonce');
  }
  const between = Buffer.from(nonce, 'latin1');
  if (encoding === 'gzip') return gzipWithNonce(page.parts, page.gzip, between);
  const pieces: Uint8Array[] = [];
  page.parts.forEach((part, i) => {
    if (i > 0) pieces.push(between);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** A nonce's alphabet (base64): one byte per character, so the body's length does not depend on it. */
const NONCE_SHAPE = /^[A-Za-z0-9+/]+={0,2}$/;
