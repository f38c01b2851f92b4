/**
 * Two API processes on one PostgreSQL database, for the tests of what crosses processes through the
 * bus (LISTEN/NOTIFY): a second app with its own pool and its own listening connection, as a second
 * process would have. PGlite serves one process only, so these tests need DATABASE_URL.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../app.ts';
import { createDb, type DbHandle } from '../db/client.ts';
import type { TestApp } from './app.ts';

export const databaseUrl = process.env.DATABASE_URL;

/** Why the tests of two processes need a PostgreSQL server, shown in the title when they are skipped. */
export const needsPostgres = databaseUrl
  ? ''
  : ' (skipped: needs DATABASE_URL; PGlite serves one process, two API processes need a PostgreSQL server)';

/** The connection string of a test database (createTestDb names one per file). */
export const urlOf = (handle: DbHandle): string => {
  const client = (handle.db as unknown as { $client: pg.Pool }).$client;
  const url = client.options.connectionString;
  if (!url) throw new Error('no connection string');
  return url;
};

export type SecondProcess = { app: FastifyInstance; close: () => Promise<void> };

/**
 * A second API on `a`'s database: its own pool and listening connection, no jobs, and without the
 * harness's wait before each request (it answers from what it has heard, as a real process does);
 * its clock is `options.clock` when given.
 */
export async function startSecondProcess(
  a: TestApp,
  options: { clock?: () => Date } = {},
): Promise<SecondProcess> {
  const handle = await createDb({ databaseUrl: urlOf(a.db) });
  const app = await buildApp({
    db: handle,
    env: { LOG_LEVEL: 'silent', DATA_DIR: a.app.config.DATA_DIR },
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
    runJobs: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
