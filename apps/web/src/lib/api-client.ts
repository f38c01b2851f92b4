import type { TApiError } from '@app/contracts';

/**
 * The one HTTP client of the storefront. Every call carries the `Shipper` and `Platform` headers,
 * `Accept-Language` with the page's locale (the API answers its messages, and writes the sign-in SMS,
 * in it) and, when a user is signed in, `Authorization: <access_token>` (the bare token, as the
 * platform's clients send it). Responses are parsed with their contract before they are returned;
 * failures reject with `{ status, data }` where `data` is the API's error body, so callers show
 * `data.message`.
 *
 * This module is also part of every page's first load, so it imports no zod: the server passes the
 * contracts' classic schemas, the browser a loader of their zod/mini build (`lib/browser-contracts.ts`), which
 * comes with the first call that needs it and loads while the request is on its way.
 */
export type TApiFailure = { status: number; data: TApiError };

export type TQueryValue = string | number | boolean | null | undefined;
export type TQuery = Record<string, TQueryValue | readonly (string | number)[]>;

/** Next's fetch cache hints; ignored by browsers. */
type TNextFetchOptions = { revalidate?: number | false; tags?: string[] };

/** A zod schema, classic or mini (both have `safeParse`): what an answer is parsed with. */
export type TResponseSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { message: string } };
};

/** How an answer is checked: a schema (the server's classic contracts), or a loader of one (the browser's). */
export type TResponseCheck<T> = TResponseSchema<T> | (() => Promise<TResponseSchema<T>>);

/** The answer of a call that answers 204 No Content (sign-out): nothing, and nothing else. */
export const NO_CONTENT: TResponseSchema<undefined> = {
  safeParse: (value) =>
    value === undefined
      ? { success: true, data: undefined }
      : { success: false, error: { message: 'expected no content' } },
};

export type TRequestOptions<T> = {
  schema: TResponseCheck<T>;
  query?: TQuery;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Server only: Next data-cache settings for this call. */
  next?: TNextFetchOptions;
  cache?: RequestCache;
};

export type TApiClientConfig = {
  baseUrl: string;
  shipperId: string;
  platformId: string;
  /**
   * The page's locale, sent as `Accept-Language` so the `data.message` a customer reads is in the
   * page's language. A function because the server reads it per request (next-intl's getLocale).
   */
  getLocale?: () => string | undefined | Promise<string | undefined>;
  /** Read on every call, so a sign-in or sign-out takes effect at once. */
  getToken?: () => string | null | undefined;
  /**
   * A 401 or 403 to a call sent with a token, with that token: the storefront signs the customer out
   * (spec section 6) if it is still the stored one; the staff workspace passes its own (401 only).
   */
  onUnauthorized?: (status: 401 | 403, token: string) => void;
  /** Defaults for every call, e.g. the server's revalidate window. */
  defaultNext?: TNextFetchOptions;
  /** Server only: the cache tags of a read (lib/cache-tags.ts), added to every cached GET's `next.tags`. */
  tagsFor?: (path: string, query: TQuery | undefined) => string[];
};

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The API's error body (ZApiError), checked by hand: it is read on every failure, on every page, often
 * synchronously (retry decisions, sign-out), where waiting for a schema to load is not possible.
 */
export function isApiErrorBody(value: unknown): value is TApiError {
  if (!isRecord(value)) return false;
  const { statusCode, code, message, fields } = value;
  return (
    Number.isInteger(statusCode) &&
    typeof code === 'string' &&
    typeof message === 'string' &&
    (fields === undefined ||
      (Array.isArray(fields) &&
        fields.every((f) => isRecord(f) && typeof f.field === 'string' && typeof f.message === 'string')))
  );
}

export function isApiFailure(error: unknown): error is TApiFailure {
  if (!isRecord(error)) return false;
  return typeof error.status === 'number' && isApiErrorBody(error.data);
}

/** The schema, loading now (in parallel with the request) when it comes through a loader. */
function schemaOf<T>(check: TResponseCheck<T>): Promise<TResponseSchema<T>> {
  const schema = typeof check === 'function' ? check() : Promise.resolve(check);
  // Awaited after the answer; a request that fails first must not leave an unhandled rejection.
  schema.catch(() => undefined);
  return schema;
}

/**
 * Failures the client describes itself, with no error body of the API: their `message` is the
 * browser's or the proxy's English ('Failed to fetch', 'Bad Gateway', a schema's complaint), kept for
 * logs and tests, never for a customer or a cook.
 */
const CLIENT_FAILURES: ReadonlySet<string> = new Set(['NETWORK_ERROR', 'HTTP_ERROR', 'BAD_RESPONSE']);

/**
 * The text to show for a failed call: the API's own message (in the request's language), else the
 * caller's text. Never an Error's own message: that is a program's English ('This operation was
 * aborted', an invariant), not something to show a customer or a cook.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (isApiFailure(error)) return (!CLIENT_FAILURES.has(error.data.code) && error.data.message) || fallback;
  return fallback;
}

export function buildUrl(baseUrl: string, path: string, query?: TQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

function failure(status: number, code: string, message: string): TApiFailure {
  return { status, data: { statusCode: status, code, message } };
}

async function readError(response: Response): Promise<TApiFailure> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isApiErrorBody(body)) return { status: response.status, data: body };
  return failure(response.status, 'HTTP_ERROR', response.statusText || `HTTP ${response.status}`);
}

export function createApiClient(config: TApiClientConfig) {
  async function request<T>(method: THttpMethod, path: string, options: TRequestOptions<T>): Promise<T> {
    const schemaReady = schemaOf(options.schema);
    const locale = await config.getLocale?.();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      ...(locale ? { 'Accept-Language': locale } : {}),
      Shipper: config.shipperId,
      Platform: config.platformId,
      ...options.headers,
    };
    const token = config.getToken?.();
    if (token) headers.Authorization = token;
    const hasBody = options.body !== undefined;
    if (hasBody) headers['Content-Type'] = 'application/json';

    const next = options.next ?? config.defaultNext;
    const init: RequestInit & { next?: TNextFetchOptions } = {
      method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    };
    if (options.cache) init.cache = options.cache;
    // Only reads are cached; a write must always reach the API.
    if (method === 'GET' && next && !options.cache) {
      const tags = [...(next.tags ?? []), ...(config.tagsFor?.(path, options.query) ?? [])];
      init.next = tags.length > 0 ? { ...next, tags: [...new Set(tags)] } : next;
    }
    if (method !== 'GET') init.cache = 'no-store';

    let response: Response;
    try {
      response = await fetch(buildUrl(config.baseUrl, path, options.query), init);
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw failure(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
    }

    if (!response.ok) {
      const error = await readError(response);
      if ((error.status === 401 || error.status === 403) && token)
        config.onUnauthorized?.(error.status, token);
      throw error;
    }

    const json: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    let schema: TResponseSchema<T>;
    try {
      schema = await schemaReady;
    } catch (error) {
      // The browser could not load the contracts' chunk: as unreachable as the API itself.
      throw failure(0, 'NETWORK_ERROR', error instanceof Error ? error.message : 'Network error');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw failure(
        502,
        'BAD_RESPONSE',
        `Unexpected response from ${method} ${path}: ${parsed.error.message}`,
      );
    }
    return parsed.data;
  }

  return {
    get: <T>(path: string, options: TRequestOptions<T>) => request('GET', path, options),
    post: <T>(path: string, options: TRequestOptions<T>) => request('POST', path, options),
    put: <T>(path: string, options: TRequestOptions<T>) => request('PUT', path, options),
    patch: <T>(path: string, options: TRequestOptions<T>) => request('PATCH', path, options),
    delete: <T>(path: string, options: TRequestOptions<T>) => request('DELETE', path, options),
  };
}

export type TApiClient = ReturnType<typeof createApiClient>;
