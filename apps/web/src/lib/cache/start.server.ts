import 'server-only';
import { env } from '../env';
import { startProcessCache } from './catalogue-cache.mjs';

/**
 * Subscribes this process's cache to the API's change stream (CACHE_STREAM_URL), once. Called from
 * `instrumentation.ts`; the environment is validated here, so a bad variable stops the start.
 */
export function startStorefrontCache(): void {
  const e = env();
  const fallbackTtlMs = e.CACHE_FALLBACK_TTL_SECONDS * 1000;
  if (e.CACHE_STREAM_URL === 'none') {
    startProcessCache({ fallbackTtlMs }, null);
    return;
  }
  startProcessCache(
    { fallbackTtlMs },
    { url: e.CACHE_STREAM_URL, headers: { Shipper: e.SHIPPER_ID, Platform: e.PLATFORM_ID } },
  );
}
