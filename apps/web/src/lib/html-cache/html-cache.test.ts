import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { createNonce } from '../security-headers';
import {
  bodyWithNonce,
  branchIdOfCookie,
  branchOfCookie,
  bypassReason,
  cacheKey,
  cacheQuery,
  createSecret,
  isCachedPage,
  renderedQuery,
  responseHeaders,
  STATIC_SEGMENTS,
  splitLinks,
} from './html-cache';
import {
  HtmlCache,
  isStorable,
  nextMinute,
  REFRESH_MAX_PAGES,
  type TFreshness,
  type TRendered,
} from './page-store';

const PLACEHOLDER = createSecret();

/** A stored part or a response body (bytes) as text. */
const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

/** A page as Next renders it: the nonce on scripts, a style, and inside the flight payload. */
function html(nonce: string, marker = 'menu'): string {
  return [
    '<!DOCTYPE html><html><head>',
    `<link rel="preload" as="script" nonce="${nonce}" href="/_next/static/chunks/a.js"/>`,
    `<style nonce="${nonce}">#nprogress{}</style></head><body><h1>${marker}</h1>`,
    `<script nonce="${nonce}">self.__next_f.push([1,"0:{\\"nonce\\":\\"${nonce}\\"}"])</script>`,
    `<script type="application/ld+json" nonce="${nonce}">{}</script>`,
    '</body></html>',
  ].join('');
}

function rendered(body: string, overrides: Partial<TRendered> = {}): TRendered {
  return {
    status: 200,
    headers: [
      ['content-type', 'text/html; charset=utf-8'],
      ['cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate'],
      ['vary', 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch'],
      ['content-security-policy', `script-src 'nonce-${PLACEHOLDER}'`],
      ['date', 'Thu, 26 Nov 2026 06:00:00 GMT'],
      ['content-length', String(body.length)],
    ],
    body,
    ...overrides,
  };
}

/** A cache over a fake change stream and clock. */
function setup(options: { maxEntries?: number; maxBytes?: number } = {}) {
  const stream: TFreshness = { seq: 1, live: true };
  const clock = { now: Date.UTC(2026, 10, 26, 12, 30, 0) };
  /** The minute's turn timers the cache planned: when each runs (clock time) and what it runs. */
  const timers: { at: number; run: () => void }[] = [];
  const cache = new HtmlCache({
    maxEntries: options.maxEntries ?? 10,
    maxBytes: options.maxBytes ?? 1_000_000,
    placeholder: PLACEHOLDER,
    freshness: () => ({ ...stream }),
    now: () => clock.now,
    schedule: (run, delayMs) => timers.push({ at: clock.now + delayMs, run }),
  });
  let renders = 0;
  const render =
    (marker = 'menu') =>
    async () => {
      renders += 1;
      return rendered(html(PLACEHOLDER, marker));
    };
  return { stream, clock, cache, render, renders: () => renders, timers };
}

describe('createSecret', () => {
  it('looks like a nonce (same length, base64) without + or /, and is never the same twice', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const secret = createSecret();
      expect(secret).toMatch(/^[A-Za-z0-9]{22}==$/);
      expect(secret.length).toBe(createNonce().length);
      seen.add(secret);
    }
    expect(seen.size).toBe(200);
  });

  it('draws every character from random bytes, skipping the biased ones (>= 248)', () => {
    const secret = createSecret((bytes) => bytes.fill(250).fill(61, 0, 11));
    // 11 characters a call from the second half skipped: two calls.
    expect(secret).toBe(`${'9'.repeat(22)}==`);
  });
});

describe('which pages and requests', () => {
  it('keeps the home menu, a city menu and a product page in any locale, nothing else', () => {
    for (const path of ['/ru', '/en', '/uz', '/ru/samarkand', '/en/tashkent', '/uz/product/plov-1'])
      expect(isCachedPage(path), path).toBe(true);
    for (const path of [
      '/',
      '/de',
      '/ru/cart',
      '/en/profile',
      '/ru/checkout',
      '/ru/myorders',
      '/ru/product',
      '/ru/news/some-news',
      '/ru/samarkand/extra',
      '/ru/Samarkand',
      '/ru/%D0%B0',
      '/ru/product/a/b',
      '/ru/',
      '/ru/staff',
      '/en/staff',
      '/uz/staff/operator',
    ])
      expect(isCachedPage(path), path).toBe(false);
  });

  it('lists every static route folder of app/[locale] and its route groups (anything else single is a city)', () => {
    const dir = fileURLToPath(new URL('../../app/[locale]/', import.meta.url));
    // A route group's folders ('(shop)/cart') are URL segments of [locale] itself.
    const segments = (at: string): string[] =>
      readdirSync(at, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) =>
          /^\(.+\)$/.test(entry.name)
            ? segments(join(at, entry.name))
            : /^[a-z]/.test(entry.name)
              ? [entry.name]
              : [],
        );
    const folders = segments(dir).sort();
    expect(folders).toContain('staff');
    expect(folders).toContain('cart');
    expect([...STATIC_SEGMENTS].sort()).toEqual(folders);
  });

  it("knows every request-time read of the pages' code: the branch cookie and the nonce header", () => {
    // A new cookies()/headers() read anywhere in the storefront may make a cached page differ
    // between visitors: it must be added to the key (cacheKey) or keep its page out of the cache,
    // and then to this list.
    const src = fileURLToPath(new URL('../../', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
      }
    };
    walk(src);
    const reads = files
      .filter((file) => readFileSync(file, 'utf8').includes("from 'next/headers'"))
      .map((file) => relative(src, file))
      .sort();
    expect(reads).toEqual([
      'components/json-ld.tsx',
      // The branch's live state the page was rendered with (issue 13): the same branch cookie, read as
      // the menu reads it, so the page's key already holds it.
      'features/live-stop/api/live-state.server.ts',
      'features/menu/api/menu.server.ts',
      'features/menu/components/menu-page.tsx',
    ]);
    // A header's or cookie's read: `.get(<one name>)` (the API client's `.get(path, options)` is not one).
    const gets = (file: string) =>
      [...readFileSync(join(src, file), 'utf8').matchAll(/\.get\((COOKIE_NAMES\.\w+|'[^']*')\)/g)].map(
        (match) => match[1],
      );
    expect(gets('features/menu/api/menu.server.ts')).toEqual(['COOKIE_NAMES.branchId']);
    expect(gets('features/live-stop/api/live-state.server.ts')).toEqual(['COOKIE_NAMES.branchId']);
    for (const file of ['components/json-ld.tsx', 'features/menu/components/menu-page.tsx'])
      expect(gets(file), file).toEqual(["'x-nonce'"]);
  });

  it('answers only a plain GET without query and without client-router headers', () => {
    const request = (method: string, search: string, headers: Record<string, string> = {}) => ({
      method,
      search,
      headers: new Headers(headers),
    });
    expect(bypassReason(request('GET', ''))).toBeNull();
    expect(bypassReason(request('HEAD', ''))).toBeNull();
    expect(bypassReason(request('POST', ''))).toBe('method');
    expect(bypassReason(request('GET', '?city=samarkand'))).toBeNull();
    expect(bypassReason(request('GET', '?city=Samarkand'))).toBe('query');
    expect(bypassReason(request('GET', '?_rsc=abc'))).toBe('query');
    // A campaign's link: the page without its tags.
    expect(bypassReason(request('GET', '?utm_source=instagram&utm_campaign=lunch'))).toBeNull();
    expect(bypassReason(request('GET', '?utm_source=instagram&city=samarkand'))).toBeNull();
    expect(bypassReason(request('GET', '?utm_source=instagram&login'))).toBe('query');
    expect(bypassReason(request('HEAD', '?ysclid=abc'))).toBeNull();
    expect(bypassReason(request('HEAD', '?login'))).toBe('query');
    expect(bypassReason(request('OPTIONS', ''))).toBe('method');
    expect(bypassReason(request('GET', '?ysclid=abc', { RSC: '1' }))).toBe('header rsc');
    expect(bypassReason(request('GET', '', { RSC: '1' }))).toBe('header rsc');
    expect(bypassReason(request('GET', '', { 'Next-Router-State-Tree': '[]' }))).toBe(
      'header next-router-state-tree',
    );
    expect(bypassReason(request('GET', '', { 'Next-Router-Prefetch': '1' }))).toBe(
      'header next-router-prefetch',
    );
    expect(bypassReason(request('GET', '', { 'Next-Action': 'x' }))).toBe('header next-action');
  });

  it('keys and renders a page with its city alone: campaign tags and click ids left out, anything else not cached', () => {
    const taken: [string, string | null][] = [
      ['', null],
      ['?utm_source=instagram', null],
      ['?utm_source=ig&utm_medium=cpc&utm_campaign=lunch&utm_term=plov&utm_content=a&utm_id=7', null],
      ['?fbclid=IwAR0abc', null],
      ['?gclid=x&gbraid=y&wbraid=z', null],
      ['?yclid=123&ysclid=lq1w2e3r4t', null],
      ['?_openstat=abc&msclkid=d&ttclid=e', null],
      ['?utm_source=', null],
      ['?utm_source', null],
      ['?city=samarkand', 'samarkand'],
      ['?utm_source=tg&city=samarkand&ysclid=1', 'samarkand'],
      ['?city=tashkent', 'tashkent'],
    ];
    for (const [search, city] of taken) expect(cacheQuery(search), search).toEqual({ city });
    expect(renderedQuery(null)).toBe('');
    expect(renderedQuery('samarkand')).toBe('?city=samarkand');
    for (const search of [
      '?',
      '?login',
      '?_rsc=abc',
      '?fresh=1',
      '?utm_source=ig&login',
      '?UTM_SOURCE=ig',
      '?utm_source=a&utm_source=b',
      '?utm_source=ig&',
      '?&utm_source=ig',
      `?utm_source=${'x'.repeat(1100)}`,
      'utm_source=ig',
      // A city as no link writes it: the page for it is not stored under another spelling.
      '?city=',
      '?city',
      '?city=Samarkand',
      '?city=sam%61rkand',
      '?city=samarkand&city=bukhara',
      '?city=-samarkand',
      `?city=${'a'.repeat(101)}`,
    ])
      expect(cacheQuery(search), search).toBeNull();
  });

  it('keys by internal path and branch, reading the branch cookie as the menu does (a UUID or none)', () => {
    const id = '4b0b1a3c-9a7e-4f1e-8f0a-2c4d6e8f0a1b';
    for (const value of [id, id.toUpperCase()]) expect(branchIdOfCookie(value)).toBe(id);
    for (const value of [undefined, '', 'nope', `${id}x`, ` ${id}`, '../../etc'])
      expect(branchIdOfCookie(value)).toBeNull();
    expect(cacheKey('/ru', null)).not.toBe(cacheKey('/en', null));
    expect(cacheKey('/ru', null)).not.toBe(cacheKey('/ru', id));
    expect(cacheKey('/ru/samarkand', id)).toBe(cacheKey('/ru/samarkand', id));
  });
});

describe('the branch of the key', () => {
  const REAL = '4b0b1a3c-9a7e-4f1e-8f0a-2c4d6e8f0a1b';
  const CLOSED = '7d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e';
  /** The chain's branches, active or not (known-list.ts reads every one). */
  const KNOWN: ReadonlySet<string> = new Set([REAL, CLOSED]);
  const UNKNOWN = 'c0ffee00-1234-4abc-9def-0123456789ab';

  it('keys a real branch of the chain on its id, active or not, whatever the case of the cookie', () => {
    expect(branchOfCookie(REAL, KNOWN)).toBe(REAL);
    expect(branchOfCookie(CLOSED, KNOWN)).toBe(CLOSED);
    expect(branchOfCookie(REAL.toUpperCase(), KNOWN)).toBe(REAL);
    expect(cacheKey('/ru', branchOfCookie(REAL.toUpperCase(), KNOWN))).toBe(cacheKey('/ru', REAL));
  });

  it('keys an unknown UUID, a malformed value and no cookie alike: the page without a branch', () => {
    const none = cacheKey('/ru/samarkand', null);
    for (const value of [UNKNOWN, UNKNOWN.toUpperCase(), 'not-a-branch', `${REAL}x`, '', undefined]) {
      expect(branchOfCookie(value, KNOWN), String(value)).toBeNull();
      expect(cacheKey('/ru/samarkand', branchOfCookie(value, KNOWN))).toBe(none);
    }
    // Without the list (an empty chain), no cookie is a branch.
    expect(branchOfCookie(REAL, new Set())).toBeNull();
  });

  it('makes one key per real branch, however many made-up ids arrive', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 1000; i += 1) keys.add(cacheKey('/ru', branchOfCookie(crypto.randomUUID(), KNOWN)));
    for (const value of [REAL, CLOSED, REAL.toUpperCase(), undefined])
      keys.add(cacheKey('/ru', branchOfCookie(value, KNOWN)));
    expect(keys).toEqual(new Set([cacheKey('/ru', null), cacheKey('/ru', REAL), cacheKey('/ru', CLOSED)]));
  });

  it('serves an unknown branch id the page stored without a branch, with no render of its own', async () => {
    const { cache, render, renders } = setup();
    const lookup = (cookie: string | undefined, marker: string) =>
      cache.lookup(cacheKey('/ru', branchOfCookie(cookie, KNOWN)), render(marker));
    expect((await lookup(undefined, 'no branch'))?.outcome).toBe('miss');
    for (const cookie of [UNKNOWN, crypto.randomUUID(), 'garbage']) {
      const found = await lookup(cookie, `render for ${cookie}`);
      expect(found?.outcome, cookie).toBe('hit');
      expect(found?.page.parts.map(text).join('')).toContain('<h1>no branch</h1>');
    }
    expect(renders()).toBe(1);
    expect(cache.size).toBe(1);
    // A real branch is its own page (its menu, stop list and live state), rendered once.
    expect((await lookup(REAL, 'real'))?.outcome).toBe('miss');
    expect((await lookup(REAL.toUpperCase(), 'again'))?.page.parts.map(text).join('')).toContain(
      '<h1>real</h1>',
    );
    expect(renders()).toBe(2);
    expect(cache.size).toBe(2);
  });

  it('lets no flood of made-up ids evict the pages in use', async () => {
    const { cache, render, renders } = setup({ maxEntries: 2 });
    await cache.lookup(cacheKey('/ru', branchOfCookie(REAL, KNOWN)), render('real'));
    await cache.lookup(cacheKey('/ru', null), render('none'));
    for (let i = 0; i < 50; i += 1)
      await cache.lookup(cacheKey('/ru', branchOfCookie(crypto.randomUUID(), KNOWN)), render('flood'));
    expect(renders()).toBe(2);
    expect((await cache.lookup(cacheKey('/ru', REAL), render()))?.outcome).toBe('hit');
  });
});

describe('substitution', () => {
  it('puts the nonce wherever the placeholder was, leaving no trace of it', () => {
    const { cache } = setup();
    const page = cache.prepare(rendered(html(PLACEHOLDER)));
    const nonce = createNonce();
    const body = text(bodyWithNonce(page, nonce, PLACEHOLDER));
    expect(body).toBe(html(nonce));
    expect(body).not.toContain(PLACEHOLDER);
    expect(body.split(nonce)).toHaveLength(6);
  });

  it('gives two responses different nonces', () => {
    const { cache } = setup();
    const page = cache.prepare(rendered(html(PLACEHOLDER)));
    const a = createNonce();
    const b = createNonce();
    expect(a).not.toBe(b);
    expect(text(bodyWithNonce(page, a, PLACEHOLDER))).not.toBe(text(bodyWithNonce(page, b, PLACEHOLDER)));
    expect(text(bodyWithNonce(page, b, PLACEHOLDER))).toBe(html(b));
  });

  it('refuses a nonce of another length or alphabet, or the placeholder itself', () => {
    const { cache } = setup();
    const page = cache.prepare(rendered(html(PLACEHOLDER)));
    expect(() => bodyWithNonce(page, 'short', PLACEHOLDER)).toThrow();
    expect(() => bodyWithNonce(page, PLACEHOLDER, PLACEHOLDER)).toThrow();
    // As long as the placeholder in characters, but not in bytes (or not a nonce at all).
    expect(() => bodyWithNonce(page, `${'я'.repeat(22)}==`, PLACEHOLDER)).toThrow();
    expect(() => bodyWithNonce(page, `${'a'.repeat(21)}"==`, PLACEHOLDER)).toThrow();
  });

  it('encodes each part once, as UTF-8, and answers bytes the page decodes to', () => {
    const { cache } = setup();
    const source = html(PLACEHOLDER, 'Плов с казы — 65 000 сум, oʻzbek taomi');
    const page = cache.prepare(rendered(source));
    expect(page.parts).toHaveLength(6);
    expect(page.bytes).toBe(Buffer.byteLength(source));
    const nonce = createNonce();
    const body = bodyWithNonce(page, nonce, PLACEHOLDER);
    expect(body.byteLength).toBe(page.bytes);
    expect(text(body)).toBe(html(nonce, 'Плов с казы — 65 000 сум, oʻzbek taomi'));
    // A page without the placeholder is one part, answered as it was rendered.
    const plain = cache.prepare(rendered('<p>ёж</p>'));
    expect(text(bodyWithNonce(plain, nonce, PLACEHOLDER))).toBe('<p>ёж</p>');
  });

  it('keeps no per-response header of the render (its CSP names the placeholder)', () => {
    const { cache } = setup();
    const page = cache.prepare(rendered(html(PLACEHOLDER)));
    const names = page.headers.map(([name]) => name);
    expect(names).toEqual(['content-type', 'cache-control', 'vary']);
    expect(JSON.stringify(page.headers)).not.toContain(PLACEHOLDER);
  });
});

describe('response headers', () => {
  const alternates = (host: string) =>
    `<http://${host}/>; rel="alternate"; hreflang="ru", <http://${host}/en>; rel="alternate"; hreflang="en"`;
  const preload = (nonce: string) =>
    `</_next/static/chunks/a.css>; rel=preload; as="style"; nonce="${nonce}"`;

  it("replays the render's headers with the nonce, the routing's alternates and policy, no internal header", () => {
    const { cache } = setup();
    const page = cache.prepare(
      rendered('x', {
        headers: [
          ['content-type', 'text/html; charset=utf-8'],
          ['link', `${alternates('localhost:3000')}, ${preload(PLACEHOLDER)}`],
          ['x-middleware-rewrite', '/ru'],
          ['x-frame-options', 'DENY'],
          ['content-security-policy', `script-src 'nonce-${PLACEHOLDER}'`],
          ['set-cookie', 'a=b'],
        ],
      }),
    );
    const nonce = createNonce();
    const routed = new Headers({
      'content-security-policy': `script-src 'nonce-${nonce}'`,
      link: alternates('shop.example'),
      'x-middleware-rewrite': 'http://shop.example/ru',
      'x-middleware-request-x-nonce': nonce,
    });
    const headers = responseHeaders(page, routed, nonce, PLACEHOLDER);
    expect([...headers.keys()].sort()).toEqual([
      'content-security-policy',
      'content-type',
      'link',
      'x-frame-options',
    ]);
    expect(headers.get('content-security-policy')).toBe(`script-src 'nonce-${nonce}'`);
    expect(splitLinks(headers.get('link') ?? '')).toEqual([
      ...splitLinks(alternates('shop.example')),
      preload(nonce),
    ]);
    expect([...headers.values()].join('\n')).not.toContain(PLACEHOLDER);
  });

  it('splits a Link header at the commas between links only', () => {
    expect(splitLinks('<a>; rel="x", <b>; rel=preload; as="style"')).toEqual([
      '<a>; rel="x"',
      '<b>; rel=preload; as="style"',
    ]);
    expect(splitLinks('')).toEqual([]);
  });
});

describe('HtmlCache', () => {
  it('renders a key once and serves it from then on', async () => {
    const { cache, render, renders } = setup();
    expect((await cache.lookup('a', render()))?.outcome).toBe('miss');
    const second = await cache.lookup('a', render());
    expect(second?.outcome).toBe('hit');
    expect(second?.page.parts.map(text).join('N')).toBe(html('N'));
    expect(renders()).toBe(1);
  });

  it('renders once for concurrent requests of a key (no stampede), once per key', async () => {
    const { cache, render, renders } = setup();
    const all = await Promise.all([
      ...Array.from({ length: 5 }, () => cache.lookup('a', render('A'))),
      ...Array.from({ length: 5 }, () => cache.lookup('b', render('B'))),
    ]);
    expect(renders()).toBe(2);
    expect(all.map((found) => found?.page.parts.map(text).join('').includes('<h1>A</h1>'))).toEqual([
      ...Array(5).fill(true),
      ...Array(5).fill(false),
    ]);
  });

  it('drops every page at a change or reset of the stream', async () => {
    const { cache, render, renders, stream } = setup();
    await cache.lookup('a', render());
    stream.seq += 1;
    expect((await cache.lookup('a', render('new')))?.outcome).toBe('miss');
    expect(renders()).toBe(2);
    expect((await cache.lookup('a', render()))?.page.parts.map(text).join('')).toContain('<h1>new</h1>');
  });

  it('does not store a render during which a change arrived, nor let a later request wait for it', async () => {
    const { cache, stream } = setup();
    let finish: (value: TRendered) => void = () => {};
    const slow = cache.lookup('a', () => new Promise<TRendered>((resolve) => (finish = resolve)));
    stream.seq += 1;
    let later = 0;
    const after = cache.lookup('a', async () => {
      later += 1;
      return rendered(html(PLACEHOLDER, 'after'));
    });
    finish(rendered(html(PLACEHOLDER, 'before')));
    expect((await slow)?.page.parts.map(text).join('')).toContain('before');
    expect((await after)?.page.parts.map(text).join('')).toContain('after');
    expect(later).toBe(1);
    const third = await cache.lookup('a', async () => rendered(html(PLACEHOLDER, 'third')));
    expect(third?.outcome).toBe('hit');
    expect(third?.page.parts.map(text).join('')).toContain('after');
  });

  it('serves nothing while the stream is down, and nothing stored before it came back', async () => {
    const { cache, render, renders, stream } = setup();
    await cache.lookup('a', render());
    stream.live = false;
    expect(await cache.lookup('a', render())).toBeNull();
    expect(renders()).toBe(1);
    // Back: the stream's reset moves the sequence.
    stream.live = true;
    stream.seq += 1;
    expect((await cache.lookup('a', render()))?.outcome).toBe('miss');
  });

  it('does not store a render that ends after the stream went down', async () => {
    const { cache, stream } = setup();
    let finish: (value: TRendered) => void = () => {};
    const pending = cache.lookup('a', () => new Promise<TRendered>((resolve) => (finish = resolve)));
    stream.live = false;
    finish(rendered(html(PLACEHOLDER)));
    await pending;
    stream.live = true;
    expect(cache.size).toBe(0);
  });

  it('serves a page no later than the end of the minute it was rendered in', async () => {
    const { cache, render, renders, clock } = setup();
    clock.now = Date.UTC(2026, 10, 26, 12, 30, 59, 500);
    await cache.lookup('a', render());
    clock.now += 499;
    expect((await cache.lookup('a', render()))?.outcome).toBe('hit');
    clock.now += 1;
    expect((await cache.lookup('a', render()))?.outcome).toBe('miss');
    expect(renders()).toBe(2);
    expect(nextMinute(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe(Date.UTC(2026, 0, 1, 0, 1, 0));
  });

  it('does not store a render that crosses a minute boundary', async () => {
    const { cache, clock } = setup();
    clock.now = Date.UTC(2026, 10, 26, 12, 30, 59, 900);
    await cache.lookup('a', async () => {
      clock.now += 200;
      return rendered(html(PLACEHOLDER));
    });
    expect(cache.size).toBe(0);
  });

  it('stores only 200 HTML that sets no cookie, and serves the others to their own request', async () => {
    expect(isStorable(rendered('x'))).toBe(true);
    expect(isStorable(rendered('x', { status: 404 }))).toBe(false);
    expect(isStorable(rendered('x', { status: 500 }))).toBe(false);
    expect(isStorable(rendered('x', { headers: [['content-type', 'application/json']] }))).toBe(false);
    expect(
      isStorable(
        rendered('x', {
          headers: [
            ['content-type', 'text/html'],
            ['set-cookie', 'a=b'],
          ],
        }),
      ),
    ).toBe(false);
    const { cache } = setup();
    const found = await cache.lookup('a', async () => rendered(html(PLACEHOLDER), { status: 404 }));
    expect(found?.page.status).toBe(404);
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries pages and maxBytes bytes, dropping the least recently used', async () => {
    const byCount = setup({ maxEntries: 2 });
    for (const key of ['a', 'b', 'a', 'c']) await byCount.cache.lookup(key, byCount.render(key));
    expect(byCount.cache.size).toBe(2);
    expect((await byCount.cache.lookup('a', byCount.render()))?.outcome).toBe('hit');
    expect((await byCount.cache.lookup('b', byCount.render()))?.outcome).toBe('miss');

    // A page's size is its text and its gzip (what it holds in memory).
    const pageSize = byCount.cache.prepare(rendered(html(PLACEHOLDER, 'x'))).size;
    expect(pageSize).toBeGreaterThan(Buffer.byteLength(html(PLACEHOLDER, 'x')));
    const byBytes = setup({ maxBytes: pageSize * 3 + 10 });
    for (const key of ['a', 'b', 'c', 'd', 'e']) await byBytes.cache.lookup(key, byBytes.render('x'));
    expect(byBytes.cache.size).toBe(3);
    expect(byBytes.cache.storedBytes).toBeLessThanOrEqual(pageSize * 3 + 10);
  });

  it('counts bytes, not characters (Cyrillic is two bytes a letter in UTF-8)', () => {
    const { cache } = setup();
    expect(cache.prepare(rendered('меню')).bytes).toBe(8);
  });

  it('lets a failed render fail its waiters and renders again on the next request', async () => {
    const { cache, render, renders } = setup();
    const failing = async (): Promise<TRendered> => {
      throw new Error('down');
    };
    await expect(Promise.all([cache.lookup('a', failing), cache.lookup('a', failing)])).rejects.toThrow(
      'down',
    );
    expect((await cache.lookup('a', render()))?.outcome).toBe('miss');
    expect(renders()).toBe(1);
  });

  describe("at a minute's turn", () => {
    const TURN = Date.UTC(2026, 10, 26, 12, 31, 0);

    it('renders again the pages visitors were served in the minute that ended, so the next visitor finds them', async () => {
      const { cache, render, renders, clock, timers } = setup();
      await cache.lookup('a', render('a1'));
      await cache.lookup('b', render('b1'));
      // One timer for the turn, whatever the number of pages, just past it.
      expect(timers.map((t) => t.at)).toEqual([TURN + 1]);
      clock.now = TURN + 1;
      expect(await cache.refreshServed()).toBe(2);
      expect(renders()).toBe(4);
      const a = await cache.lookup('a', render('never'));
      expect(a?.outcome).toBe('hit');
      expect(a?.page.parts.map(text).join('')).toContain('<h1>a1</h1>');
      expect(renders()).toBe(4);
    });

    it('does not render again a page nobody asked for since its last render', async () => {
      const { cache, render, renders, clock } = setup();
      await cache.lookup('a', render());
      await cache.lookup('b', render());
      clock.now = TURN + 1;
      await cache.refreshServed();
      expect(renders()).toBe(4);
      // Only b is asked for in the new minute: only b is rendered at the next turn.
      clock.now = TURN + 30_000;
      expect((await cache.lookup('b', render()))?.outcome).toBe('hit');
      clock.now = TURN + 60_001;
      expect(await cache.refreshServed()).toBe(1);
      expect(renders()).toBe(5);
      expect((await cache.lookup('b', render()))?.outcome).toBe('hit');
      expect((await cache.lookup('a', render()))?.outcome).toBe('miss');
      // Nothing due before the turn.
      clock.now = TURN + 60_002;
      expect(await cache.refreshServed()).toBe(0);
    });

    it('plans the next turn from its own timer while visitors keep asking', async () => {
      const { cache, render, clock, timers } = setup();
      await cache.lookup('a', render());
      clock.now = TURN + 1;
      timers.shift()?.run();
      await vi.waitFor(() => expect(timers.map((t) => t.at)).toEqual([TURN + 60_001]));
      await cache.lookup('a', render());
      clock.now = TURN + 60_001;
      timers.shift()?.run();
      await vi.waitFor(() => expect(timers.map((t) => t.at)).toEqual([TURN + 120_001]));
    });

    it('renders at most REFRESH_MAX_PAGES pages, the most recently used first', async () => {
      const { cache, render, renders, clock } = setup({ maxEntries: 100 });
      for (let i = 0; i < REFRESH_MAX_PAGES + 4; i += 1) await cache.lookup(`p${i}`, render(`p${i}`));
      clock.now = TURN + 1;
      expect(await cache.refreshServed()).toBe(REFRESH_MAX_PAGES);
      expect(renders()).toBe(2 * REFRESH_MAX_PAGES + 4);
      expect((await cache.lookup(`p${REFRESH_MAX_PAGES + 3}`, render()))?.outcome).toBe('hit');
      expect((await cache.lookup('p0', render()))?.outcome).toBe('miss');
    });

    it('keeps the cache rules: nothing while the stream is down, no render stored across a change', async () => {
      const down = setup();
      await down.cache.lookup('a', down.render());
      down.stream.live = false;
      down.clock.now = TURN + 1;
      expect(await down.cache.refreshServed()).toBe(0);
      expect(down.renders()).toBe(1);

      const changed = setup();
      await changed.cache.lookup('a', changed.render());
      changed.clock.now = TURN + 1;
      await changed.cache.refreshServed();
      // The refreshed page was rendered before this change: the next visitor gets a new render.
      changed.stream.seq += 1;
      expect((await changed.cache.lookup('a', changed.render('new')))?.outcome).toBe('miss');
    });

    it('lets a visitor arriving during the refresh wait for it, and counts it as served', async () => {
      const { cache, clock, timers } = setup();
      // The page's render: the refresh's (its second) is held until the test lets it go.
      let finish: (value: TRendered) => void = () => {};
      let calls = 0;
      const pageRender = async (): Promise<TRendered> => {
        calls += 1;
        if (calls !== 2) return rendered(html(PLACEHOLDER, `render ${calls}`));
        return new Promise<TRendered>((resolve) => (finish = resolve));
      };
      await cache.lookup('a', pageRender);
      clock.now = TURN + 1;
      const refreshing = cache.refreshServed();
      let visitorRenders = 0;
      const visitor = cache.lookup('a', async () => {
        visitorRenders += 1;
        return rendered(html(PLACEHOLDER, 'visitor'));
      });
      finish(rendered(html(PLACEHOLDER, 'refreshed')));
      expect(await refreshing).toBe(1);
      expect((await visitor)?.page.parts.map(text).join('')).toContain('refreshed');
      expect(visitorRenders).toBe(0);
      // Served: rendered again at the next turn.
      clock.now = TURN + 60_001;
      expect(timers.length).toBeGreaterThan(0);
      expect(await cache.refreshServed()).toBe(1);
    });

    it('runs on its own timer in a real process (setTimeout, not keeping the process alive)', async () => {
      vi.useFakeTimers({ now: TURN - 1_000 });
      try {
        let renders = 0;
        const cache = new HtmlCache({
          maxEntries: 10,
          maxBytes: 1_000_000,
          placeholder: PLACEHOLDER,
          freshness: () => ({ seq: 1, live: true }),
        });
        await cache.lookup('a', async () => {
          renders += 1;
          return rendered(html(PLACEHOLDER));
        });
        await vi.advanceTimersByTimeAsync(999);
        expect(renders).toBe(1);
        await vi.advanceTimersByTimeAsync(2);
        expect(renders).toBe(2);
        expect((await cache.lookup('a', async () => rendered('never')))?.outcome).toBe('hit');
      } finally {
        vi.useRealTimers();
      }
    });

    it('leaves a failed render to the next visitor', async () => {
      const { cache, render, clock } = setup();
      let fail = false;
      await cache.lookup('a', async () => {
        if (fail) throw new Error('down');
        return rendered(html(PLACEHOLDER));
      });
      fail = true;
      clock.now = TURN + 1;
      expect(await cache.refreshServed()).toBe(0);
      expect((await cache.lookup('a', render('back')))?.outcome).toBe('miss');
    });
  });
});
