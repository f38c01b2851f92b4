import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type IntlError, NextIntlClientProvider } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { ConfigProvider, type TBrowserConfig } from '@/lib/config-provider';
import common from '../../messages/ru/common.json';
import location from '../../messages/ru/location.json';
import order from '../../messages/ru/order.json';

/**
 * Component tests (Vitest in jsdom, Testing Library): the storefront's providers around a component,
 * with the real Russian messages, and the API answered at the fetch level. Only for *.test.tsx files.
 */

/** The namespaces client components read (every page loads common and location; checkout, order). */
export const ruMessages = { common, location, order };

export const TEST_CONFIG: TBrowserConfig = {
  apiUrl: 'http://api.test',
  shipperId: '00000000-0000-4000-8000-0000000000a1',
  platformId: '00000000-0000-4000-8000-0000000000b1',
  siteUrl: 'http://site.test',
  mapTileUrl: null,
  mapTileAttribution: '',
};

/** Every message the render could not find or format: the setup fails the test on any. */
const intlErrors: IntlError[] = [];
export const takeIntlErrors = (): string[] => intlErrors.splice(0).map((e) => `${e.code}: ${e.message}`);

/** Renders `ui` as the storefront's pages do: next-intl (ru), the browser config, TanStack Query. */
export function renderInApp(ui: ReactElement) {
  // No retries: a refused call is shown at once, as the tests expect.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider
      locale="ru"
      timeZone="Asia/Tashkent"
      messages={ruMessages}
      onError={(error) => intlErrors.push(error)}
    >
      <ConfigProvider config={TEST_CONFIG}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </NextIntlClientProvider>
  );
  return Object.assign(render(ui, { wrapper }), { queryClient });
}

export type TApiCall = { method: string; path: string; body: unknown; headers: Headers };
export type TApiReply = { status?: number; body?: unknown };
type THandler = (call: TApiCall) => TApiReply | Promise<TApiReply>;

/**
 * The API at the fetch level: each `on(method, path)` answers those calls; anything else answers 501,
 * which the component shows as a failure (and the test sees in `calls`).
 */
export function mockApi() {
  const routes = new Map<string, THandler>();
  const calls: TApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const call: TApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler = routes.get(`${call.method} ${call.path}`);
    const reply: TApiReply = handler
      ? await handler(call)
      : {
          status: 501,
          body: { statusCode: 501, code: 'NOT_MOCKED', message: `${call.method} ${call.path} is not mocked` },
        };
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const api = {
    calls,
    on(method: string, path: string, handler: THandler) {
      routes.set(`${method} ${path}`, handler);
      return api;
    },
    /** The calls made to one endpoint, in order. */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
  return api;
}

/** An API error body as the API sends it (ZApiError). */
export const apiError = (status: number, code: string, message: string): TApiReply => ({
  status,
  body: { statusCode: status, code, message },
});

/** A promise with its resolve function, to hold an answer until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
