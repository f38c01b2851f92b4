'use client';

import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from './query-config';

let browserClient: QueryClient | undefined;

/**
 * One cache per browser tab, shared by every part of the page that fetches; a fresh one per server
 * render, so no customer's data outlives the request.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}

/**
 * Mounted around the parts that fetch from the browser (search, cart, reviews, the vacancy form), not
 * around the whole layout: the menu page's first paint fetches nothing in the browser, so TanStack Query
 * loads only with the first part that needs it. All providers hand out the same client.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(getQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
