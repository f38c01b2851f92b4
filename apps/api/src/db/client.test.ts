import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test/test-db.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('the PostgreSQL pool', () => {
  it('survives the server dropping an idle connection, and the next query works', async () => {
    const handle = await createTestDb();
    try {
      const before = (await handle.db.execute(
        sql`select current_database() as name, pg_backend_pid() as pid`,
      )) as {
        rows: { name: string; pid: number }[];
      };
      const { name, pid } = before.rows[0] ?? { name: '', pid: 0 };
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        // The connection is idle in the pool now; the server ends it as a restart or a forced drop would.
        await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      // Without an 'error' listener on the pool, the idle client's error would be an uncaught exception.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = (await handle.db.execute(sql`select current_database() as name`)) as {
        rows: { name: string }[];
      };
      expect(after.rows[0]?.name).toBe(name);
    } finally {
      await handle.close();
    }
  });
});
