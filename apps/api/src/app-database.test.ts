/**
 * The app opens the database its environment names with the pool size the environment gives
 * (DATABASE_POOL_MAX, db/pool-size.ts): buildApp without a `db`, on a PostgreSQL database of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createTestDatabase } from './test/test-db.ts';

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('the app on PostgreSQL', () => {
  it('opens at most DATABASE_POOL_MAX connections for its requests', async () => {
    const database = await createTestDatabase(databaseUrl ?? '');
    const dataDir = mkdtempSync(join(tmpdir(), 'api-pool-'));
    try {
      const app = await buildApp({
        env: { DATABASE_URL: database.url, DATABASE_POOL_MAX: 3, SEED: 'never', DATA_DIR: dataDir },
        logger: false,
        runJobs: false,
      });
      try {
        // Nine statements at once, each holding its connection 50 ms: the server processes that answer.
        const answers = await Promise.all(
          Array.from({ length: 9 }, () =>
            app.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(${0.05}::float8) as slept`),
          ),
        );
        const backends = new Set(answers.map((a) => (a as { rows: { pid: number }[] }).rows[0]?.pid));
        expect(backends.size).toBe(3);
      } finally {
        await app.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
