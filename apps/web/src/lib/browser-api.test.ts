import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiErrorMessage } from './api-client';
import { createBrowserApi, type TBrowserConfig } from './browser-api';
import { contract } from './browser-contracts';
import { useAuthStore } from './stores/auth';

/** The headers a mocked fetch was called with. */
const headersOf = (init: RequestInit | undefined) => (init?.headers ?? {}) as Record<string, string>;

const CONFIG: TBrowserConfig = {
  apiUrl: 'http://api.test',
  shipperId: '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60',
  platformId: '9c8b7a6d-5e4f-4a3b-9c2d-1e0f2a3b4c5d',
  siteUrl: 'http://site.test',
  mapTileUrl: null,
  mapTileAttribution: '',
};

/** The API's 429 of a too-early resend, in the language the request asks for (ru without one). */
const RESEND_TOO_EARLY: Record<string, string> = {
  ru: 'Новый код можно запросить через 40 секунд',
  uz: "Yangi kodni 40 soniyadan so'ng so'rash mumkin",
  en: 'A new code can be requested in 40 s',
};

function fakeApi() {
  const fn = vi.fn(async (_url: string, init?: RequestInit) => {
    const language = headersOf(init)['Accept-Language'] ?? 'ru';
    const body = { statusCode: 429, code: 'RESEND_TOO_EARLY', message: RESEND_TOO_EARLY[language] ?? '' };
    return new Response(JSON.stringify(body), {
      status: 429,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
// Every call here is refused before its answer is read: the contract is the one the real call uses.
const codeSent = contract('ZCodeSentResponse');
const customer = contract('ZCustomer');
const sendCode = (locale: string) =>
  createBrowserApi(CONFIG, locale)
    .post('/v1/customers/login', { schema: codeSent, body: { phone: '998901234567' } })
    .catch((error: unknown) => error);

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.setState({ user: null });
});

describe('browser api client', () => {
  it("sends the page's locale, so the login dialog shows the API's message in it", async () => {
    const fetch = fakeApi();
    // `/` is ru, `/uz` is uz, `/en` is en: the locale useLocale() gives the client.
    expect(apiErrorMessage(await sendCode('ru'), 'fallback')).toBe(RESEND_TOO_EARLY.ru);
    expect(apiErrorMessage(await sendCode('uz'), 'fallback')).toBe(RESEND_TOO_EARLY.uz);
    expect(apiErrorMessage(await sendCode('en'), 'wrong code')).toBe(RESEND_TOO_EARLY.en);
    const sent = fetch.mock.calls.map(([, init]) => headersOf(init)['Accept-Language']);
    expect(sent).toEqual(['ru', 'uz', 'en']);
  });

  it('carries the stored token by default and a token of its own when given one, in the same locale', async () => {
    const fetch = fakeApi();
    useAuthStore.setState({
      user: {
        id: 'c1',
        name: 'Aziz',
        phone: '998901234567',
        date_of_birth: null,
        access_token: 'stored-token',
      },
    });
    await createBrowserApi(CONFIG, 'uz')
      .get('/v1/customers/me', { schema: customer })
      .catch(() => {});
    await createBrowserApi(CONFIG, 'uz', { getToken: () => 'new-token' })
      .get('/v1/customers/me', { schema: customer })
      .catch(() => {});
    const headers = fetch.mock.calls.map(([, init]) => headersOf(init));
    expect(headers.map((h) => h.Authorization)).toEqual(['stored-token', 'new-token']);
    expect(headers.map((h) => h['Accept-Language'])).toEqual(['uz', 'uz']);
  });
});
