import { timingSafeEqual } from 'node:crypto';
import { COOKIE_NAMES } from '@app/domain';
import type { NextRequest } from 'next/server';
import { processCache } from '../cache/catalogue-cache.mjs';
import { env } from '../env';
import { acceptsGzip } from './gzip';
import {
  bodyWithNonce,
  branchIdOfCookie,
  branchOfCookie,
  bypassReason,
  cacheKey,
  cacheQuery,
  createSecret,
  isCachedPage,
  RENDER_HEADER,
  renderedQuery,
  responseHeaders,
} from './html-cache';
import { classesOf, criticalCss, stylesheetHref, withInlineCss } from './inline-css';
import { imageDataUrl, lcpImagePath, withInlineImage } from './inline-image';
import { branchIdsFromApi, citySlugsFromApi, KnownList } from './known-list';
import { HtmlCache, STATUS_HEADER, type TRendered, type TStoredPage } from './page-store';
import { PRECOMPRESSED_HEADER, precompressedBodiesAccepted } from './precompressed.mjs';

/**
 * The proxy's side of the HTML cache (html-cache.ts): the process's secrets and cache, the render
 * request for a miss, and the response of a hit. Node.js runtime (Next 16's proxy).
 */

type TProcessHtmlCache = {
  /** The nonce a stored render carries: never sent to a client. */
  placeholder: string;
  /** Marks the proxy's own render requests (RENDER_HEADER). */
  token: string;
  cache: HtmlCache | null;
  /** The chain's branch ids, which the key takes a `branch_id` cookie from (known-list.ts). */
  branches: KnownList;
  /** The chain's city slugs, which the key takes a `?city=` from (the same class, another list). */
  cities: KnownList;
};

const GLOBAL_KEY = Symbol.for('@app/web/html-cache');

export type THtmlCacheConfig = { maxEntries: number; maxBytes: number };

/** The process's secrets and cache (one per process, whichever bundle reaches this module). */
export function processHtmlCache(config: THtmlCacheConfig): TProcessHtmlCache {
  const holder = globalThis as unknown as Record<symbol, TProcessHtmlCache | undefined>;
  let current = holder[GLOBAL_KEY];
  if (!current) {
    const placeholder = createSecret();
    current = {
      placeholder,
      token: createSecret(),
      cache:
        config.maxEntries > 0 && config.maxBytes > 0
          ? new HtmlCache({
              ...config,
              placeholder,
              freshness: () => {
                const { cache } = processCache();
                return { seq: cache.seq, live: cache.live };
              },
            })
          : null,
      branches: new KnownList({
        clock: () => processCache().cache,
        load: () => {
          const e = env();
          return branchIdsFromApi({ apiUrl: e.API_URL, shipperId: e.SHIPPER_ID, platformId: e.PLATFORM_ID });
        },
      }),
      cities: new KnownList({
        clock: () => processCache().cache,
        load: () => {
          const e = env();
          return citySlugsFromApi({ apiUrl: e.API_URL, shipperId: e.SHIPPER_ID, platformId: e.PLATFORM_ID });
        },
        what: { list: 'city list', untilRead: 'pages with ?city=' },
      }),
    };
    holder[GLOBAL_KEY] = current;
  }
  return current;
}

/** Whether a request is the proxy's own render request (the secret token, compared in constant time). */
export function isRenderRequest(request: NextRequest, token: string): boolean {
  const value = request.headers.get(RENDER_HEADER);
  if (!value || value.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(token));
}

/**
 * Where this process listens, for the render request: `next start` sets __NEXT_PRIVATE_ORIGIN (and
 * PORT) once it listens. Null (no cache) when unknown.
 */
function ownOrigin(): string | null {
  const origin = process.env.__NEXT_PRIVATE_ORIGIN;
  if (origin) return origin;
  return process.env.PORT ? `http://localhost:${process.env.PORT}` : null;
}

/**
 * Renders a page through this server with the placeholder nonce: a request carrying the secret token
 * and, of the visitor's cookies, only the branch (what the render may vary with). Uncompressed, not
 * followed when it redirects.
 */
async function renderPage(
  origin: string,
  /** The path the visitor asked, with the query the page is cached with ('' or `?city=`). */
  pathAndQuery: string,
  branchId: string | null,
  token: string,
): Promise<TRendered> {
  const headers: Record<string, string> = { [RENDER_HEADER]: token, 'accept-encoding': 'identity' };
  if (branchId) headers.cookie = `${COOKIE_NAMES.branchId}=${branchId}`;
  const response = await fetch(new URL(pathAndQuery, origin), {
    headers,
    redirect: 'manual',
    cache: 'no-store',
    signal: AbortSignal.timeout(30_000),
  });
  const body = await response.text();
  return { status: response.status, headers: [...response.headers.entries()], body };
}

/** The stylesheets' texts by href (content-hashed names: a text never changes for its href). */
const stylesheets = new Map<string, Promise<string | null>>();

function stylesheetText(origin: string, href: string): Promise<string | null> {
  let text = stylesheets.get(href);
  if (!text) {
    text = fetch(new URL(href, origin), { cache: 'no-store', signal: AbortSignal.timeout(10_000) })
      .then((response) => (response.ok ? response.text() : null))
      .catch(() => null);
    stylesheets.set(href, text);
    // A failure is asked again at the next render, not remembered.
    void text.then((value) => {
      if (value === null) stylesheets.delete(href);
    });
  }
  return text;
}

/** Inlined pictures by path (the API's file names describe their content: immutable), a few hundred. */
const images = new Map<string, Promise<string | null>>();
const MAX_IMAGES = 300;

function imageData(origin: string, path: string): Promise<string | null> {
  let data = images.get(path);
  if (!data) {
    data = fetch(new URL(path, origin), { cache: 'no-store', signal: AbortSignal.timeout(10_000) })
      .then(async (response) =>
        response.ok
          ? imageDataUrl(response.headers.get('content-type'), new Uint8Array(await response.arrayBuffer()))
          : null,
      )
      .catch(() => null);
    if (images.size >= MAX_IMAGES) images.delete(images.keys().next().value ?? '');
    images.set(path, data);
    void data.then((value) => {
      if (value === null) images.delete(path);
    });
  }
  return data;
}

/**
 * A page's render with what its first paint needs inside the document: the rules its markup uses
 * inlined in the head, the whole stylesheet's link moved to the end of the body (inline-css.ts), and
 * its high-priority picture (the LCP element) as a `data:` URL (inline-image.ts). Each step leaves
 * the render as it was when anything is unexpected.
 */
async function withCriticalResources(rendered: TRendered, origin: string, nonce: string): Promise<TRendered> {
  if (rendered.status !== 200) return rendered;
  let body = rendered.body;
  const href = stylesheetHref(body);
  const css = href ? await stylesheetText(origin, href) : null;
  const critical = css === null ? null : criticalCss(css, classesOf(body));
  body = (critical === null ? null : withInlineCss(body, critical, nonce)) ?? body;
  const picture = lcpImagePath(body);
  const dataUrl = picture ? await imageData(origin, picture) : null;
  body = (dataUrl === null ? null : withInlineImage(body, dataUrl)) ?? body;
  return { ...rendered, body };
}

const NO_BRANCHES: ReadonlySet<string> = new Set();

/** A render this request may be answered with: a page, or a not-found page, and no cookie set. */
const isServable = (page: TStoredPage): boolean =>
  (page.status === 200 || page.status === 404) && !page.setsCookie;

/** The internal path next-intl's answer leads to (its rewrite, or the request's own path), or null. */
function internalPath(request: NextRequest, routed: Response): string | null {
  if (routed.headers.has('location') || routed.headers.has('set-cookie')) return null;
  const rewrite = routed.headers.get('x-middleware-rewrite');
  if (rewrite) {
    // Absolute from next-intl; Next's adapter makes a same-origin rewrite relative ('/ru'). It keeps
    // the request's query, which is one the cache takes here (bypassReason: cacheQuery).
    const url = new URL(rewrite, request.nextUrl.origin);
    const sameQuery = url.search === '' || url.search === request.nextUrl.search;
    return url.origin === request.nextUrl.origin && sameQuery ? url.pathname : null;
  }
  return routed.headers.has('x-middleware-next') ? request.nextUrl.pathname : null;
}

/**
 * The answer of a cacheable page from the cache (a stored render, or one rendered now for this and
 * any concurrent request), with `nonce` in place of the placeholder; null when the request takes the
 * ordinary per-request render. `routed` is the proxy's answer for the ordinary way (next-intl's
 * routing with the Content-Security-Policy and HSTS of this request): its headers go on the response.
 */
export async function fromHtmlCache(
  request: NextRequest,
  routed: Response,
  nonce: string,
  config: THtmlCacheConfig,
): Promise<Response | null> {
  try {
    return await answer(request, routed, nonce, config);
  } catch (error) {
    // Whatever went wrong (the render request failed, a header it could not read), the page is
    // still rendered the ordinary way, for this request alone.
    console.warn(`[html-cache] ${request.nextUrl.pathname}: ${String(error)}; rendered per request`);
    return null;
  }
}

async function answer(
  request: NextRequest,
  routed: Response,
  nonce: string,
  config: THtmlCacheConfig,
): Promise<Response | null> {
  const state = processHtmlCache(config);
  const origin = ownOrigin();
  const asked = { method: request.method, search: request.nextUrl.search, headers: request.headers };
  if (!state.cache || !origin || bypassReason(asked) !== null) return null;
  const path = internalPath(request, routed);
  if (!path || !isCachedPage(path)) return null;
  // The city of `?city=` is part of the key and the render (campaign parameters are left out): only
  // a city of the chain. A page renders a made-up one as some other city's page or a 404, which would
  // be a new entry per made-up slug: those take the ordinary render, as would a city while the list
  // cannot be read.
  const city = cacheQuery(request.nextUrl.search)?.city ?? null;
  if (city !== null && !(await state.cities.ids())?.has(city)) return null;
  const query = renderedQuery(city);
  const cookie = request.cookies.get(COOKIE_NAMES.branchId)?.value;
  // The branch list is needed only for a cookie that may name a branch (and is read once per change
  // of branches, not per request). While it cannot be read, a real branch cannot be told from a
  // made-up id: the page is rendered the ordinary way.
  const known = branchIdOfCookie(cookie) === null ? NO_BRANCHES : await state.branches.ids();
  if (known === null) return null;
  const branchId = branchOfCookie(cookie, known);
  // The render is kept with the page (rendered again at its minute's turn): it holds strings only.
  const { pathname } = request.nextUrl;
  const { token, placeholder } = state;
  const found = await state.cache.lookup(cacheKey(`${path}${query}`, branchId), async () =>
    withCriticalResources(
      await renderPage(origin, `${pathname}${query}`, branchId, token),
      origin,
      placeholder,
    ),
  );
  // A page is answered this way, and so is the 404 of an unknown path in a page's place (never stored:
  // serving the render just made spares a second one, which a scan of made-up paths would double).
  // An error, a redirect or an answer that sets a cookie takes the ordinary path.
  if (found === null || !isServable(found.page)) return null;
  const headers = responseHeaders(found.page, routed.headers, nonce, state.placeholder);
  headers.set(STATUS_HEADER, found.outcome);
  // The answer depends on Accept-Encoding from here on (Next's compression says so too, once more).
  if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(headers.get('vary') ?? ''))
    headers.append('vary', 'Accept-Encoding');
  // HEAD: what GET would answer, without its body (the render behind it was a GET, stored as one).
  const head = request.method === 'HEAD';
  // The page's gzip built once, when the server in front of Next can send it as such (precompressed.mjs).
  if (precompressedBodiesAccepted() && acceptsGzip(request.headers.get('accept-encoding'))) {
    headers.set(PRECOMPRESSED_HEADER, 'gzip');
    const body = head ? null : bodyWithNonce(found.page, nonce, state.placeholder, 'gzip');
    return new Response(body, { status: found.page.status, headers });
  }
  return new Response(head ? null : bodyWithNonce(found.page, nonce, state.placeholder), {
    status: found.page.status,
    headers,
  });
}
