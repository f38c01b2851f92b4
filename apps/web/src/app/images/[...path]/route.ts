import { env } from '@/lib/env';
import { imageProxyPath, imageProxyResponseHeaders, imageRequestHeaders } from '@/lib/image-proxy';

/**
 * The API's pictures from the storefront's own origin (`/images/...` → API_URL's `/images/...`), so
 * the menu's first picture (the page's LCP element) needs no connection to a second origin and the
 * markup carries short relative URLs. The API's files are immutable (their names describe their
 * content): its caching headers and validators pass through, so the browser keeps them a year.
 */
export async function GET(request: Request, ctx: { params: Promise<{ path: string[] }> }) {
  const path = imageProxyPath((await ctx.params).path);
  if (!path) return new Response(null, { status: 404 });
  const upstream = await fetch(`${env().API_URL}${path}`, {
    headers: imageRequestHeaders(request.headers),
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!upstream) return new Response(null, { status: 502 });
  const headers = imageProxyResponseHeaders(upstream.status, upstream.headers);
  if (upstream.status === 200 || upstream.status === 304) {
    return new Response(upstream.status === 200 ? upstream.body : null, { status: upstream.status, headers });
  }
  await upstream.body?.cancel();
  return new Response(null, { status: 404, headers });
}
