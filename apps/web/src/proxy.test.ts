import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { announcePrecompressedBodies } from './lib/html-cache/precompressed.mjs';

vi.mock('server-only', () => ({}));

/** The proxy with a fresh environment (env() caches what it read first). */
async function loadProxy(vars: Record<string, string> = {}) {
  vi.resetModules();
  for (const [key, value] of Object.entries(vars)) vi.stubEnv(key, value);
  return (await import('./proxy')).default;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

/** What Next forwards to the page's render: the request headers the proxy's answer overrides. */
function forwarded(response: Response, name: string): string | null {
  const overridden = (response.headers.get('x-middleware-override-headers') ?? '').split(',');
  return overridden.includes(name) ? response.headers.get(`x-middleware-request-${name}`) : null;
}

const nonceOf = (policy: string | null) => policy?.match(/'nonce-([^']+)'/)?.[1];

describe('proxy', () => {
  it('answers a page with a CSP naming a fresh nonce, and hands both to the render', async () => {
    const proxy = await loadProxy({ PUBLIC_API_URL: 'http://localhost:4000', MAP_TILE_URL: 'none' });
    const first = await proxy(new NextRequest('http://localhost:3000/en/about'));
    const policy = first.headers.get('content-security-policy');
    const nonce = nonceOf(policy);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain('http://localhost:4000');
    expect(forwarded(first, 'x-nonce')).toBe(nonce);
    expect(forwarded(first, 'content-security-policy')).toBe(policy);
    // next-intl still tells the render the locale (/en/... is already the internal path: no rewrite).
    expect(forwarded(first, 'x-next-intl-locale')).toBe('en');

    const second = await proxy(new NextRequest('http://localhost:3000/en/about'));
    expect(nonceOf(second.headers.get('content-security-policy'))).not.toBe(nonce);
  });

  it('keeps the locale routing: / and /uz rewrite, /ru redirects, each with the policy', async () => {
    const proxy = await loadProxy();
    const root = await proxy(new NextRequest('http://localhost:3000/about?city=samarkand'));
    expect(root.headers.get('x-middleware-rewrite')).toBe('http://localhost:3000/ru/about?city=samarkand');
    expect(forwarded(root, 'x-next-intl-locale')).toBe('ru');
    expect(nonceOf(forwarded(root, 'content-security-policy'))).toBe(forwarded(root, 'x-nonce'));

    const uz = await proxy(new NextRequest('http://localhost:3000/uz'));
    expect(forwarded(uz, 'x-next-intl-locale')).toBe('uz');
    expect(nonceOf(forwarded(uz, 'content-security-policy'))).toBe(forwarded(uz, 'x-nonce'));
    expect(forwarded(uz, 'x-nonce')).toMatch(/^[A-Za-z0-9+/]{22}==$/);

    const ru = await proxy(new NextRequest('http://localhost:3000/ru/about'));
    expect(ru.status).toBe(307);
    expect(ru.headers.get('location')).toBe('http://localhost:3000/about');
    expect(ru.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it("sends no alternates in a Link header: next-intl's drop a city's ?city= (the page's own tags keep it)", async () => {
    const proxy = await loadProxy();
    for (const path of ['/product/combo-lavash?city=samarkand', '/en/samarkand', '/']) {
      const response = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(response.headers.get('link') ?? '', path).not.toContain('alternate');
    }
  });

  it("overwrites a client's own nonce and policy headers", async () => {
    const proxy = await loadProxy();
    const response = await proxy(
      new NextRequest('http://localhost:3000/', {
        headers: { 'x-nonce': 'chosen-by-attacker', 'content-security-policy': "script-src 'unsafe-inline'" },
      }),
    );
    expect(forwarded(response, 'x-nonce')).not.toBe('chosen-by-attacker');
    expect(forwarded(response, 'content-security-policy')).toBe(
      response.headers.get('content-security-policy'),
    );
  });

  it('sends HSTS only from a production https site', async () => {
    const production = await loadProxy({ NODE_ENV: 'production', SITE_URL: 'https://baraka.example' });
    expect(
      (await production(new NextRequest('https://baraka.example/'))).headers.get('strict-transport-security'),
    ).toBe('max-age=31536000; includeSubDomains');
    const plain = await loadProxy({ NODE_ENV: 'production', SITE_URL: 'http://localhost:3000' });
    expect(
      (await plain(new NextRequest('http://localhost:3000/'))).headers.get('strict-transport-security'),
    ).toBeNull();
    const dev = await loadProxy({ NODE_ENV: 'development', SITE_URL: 'https://baraka.example' });
    const response = await dev(new NextRequest('https://baraka.example/'));
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("'unsafe-eval'");
  });
});

/**
 * The HTML cache through the proxy, with a stand-in for Next's server: it runs the proxy on every
 * request it gets (as Next does), renders a page carrying the nonce the proxy handed to the render,
 * and counts the render requests the cache makes.
 */
describe('proxy with the HTML cache', () => {
  const HTML_CACHE = Symbol.for('@app/web/html-cache');
  const BRANCH = '4b0b1a3c-9a7e-4f1e-8f0a-2c4d6e8f0a1b';
  const OTHER_BRANCH = '4b0b1a3c-9a7e-4f1e-8f0a-2c4d6e8f0a1c';
  let server: Server;
  let origin = '';
  const renders: { path: string; cookie: string | undefined }[] = [];
  /** The API's branch list (the same stand-in server, API_URL): its answer and the reads it got. */
  const branchList = { status: 200, ids: [BRANCH, OTHER_BRANCH], reads: 0 };
  /** The API's cities (`GET /v1/cities`): their slugs and the reads it got. */
  const cityList = { status: 200, slugs: ['tashkent', 'samarkand'], reads: 0 };

  const page = (nonce: string) =>
    `<html><head><script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script></head></html>`;

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      if (req.url?.startsWith('/v1/branches?')) {
        branchList.reads += 1;
        res.writeHead(branchList.status, { 'content-type': 'application/json' });
        const branches = branchList.ids.map((id) => ({ id }));
        res.end(JSON.stringify({ count: branches.length, branches }));
        return;
      }
      if (req.url === '/v1/cities') {
        cityList.reads += 1;
        res.writeHead(cityList.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ cities: cityList.slugs.map((slug) => ({ slug })) }));
        return;
      }
      const proxy = (await import('./proxy')).default;
      const routed = await proxy(
        new NextRequest(new URL(req.url ?? '/', origin), { headers: req.headers as Record<string, string> }),
      );
      renders.push({ path: req.url ?? '', cookie: req.headers.cookie });
      const nonce = forwarded(routed, 'x-nonce') ?? 'none';
      res.writeHead(req.url?.includes('no-such-city') ? 404 : 200, {
        'content-type': 'text/html; charset=utf-8',
        vary: 'rsc, next-router-state-tree',
        'content-security-policy': routed.headers.get('content-security-policy') ?? '',
        ...(req.url?.includes('cookie-city') ? { 'set-cookie': 'x=1' } : {}),
      });
      res.end(page(nonce));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(async () => {
    // A stored render belongs to the minute it was made in, and the minute's turn renders the pages
    // in use again: a test running across a turn would see a miss where it expects a hit, and an
    // earlier test's refresh among its renders. The clock stands mid-minute (Date only; timers and
    // sockets run as usual, so a turn's refresh timer is 30 s away, after the file has run).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T12:00:30Z'));
    renders.length = 0;
    Object.assign(branchList, { status: 200, ids: [BRANCH, OTHER_BRANCH], reads: 0 });
    Object.assign(cityList, { status: 200, slugs: ['tashkent', 'samarkand'], reads: 0 });
    delete (globalThis as unknown as Record<symbol, unknown>)[HTML_CACHE];
    const { processCache } = await import('./lib/cache/catalogue-cache.mjs');
    processCache().cache.reset();
    processCache().cache.setLive(true);
  });

  afterEach(async () => {
    vi.useRealTimers();
    const { processCache } = await import('./lib/cache/catalogue-cache.mjs');
    processCache().cache.setLive(false);
  });

  async function setup(vars: Record<string, string> = {}) {
    const proxy = await loadProxy({
      NODE_ENV: 'production',
      __NEXT_PRIVATE_ORIGIN: origin,
      API_URL: origin,
      MAP_TILE_URL: 'none',
      ...vars,
    });
    const { processHtmlCache } = await import('./lib/html-cache/serve');
    // Created here (its options apply at creation), before the proxy's first request.
    const { placeholder, token } = processHtmlCache({ maxEntries: 100, maxBytes: 1_000_000 });
    const get = (path: string, headers: Record<string, string> = {}) =>
      proxy(new NextRequest(new URL(path, origin), { headers }));
    return { proxy, placeholder, token, get };
  }

  /** The nonce of a served page: its body's and its policy's must be the same. */
  async function servedNonce(response: Response, placeholder: string): Promise<string> {
    const body = await response.text();
    const nonce = nonceOf(response.headers.get('content-security-policy')) ?? '';
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(body).toBe(page(nonce));
    expect(body).not.toContain(placeholder);
    return nonce;
  }

  it('answers its stored gzip to a browser that takes gzip, once the server in front says it sends it as such', async () => {
    const { get, placeholder } = await setup();
    const holder = globalThis as unknown as Record<symbol, unknown>;
    const key = Symbol.for('@app/web/precompressed-bodies');
    // Not announced (`next start`, `next dev`): a plain body, whatever the browser takes.
    await get('/');
    const plain = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers.get('x-html-cache')).toBe('hit');
    expect(plain.headers.get('x-html-cache-encoding')).toBeNull();
    await servedNonce(plain, placeholder);
    try {
      announcePrecompressedBodies();
      const zipped = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.headers.get('x-html-cache')).toBe('hit');
      expect(zipped.headers.get('x-html-cache-encoding')).toBe('gzip');
      const nonce = nonceOf(zipped.headers.get('content-security-policy')) ?? '';
      expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(page(nonce));
      // A browser that does not take gzip still gets the page as it is.
      for (const acceptEncoding of ['br', 'gzip;q=0', '']) {
        const other = await get('/', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
        expect(other.headers.get('x-html-cache-encoding'), acceptEncoding).toBeNull();
        await servedNonce(other, placeholder);
      }
    } finally {
      delete holder[key];
    }
  });

  it('renders a page once, with the placeholder and only the branch cookie, then serves it with fresh nonces', async () => {
    const { get, placeholder } = await setup();
    const cookie = `branch_id=${BRANCH}; session=secret; other=1`;
    const first = await get('/', { cookie });
    expect(first.headers.get('x-html-cache')).toBe('miss');
    const second = await get('/', { cookie });
    expect(second.headers.get('x-html-cache')).toBe('hit');
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The render's, and Accept-Encoding: a browser that takes gzip gets the page's stored gzip.
    expect(second.headers.get('vary')).toBe('rsc, next-router-state-tree, Accept-Encoding');
    const a = await servedNonce(first, placeholder);
    const b = await servedNonce(second, placeholder);
    expect(a).not.toBe(b);
    expect(renders).toEqual([{ path: '/', cookie: `branch_id=${BRANCH}` }]);
    // Another branch, another locale: other pages.
    await get('/', { cookie: `branch_id=${OTHER_BRANCH}` });
    await get('/en');
    await get('/en');
    expect(renders.map((r) => r.path)).toEqual(['/', '/', '/en']);
    // The chain's branches were read once, for the first branch cookie.
    expect(branchList.reads).toBe(1);
  });

  it("answers a branch id that is none of the chain's with the page without a branch, not a render of its own", async () => {
    const { get, placeholder } = await setup();
    expect((await get('/')).headers.get('x-html-cache')).toBe('miss');
    for (const id of ['c0ffee00-1234-4abc-9def-0123456789ab', crypto.randomUUID(), crypto.randomUUID()]) {
      const response = await get('/', { cookie: `branch_id=${id}` });
      expect(response.headers.get('x-html-cache'), id).toBe('hit');
      await servedNonce(response, placeholder);
    }
    // A malformed cookie is no branch either; a real one in capitals is the branch's own page.
    expect((await get('/', { cookie: 'branch_id=garbage' })).headers.get('x-html-cache')).toBe('hit');
    await get('/', { cookie: `branch_id=${BRANCH.toUpperCase()}` });
    expect((await get('/', { cookie: `branch_id=${BRANCH}` })).headers.get('x-html-cache')).toBe('hit');
    expect(renders).toEqual([
      { path: '/', cookie: undefined },
      { path: '/', cookie: `branch_id=${BRANCH}` },
    ]);
    expect(branchList.reads).toBe(1);
    // A new branch: the change stream announces it, the list is read again.
    const { processCache } = await import('./lib/cache/catalogue-cache.mjs');
    const added = 'c0ffee00-1234-4abc-9def-0123456789ab';
    branchList.ids.push(added);
    processCache().cache.invalidateTags(['branches']);
    expect((await get('/', { cookie: `branch_id=${added}` })).headers.get('x-html-cache')).toBe('miss');
    expect(renders.at(-1)).toEqual({ path: '/', cookie: `branch_id=${added}` });
    expect(branchList.reads).toBe(2);
  });

  it('renders a page for a branch cookie the ordinary way while the branch list cannot be read', async () => {
    const { get } = await setup();
    branchList.status = 503;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const cookie = `branch_id=${BRANCH}`;
      expect((await get('/', { cookie })).headers.get('x-html-cache')).toBeNull();
      const made = await get('/', { cookie: 'branch_id=c0ffee00-1234-4abc-9def-0123456789ab' });
      expect(made.headers.get('x-html-cache')).toBeNull();
      // Not read again at every request; a visitor without a branch is served as ever.
      expect(branchList.reads).toBe(1);
      expect((await get('/')).headers.get('x-html-cache')).toBe('miss');
      expect((await get('/', { cookie: 'branch_id=garbage' })).headers.get('x-html-cache')).toBe('hit');
      expect(renders).toEqual([{ path: '/', cookie: undefined }]);
    } finally {
      warn.mockRestore();
    }
  });

  it('makes one render for concurrent requests of a page', async () => {
    const { get, placeholder } = await setup();
    const responses = await Promise.all(Array.from({ length: 6 }, () => get('/samarkand')));
    const nonces = await Promise.all(responses.map((r) => servedNonce(r, placeholder)));
    expect(new Set(nonces).size).toBe(6);
    expect(renders).toHaveLength(1);
  });

  it("answers HEAD with a page's headers from the cache and no body, rendering a missing page with a GET", async () => {
    const { get, proxy } = await setup();
    const head = (path: string, headers: Record<string, string> = {}) =>
      proxy(new NextRequest(new URL(path, origin), { method: 'HEAD', headers }));
    const first = await head('/samarkand');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-html-cache')).toBe('miss');
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(nonceOf(first.headers.get('content-security-policy'))).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.body).toBeNull();
    // Stored by the HEAD's render: a GET is a hit, and so is the next HEAD.
    expect((await get('/samarkand')).headers.get('x-html-cache')).toBe('hit');
    const again = await head('/samarkand');
    expect(again.headers.get('x-html-cache')).toBe('hit');
    expect(again.body).toBeNull();
    expect(renders).toEqual([{ path: '/samarkand', cookie: undefined }]);
    // An unknown path in a city's place: its 404, headers only.
    const missing = await head('/no-such-city');
    expect(missing.status).toBe(404);
    expect(missing.body).toBeNull();
    // A query the cache does not take, and other methods, go the ordinary way.
    expect((await head('/?login')).headers.get('x-html-cache')).toBeNull();
    const options = await proxy(new NextRequest(new URL('/', origin), { method: 'OPTIONS' }));
    expect(options.headers.get('x-html-cache')).toBeNull();
  });

  it('leaves RSC requests, queries, other methods, redirects and other pages to the ordinary render', async () => {
    const { get, proxy } = await setup();
    for (const response of [
      await get('/', { RSC: '1' }),
      await get('/', { 'Next-Router-Prefetch': '1' }),
      // A city written as no link of ours writes it, and any parameter but a city and campaign tags.
      await get('/?city=Samarkand'),
      await get('/?city=sam%61rkand'),
      await get('/?login'),
      await get('/?utm_source=ig&login'),
      await get('/?_rsc=1'),
      await get('/cart'),
      // The staff workspace is neither a city's menu nor ever stored.
      await get('/staff'),
      await get('/en/staff'),
      await get('/staff/operator'),
      await get('/ru'),
      await proxy(new NextRequest(new URL('/', origin), { method: 'POST' })),
    ])
      expect(response.headers.get('x-html-cache')).toBeNull();
    expect(renders).toEqual([]);
  });

  it('answers cached pages past a full render gate; a page rendered per request waits its turn or gets a 503', async () => {
    const { installRenderGate, SLOT_HEADER, uninstallRenderGate } = await import(
      './lib/render-gate/render-gate.mjs'
    );
    const gate = installRenderGate();
    try {
      const { get } = await setup({
        RENDER_MAX_CONCURRENT: '1',
        RENDER_QUEUE_MAX: '1',
        RENDER_QUEUE_WAIT_MS: '60000',
      });
      const slot = (id: string, headers: Record<string, string> = {}) => ({ ...headers, [SLOT_HEADER]: id });
      // The one place: a query the cache does not take renders per request.
      const first = await get('/?login', slot('a'));
      expect(first.status).toBe(200);
      expect(first.headers.get('x-html-cache')).toBeNull();
      // The server's id is the gate's, not handed on to the page's render.
      expect(forwarded(first, 'x-nonce')).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(forwarded(first, SLOT_HEADER)).toBeNull();
      // The next waits in line; the one after finds the line full.
      let waited: Response | null = null;
      const second = get('/cart', slot('b')).then((response) => {
        waited = response;
      });
      await vi.waitFor(() => expect(gate.stats.waiting).toBe(1));
      const refused = await get('/?x=1', slot('c', { accept: 'text/html' }));
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.headers.get('content-security-policy')).toMatch(/'nonce-/);
      expect(await refused.text()).toContain('<html lang="ru">');
      // A cached page does not come to the gate: a miss renders, the next is a hit.
      expect((await get('/samarkand', slot('d'))).headers.get('x-html-cache')).toBe('miss');
      expect((await get('/samarkand', slot('e'))).headers.get('x-html-cache')).toBe('hit');
      // A redirect renders nothing, and a request without the server's id is not gated.
      expect((await get('/ru', slot('f'))).status).toBe(307);
      expect((await get('/?y=1')).status).toBe(200);
      expect(waited).toBeNull();
      // The first response closed: the second renders.
      gate.release('a');
      await second;
      expect((waited as Response | null)?.status).toBe(200);
      expect(gate.stats).toEqual({ rendering: 1, waiting: 0, refused: 1 });
    } finally {
      uninstallRenderGate();
    }
  });

  it("keys and renders a page with a city of the chain's `?city=`, leaving campaign tags out", async () => {
    const { get, placeholder } = await setup();
    expect((await get('/?city=samarkand')).headers.get('x-html-cache')).toBe('miss');
    for (const path of ['/?city=samarkand', '/?utm_source=tg&city=samarkand&ysclid=1']) {
      const response = await get(path);
      expect(response.headers.get('x-html-cache'), path).toBe('hit');
      await servedNonce(response, placeholder);
    }
    // Campaign tags alone: the page without a query, a key of its own apart from the city's.
    expect((await get('/?utm_source=ig&utm_campaign=lunch')).headers.get('x-html-cache')).toBe('miss');
    expect((await get('/')).headers.get('x-html-cache')).toBe('hit');
    // Rendered with the city and nothing else of the query; the list of cities read once.
    expect(renders.map((r) => r.path)).toEqual(['/?city=samarkand', '/']);
    expect(cityList.reads).toBe(1);
  });

  it('renders a made-up city, or any city while the list of cities cannot be read, the ordinary way', async () => {
    const { get } = await setup();
    expect((await get('/?city=atlantis')).headers.get('x-html-cache')).toBeNull();
    expect((await get('/?city=atlantis')).headers.get('x-html-cache')).toBeNull();
    delete (globalThis as unknown as Record<symbol, unknown>)[HTML_CACHE];
    cityList.status = 503;
    const { get: getAgain } = await setup();
    expect((await getAgain('/?city=samarkand')).headers.get('x-html-cache')).toBeNull();
    // Neither was rendered by the cache: the ordinary render answered each.
    expect(renders).toEqual([]);
  });

  it("answers an unknown path in a city's place with its one render (a 404, never stored)", async () => {
    const { get, placeholder } = await setup();
    for (let i = 0; i < 2; i++) {
      const response = await get('/no-such-city');
      expect(response.status).toBe(404);
      expect(response.headers.get('x-html-cache')).toBe('miss');
      await servedNonce(response, placeholder);
    }
    // Rendered once per request (not stored), never a second time by the ordinary path.
    expect(renders.map((r) => r.path)).toEqual(['/no-such-city', '/no-such-city']);
  });

  it('leaves a render that sets a cookie to the ordinary path', async () => {
    const { get } = await setup();
    expect((await get('/cookie-city')).headers.get('x-html-cache')).toBeNull();
  });

  it('renders with the placeholder only for the secret token; a guessed token gets a fresh nonce', async () => {
    const { proxy, placeholder, token } = await setup();
    const own = await proxy(
      new NextRequest(new URL('/', origin), { headers: { 'x-html-cache-render': token } }),
    );
    expect(forwarded(own, 'x-nonce')).toBe(placeholder);
    expect(forwarded(own, 'x-html-cache-render')).toBeNull();
    const guessed = await proxy(
      new NextRequest(new URL('/', origin), { headers: { 'x-html-cache-render': `${token.slice(1)}x` } }),
    );
    expect(guessed.headers.get('x-html-cache')).toBe('miss');
    await servedNonce(guessed, placeholder);
  });

  it('renders again after a change of the catalogue, and not from the cache while the stream is down', async () => {
    const { get } = await setup();
    const { processCache } = await import('./lib/cache/catalogue-cache.mjs');
    await get('/');
    expect((await get('/')).headers.get('x-html-cache')).toBe('hit');
    processCache().cache.invalidateTags(['catalogue']);
    expect((await get('/')).headers.get('x-html-cache')).toBe('miss');
    processCache().cache.setLive(false);
    const down = await get('/');
    expect(down.headers.get('x-html-cache')).toBeNull();
    expect(down.headers.get('x-middleware-rewrite')).toMatch(/:\d+\/ru$/);
    expect(renders).toHaveLength(2);
  });
});
