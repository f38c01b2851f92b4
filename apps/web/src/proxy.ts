import { NextRequest } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { routing } from './i18n/routing';
import { env } from './lib/env';
import { RENDER_HEADER } from './lib/html-cache/html-cache';
import { fromHtmlCache, isRenderRequest, processHtmlCache } from './lib/html-cache/serve';
import { waitForRenderTurn } from './lib/render-gate/admit';
import { SLOT_HEADER } from './lib/render-gate/render-gate.mjs';
import { contentSecurityPolicy, createNonce, strictTransportSecurity } from './lib/security-headers';

const intl = createMiddleware(routing);

/**
 * Every page request: a fresh nonce and the Content-Security-Policy naming it, then next-intl's
 * locale routing. Next reads the nonce from the request's CSP header and puts it on its own scripts;
 * server components read it from `x-nonce`. next-intl copies the request's headers into the rewrite
 * (or pass-through) it answers, so the page's render sees both; a client cannot smuggle in its own,
 * they are overwritten here.
 *
 * Public pages (the menus, products) are answered from the HTML cache (lib/html-cache/): a render made
 * once with the process's secret placeholder nonce, served with this request's nonce in its place.
 * The cache's own render request (it carries the secret token) is rendered with the placeholder.
 * Every other page is rendered per request, a few at a time: it waits for its turn at the render
 * gate (lib/render-gate/), or gets a 503 when the line is full.
 */
export default async function proxy(request: NextRequest): Promise<Response> {
  const e = env();
  const htmlCache = { maxEntries: e.HTML_CACHE_MAX_ENTRIES, maxBytes: e.HTML_CACHE_MAX_MB * 1024 * 1024 };
  const development = process.env.NODE_ENV === 'development';
  const shared = processHtmlCache(htmlCache);
  const rendering = !development && isRenderRequest(request, shared.token);
  const nonce = rendering ? shared.placeholder : createNonce();
  const policy = contentSecurityPolicy({
    nonce,
    development,
    publicApiUrl: e.PUBLIC_API_URL,
    mapTileUrl: e.MAP_TILE_URL,
    siteUrl: e.SITE_URL,
  });
  const headers = new Headers(request.headers);
  headers.delete(RENDER_HEADER);
  // The server's id of the request is the gate's business (read from `request` below), not the page's.
  headers.delete(SLOT_HEADER);
  headers.set('x-nonce', nonce);
  headers.set('content-security-policy', policy);

  const response = intl(new NextRequest(request, { headers }));
  response.headers.set('Content-Security-Policy', policy);
  // Run-time (SITE_URL, NODE_ENV), hence here rather than in next.config.ts's build-time headers.
  const hsts = strictTransportSecurity({
    production: process.env.NODE_ENV === 'production',
    siteUrl: e.SITE_URL,
  });
  if (hsts) response.headers.set('Strict-Transport-Security', hsts);
  if (rendering || development) return response;
  const cached = await fromHtmlCache(request, response, nonce, htmlCache);
  if (cached) return cached;
  // Rendered per request: its turn at the render gate first (lib/render-gate/), or a 503.
  const limits = {
    maxRenders: e.RENDER_MAX_CONCURRENT,
    maxQueued: e.RENDER_QUEUE_MAX,
    maxWaitMs: e.RENDER_QUEUE_WAIT_MS,
  };
  return (await waitForRenderTurn(request, response, limits)) ?? response;
}

export const config = {
  // Everything except Next internals, files with an extension (images, favicon) and the SEO files;
  // those get the fixed security headers from next.config.ts and need no nonce (no HTML).
  matcher: ['/((?!_next|_vercel|sitemap\\.xml|robots\\.txt|.*\\..*).*)'],
};
