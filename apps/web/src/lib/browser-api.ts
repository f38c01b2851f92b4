import { createApiClient, type TApiClient, type TApiClientConfig } from './api-client';
import { expireSession, useAuthStore } from './stores/auth';

/** What the browser needs from the runtime configuration (no build-time NEXT_PUBLIC_ inlining). */
export type TBrowserConfig = {
  apiUrl: string;
  shipperId: string;
  platformId: string;
  siteUrl: string;
  /** Raster tile URL template of the maps ({z}/{x}/{y}), or null to draw no tiles. */
  mapTileUrl: string | null;
  mapTileAttribution: string;
};

/** Who the client acts for; by default the stored customer, signed out on 401/403 to its token. */
export type TBrowserApiOptions = Pick<TApiClientConfig, 'getToken' | 'onUnauthorized'>;

/**
 * The browser variant of the one client: PUBLIC_API_URL, the page's locale as `Accept-Language` (so
 * the API's `data.message` and the sign-in SMS are in the page's language), the stored token and
 * sign-out on 401/403 unless `options` names a token of its own.
 */
export function createBrowserApi(
  config: TBrowserConfig,
  locale: string,
  options: TBrowserApiOptions = {
    getToken: () => useAuthStore.getState().user?.access_token,
    onUnauthorized: (_status, token) => expireSession(token),
  },
): TApiClient {
  return createApiClient({
    baseUrl: config.apiUrl,
    shipperId: config.shipperId,
    platformId: config.platformId,
    getLocale: () => locale,
    ...options,
  });
}
