/**
 * Runs once when a storefront server process starts (Next's instrumentation hook): subscribes the
 * process's cache (cache-handler.mjs, lib/cache/) to the API's change stream before the first
 * request, with the validated environment. Node runtime only: the edge runtime caches nothing here.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startStorefrontCache } = await import('./lib/cache/start.server');
  startStorefrontCache();
}
