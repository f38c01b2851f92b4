/**
 * The PostgreSQL pool's bounds (db/pool-size.ts): a request never waits without end for a connection
 * or a statement, a transaction left open does not hold its locks for good, the server ending a
 * session in use does not take the process down, and migrations are not bound by the statement
 * timeout. PGlite has one connection and no timers of its own, so these need DATABASE_URL.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZApiError } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { isDatabaseBusy } from '../http/database-errors.ts';
import { createTestDatabase, createTestDb } from '../test/test-db.ts';
import type { DbHandle, DbOrTx } from './client.ts';
import { migrateDb, withUnboundedSession } from './migrate.ts';

const databaseUrl = process.env.DATABASE_URL;

type Rows<T> = { rows: T[] };
const poolOf = (handle: DbHandle) => (handle.db as unknown as { $client: pg.Pool }).$client;

/** An app on a PostgreSQL database of its own, built from `env`, with a route that runs `statement`. */
async function withApp(
  env: Record<string, number>,
  statement: ReturnType<typeof sql>,
  test: (app: FastifyInstance) => Promise<void>,
): Promise<void> {
  const database = await createTestDatabase(databaseUrl ?? '');
  const dataDir = mkdtempSync(join(tmpdir(), 'api-pool-timeouts-'));
  try {
    const app = await buildApp({
      env: { DATABASE_URL: database.url, SEED: 'never', DATA_DIR: dataDir, ...env },
      logger: false,
      runJobs: false,
    });
    try {
      app.get('/test/db', async () => {
        await app.db.execute(statement);
        return { ok: true };
      });
      await app.ready();
      await test(app);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/** Ends the server process behind `db`'s next statement's connection, as a restart or an administrator would. */
async function terminateBackendOf(db: DbOrTx): Promise<void> {
  const me = (await db.execute(sql`select pg_backend_pid() as pid`)) as Rows<{ pid: number }>;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [me.rows[0]?.pid]);
  } finally {
    await admin.end();
  }
}

/** Times `work`, in milliseconds. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const expectBusy = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('2');
  expect(ZApiError.parse(res.json())).toMatchObject({ statusCode: 503, code: 'SERVICE_BUSY' });
};

describe.skipIf(!databaseUrl)('a request never waits without end for the database', () => {
  it('a full pool: the request waiting past DATABASE_CONNECT_TIMEOUT_MS is answered 503, and the next one is served', async () => {
    await withApp({ DATABASE_POOL_MAX: 1, DATABASE_CONNECT_TIMEOUT_MS: 300 }, sql`select 1`, async (app) => {
      let free = () => {};
      const freed = new Promise<void>((resolve) => {
        free = resolve;
      });
      // The pool's one connection, held by a transaction that waits.
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding();
        await freed;
      });
      await held;
      const { value: refused, ms } = await timed(() => app.inject({ method: 'GET', url: '/test/db' }));
      expectBusy(refused);
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(ms).toBeLessThan(3_000);
      free();
      await holder;
      expect((await app.inject({ method: 'GET', url: '/test/db' })).statusCode).toBe(200);
    });
  });

  it('a statement past DATABASE_STATEMENT_TIMEOUT_MS is cancelled and answered 503', async () => {
    await withApp({ DATABASE_STATEMENT_TIMEOUT_MS: 200 }, sql`select pg_sleep(5)`, async (app) => {
      const { value: refused, ms } = await timed(() => app.inject({ method: 'GET', url: '/test/db' }));
      expectBusy(refused);
      expect(ms).toBeLessThan(3_000);
      const setting = (await app.db.execute(sql`show statement_timeout`)) as Rows<{
        statement_timeout: string;
      }>;
      expect(setting.rows[0]?.statement_timeout).toBe('200ms');
    });
  });

  it('a connection the server ends under a request (a restart) is answered 503, and the next request is served', async () => {
    await withApp({}, sql`select pg_terminate_backend(pg_backend_pid())`, async (app) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        expectBusy(await app.inject({ method: 'GET', url: '/test/db' }));
        const next = await app.inject({ method: 'GET', url: '/healthz' });
        expect(next.statusCode).toBe(200);
      } finally {
        vi.restoreAllMocks();
      }
    });
  });

  it('the defaults: 5 s for a connection, 15 s a statement, 60 s idle in a transaction', async () => {
    const handle = await createTestDb();
    try {
      const pool = poolOf(handle);
      expect(pool.options.connectionTimeoutMillis).toBe(5_000);
      const settings = (await handle.db.execute(
        sql`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
      )) as Rows<{ statement: string; idle: string }>;
      expect(settings.rows[0]).toEqual({ statement: '15s', idle: '1min' });
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!databaseUrl)('a session ended under a transaction', () => {
  /** What client.ts writes when the server ends a connection in use. */
  const logged = () => vi.mocked(console.error).mock.calls.map((call) => String(call[0]));
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a transaction idle past DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS loses its locks, and the process lives on', async () => {
    const handle = await createTestDb({ idleInTransactionTimeoutMs: 200 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await handle.db.execute(sql`create table pool_probe (id int primary key, n int not null)`);
      await handle.db.execute(sql`insert into pool_probe values (1, 0)`);
      // A transaction that locks the row and then waits, as a bug could leave one.
      const leaked = handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select n from pool_probe where id = 1 for update`);
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await tx.execute(sql`update pool_probe set n = n + 100 where id = 1`);
        })
        .then(
          () => 'committed',
          // Its request is answered 503 SERVICE_BUSY, as a restart's (the error handler's test).
          (error: unknown) => (isDatabaseBusy(error) ? 'failed, busy' : 'failed'),
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Another writer gets the row once the server has ended the idle session, long before 1 s.
      const { ms } = await timed(() => handle.db.execute(sql`update pool_probe set n = n + 1 where id = 1`));
      expect(ms).toBeLessThan(900);
      expect(await leaked).toBe('failed, busy');
      const rows = (await handle.db.execute(sql`select n from pool_probe where id = 1`)) as Rows<{
        n: number;
      }>;
      expect(rows.rows[0]?.n).toBe(1);
      expect(logged()).toContain(
        'PostgreSQL ended a connection in use: terminating connection due to idle-in-transaction timeout',
      );
    } finally {
      await handle.close();
    }
  });

  it('an idle connection the server ends is the pool’s to say, once, not a connection in use', async () => {
    const handle = await createTestDb();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await terminateBackendOf(handle.db);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(logged().filter((line) => line.startsWith('PostgreSQL'))).toEqual([
        'PostgreSQL dropped an idle connection: terminating connection due to administrator command',
      ]);
    } finally {
      await handle.close();
    }
  });

  it('the server ending a connection in use (a restart, an administrator) fails its work, not the process', async () => {
    const handle = await createTestDb();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const outcome = handle.db
        .transaction(async (tx) => {
          await terminateBackendOf(tx);
          // The connection's 'error' arrives while the transaction waits here, with no query running.
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      expect(await outcome).toBe('failed');
      const after = (await handle.db.execute(sql`select 1 as one`)) as Rows<{ one: number }>;
      expect(after.rows[0]?.one).toBe(1);
      expect(logged()).toContain(
        'PostgreSQL ended a connection in use: terminating connection due to administrator command',
      );
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!databaseUrl)('migrations and the statement timeout', () => {
  it('run on a session of their own without it, which the pool never hands to a request', async () => {
    const handle = await createTestDb({ statementTimeoutMs: 100, poolMax: 1 });
    const folder = mkdtempSync(join(tmpdir(), 'api-slow-migration-'));
    try {
      const inside = await withUnboundedSession(poolOf(handle), async (client) => {
        const shown = await client.query<{ statement_timeout: string }>('show statement_timeout');
        return shown.rows[0]?.statement_timeout;
      });
      expect(inside).toBe('0');
      // A migration longer than the statement timeout (an index built on years of orders), dated after
      // every real one so the migrator runs it.
      mkdirSync(join(folder, 'meta'));
      writeFileSync(
        join(folder, 'meta', '_journal.json'),
        JSON.stringify({
          version: '7',
          dialect: 'postgresql',
          entries: [{ idx: 0, version: '7', when: 4_102_444_800_000, tag: '0000_slow', breakpoints: true }],
        }),
      );
      writeFileSync(join(folder, '0000_slow.sql'), 'select pg_sleep(0.3);');
      await migrateDb(handle, folder);
      const applied = (await handle.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations where created_at = 4102444800000`,
      )) as Rows<{ n: number }>;
      expect(applied.rows[0]?.n).toBe(1);
      // The pool's one connection is still bounded.
      const shown = (await handle.db.execute(sql`show statement_timeout`)) as Rows<{
        statement_timeout: string;
      }>;
      expect(shown.rows[0]?.statement_timeout).toBe('100ms');
      await expect(handle.db.execute(sql`select pg_sleep(0.3)`)).rejects.toSatisfy(isDatabaseBusy);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await handle.close();
    }
  });
});
