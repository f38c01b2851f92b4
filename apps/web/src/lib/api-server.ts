import 'server-only';
import { getLocale } from 'next-intl/server';
import { createApiClient, type TApiClient } from './api-client';
import { env } from './env';

/** Catalogue and content change rarely; a minute of staleness keeps the API quiet under load. */
export const CONTENT_REVALIDATE_SECONDS = 60;

/**
 * The server variant of the one client: talks to API_URL (inside the network), caches reads in Next's
 * data cache, sends the request's locale (next-intl) as `Accept-Language`. Created per call so the
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
  });
}
