import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  apiErrorMessage,
  buildUrl,
  createApiClient,
  isApiErrorBody,
  isApiFailure,
  NO_CONTENT,
} from './api-client';
import { contract } from './browser-contracts';

/** The headers a mocked fetch was called with. */
const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

const SHIPPER = '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
const PLATFORM = '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d';

function mockFetch(response: Response) {
  // A body can be read once; every call gets its own copy.
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => response.clone());
  vi.stubGlobal('fetch', fn);
  return fn;
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  const schema = z.object({ ok: z.boolean() });

  it('sends Shipper and Platform on every call and no Authorization when signed out', async () => {
    const fetch = mockFetch(json({ ok: true }));
    const api = createApiClient({ baseUrl: 'http://api:4000/', shipperId: SHIPPER, platformId: PLATFORM });
    await expect(api.get('/v1/x', { schema })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://api:4000/v1/x');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Shipper).toBe(SHIPPER);
    expect(headers.Platform).toBe(PLATFORM);
    expect(headers.Authorization).toBeUndefined();
  });

  it("sends the page's locale as Accept-Language, read at every call (the server's is async)", async () => {
    const fetch = mockFetch(json({ ok: true }));
    let locale = 'uz';
    const api = createApiClient({
      baseUrl: 'http://api',
      shipperId: SHIPPER,
      platformId: PLATFORM,
      getLocale: () => locale,
    });
    await api.get('/v1/x', { schema });
    locale = 'en';
    await api.post('/v1/x', { schema, body: {} });
    const server = createApiClient({
      baseUrl: 'http://api',
      shipperId: SHIPPER,
      platformId: PLATFORM,
      getLocale: async () => 'ru',
    });
    await server.get('/v1/x', { schema });
    const sent = fetch.mock.calls.map(([, init]) => headersOf(init)['Accept-Language']);
    expect(sent).toEqual(['uz', 'en', 'ru']);
  });

  it('sends no Accept-Language when it knows no locale (the API then answers in ru)', async () => {
    const fetch = mockFetch(json({ ok: true }));
    const api = createApiClient({ baseUrl: 'http://api', shipperId: SHIPPER, platformId: PLATFORM });
    await api.get('/v1/x', { schema });
    expect(headersOf(fetch.mock.calls[0]?.[1])['Accept-Language']).toBeUndefined();
  });

  it('sends the bare access token when a user is stored', async () => {
    const fetch = mockFetch(json({ ok: true }));
    const api = createApiClient({
      baseUrl: 'http://api',
      shipperId: SHIPPER,
      platformId: PLATFORM,
      getToken: () => 'tok-1',
    });
    await api.post('/v1/y', { schema, body: { a: 1 } });
    const init = fetch.mock.calls[0]?.[1] ?? {};
    expect((init.headers as Record<string, string>).Authorization).toBe('tok-1');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
  });

  it('rejects with { status, data } carrying the API message', async () => {
    mockFetch(json({ statusCode: 404, code: 'NOT_FOUND', message: 'Vacancy not found' }, 404));
    const api = createApiClient({ baseUrl: 'http://api', shipperId: SHIPPER, platformId: PLATFORM });
    const error = await api.get('/v1/vacancies/x', { schema }).catch((e: unknown) => e);
    expect(isApiFailure(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, data: { message: 'Vacancy not found', code: 'NOT_FOUND' } });
    expect(apiErrorMessage(error, 'fallback')).toBe('Vacancy not found');
  });

  it('gives a non-JSON failure the same shape', async () => {
    mockFetch(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const api = createApiClient({ baseUrl: 'http://api', shipperId: SHIPPER, platformId: PLATFORM });
    const error = await api.get('/v1/x', { schema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, data: { code: 'HTTP_ERROR', message: 'Bad Gateway' } });
    expect(apiErrorMessage(error, 'Сервис недоступен')).toBe('Сервис недоступен');
  });

  it('rejects a response that breaks the contract instead of passing it on', async () => {
    mockFetch(json({ ok: 'yes' }));
    const api = createApiClient({ baseUrl: 'http://api', shipperId: SHIPPER, platformId: PLATFORM });
    await expect(api.get('/v1/x', { schema })).rejects.toMatchObject({
      status: 502,
      data: { code: 'BAD_RESPONSE' },
    });
  });

  it('signs the user out on 401 and 403 (spec section 6), only when a token was sent', async () => {
    const onUnauthorized = vi.fn();
    mockFetch(json({ statusCode: 401, code: 'UNAUTHORIZED', message: 'expired' }, 401));
    const signedIn = createApiClient({
      baseUrl: 'http://api',
      shipperId: SHIPPER,
      platformId: PLATFORM,
      getToken: () => 't',
      onUnauthorized,
    });
    await signedIn.get('/v1/x', { schema }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // With the token the refused call carried: only that session may end (a newer one may be stored).
    expect(onUnauthorized).toHaveBeenCalledWith(401, 't');

    mockFetch(json({ statusCode: 403, code: 'FORBIDDEN', message: 'no' }, 403));
    const anonymous = createApiClient({
      baseUrl: 'http://api',
      shipperId: SHIPPER,
      platformId: PLATFORM,
      onUnauthorized,
    });
    await anonymous.get('/v1/x', { schema }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const api = createApiClient({ baseUrl: 'http://api', shipperId: SHIPPER, platformId: PLATFORM });
    const error = await api.get('/v1/x', { schema }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, data: { code: 'NETWORK_ERROR', message: 'fetch failed' } });
    // The browser's English ('Failed to fetch') is not shown: the caller's own text is.
    expect(apiErrorMessage(error, 'Нет связи')).toBe('Нет связи');
    // Nor a program's own Error, such as an aborted request's.
    expect(apiErrorMessage(new DOMException('This operation was aborted', 'AbortError'), 'Нет связи')).toBe(
      'Нет связи',
    );
    expect(apiErrorMessage(new Error('useConfig must be used inside <ConfigProvider>'), 'Ошибка')).toBe(
      'Ошибка',
    );
  });

  it('passes Next cache hints on reads only', async () => {
    const fetch = mockFetch(json({ ok: true }));
    const api = createApiClient({
      baseUrl: 'http://api',
      shipperId: SHIPPER,
      platformId: PLATFORM,
      defaultNext: { revalidate: 60 },
    });
    await api.get('/v1/x', { schema });
    expect(((fetch.mock.calls[0]?.[1] ?? {}) as { next?: unknown }).next).toEqual({ revalidate: 60 });
    await api.post('/v1/x', { schema, body: {} });
    const postInit = fetch.mock.calls[1]?.[1] as { next?: unknown; cache?: string };
    expect(postInit.next).toBeUndefined();
    expect(postInit.cache).toBe('no-store');
  });

  it('tags every cached read with the tags of its path and query, never a write or a no-store read', async () => {
    const fetch = mockFetch(json({ ok: true }));
    const tagsFor = vi.fn((path: string, query: unknown) =>
      path === '/v2/menu-products' && (query as { branch_id?: string })?.branch_id
        ? ['catalogue', 'live-only']
        : ['content'],
    );
    const api = createApiClient({
      baseUrl: 'http://api',
      shipperId: SHIPPER,
      platformId: PLATFORM,
      defaultNext: { revalidate: 60 },
      tagsFor,
    });
    const nextOf = (i: number) => ((fetch.mock.calls[i]?.[1] ?? {}) as { next?: unknown }).next;
    await api.get('/v2/menu-products', { schema, query: { menu_id: 'm', branch_id: 'b' } });
    expect(nextOf(0)).toEqual({ revalidate: 60, tags: ['catalogue', 'live-only'] });
    await api.get('/v1/pages/about', { schema, next: { revalidate: 10, tags: ['content', 'mine'] } });
    expect(nextOf(1)).toEqual({ revalidate: 10, tags: ['content', 'mine'] });
    await api.get('/v1/pages/about', { schema, cache: 'no-store' });
    expect(nextOf(2)).toBeUndefined();
    await api.post('/v1/pages/about', { schema, body: {} });
    expect(nextOf(3)).toBeUndefined();
    expect(tagsFor).toHaveBeenCalledTimes(2);
  });
});

describe('api client in the browser (the contracts in zod/mini, loaded with the first call)', () => {
  const ORDER = { order_id: SHIPPER, external_order_id: 'B-10001' };

  it('parses the answer with the contract: unknown fields are dropped, as on the server', async () => {
    mockFetch(json({ ...ORDER, extra: 1 }));
    const api = createApiClient({ baseUrl: 'http://api', shipperId: SHIPPER, platformId: PLATFORM });
    await expect(
      api.post('/v2/ondemand-order', { schema: contract('ZCreateOrderResponse') }),
    ).resolves.toEqual(ORDER);
  });

  it('rejects an answer the contract refuses with BAD_RESPONSE, naming the call', async () => {
    mockFetch(new Response('<html>proxy page</html>', { status: 200 }));
    const api = createApiClient({ baseUrl: 'http://api', shipperId: SHIPPER, platformId: PLATFORM });
    const error = await api
      .post('/v2/ondemand-order', { schema: contract('ZCreateOrderResponse') })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, data: { code: 'BAD_RESPONSE' } });
    // The call is named for logs; a reader gets the caller's text, not the schema's English.
    expect((error as { data: { message: string } }).data.message).toMatch(
      /^Unexpected response from POST \/v2\/ondemand-order/,
    );
    expect(apiErrorMessage(error, 'fallback')).toBe('fallback');
    mockFetch(json({ ...ORDER, order_id: 'B-10001' }));
    await expect(
      api.post('/v2/ondemand-order', { schema: contract('ZCreateOrderResponse') }),
    ).rejects.toMatchObject({ status: 502, data: { code: 'BAD_RESPONSE' } });
  });

  it('starts loading the schema with the request, not after the answer', async () => {
    const events: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        events.push('fetch');
        return json({ ok: true });
      }),
    );
    const api = createApiClient({ baseUrl: 'http://api', shipperId: SHIPPER, platformId: PLATFORM });
    await api.get('/v1/x', {
      schema: async () => {
        events.push('load');
        return z.object({ ok: z.boolean() });
      },
    });
    expect(events).toEqual(['load', 'fetch']);
  });

  it('treats a schema that cannot load like an unreachable API, and leaves nothing unhandled when the call fails first', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      mockFetch(json({ ok: true }));
      const api = createApiClient({ baseUrl: 'http://api', shipperId: SHIPPER, platformId: PLATFORM });
      const broken = () => Promise.reject(new Error('Loading chunk 7 failed'));
      await expect(api.get('/v1/x', { schema: broken })).rejects.toMatchObject({
        status: 0,
        data: { code: 'NETWORK_ERROR', message: 'Loading chunk 7 failed' },
      });
      mockFetch(json({ statusCode: 500, code: 'INTERNAL', message: 'boom' }, 500));
      await expect(api.get('/v1/x', { schema: broken })).rejects.toMatchObject({ status: 500 });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('takes 204 No Content as NO_CONTENT, and refuses a body there', async () => {
    mockFetch(new Response(null, { status: 204 }));
    const api = createApiClient({ baseUrl: 'http://api', shipperId: SHIPPER, platformId: PLATFORM });
    await expect(api.post('/v1/customers/logout', { schema: NO_CONTENT })).resolves.toBeUndefined();
    mockFetch(json({ ok: true }));
    await expect(api.post('/v1/customers/logout', { schema: NO_CONTENT })).rejects.toMatchObject({
      status: 502,
      data: { code: 'BAD_RESPONSE' },
    });
  });
});

describe('isApiErrorBody', () => {
  it('accepts the API error shape and nothing else', () => {
    expect(isApiErrorBody({ statusCode: 400, code: 'BAD', message: 'm' })).toBe(true);
    expect(
      isApiErrorBody({ statusCode: 400, code: 'BAD', message: 'm', fields: [{ field: 'x', message: 'y' }] }),
    ).toBe(true);
    expect(isApiErrorBody({ statusCode: 400, code: 'BAD' })).toBe(false);
    expect(isApiErrorBody({ statusCode: '400', code: 'BAD', message: 'm' })).toBe(false);
    expect(isApiErrorBody({ statusCode: 400, code: 'BAD', message: 'm', fields: [{ field: 1 }] })).toBe(
      false,
    );
    expect(isApiErrorBody(null)).toBe(false);
    expect(isApiFailure({ status: 400, data: { statusCode: 400, code: 'BAD', message: 'm' } })).toBe(true);
    expect(isApiFailure(new Error('x'))).toBe(false);
  });
});

describe('buildUrl', () => {
  it('drops empty values and joins arrays with commas', () => {
    expect(
      buildUrl('http://a/', '/v2/product', {
        page: 1,
        search: '',
        menu_id: undefined,
        product_types: ['simple', 'combo'],
      }),
    ).toBe('http://a/v2/product?page=1&product_types=simple%2Ccombo');
  });
});
