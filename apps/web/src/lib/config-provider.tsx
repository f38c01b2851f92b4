'use client';

import { useLocale } from 'next-intl';
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react';
import type { TApiClient } from './api-client';
import { createBrowserApi, type TBrowserApiOptions, type TBrowserConfig } from './browser-api';

export type { TBrowserConfig } from './browser-api';

const ConfigContext = createContext<TBrowserConfig | null>(null);

export function ConfigProvider({ config, children }: { config: TBrowserConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useConfig(): TBrowserConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig must be used inside <ConfigProvider>');
  return config;
}

/** The client of client components, in the page's locale (next-intl), as the stored customer. */
export function useApi(): TApiClient {
  const config = useConfig();
  const locale = useLocale();
  return useMemo(() => createBrowserApi(config, locale), [config, locale]);
}

/**
 * A factory of browser clients with a token of the caller's own (the sign-in dialog before the
 * customer is stored, sign-out after they are forgotten), still in the page's language.
 */
export function useApiFactory(): (options: TBrowserApiOptions) => TApiClient {
  const config = useConfig();
  const locale = useLocale();
  return useCallback((options) => createBrowserApi(config, locale, options), [config, locale]);
}
