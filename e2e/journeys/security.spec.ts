import type { APIResponse, Page } from '@playwright/test';
import { expect, localePath, t, test } from '../support/fixtures.ts';
import { API_URL, WEB_URL } from '../support/urls.ts';

/**
 * The storefront's security headers (issue 9, finding 7). The access token lives in browser storage,
 * so a script that gets into a page could take the account: the Content-Security-Policy lets only
 * scripts carrying the response's nonce run. Every other journey runs under the same policy and
 * fails on any refusal (the automatic `csp` fixture), which proves the policy leaves the site working.
 */

const FIXED_HEADERS = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

function expectFixedHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  for (const [name, value] of Object.entries(FIXED_HEADERS))
    expect(headers[name], `${name} on ${what}`).toBe(value);
  const permissions = headers['permissions-policy'] ?? '';
  expect(permissions, `permissions-policy on ${what}`).toContain('geolocation=(self)');
  for (const off of ['camera', 'microphone', 'payment', 'usb']) expect(permissions).toContain(`${off}=()`);
  // The suite's storefront is plain http on localhost: no HSTS (it would pin every local port to https).
  expect(headers['strict-transport-security'], what).toBeUndefined();
}

/** The policy's directives, as a browser splits them. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words): words is [string, ...string[]] => Boolean(words[0]))
      .map(([name, ...sources]) => [name, sources]),
  );
}

const nonceOf = (policy: string): string => {
  const nonce = policy.match(/'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
  if (!nonce) throw new Error(`No nonce in ${policy}`);
  return nonce;
};

test('pages answer with a strict nonce policy, and every script of the page carries that nonce', async ({
  request,
}) => {
  for (const path of [localePath('ru'), localePath('en', '/about'), localePath('uz', '/cart')]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expectFixedHeaders(response, path);
    const policy = response.headers()['content-security-policy'] ?? '';
    const csp = directives(policy);
    const nonce = nonceOf(policy);
    expect(csp.get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", API_URL]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', API_URL, 'http://tiles.invalid']);
    // An http site: nothing to upgrade.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);

    // Next put the nonce on each of its scripts (and the page on its JSON-LD).
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length, path).toBeGreaterThan(3);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
});

test('the nonce is new on every load', async ({ request, page }) => {
  const nonces = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const response = await request.get(localePath('en'));
    nonces.add(nonceOf(response.headers()['content-security-policy'] ?? ''));
  }
  expect(nonces.size).toBe(3);

  // In the browser too: the scripts that run carry the nonce of their own response.
  const seen: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await page.goto(localePath('en'));
    const header = nonceOf((await response?.allHeaders())?.['content-security-policy'] ?? '');
    const inPage = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce,
    );
    expect(inPage).toBe(header);
    seen.push(header);
  }
  expect(seen[0]).not.toBe(seen[1]);
});

test('redirects, icons and the SEO files carry the fixed headers, build scripts only nosniff', async ({
  request,
}) => {
  const redirect = await request.get('/ru/about', { maxRedirects: 0 });
  expect(redirect.status()).toBe(307);
  expectFixedHeaders(redirect, '/ru/about');
  expect(redirect.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

  for (const path of ['/sitemap.xml', '/robots.txt', '/icon.svg', '/favicon.ico']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expectFixedHeaders(response, path);
  }

  // The build's scripts: nosniff, and none of the document-only headers (bytes on every chunk).
  const page = await request.get(localePath('en'));
  const asset = (await page.text()).match(/\/_next\/static\/[^"]+\.js/)?.[0];
  expect(asset).toBeDefined();
  const chunk = await request.get(asset ?? '');
  expect(chunk.status()).toBe(200);
  expect(chunk.headers()['x-content-type-options']).toBe('nosniff');
  expect(chunk.headers()['permissions-policy']).toBeUndefined();
  expect(chunk.headers()['x-frame-options']).toBeUndefined();
});

/**
 * Serves the storefront's real page with one extra inline script in it, as a stored or reflected
 * injection would put it there; the response keeps its own headers (and so its policy).
 */
async function injectIntoPage(page: Page, path: string, script: (nonce: string) => string) {
  await page.route(`${WEB_URL}${path}`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const nonce = nonceOf(response.headers()['content-security-policy'] ?? '');
    const body = (await response.text()).replace('</body>', `${script(nonce)}</body>`);
    await route.fulfill({ response, body });
  });
}

test('an injected inline script without the nonce does not run; the page still works', async ({
  page,
  csp,
}) => {
  await injectIntoPage(page, '/en', () => '<script>window.__injected = "ran"</script>');
  await page.goto(localePath('en'));
  // The storefront's own scripts ran: the page is interactive (the search opens its overlay).
  await page
    .getByRole('button', { name: t('en', 'header.search') })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: t('en', 'search.title') })).toBeVisible();
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();

  // Markup injected after load (an unsafe innerHTML) cannot run an inline event handler either.
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.innerHTML = '<img src="data:," alt="" onerror="window.__injected = \'handler\'">';
    document.body.append(box);
  });
  await expect.poll(() => csp.violations.length).toBe(2);
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();
  const refused = csp.take();
  expect(refused.map((v) => v.directive).sort()).toEqual(['script-src-attr', 'script-src-elem']);
});

test('the same injected script with the page nonce runs (the check above can fail)', async ({ page }) => {
  await injectIntoPage(page, '/en', (nonce) => `<script nonce="${nonce}">window.__injected = "ran"</script>`);
  await page.goto(localePath('en'));
  await expect.poll(() => page.evaluate(() => (window as { __injected?: string }).__injected)).toBe('ran');
});

test('another site cannot frame the storefront', async ({ page }) => {
  // The framing page comes from the API's origin, which is another origin than the storefront's.
  await page.route(`${API_URL}/framing-test`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<iframe src="${WEB_URL}/en" title="framed"></iframe>` }),
  );
  await page.goto(`${API_URL}/framing-test`);
  const frame = page.frameLocator('iframe[title="framed"]');
  // Refused: the frame holds the browser's error page, never the storefront's header.
  await expect(page.locator('iframe[title="framed"]')).toBeAttached();
  await expect
    .poll(
      async () =>
        page
          .frames()
          .find((f) => f !== page.mainFrame())
          ?.url() ?? '',
    )
    .toMatch(/^chrome-error:/);
  await expect(frame.getByRole('banner')).toHaveCount(0);
});
