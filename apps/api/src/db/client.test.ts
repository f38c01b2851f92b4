import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDb } from '../test/test-db.ts';
import { DEFAULT_POOL_MAX } from './pool-size.ts';

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

/** The server processes that answered `requests` statements sent at once, each holding its connection 50 ms. */
async function backendsServing(handle: Awaited<ReturnType<typeof createTestDb>>, requests: number) {
  const answers = await Promise.all(
    Array.from({ length: requests }, () =>
      handle.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(${0.05}::float8) as slept`),
    ),
  );
  return new Set(answers.map((a) => (a as { rows: { pid: number }[] }).rows[0]?.pid)).size;
}

describe.skipIf(!onPostgres)('the pool size (DATABASE_POOL_MAX)', () => {
  it(`opens at most ${DEFAULT_POOL_MAX} connections by default, however many statements wait`, async () => {
    const handle = await createTestDb();
    try {
      expect(await backendsServing(handle, DEFAULT_POOL_MAX + 6)).toBe(DEFAULT_POOL_MAX);
    } finally {
      await handle.close();
    }
  });

  it('opens at most the connections it is given', async () => {
    const handle = await createTestDb({ poolMax: 2 });
    try {
      expect(await backendsServing(handle, 7)).toBe(2);
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!onPostgres)('prepared statements per connection', () => {
  it('prepares a statement with parameters once per connection and runs it again by name', async () => {
    const handle = await createTestDb();
    try {
      // One connection for the whole check: a transaction holds it.
      const seen = await handle.db.transaction(async (tx) => {
        const prepared = async () =>
          (
            (await tx.execute(
              sql`select statement from pg_prepared_statements where statement like ${'%cache-probe%'}`,
            )) as { rows: { statement: string }[] }
          ).rows.map((r) => r.statement);
        const probe = () => tx.execute(sql`select ${1}::int + 1 as "cache-probe"`);
        const first = await probe();
        const second = await probe();
        expect((first as { rows: unknown[] }).rows).toEqual((second as { rows: unknown[] }).rows);
        // Parameterless statements stay on the simple protocol (BEGIN, several commands in one text).
        await tx.execute(sql.raw(`select 'cache-probe-raw' as x`));
        return prepared();
      });
      // The probe once (run twice), the lookup itself, and not the parameterless one.
      expect(seen.filter((s) => s.includes('"cache-probe"'))).toHaveLength(1);
      expect(seen.some((s) => s.includes('cache-probe-raw'))).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
