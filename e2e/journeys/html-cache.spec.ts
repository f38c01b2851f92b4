import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { APIResponse } from '@playwright/test';
import { expect, localePath, test } from '../support/fixtures.ts';
import { cachedAnswer } from '../support/html-cache.ts';
import { WEB_URL } from '../support/urls.ts';

/**
 * The cache of rendered public pages (ARCHITECTURE.md, "Served pages: a cached render with a fresh
 * nonce"): a menu page is rendered once with a secret placeholder nonce and served with a fresh nonce
 * in its place. Each answer must still be a page whose scripts run under its own policy, and look to
 * the browser like the page rendered for it alone.
 */

const nonceOf = (response: APIResponse): string => {
  const nonce = response.headers()['content-security-policy']?.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
  if (!nonce) throw new Error(`No nonce in the policy of ${response.url()}`);
  return nonce;
};

/** The nonces the page's markup carries (script, link, style tags). */
const markupNonces = (html: string): Set<string> =>
  new Set([...html.matchAll(/\snonce="([^"]+)"/g)].map((match) => match[1] ?? ''));

/**
 * Headers that differ from one response to the next whatever serves them, and Next's internal
 * `x-middleware-rewrite`, which it leaves on a page it rewrote to `/ru` (a proxy's own answer is no
 * rewrite).
 */
const PER_RESPONSE = new Set([
  'x-middleware-rewrite',
  'date',
  'content-security-policy',
  'x-html-cache',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
]);
/**
 * Next names the stylesheet in a `Link: ...; rel=preload` header only when it knows it before the
 * streamed page's headers go out, which varies from one render to the next; a cached page always
 * names it (with its own nonce). Compared: the other links, if any (none since next-intl's
 * alternates were turned off: routing.ts), so a `Link` of preloads only counts as none.
 */
const withoutPreloads = (link: string) =>
  link
    .split(/,\s*(?=<)/)
    .filter((part) => !part.includes('rel=preload'))
    .join(', ');
const stableHeaders = (response: APIResponse) =>
  Object.fromEntries(
    response
      .headersArray()
      .map(({ name, value }) => [name.toLowerCase(), value] as const)
      .filter(([name]) => !PER_RESPONSE.has(name))
      .map(([name, value]) => [name, name === 'link' ? withoutPreloads(value) : value] as const)
      .filter(([name, value]) => name !== 'link' || value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );

test('cached menu pages carry a fresh nonce each, used by every tag and the policy, and the uncached headers', async ({
  request,
}) => {
  for (const path of [localePath('ru'), localePath('en'), localePath('uz'), localePath('en', '/samarkand')]) {
    const first = await cachedAnswer(() => request.get(path));
    const second = await cachedAnswer(() => request.get(path));
    const bodies = [await first.text(), await second.text()];
    expect(nonceOf(first), path).not.toBe(nonceOf(second));
    for (const [i, response] of [first, second].entries()) {
      expect(response.status(), path).toBe(200);
      // Every nonce in the markup is this response's, and so is the one inside the flight payload.
      expect([...markupNonces(bodies[i] ?? '')], path).toEqual([nonceOf(response)]);
      expect(bodies[i], path).toContain(`\\"nonce\\":\\"${nonceOf(response)}\\"`);
      for (const preload of (response.headers().link ?? '').matchAll(/nonce="([^"]+)"/g))
        expect(preload[1], `${path}: the Link header's nonce`).toBe(nonceOf(response));
    }
    // The same page rendered per request (a query string is never served from the cache).
    const uncached = await request.get(`${path}?fresh=1`);
    expect(uncached.status()).toBe(200);
    expect(uncached.headers()['x-html-cache'], path).toBeUndefined();
    expect(stableHeaders(first), path).toEqual(stableHeaders(uncached));
    // The placeholder of the render is in no answer: the text left after taking out each answer's own
    // nonce is the same for both, so no other nonce-like secret differs between them.
    expect(bodies[0]?.replaceAll(nonceOf(first), 'N')).toBe(bodies[1]?.replaceAll(nonceOf(second), 'N'));
  }
});

/** A GET of the storefront as it answers it, bytes undecoded (Playwright's client decodes gzip). */
function rawGet(
  path: string,
  acceptEncoding: string,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(new URL(path, WEB_URL), { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** A hit of the HTML cache, raw (as `cachedAnswer`). */
async function rawHit(path: string, acceptEncoding: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await rawGet(path, acceptEncoding);
    if (answer.headers['x-html-cache'] === 'hit') return answer;
  }
  throw new Error('The HTML cache never answered');
}

const policyNonce = (headers: IncomingHttpHeaders): string =>
  String(headers['content-security-policy']).match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1] ?? 'none';

test('a cached page goes out in the gzip stored with it: compressed once, its own nonce inside', async () => {
  for (const path of [localePath('ru'), localePath('uz', '/samarkand')]) {
    const zipped = await rawHit(path, 'gzip, deflate, br, zstd');
    expect(zipped.headers['content-encoding'], path).toBe('gzip');
    expect(zipped.headers['x-html-cache-encoding'], path).toBeUndefined();
    expect(zipped.headers.vary, path).toMatch(/accept-encoding/i);
    const html = gunzipSync(zipped.body).toString('utf8');
    const nonce = policyNonce(zipped.headers);
    expect([...markupNonces(html)], path).toEqual([nonce]);
    expect(html, path).toContain(`\\"nonce\\":\\"${nonce}\\"`);
    // The same page as a client without gzip gets it, but for the nonce.
    const plain = await rawHit(path, 'identity');
    expect(plain.headers['content-encoding'], path).toBeUndefined();
    const text = plain.body.toString('utf8');
    expect(html.replaceAll(nonce, 'N'), path).toBe(text.replaceAll(policyNonce(plain.headers), 'N'));
    // Built when the page was stored, not by Next per response: the nonce sits in it uncompressed
    // (a stored block) at every place it has in the page, and the header is gzip.ts's (OS 'unknown').
    const places = html.split(nonce).length - 1;
    expect(zipped.body.toString('latin1').split(nonce).length - 1, path).toBe(places);
    expect(zipped.body[9], path).toBe(0xff);
    // As small as compressing the page per response would make it.
    expect(zipped.body.length, path).toBeLessThan(gzipSync(html).length * 1.05);
  }
  // A client that refuses gzip gets none, whatever else it names.
  const refused = await rawHit(localePath('ru'), 'br, gzip;q=0');
  expect(refused.headers['content-encoding']).not.toBe('gzip');
});

test('a HEAD of a cached page gets the headers its GET gets, from the cache, and no body', async ({
  request,
}) => {
  for (const path of [localePath('ru'), localePath('en', '/samarkand')]) {
    const page = await cachedAnswer(() => request.get(path));
    const head = await request.head(path);
    expect(head.status(), path).toBe(200);
    expect(head.headers()['x-html-cache'], path).toBe('hit');
    expect(await head.body(), path).toHaveLength(0);
    expect(stableHeaders(head), path).toEqual(stableHeaders(page));
    expect(nonceOf(head), path).not.toBe(nonceOf(page));
  }
  // A HEAD of a page no GET asked for yet is answered from the cache too: the render it makes (a GET,
  // proxy.test.ts counts it) is stored.
  const fresh = localePath('uz', '/bukhara');
  const head = await cachedAnswer(() => request.head(fresh));
  expect(head.status()).toBe(200);
  expect(await head.body()).toHaveLength(0);
});

test('flight requests, other queries and other pages are not answered from the cache; an unknown city gets its one 404 render', async ({
  request,
}) => {
  await cachedAnswer(() => request.get('/'));
  for (const response of [
    await request.get('/', { headers: { RSC: '1' } }),
    await request.head('/?login'),
    // A city as no link of ours writes it (ours are lower case: `?city=samarkand` is cached).
    await request.get('/?city=Samarkand'),
    await request.get(localePath('en', '/cart')),
  ])
    expect(response.headers()['x-html-cache'], response.url()).toBeUndefined();
  // An unknown path in a city's place: its 404 render answers the request (rendered once, not
  // twice), and is never stored.
  for (let i = 0; i < 2; i++) {
    const missing = await request.get(localePath('en', '/no-such-city'));
    expect(missing.status()).toBe(404);
    expect(missing.headers()['x-html-cache']).toBe('miss');
  }
  const rsc = await request.get('/', { headers: { RSC: '1' } });
  expect(rsc.headers()['content-type']).toContain('text/x-component');
});

test("a campaign's link (utm tags, click ids) gets the cached page; any other query but a city the ordinary render", async ({
  request,
}) => {
  const campaign = '?utm_source=instagram&utm_medium=cpc&utm_campaign=lunch&ysclid=lq1w2e3r4t';
  for (const path of [localePath('ru'), localePath('en', '/samarkand')]) {
    const plain = await cachedAnswer(() => request.get(path));
    const tagged = await cachedAnswer(() => request.get(`${path}${campaign}`));
    expect(tagged.status(), path).toBe(200);
    // The same stored render: the same bytes but for each answer's nonce.
    expect((await tagged.text()).replaceAll(nonceOf(tagged), 'N'), path).toBe(
      (await plain.text()).replaceAll(nonceOf(plain), 'N'),
    );
  }
  for (const query of ['?utm_source=instagram&login', '?utm_source=a&utm_source=b', '?gclid=1&login'])
    expect((await request.get(`/${query}`)).headers()['x-html-cache'], query).toBeUndefined();
});

test('a cached / hydrates and runs under its policy (no violation), with a new nonce on each load', async ({
  page,
  request,
  demoMenu,
}) => {
  await cachedAnswer(() => request.get('/'));
  const nonces: string[] = [];
  for (let load = 0; load < 2; load++) {
    // A load that crossed a minute's end or a catalogue change (another journey's write) renders
    // anew: a later one is answered from the cache again.
    let response = await page.goto('/');
    for (let retry = 0; retry < 4 && response?.headers()['x-html-cache'] !== 'hit'; retry++) {
      response = await page.goto('/');
    }
    expect(response?.headers()['x-html-cache']).toBe('hit');
    nonces.push(response?.headers()['content-security-policy']?.match(/'nonce-([^']+)'/)?.[1] ?? '');
  }
  expect(nonces[0]).not.toBe(nonces[1]);
  // The browser hides nonce attributes from the DOM once the page has used them: it had them.
  expect(await page.evaluate(() => document.scripts.length)).toBeGreaterThan(0);

  // Hydrated: a card's link opens the product in a dialog over the menu (client-side routing),
  // instead of loading the product page.
  const product = demoMenu.firstProduct();
  const card = page.getByRole('article', { name: product.title.ru, exact: true }).first();
  await card.getByRole('link').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}`));
  // The automatic `csp` fixture fails the journey on any Content-Security-Policy violation.
});

test("a campaign's link hydrates from the cache and keeps its tags in the address bar", async ({
  page,
  request,
  demoMenu,
}) => {
  const campaign = '?utm_source=telegram&fbclid=IwAR0abc';
  // The render had no query and this browser has one: React must find nothing to re-render for it.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await cachedAnswer(() => request.get(`/${campaign}`));
  let response = await page.goto(`/${campaign}`);
  for (let retry = 0; retry < 4 && response?.headers()['x-html-cache'] !== 'hit'; retry++) {
    response = await page.goto(`/${campaign}`);
  }
  expect(response?.headers()['x-html-cache']).toBe('hit');
  const product = demoMenu.firstProduct();
  const card = page.getByRole('article', { name: product.title.ru, exact: true }).first();
  await card.getByRole('link').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}`));
  // Back on the menu, the link's own address: the router kept the query the page was opened with.
  await page.goBack();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect.poll(() => new URL(page.url()).search).toBe(campaign);
  expect(new URL(page.url()).pathname).toBe('/');
  expect(errors).toEqual([]);
});

test("a regional dish's page (`?city=`, as the sitemap lists it) is stored per city; a made-up city is not", async ({
  request,
  demoMenu,
}) => {
  const regional = await demoMenu.regionalDish();

  const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  for (const city of ['samarkand', 'bukhara']) {
    const path = localePath('en', `/product/${regional.slug}?city=${city}`);
    // Campaign tags on top change nothing: the same stored page.
    const first = await cachedAnswer(() => request.get(path));
    const tagged = await cachedAnswer(() => request.get(`${path}&utm_source=google`));
    expect(first.status(), path).toBe(200);
    const html = await first.text();
    expect(canonical(html), path).toBe(`${WEB_URL}${path}`);
    expect((await tagged.text()).replaceAll(nonceOf(tagged), 'N'), path).toBe(
      html.replaceAll(nonceOf(first), 'N'),
    );
  }
  // A city the chain does not have: the page renders it as another city's (or a 404), so it is never
  // stored under its own key (one per made-up slug), but rendered per request.
  for (let i = 0; i < 2; i++) {
    const madeUp = await request.get(localePath('en', `/product/${regional.slug}?city=atlantis`));
    expect(madeUp.headers()['x-html-cache']).toBeUndefined();
  }
});
