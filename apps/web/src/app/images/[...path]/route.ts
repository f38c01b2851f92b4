import { env } from '@/lib/env';
import { imageProxyPath, imageProxyResponseHeaders, isNotModified, isPicture } from '@/lib/image-proxy';

/**
 * The API's pictures from the storefront's own origin (`/images/...` → API_URL's `/images/...`), so
 * the menu's first picture (the page's LCP element) needs no connection to a second origin and the
 * markup carries short relative URLs. The API's files are immutable (their names describe their
 * content): its caching headers and validators pass through, so the browser keeps them a year.
 */
export async function GET(request: Request, ctx: { params: Promise<{ path: string[] }> }) {
  const path = imageProxyPath((await ctx.params).path);
  if (!path) return new Response(null, { status: 404 });
  // Nothing of the visitor's request is passed on (no cookie, no authorization).
  const upstream = await fetch(`${env().API_URL}${path}`, {
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!upstream) return new Response(null, { status: 502 });
  const headers = imageProxyResponseHeaders(upstream.status, upstream.headers);
  // Only pictures pass: anything else the API might answer under /images is not the storefront's to serve.
  const picture = isPicture(upstream.status, upstream.headers);
  if (picture && isNotModified(request.headers, upstream.headers.get('etag'))) {
    await upstream.body?.cancel();
    headers.delete('content-length');
    return new Response(null, { status: 304, headers });
  }
  if (picture) return new Response(upstream.body, { status: 200, headers });
  await upstream.body?.cancel();
  return new Response(null, { status: 404, headers });
}
