import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { CACHE_TAGS, type TCatalogueChange, ZMenuProductsResponse } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_CHANGED_CHANNEL } from '../adapters/order-events/index.ts';
import { stableId } from '../db/seed/ids.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import {
  databaseUrl,
  needsPostgres,
  type SecondProcess,
  startSecondProcess,
  urlOf,
} from '../test/second-process.ts';
import { cachedAnswer, GZIP_MIN_BYTES, prefersGzip } from './read-cache.ts';

const MENU = stableId('menu', 'tashkent');
const BRANCH = stableId('branch', 'chilonzor');
const MENU_URL = `/v2/menu-products?menu_id=${MENU}`;
const BRANCH_MENU_URL = `/v2/menu-products?menu_id=${MENU}&branch_id=${BRANCH}`;

type Menu = ReturnType<typeof ZMenuProductsResponse.parse>;
const productOf = (menu: Menu, slug: string) => {
  const found = menu.categories.flatMap((c) => c.products).find((p) => p.slug === slug);
  if (!found) throw new Error(`no ${slug} on the menu`);
  return found;
};

async function menuOf(app: FastifyInstance, url: string): Promise<Menu> {
  const res = await app.inject({ method: 'GET', url, headers: CLIENT_HEADERS });
  expect(res.statusCode, res.body).toBe(200);
  return ZMenuProductsResponse.parse(res.json());
}

/** A write the triggers do not see (replica mode skips them), to tell a cache hit from a fresh read. */
async function silently(app: FastifyInstance, statement: ReturnType<typeof sql>) {
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a write and waits until this process heard its announcement (PGlite hands it over with the
 * commit; PostgreSQL a moment later, on the listening connection), so the next read sees it.
 */
async function announced(app: FastifyInstance, write: () => Promise<unknown>): Promise<void> {
  let heard = false;
  const stop = app.orderEvents.onCatalogueChanged(() => {
    heard = true;
  });
  try {
    await write();
    await vi.waitFor(() => expect(heard).toBe(true), { timeout: 5_000 });
  } finally {
    stop();
  }
}

describe('cached answers and Accept-Encoding', () => {
  it('stores a gzip only for a body large enough to gain from it', () => {
    const small = cachedAnswer(Buffer.from('{"a":1}'), 'application/json');
    expect(small.gzip).toBeNull();
    const text = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: 'Плов' })) });
    const large = cachedAnswer(Buffer.from(text), 'application/json');
    expect(large.body.length).toBeGreaterThanOrEqual(GZIP_MIN_BYTES);
    expect(large.gzip && gunzipSync(large.gzip).toString('utf8')).toBe(text);
    // Bytes that do not compress are kept once.
    expect(cachedAnswer(randomBytes(4_096), 'application/json').gzip).toBeNull();
  });

  it('prefers gzip only when the client names it above identity', () => {
    for (const takes of ['gzip', 'gzip, deflate, br, zstd', 'deflate, gzip;q=0.5', 'GZIP', ['br', 'gzip']]) {
      expect(prefersGzip(takes), String(takes)).toBe(true);
    }
    for (const refuses of [undefined, '', 'br', 'identity', '*', 'gzip;q=0', 'gzip;q=0, *', 'x-gzip;q=0']) {
      expect(prefersGzip(refuses), String(refuses)).toBe(false);
    }
  });
});

describe('read cache (this process)', () => {
  let t: TestApp;
  let wrapId: string;
  let wrapPrice: number;
  beforeAll(async () => {
    t = await buildTestApp({ seed: { content: true } });
    const wrap = productOf(await menuOf(t.app, MENU_URL), 'beef-wrap');
    wrapId = wrap.id;
    wrapPrice = wrap.out_price;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a hit exactly as the miss before it: body and headers', async () => {
    t.app.readCache.invalidate(CACHE_TAGS);
    const miss = await t.get(MENU_URL);
    const hit = await t.get(MENU_URL);
    expect(hit.statusCode).toBe(200);
    expect(hit.body).toBe(miss.body);
    const headers = (res: typeof miss) => {
      const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
      return rest;
    };
    expect(headers(hit)).toEqual(headers(miss));
    expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(hit.headers.vary).toMatch(/(^|, )Accept-Encoding$/);
    // Beside CORS's Origin, not instead of it.
    const fromStorefront = await t.get(MENU_URL, { origin: 'http://localhost:3000' });
    expect(fromStorefront.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(String(fromStorefront.headers.vary).split(/,\s*/)).toEqual(
      expect.arrayContaining(['Origin', 'Accept-Encoding']),
    );
  });

  it("sends a hit's gzip, made once when stored, to a client that takes gzip, and the plain body to others", async () => {
    t.app.readCache.invalidate(CACHE_TAGS);
    const browser = { ...CLIENT_HEADERS, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const miss = await t.app.inject({ method: 'GET', url: MENU_URL, headers: browser });
    // The miss goes out as the handler made it; what is stored is its bytes and their gzip.
    expect(miss.headers['content-encoding']).toBeUndefined();
    expect(miss.headers.vary).toMatch(/Accept-Encoding/);
    const hit = await t.app.inject({ method: 'GET', url: MENU_URL, headers: browser });
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(hit.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(hit.headers['content-length'])).toBe(hit.rawPayload.length);
    expect(gunzipSync(hit.rawPayload).toString('utf8')).toBe(miss.body);
    // The menu's three languages compress about five to one.
    expect(hit.rawPayload.length).toBeLessThan(miss.rawPayload.length / 3);
    for (const refuses of [
      undefined,
      'br',
      'identity',
      '*',
      'gzip;q=0',
      'gzip;q=0, *',
      'gzip;q=0.5, identity',
    ]) {
      const plain = await t.app.inject({
        method: 'GET',
        url: MENU_URL,
        headers: refuses === undefined ? CLIENT_HEADERS : { ...CLIENT_HEADERS, 'accept-encoding': refuses },
      });
      expect(plain.headers['content-encoding'], String(refuses)).toBeUndefined();
      expect(plain.body, String(refuses)).toBe(miss.body);
    }
  });

  it('serves a hit from memory, and reads again once a write of its tag commits', async () => {
    await menuOf(t.app, MENU_URL);
    await silently(t.app, sql`update menu_products set price = price + 1 where product_id = ${wrapId}`);
    // Unannounced: the cached answer stands (so it really was a hit).
    expect(productOf(await menuOf(t.app, MENU_URL), 'beef-wrap').out_price).toBe(wrapPrice);
    await announced(t.app, () =>
      t.app.db.execute(sql`update menu_products set price = ${wrapPrice + 500} where product_id = ${wrapId}`),
    );
    expect(productOf(await menuOf(t.app, MENU_URL), 'beef-wrap').out_price).toBe(wrapPrice + 500);
    await announced(t.app, () =>
      t.app.db.execute(sql`update menu_products set price = ${wrapPrice} where product_id = ${wrapId}`),
    );
    expect(productOf(await menuOf(t.app, MENU_URL), 'beef-wrap').out_price).toBe(wrapPrice);
  });

  it('keys an answer on its route and validated query: unknown parameters, their order, a trailing slash share one entry', async () => {
    t.app.readCache.invalidate(CACHE_TAGS);
    const random = () => randomBytes(8).toString('hex');
    await menuOf(t.app, `${MENU_URL}&x=${random()}`);
    expect(t.app.readCache.answers.size).toBe(1);
    await silently(t.app, sql`update menu_products set price = price + 1 where product_id = ${wrapId}`);
    try {
      // Unannounced: each still shows the old price, so each was a hit of that one entry.
      for (const url of [
        `${MENU_URL}&x=${random()}`,
        `${MENU_URL}&utm_source=${random()}&${random()}=1`,
        MENU_URL,
        `/v2/menu-products?x=1&menu_id=${MENU}`,
        `/v2/menu-products/?menu_id=${MENU}`,
      ]) {
        expect(productOf(await menuOf(t.app, url), 'beef-wrap').out_price, url).toBe(wrapPrice);
      }
      expect(t.app.readCache.answers.size).toBe(1);
      // A parameter the route reads is its own entry (a miss: the new price).
      expect(productOf(await menuOf(t.app, `${BRANCH_MENU_URL}&x=1`), 'beef-wrap').out_price).toBe(
        wrapPrice + 1,
      );
      expect(t.app.readCache.answers.size).toBe(2);
      // A route without a query: the query sent is not part of its key either.
      const cities = await t.get(`/v1/cities?x=${random()}`);
      expect(cities.statusCode).toBe(200);
      expect((await t.get(`/v1/cities?y=${random()}`)).body).toBe(cities.body);
      expect(t.app.readCache.answers.size).toBe(3);
    } finally {
      await announced(t.app, () =>
        t.app.db.execute(sql`update menu_products set price = ${wrapPrice} where product_id = ${wrapId}`),
      );
    }
  });

  it('drops a branch menu when its stop list changes', async () => {
    expect(productOf(await menuOf(t.app, BRANCH_MENU_URL), 'beef-wrap').in_stop).toBe(false);
    await announced(t.app, () =>
      t.app.db.execute(
        sql`insert into branch_stop_list (branch_id, product_id) values (${BRANCH}, ${wrapId})`,
      ),
    );
    expect(productOf(await menuOf(t.app, BRANCH_MENU_URL), 'beef-wrap').in_stop).toBe(true);
    await announced(t.app, () =>
      t.app.db.execute(
        sql`delete from branch_stop_list where branch_id = ${BRANCH} and product_id = ${wrapId}`,
      ),
    );
    expect(productOf(await menuOf(t.app, BRANCH_MENU_URL), 'beef-wrap').in_stop).toBe(false);
  });

  it('keeps its entries through a write that rolls back (nothing announced, nothing stale stored)', async () => {
    const heard: TCatalogueChange[] = [];
    const stop = t.app.orderEvents.onCatalogueChanged((c) => heard.push(c));
    const before = await t.get(MENU_URL);
    const entries = t.app.readCache.answers.size;
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.execute(sql`update menu_products set price = 1 where product_id = ${wrapId}`);
        await tx.execute(
          sql`insert into branch_stop_list (branch_id, product_id) values (${BRANCH}, ${wrapId})`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await settle();
    expect(heard).toEqual([]);
    expect(t.app.readCache.answers.size).toBe(entries);
    expect((await t.get(MENU_URL)).body).toBe(before.body);
    stop();
  });

  it('drops only the entries of the tag that changed', async () => {
    t.app.readCache.invalidate(CACHE_TAGS);
    await t.get(MENU_URL);
    await t.get('/v1/pages/about');
    await t.get('/v1/branches');
    expect(t.app.readCache.answers.size).toBe(3);
    await announced(t.app, () => t.app.db.execute(sql`update pages set slug = slug`));
    // The page went (content), the menu (catalogue, branches, content) too; branches stayed.
    expect(t.app.readCache.answers.size).toBe(1);
    await announced(t.app, () => t.app.db.execute(sql`update cities set slug = slug`));
    expect(t.app.readCache.answers.size).toBe(0);
  });

  it('ignores a malformed notification, and drops what a well-formed one names', async () => {
    await settle();
    const heard: TCatalogueChange[] = [];
    const stop = t.app.orderEvents.onCatalogueChanged((c) => heard.push(c));
    await t.get('/v1/branches');
    const entries = t.app.readCache.answers.size;
    expect(entries).toBeGreaterThan(0);
    for (const payload of ['not json', '{}', '{"tags":[]}', '{"tags":["menus"]}', '{"tag":"catalogue"}'])
      await t.app.db.execute(sql`select pg_notify(${CATALOGUE_CHANGED_CHANNEL}, ${payload})`);
    await settle();
    expect(heard).toEqual([]);
    expect(t.app.readCache.answers.size).toBe(entries);
    await t.app.db.execute(sql`select pg_notify(${CATALOGUE_CHANGED_CHANNEL}, '{"tags":["branches"]}')`);
    await vi.waitFor(() => expect(heard).toEqual([{ tags: ['branches'] }]));
    expect(t.app.readCache.answers.size).toBe(0);
    stop();
  });

  it('announces writes to every cached table and to none that holds orders or customers', async () => {
    const rows = await t.app.db.execute(sql`
      select c.relname as table_name, string_agg(t.tgname, ',') as triggers
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_trigger t on t.tgrelid = c.oid and t.tgname like '%_catalogue_changed'
      where n.nspname = current_schema() and c.relkind = 'r'
      group by c.relname order by c.relname`);
    const all = (rows as unknown as { rows: { table_name: string; triggers: string | null }[] }).rows;
    const announced = all.filter((r) => r.triggers).map((r) => r.table_name);
    const silent = all.filter((r) => !r.triggers).map((r) => r.table_name);
    // A new table lands in one of these lists on purpose: cached reads of it need a trigger.
    expect(silent.sort()).toEqual(
      [
        '__drizzle_migrations',
        'api_keys',
        'customer_addresses',
        'customer_tokens',
        'customers',
        'geo_places',
        'idempotency_keys',
        'loyalty_ledger',
        'loyalty_outbox',
        'order_lines',
        'order_status_history',
        'order_status_outbox',
        'orders',
        'otp_codes',
        'payment_calls',
        'payment_transactions',
        'promo_code_usages',
        'rate_limits',
        'seed_runs',
        'sms_outbox',
        'staff_accounts',
        // Issue 13: the staff audit log is read by managers only, never cached.
        'staff_audit_log',
        'staff_sign_ins',
        'staff_tokens',
        'vacancy_applications',
      ].filter((name) => all.some((r) => r.table_name === name)),
    );
    expect(announced).toContain('branch_stop_list');
    expect(announced).toContain('branch_modifier_stop_list');
    expect(announced).toContain('menu_products');
  });
});

describe('Shipper header check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still answers 404 for an unknown shipper, remembering a bounded number of them', async () => {
    const unknown = crypto.randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await t.get('/v1/cities', { shipper: unknown });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'SHIPPER_NOT_FOUND', message: expect.any(String) });
    }
    for (let i = 0; i < 1_100; i++) {
      expect((await t.get('/v1/cities', { shipper: crypto.randomUUID() })).statusCode).toBe(404);
    }
    expect(t.app.readCache.unknownShippers.size).toBeLessThanOrEqual(1_024);
    expect((await t.get('/v1/cities')).statusCode).toBe(200);
    expect(t.app.readCache.knownShippers.size).toBe(1);
  });

  it('knows a shipper created after it was refused', async () => {
    const id = crypto.randomUUID();
    expect((await t.get('/v1/cities', { shipper: id })).statusCode).toBe(404);
    await announced(t.app, () =>
      t.app.db.execute(sql`
      insert into shippers (id, name, logo, phone, work_hour_start, work_hour_end, minimal_order_price,
        description, socials, app_links, payment_types, sister_brands)
      select ${id}, name, logo, phone, work_hour_start, work_hour_end, minimal_order_price,
        description, socials, app_links, payment_types, sister_brands
      from shippers where id = ${CLIENT_HEADERS.shipper}`),
    );
    const res = await t.get('/v1/cities', { shipper: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cities: [] });
  });
});

describe.skipIf(!databaseUrl)(
  `read cache across API processes (PostgreSQL LISTEN/NOTIFY)${needsPostgres}`,
  () => {
    let a: TestApp;
    let second: SecondProcess;
    let b: FastifyInstance;
    beforeAll(async () => {
      a = await buildTestApp();
      second = await startSecondProcess(a);
      b = second.app;
    });
    afterAll(async () => {
      await second?.close();
      await a?.close();
    });

    /** Polls app B's GET until `done` holds; answers the milliseconds since `since`. */
    async function seenByB(url: string, done: (menu: Menu) => boolean, since: number): Promise<number> {
      for (;;) {
        if (done(await menuOf(b, url))) return Date.now() - since;
        if (Date.now() - since > 5_000) throw new Error('app B never saw the change');
        await settle(10);
      }
    }

    it('a second process sees a product stopped and a price changed within a second of the commit', async () => {
      const first = await menuOf(b, BRANCH_MENU_URL);
      const wrap = productOf(first, 'beef-wrap');
      expect(wrap.in_stop).toBe(false);
      // B serves it from its cache now.
      await menuOf(b, BRANCH_MENU_URL);
      expect(b.readCache.answers.size).toBeGreaterThan(0);

      await a.app.db.execute(
        sql`insert into branch_stop_list (branch_id, product_id) values (${BRANCH}, ${wrap.id})`,
      );
      const stopped = await seenByB(BRANCH_MENU_URL, (m) => productOf(m, 'beef-wrap').in_stop, Date.now());
      expect(stopped).toBeLessThan(1_000);

      await menuOf(b, BRANCH_MENU_URL);
      await a.app.db.transaction(async (tx) => {
        await tx.execute(
          sql`update menu_products set price = ${wrap.out_price + 700} where product_id = ${wrap.id}`,
        );
      });
      const repriced = await seenByB(
        BRANCH_MENU_URL,
        (m) => productOf(m, 'beef-wrap').out_price === wrap.out_price + 700,
        Date.now(),
      );
      expect(repriced).toBeLessThan(1_000);
    });

    it('drops everything when its listening connection comes back (a change may have gone unheard)', async () => {
      await menuOf(b, MENU_URL);
      expect(b.readCache.answers.size).toBeGreaterThan(0);
      const heard: TCatalogueChange[] = [];
      const stop = b.orderEvents.onCatalogueChanged((c) => heard.push(c));
      const admin = new pg.Client({ connectionString: urlOf(a.db) });
      await admin.connect();
      try {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
        );
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => expect(heard).toEqual(expect.arrayContaining([{ tags: [...CACHE_TAGS] }])), {
        timeout: 10_000,
      });
      expect(b.orderEvents.listening).toBe(true);
      expect(b.readCache.answers.size).toBe(0);
      stop();
    });
  },
);
