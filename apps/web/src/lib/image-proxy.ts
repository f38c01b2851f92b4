/**
 * The storefront's `/images/...` path (app/images/[...path]/route.ts): the API's pictures served from
 * the page's own origin. Pure functions, so the rules are unit-tested without a server.
 */

/** A segment of a picture's path as the API names its files: letters, digits, '-', '_', '.', no '..'. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The API path of a requested picture, or null for anything that is not a plain file path under /images. */
export function imageProxyPath(segments: readonly string[] | undefined): string | null {
  if (!segments || segments.length === 0 || segments.length > 8) return null;
  if (!segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) return null;
  return `/images/${segments.join('/')}`;
}

/**
 * Whether the browser's copy is current: its `If-None-Match` names the file's ETag (weak comparison,
 * or `*`). Answered here rather than by the API: Node's fetch sends `Cache-Control: no-cache` with
 * any conditional request (the Fetch standard's rule), and the API's static files then always answer
 * 200 with the body.
 */
export function isNotModified(incoming: Headers, etag: string | null): boolean {
  const wanted = incoming.get('if-none-match');
  if (!wanted || !etag) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return wanted.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Whether the API's answer is a picture the storefront may pass on (a 200 with an image type). */
export function isPicture(status: number, upstream: Headers): boolean {
  return status === 200 && (upstream.get('content-type')?.startsWith('image/') ?? false);
}

/**
 * The response headers passed from the API: the file's type, length and caching (the API's files are
 * immutable, a year), for a picture (200) or a revalidation (304). Anything else is not cached.
 */
export function imageProxyResponseHeaders(status: number, upstream: Headers): Headers {
  const headers = new Headers();
  const ok = status === 304 || isPicture(status, upstream);
  for (const name of ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified']) {
    const value = upstream.get(name);
    if (value && (ok || name !== 'cache-control')) headers.set(name, value);
  }
  if (!ok) headers.set('cache-control', 'no-store');
  headers.set('x-content-type-options', 'nosniff');
  return headers;
}
