'use client';

import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { createApiClient, type TApiClient } from './api-client';
import { expireSession, useAuthStore } from './stores/auth';

/** What the browser needs from the runtime configuration (no build-time NEXT_PUBLIC_ inlining). */
export type TBrowserConfig = { apiUrl: string; shipperId: string; platformId: string; siteUrl: string };

const ConfigContext = createContext<TBrowserConfig | null>(null);

export function ConfigProvider({ config, children }: { config: TBrowserConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useConfig(): TBrowserConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside <ConfigProvider>');
  return config;
}

/** The browser variant of the one client: PUBLIC_API_URL, the stored token, sign-out on 401/403. */
export function createBrowserApi(config: TBrowserConfig): TApiClient {
  return createApiClient({
    baseUrl: config.apiUrl,
    shipperId: config.shipperId,
    platformId: config.platformId,
    getToken: () => useAuthStore.getState().user?.access_token,
    onUnauthorized: expireSession,
  });
}

export function useApi(): TApiClient {
  const config = useConfig();
  return useMemo(() => createBrowserApi(config), [config]);
}
