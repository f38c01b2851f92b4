import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SmsSender } from '../adapters/sms/index.ts';
import { buildApp } from '../app.ts';
import type { CreateDbOptions, DbHandle } from '../db/client.ts';
import { type SeedOptions, seedDatabase } from '../db/seed/index.ts';
import { DEMO_SHIPPER_ID, type Env, WEBSITE_PLATFORM_ID } from '../env.ts';
import { RATE_LIMIT_POLICIES } from '../http/rate-limit.ts';
import { fixtureCatalog } from './fixture-catalog.ts';
import { createTestDb } from './test-db.ts';

export type TestApp = {
  app: FastifyInstance;
  db: DbHandle;
  /** `app.inject` with the client headers every /v1 /v2 /v3 request carries. */
  get: (url: string, headers?: Record<string, string | undefined>) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

export const CLIENT_HEADERS = { shipper: DEMO_SHIPPER_ID, platform: WEBSITE_PLATFORM_ID };

/**
 * The request rate limits (http/rate-limit.ts) out of the way: a test file places dozens of orders
 * for one customer, or posts every bad body from one address, within seconds of its clock. The limits
 * themselves are tested with their own allowances (http/rate-limit.test.ts, trust-proxy.test.ts); a
 * test that wants the production ones passes them in `env` (loadEnv({ NODE_ENV: 'test' }) has the defaults).
 */
export const ROOMY_RATE_LIMITS: Partial<Env> = Object.fromEntries(
  Object.values(RATE_LIMIT_POLICIES).map((policy) => [policy.env, { max: 1_000_000, windowMs: 60_000 }]),
);

export type BuildTestAppOptions = {
  /**
   * The data to seed; default: the small fixture chain of ./fixture-catalog.ts without the marketing
   * content (`{ content: true }` adds the demo content). `false`: an empty database.
   */
  seed?: SeedOptions | false;
  env?: Partial<Env>;
  /** The app's clock (tests of expiry and limits move it instead of sleeping). */
  clock?: () => Date;
  /** An SMS provider in place of the one SMS_PROVIDER names. */
  sms?: SmsSender;
  /** Background jobs on a timer (the scheduled-orders job); default off: tests call them directly. */
  runJobs?: boolean;
  /** Sees every statement the app sends to its database (createDb's logQuery). */
  logQuery?: CreateDbOptions['logQuery'];
};

/**
 * The API on its own fresh database (see createTestDb), migrated and seeded, for one test file:
 * build it in `beforeAll`, close it in `afterAll`, and call it through `inject`.
 */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDb(options.logQuery ? { logQuery: options.logQuery } : {});
  try {
    if (options.seed !== false) {
      await seedDatabase(db.db, { catalog: fixtureCatalog, content: false, ...options.seed });
    }
    // Images go to a folder of this test file's own, never the developer's .data.
    const dataDir = options.env?.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'api-test-'));
    const app = await buildApp({
      db,
      env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...ROOMY_RATE_LIMITS, ...options.env },
      logger: false,
      runJobs: options.runJobs ?? false,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.sms ? { sms: options.sms } : {}),
    });
    // A test writes the database directly, then reads through the app at once. PostgreSQL hands the
    // write's announcement to the app's listener a few milliseconds after the commit (PGlite with
    // it), so a cached read could still be the old one: in production a reader that close behind the
    // write; in a test, a race. Every request first waits for what committed before it.
    if (app.orderEvents.name === 'postgres') {
      app.addHook('onRequest', async () => {
        await app.orderEvents.settled(app.db);
      });
    }
    await app.ready();
    return {
      app,
      db,
      get: (url, headers = {}) => {
        const merged: Record<string, string> = {};
        for (const [k, v] of Object.entries({ ...CLIENT_HEADERS, ...headers }))
          if (v !== undefined) merged[k] = v;
        const request: InjectOptions = { method: 'GET', url, headers: merged };
        return app.inject(request);
      },
      close: async () => {
        await app.close();
        await db.close();
        if (!options.env?.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
