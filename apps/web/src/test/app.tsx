import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type IntlError, NextIntlClientProvider } from 'next-intl';
import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
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

/** The storefront's providers around a test's tree: next-intl (ru), the browser config, TanStack Query. */
function appWrapper(queryClient: QueryClient) {
  return function AppWrapper({ children }: { children: ReactNode }) {
    return (
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
  };
}

// No retries: a refused call is shown at once, as the tests expect.
const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });

/** Renders `ui` as the storefront's pages do: next-intl (ru), the browser config, TanStack Query. */
export function renderInApp(ui: ReactElement) {
  const queryClient = testQueryClient();
  return Object.assign(render(ui, { wrapper: appWrapper(queryClient) }), { queryClient });
}

/**
 * Renders `ui` as the server does (to a string, with no `window`, as Next renders client components),
 * puts that HTML into the document and hydrates it there, as the browser does with a page.
 */
export function hydrateInApp(ui: ReactElement) {
  const queryClient = testQueryClient();
  const Wrapper = appWrapper(queryClient);
  // Not vi.stubGlobal: its undoing would also take back the test's fetch stub (mockApi).
  const windowProperty = Object.getOwnPropertyDescriptor(globalThis, 'window');
  Object.defineProperty(globalThis, 'window', { value: undefined, configurable: true, writable: true });
  let html: string;
  try {
    html = renderToString(<Wrapper>{ui}</Wrapper>);
  } finally {
    if (windowProperty) Object.defineProperty(globalThis, 'window', windowProperty);
  }
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const serverHtml = container.innerHTML;
  return Object.assign(render(ui, { container, hydrate: true, wrapper: Wrapper }), {
    queryClient,
    serverHtml,
  });
}

export type TApiCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
};
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
      query: url.searchParams,
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
