import 'server-only';
import { getLocale } from 'next-intl/server';
import { createApiClient, type TApiClient } from './api-client';
import { tagsForPath } from './cache-tags';
import { env } from './env';

/**
 * Next's own revalidation window of a cached read. Freshness comes from the API's change stream
 * (cache-handler.mjs drops an entry when its tags change, or after CACHE_FALLBACK_TTL_SECONDS while
 * the stream is down); this window only bounds how long an entry lives without any news.
 */
export const CONTENT_REVALIDATE_SECONDS = 60;

/**
 * The server variant of the one client: talks to API_URL (inside the network), caches reads in Next's
 * data cache tagged with the data they depend on (lib/cache-tags.ts), sends the request's locale (next-intl) as `Accept-Language`. Created per call so the
 * environment is read at request time, not at build time.
 */
export function serverApi(): TApiClient {
  const e = env();
  return createApiClient({
    baseUrl: e.API_URL,
    shipperId: e.SHIPPER_ID,
    platformId: e.PLATFORM_ID,
    getLocale,
    defaultNext: { revalidate: CONTENT_REVALIDATE_SECONDS },
    tagsFor: (path, query) => tagsForPath(path, query),
  });
}
