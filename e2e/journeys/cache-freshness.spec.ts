/**
 * Issue 11, "cached reads that stay fresh": the storefront caches the menu (cache-handler.mjs), and a
 * price written to PostgreSQL shows on the served page within a second of its commit, because the
 * API announces the change on `GET /v1/catalogue-changes` and the storefront drops the entry.
 *
 * This journey runs its own servers, not the suite's: an API on a fresh PostgreSQL database (the
 * suite's API is on PGlite) and a server of the already-built storefront (apps/web/server.mjs; the
 * suite's web server builds it first) whose fallback TTL is five minutes, so that only the change
 * stream can make the new price appear in time. Skipped when no PostgreSQL answers at 127.0.0.1:5432.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TCity, TMenuProductsResponse } from '@app/contracts';
import { formatSum } from '@app/domain';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { htmlText, t } from '../support/fixtures.ts';
import { cachedAnswer } from '../support/html-cache.ts';
import { start, stop, waitFor } from '../support/processes.ts';
import { API_PORT, DEMO_SHIPPER_ID, WEB_PORT, WEBSITE_PLATFORM_ID } from '../support/urls.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PG_SERVER = 'postgres://postgres@127.0.0.1:5432';
// E2E_FRESH_DB: another name, for a suite beside others on the same PostgreSQL.
const DATABASE = process.env.E2E_FRESH_DB || 'i11_webcache_e2e';
// Next to the suite's own servers: one port above each, unless named.
const OWN_API_PORT = Number(process.env.E2E_FRESH_API_PORT || API_PORT + 1);
const OWN_WEB_PORT = Number(process.env.E2E_FRESH_WEB_PORT || WEB_PORT + 1);
const OWN_API = `http://localhost:${OWN_API_PORT}`;
const OWN_WEB = `http://localhost:${OWN_WEB_PORT}`;
const HEADERS = { Shipper: DEMO_SHIPPER_ID, Platform: WEBSITE_PLATFORM_ID };

/** Null when PostgreSQL answers, else why not. */
async function postgresDown(): Promise<string | null> {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Requests `url` again and again from `committedAt` on, for a second: how long after the commit the
 * first request started whose page passes `shows` (null: none within the second).
 */
async function firstShowing(
  get: () => Promise<string>,
  shows: (html: string) => boolean,
  committedAt: number,
): Promise<number | null> {
  while (Date.now() - committedAt <= 1000) {
    const startedAfter = Date.now() - committedAt;
    if (shows(htmlText(await get()))) return startedAfter;
  }
  return null;
}

/** Runs one statement on the journey's database; answers the rows it touched and when it committed. */
async function write(sql: string, params: unknown[]): Promise<{ rowCount: number; committedAt: number }> {
  const db = new pg.Client({ connectionString: `${PG_SERVER}/${DATABASE}` });
  await db.connect();
  try {
    const result = await db.query(sql, params);
    return { rowCount: result.rowCount ?? 0, committedAt: Date.now() };
  } finally {
    await db.end();
  }
}

test.describe('cached menu on PostgreSQL (skipped when no PostgreSQL answers at 127.0.0.1:5432)', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  let api: ChildProcess | undefined;
  let web: ChildProcess | undefined;
  let dataDir: string | undefined;
  let down: string | null = null;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    down = await postgresDown();
    if (down) return;
    await admin(`drop database if exists ${DATABASE} with (force)`);
    await admin(`create database ${DATABASE}`);
    dataDir = mkdtempSync(join(tmpdir(), 'i11-webcache-e2e-'));
    api = start('npm', ['run', '--silent', 'start', '-w', '@app/api'], REPO_ROOT, {
      DATABASE_URL: `${PG_SERVER}/${DATABASE}`,
      DATA_DIR: dataDir,
      PORT: String(OWN_API_PORT),
      SHIPPER_ID: DEMO_SHIPPER_ID,
      PLATFORM_ID: WEBSITE_PLATFORM_ID,
      SEED: 'auto',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: OWN_WEB,
    });
    await waitFor(`${OWN_API}/healthz`, 180_000);
    web = start(
      process.execPath,
      [join(REPO_ROOT, 'apps/web/server.mjs'), '-p', String(OWN_WEB_PORT), '-H', 'localhost'],
      join(REPO_ROOT, 'apps/web'),
      {
        API_URL: OWN_API,
        PUBLIC_API_URL: OWN_API,
        SITE_URL: OWN_WEB,
        SHIPPER_ID: DEMO_SHIPPER_ID,
        PLATFORM_ID: WEBSITE_PLATFORM_ID,
        // Longer than this journey: an entry the stream does not drop stays until Next's own minute.
        CACHE_FALLBACK_TTL_SECONDS: '300',
      },
    );
    await waitFor(`${OWN_WEB}/en`, 120_000);
  });

  test.afterAll(async () => {
    await Promise.all([stop(web), stop(api)]);
    if (!down) await admin(`drop database if exists ${DATABASE} with (force)`).catch(() => undefined);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('a new price shows on the menu page within a second of its commit', async ({ page, request }) => {
    test.skip(down !== null, `PostgreSQL does not answer at 127.0.0.1:5432 (${down})`);

    // The API announces changes (the storefront subscribes on start; without this route the page can
    // only change after Next's minute, and the journey fails below).
    const stream = await fetch(`${OWN_API}/v1/catalogue-changes`, {
      headers: { ...HEADERS, Accept: 'text/event-stream' },
    });
    expect(stream.status, 'GET /v1/catalogue-changes').toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    await stream.body?.cancel();

    const cities = (await (await request.get(`${OWN_API}/v1/cities`, { headers: HEADERS })).json()) as {
      cities: TCity[];
    };
    const tashkent = cities.cities.find((c) => c.slug === 'tashkent');
    if (!tashkent) throw new Error('The demo chain has no Tashkent');
    const menu = (await (
      await request.get(`${OWN_API}/v2/menu-products`, {
        headers: HEADERS,
        params: { menu_id: tashkent.default_menu_id },
      })
    ).json()) as TMenuProductsResponse;
    const product = menu.categories.flatMap((c) => c.products).find((p) => !p.in_stop);
    if (!product) throw new Error('The demo menu has no available product');
    const oldPrice = formatSum(product.out_price, 'en');
    const newPrice = formatSum(product.out_price + 1000, 'en');

    // The page, twice: the second answer comes from the storefront's cache.
    await page.goto(`${OWN_WEB}/en`);
    const card = page.getByRole('article', { name: product.title.en, exact: true }).first();
    await expect(card).toContainText(oldPrice);
    // The storefront's HTML cache answers it (a render kept since the visit above).
    const cachedResponse = await cachedAnswer(() => request.get(`${OWN_WEB}/en`));
    const cached = htmlText(await cachedResponse.text());
    expect(cached).toContain(oldPrice);
    expect(cached).not.toContain(newPrice);

    const { rowCount, committedAt } = await write(
      'update menu_products set price = price + 1000 where menu_id = $1 and product_id = $2',
      [tashkent.default_menu_id, product.id],
    );
    expect(rowCount).toBe(1);

    // Requests started within a second of the commit: one of them must already show the new price.
    const seenAfterMs = await firstShowing(
      async () => (await request.get(`${OWN_WEB}/en`)).text(),
      (html) => html.includes(newPrice),
      committedAt,
    );
    expect(seenAfterMs, 'a menu page requested within 1 s of the commit shows the new price').not.toBeNull();
    console.log(`cache-freshness: new price served to a request started ${seenAfterMs} ms after the commit`);

    await page.reload();
    await expect(card).toContainText(newPrice);
  });

  test("a dish put on the chosen branch's stop list shows as unavailable within a second", async ({
    page,
    request,
  }) => {
    test.skip(down !== null, `PostgreSQL does not answer at 127.0.0.1:5432 (${down})`);

    // An open Tashkent branch on the city's menu, chosen as the location flow does (cookie branch_id).
    const cities = (await (await request.get(`${OWN_API}/v1/cities`, { headers: HEADERS })).json()) as {
      cities: TCity[];
    };
    const tashkent = cities.cities.find((c) => c.slug === 'tashkent');
    if (!tashkent) throw new Error('The demo chain has no Tashkent');
    const db = new pg.Client({ connectionString: `${PG_SERVER}/${DATABASE}` });
    await db.connect();
    const branches = await db
      .query<{ id: string }>(
        'select id from branches where menu_id = $1 and is_active order by slug limit 1',
        [tashkent.default_menu_id],
      )
      .finally(() => db.end());
    const branchId = branches.rows[0]?.id;
    if (!branchId) throw new Error('The demo chain has no active branch on the Tashkent menu');
    const menu = (await (
      await request.get(`${OWN_API}/v2/menu-products`, {
        headers: HEADERS,
        params: { menu_id: tashkent.default_menu_id, branch_id: branchId },
      })
    ).json()) as TMenuProductsResponse;
    const product = menu.categories.flatMap((c) => c.products).find((p) => !p.in_stop);
    if (!product) throw new Error('The branch has every dish on its stop list');
    const unavailable = t('en', 'menu.unavailable');
    const count = (html: string) => html.split(unavailable).length - 1;
    const cookie = { cookie: `branch_id=${branchId}` };

    await page.context().addCookies([{ name: 'branch_id', value: branchId, url: OWN_WEB }]);
    await page.goto(`${OWN_WEB}/en`);
    const card = page.getByRole('article', { name: product.title.en, exact: true }).first();
    await expect(card).toBeVisible();
    await expect(card).not.toContainText(unavailable);
    // The branch's page, from the HTML cache.
    const branchPage = await cachedAnswer(() => request.get(`${OWN_WEB}/en`, { headers: cookie }));
    const before = count(htmlText(await branchPage.text()));

    const { rowCount, committedAt } = await write(
      'insert into branch_stop_list (branch_id, product_id) values ($1, $2)',
      [branchId, product.id],
    );
    expect(rowCount).toBe(1);

    const seenAfterMs = await firstShowing(
      async () => (await request.get(`${OWN_WEB}/en`, { headers: cookie })).text(),
      (html) => count(html) > before,
      committedAt,
    );
    expect(
      seenAfterMs,
      'a menu page requested within 1 s of the commit shows the dish unavailable',
    ).not.toBeNull();
    console.log(`cache-freshness: stop list served to a request started ${seenAfterMs} ms after the commit`);

    await page.reload();
    await expect(card).toContainText(unavailable);
  });
});
