/**
 * The render gate (apps/web/src/lib/render-gate/): on the real server (apps/web/server.mjs, which
 * gives every request its id and frees it when the response closes), pages rendered per request are
 * bounded; one beyond the bound gets a 503 in the page's language, while cached pages are answered
 * as usual, and the places free again once the answers are sent.
 *
 * It runs a storefront server of its own (the already-built one, against the suite's API) with one
 * render at a time and no waiting line, so a burst of uncached requests must meet a full gate.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cachedAnswer } from '../support/html-cache.ts';
import { start, stop, waitFor } from '../support/processes.ts';
import { API_URL, DEMO_SHIPPER_ID, WEB_PORT, WEBSITE_PLATFORM_ID } from '../support/urls.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Two above the suite's own (cache-freshness.spec.ts takes the one above), unless named.
const OWN_WEB_PORT = Number(process.env.E2E_GATE_WEB_PORT || WEB_PORT + 2);
const OWN_WEB = `http://localhost:${OWN_WEB_PORT}`;

test.describe('render gate', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let web: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    web = start(
      process.execPath,
      [join(REPO_ROOT, 'apps/web/server.mjs'), '-p', String(OWN_WEB_PORT), '-H', 'localhost'],
      join(REPO_ROOT, 'apps/web'),
      {
        API_URL,
        PUBLIC_API_URL: API_URL,
        SITE_URL: OWN_WEB,
        SHIPPER_ID: DEMO_SHIPPER_ID,
        PLATFORM_ID: WEBSITE_PLATFORM_ID,
        RENDER_MAX_CONCURRENT: '1',
        RENDER_QUEUE_MAX: '0',
      },
    );
    await waitFor(`${OWN_WEB}/en`, 120_000);
  });

  test.afterAll(async () => {
    await stop(web);
  });

  test('a burst of uncached pages meets a full gate (503, its language, Retry-After); cached pages do not', async ({
    request,
  }) => {
    const page = (path: string) =>
      request.get(`${OWN_WEB}${path}`, { headers: { Accept: 'text/html' }, maxRedirects: 0 });
    // Stored before the burst, so that the burst's cached requests are hits.
    await cachedAnswer(() => page('/uz'));

    // Twenty queries the cache does not take, at once, with cached pages among them.
    const burst = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => page(`/uz?burst=${i}`)),
      ...Array.from({ length: 5 }, () => page('/uz')),
    ]);
    const uncached = burst.slice(0, 20);
    const statuses = uncached.map((response) => response.status());
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    const refused = uncached.find((response) => response.status() === 503);
    expect(refused?.headers()['retry-after']).toBe('5');
    expect(refused?.headers()['cache-control']).toBe('no-store');
    const body = (await refused?.text()) ?? '';
    expect(body).toContain('<html lang="uz">');
    expect(body).toContain("Hozir tashrif buyuruvchilar juda ko'p");
    for (const cached of burst.slice(20)) {
      expect(cached.status()).toBe(200);
      expect(cached.headers()['x-html-cache']).toBe('hit');
    }

    // Every answer sent, every place freed: one at a time, each renders.
    for (let i = 0; i < 3; i++) expect((await page(`/uz?after=${i}`)).status()).toBe(200);
  });
});
