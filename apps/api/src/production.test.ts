import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createDb } from './db/client.ts';
import { migrateDb } from './db/migrate.ts';
import { prepareDatabase, staffWithDemoPasswords } from './db/prepare.ts';
import { products, seedRuns, shippers, staffAccounts } from './db/schema/index.ts';
import { STAFF_SEED_PART, seedDatabase } from './db/seed/index.ts';
import { setStaffPassword, staffPasswordProblems } from './db/staff-password.ts';
import { DEFAULT_STAFF_DEMO_PASSWORD, DEMO_SHIPPER_ID, type Env, EnvError } from './env.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from './test/app.ts';
import { fixtureCatalog } from './test/fixture-catalog.ts';
import { fixtureStaff } from './test/fixture-staff.ts';
import { createTestDb } from './test/test-db.ts';

/** A production environment that passes every check of env.ts (as settings from code). */
const PRODUCTION: Partial<Env> = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'eskiz',
  ESKIZ_EMAIL: 'api@chain.uz',
  ESKIZ_PASSWORD: 'eskiz-account-password',
  OTP_SECRET: '3f9c1e7a5b2d4c6e8f0a1b3c5d7e9f2a4b6c8d0e1f3a5b7c9d2e4f6a8b0c1d3e',
  STAFF_DEMO_PASSWORD: undefined,
  // The test app's demo payment keys are refused in production: no online payment configured here.
  PAYME_KEY: undefined,
  CLICK_SECRET_KEY: undefined,
  DOCS_ENABLED: false,
  LOG_LEVEL: 'silent',
};
const silent = { info: () => undefined, warn: () => undefined };
/** A merchant's own Payme settings (the fixture chain offers cash and payme). */
const PAYME_SETTINGS = { PAYME_MERCHANT_ID: '64f0c1a2b3c4d5e6f7a8b9c0', PAYME_KEY: 'Kq7#vT2m9XpL4wZr8NcY' };
const FIXTURE_LOGINS = fixtureStaff.map((s) => s.login).sort();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('/docs and /openapi.json (issue 9, finding 9)', () => {
  const docs = async (env: Partial<Env>) => {
    const app = await buildApp({
      db: t.db,
      env: { ...env, DATA_DIR: t.app.config.DATA_DIR },
      logger: false,
      runJobs: false,
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/docs/' });
      const document = await app.inject({ method: 'GET', url: '/openapi.json' });
      // The API itself still answers.
      const cities = await app.inject({ method: 'GET', url: '/v1/cities', headers: CLIENT_HEADERS });
      expect(cities.statusCode).toBe(200);
      return [page.statusCode, document.statusCode];
    } finally {
      await app.close();
    }
  };

  it('are off in production', async () => {
    expect(await docs(PRODUCTION)).toEqual([404, 404]);
  });

  it('are on in production with DOCS_ENABLED=true', async () => {
    expect(await docs({ ...PRODUCTION, DOCS_ENABLED: true })).toEqual([200, 200]);
  });

  it('are on in development, as before', async () => {
    expect(t.app.config.DOCS_ENABLED).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);
  });
});

describe('buildApp in production (issue 9, finding 9)', () => {
  it.each([
    ['the outbox SMS provider', { SMS_PROVIDER: 'outbox' as const }, /SMS_PROVIDER/],
    ['a placeholder OTP_SECRET', { OTP_SECRET: 'change-me-change-me-change-me-change-me' }, /OTP_SECRET/],
    ['an example ADMIN_TOKEN', { ADMIN_TOKEN: 'example-admin-token-0123456789abcdef' }, /ADMIN_TOKEN/],
    ['STAFF_DEMO_PASSWORD', { STAFF_DEMO_PASSWORD: DEFAULT_STAFF_DEMO_PASSWORD }, /STAFF_DEMO_PASSWORD/],
    ['the test clock', { TEST_CLOCK: true }, /TEST_CLOCK/],
  ])('refuses %s given from code, before opening anything', async (_label, env, problem) => {
    const start = buildApp({ db: t.db, env: { ...PRODUCTION, ...env }, logger: false, runJobs: false });
    await expect(start).rejects.toBeInstanceOf(EnvError);
    await expect(start).rejects.toThrow(problem);
  });
});

describe('demo staff passwords in a production database (issue 9, finding 9)', () => {
  it('finds every active account with the demo password, and none once changed or deactivated', async () => {
    const handle = await createTestDb();
    try {
      await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
      expect(await staffWithDemoPasswords(handle.db)).toEqual(FIXTURE_LOGINS);
      await expect(prepareDatabase(handle, { seed: 'never', log: silent, production: true })).rejects.toThrow(
        new RegExp(`staff accounts ${FIXTURE_LOGINS.join(', ')} still have the demo password`),
      );
      // Development starts are not checked: the demo signs in with these.
      await prepareDatabase(handle, { seed: 'never', log: silent, production: false });

      expect(
        await setStaffPassword(handle.db, {
          shipperId: DEMO_SHIPPER_ID,
          login: 'operator',
          password: 'the-operators-own-password-2026',
          now: new Date(),
        }),
      ).toBe(true);
      await handle.db
        .update(staffAccounts)
        .set({ isActive: false })
        .where(inArray(staffAccounts.login, ['courier', 'courier-2']));
      expect(await staffWithDemoPasswords(handle.db)).toEqual(['vendor-chilonzor', 'vendor-yunusobod']);

      await handle.db.update(staffAccounts).set({ isActive: false }).where(eq(staffAccounts.role, 'vendor'));
      // The fixture chain offers payme: production needs its settings too (see below).
      await prepareDatabase(handle, {
        seed: 'never',
        log: silent,
        production: true,
        payments: PAYME_SETTINGS,
      });
    } finally {
      await handle.close();
    }
  });

  it('never seeds demo staff in production, and records the part so no later start adds them', async () => {
    const handle = await createTestDb();
    try {
      await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false, staff: false });
      const staff = await handle.db.select({ n: count() }).from(staffAccounts);
      expect(staff[0]?.n).toBe(0);
      const [catalogue] = await handle.db.select({ n: count() }).from(products);
      expect(catalogue?.n).toBeGreaterThan(0);
      const parts = await handle.db.select().from(seedRuns).where(eq(seedRuns.version, STAFF_SEED_PART));
      expect(parts).toHaveLength(1);
      // A development start on the same database later: still no demo staff.
      await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
      expect((await handle.db.select({ n: count() }).from(staffAccounts))[0]?.n).toBe(0);
    } finally {
      await handle.close();
    }
  });
});

describe('npm run staff:password (the way out of the demo password)', () => {
  const staffLogin = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' },
      payload: JSON.stringify({ login: 'courier-2', password }),
    });

  it('sets a new password and ends the sessions signed in with the old one', async () => {
    const before = await staffLogin(DEFAULT_STAFF_DEMO_PASSWORD);
    expect(before.statusCode, before.body).toBe(200);
    const oldToken = before.json().access_token as string;
    const changed = await setStaffPassword(t.db.db, {
      shipperId: DEMO_SHIPPER_ID,
      login: 'courier-2',
      password: 'courier-two-own-password',
      now: new Date(),
    });
    expect(changed).toBe(true);
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/staff/me',
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${oldToken}` },
    });
    expect(me.statusCode).toBe(401);
    expect((await staffLogin('courier-two-own-password')).statusCode).toBe(200);
    expect(await staffWithDemoPasswords(t.db.db)).not.toContain('courier-2');
  });

  it('refuses an unknown login, a short password and the demo password', async () => {
    expect(
      await setStaffPassword(t.db.db, {
        shipperId: DEMO_SHIPPER_ID,
        login: 'nobody',
        password: 'a-long-enough-password',
        now: new Date(),
      }),
    ).toBe(false);
    expect(staffPasswordProblems('short-pw')).toEqual(['the password must have at least 12 characters']);
    expect(staffPasswordProblems(DEFAULT_STAFF_DEMO_PASSWORD)).toEqual([
      'the password is the published demo password',
    ]);
    expect(staffPasswordProblems('courier-two-own-password')).toEqual([]);
  });
});

describe('a production start on a database seeded by a development start (issue 9, finding 9)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'api-production-'));
    // What `npm start` leaves behind: the embedded database with the demo staff.
    const handle = await createDb({ dataDir });
    try {
      await migrateDb(handle);
      await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
    } finally {
      await handle.close();
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const env = () => ({ ...PRODUCTION, DATA_DIR: dataDir, DATABASE_URL: undefined, SEED: 'never' as const });

  it('is refused by buildApp with the logins named', async () => {
    const start = buildApp({ env: env(), logger: false, runJobs: false });
    await expect(start).rejects.toBeInstanceOf(EnvError);
    await expect(start).rejects.toThrow(
      /Refusing to start in production:\n {2}- staff accounts courier, courier-2/,
    );
  });

  // One process start (tsx compiles the whole app first: slow on a busy machine, so one only). With
  // NODE_ENV unset it is production, which is why the database is checked at all.
  it('is refused by the server process with NODE_ENV unset: exit code 1, the problem listed, no stack', () => {
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', server], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SMS_PROVIDER: 'eskiz',
        ESKIZ_EMAIL: 'api@chain.uz',
        ESKIZ_PASSWORD: 'eskiz-account-password',
        OTP_SECRET: PRODUCTION.OTP_SECRET,
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 150_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain('Refusing to start in production');
    expect(run.stderr).toContain('courier, courier-2, operator, vendor-chilonzor, vendor-yunusobod');
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).not.toContain(DEFAULT_STAFF_DEMO_PASSWORD);
  }, 180_000);
});

describe('online payments offered without their settings, in production (issue 12)', () => {
  it('refuses to start, naming the missing variables of each provider the chains offer', async () => {
    const handle = await createTestDb();
    try {
      await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false, staff: false });
      const start = (payments: Parameters<typeof prepareDatabase>[1]['payments']) =>
        prepareDatabase(handle, { seed: 'never', log: silent, production: true, payments });
      await expect(start({})).rejects.toBeInstanceOf(EnvError);
      await expect(start({})).rejects.toThrow(
        /PAYME_MERCHANT_ID, PAYME_KEY: required in production.*'payme'/,
      );
      await expect(start({ PAYME_MERCHANT_ID: PAYME_SETTINGS.PAYME_MERCHANT_ID })).rejects.toThrow(
        /- PAYME_KEY: required in production/,
      );
      await start(PAYME_SETTINGS);
      // Development starts are not checked (the demo settings are the defaults there anyway).
      await prepareDatabase(handle, { seed: 'never', log: silent, production: false });

      // A chain that starts offering click needs Click's three settings as well.
      await handle.db.update(shippers).set({ paymentTypes: ['cash', 'payme', 'click'] });
      await expect(start(PAYME_SETTINGS)).rejects.toThrow(
        /CLICK_SERVICE_ID, CLICK_MERCHANT_ID, CLICK_SECRET_KEY: required in production.*'click'/,
      );
      await start({
        ...PAYME_SETTINGS,
        CLICK_SERVICE_ID: '41234',
        CLICK_MERCHANT_ID: '22345',
        CLICK_SECRET_KEY: 'Zt5pQ8wLx2Rm7KvN3bHc',
      });
      // Nothing offered online: nothing required.
      await handle.db.update(shippers).set({ paymentTypes: ['cash', 'card'] });
      await start({});
    } finally {
      await handle.close();
    }
  });
});
