import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DbHandle, Schema } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Runs `work` on one connection of the pool with no statement_timeout (pool-size.ts bounds every
 * request's statements; a migration that rebuilds an index on a chain's years of orders may take
 * minutes). The connection is closed afterwards rather than handed back, so the setting never
 * reaches a request.
 */
export async function withUnboundedSession<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    return await work(client);
  } finally {
    // `true` ends the connection instead of pooling it.
    client.release(true);
  }
}

/**
 * Applies the generated migrations with the migrator of the driver in use (each tracks what ran).
 * `migrationsFolder`: another folder of the same form (a test's).
 */
export async function migrateDb(
  handle: Pick<DbHandle, 'db' | 'driver'>,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  const config = { migrationsFolder };
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as PgliteDatabase<Schema>, config);
    return;
  }
  // `$client` is on both Drizzle drivers but not on the driver-neutral PgDatabase type.
  const pool = (handle.db as unknown as { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('migrateDb: a PostgreSQL handle without its pool');
  await withUnboundedSession(pool, (client) =>
    migrateNodePg(drizzleNodePg({ client }) as NodePgDatabase<Schema>, config),
  );
}
