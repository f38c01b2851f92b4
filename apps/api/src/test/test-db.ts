import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type CreateDbOptions, createDb, type DbHandle } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set,
 * a uniquely named PostgreSQL database created next to the one in the URL and dropped on close. Its
 * name starts with the URL's database name (`.../h_x_test` makes `h_x_test_<pid>_<random>`), so
 * the databases of a shared server's users stay under their own prefixes.
 */
export async function createTestDb(
  options: Pick<
    CreateDbOptions,
    'logQuery' | 'poolMax' | 'connectTimeoutMs' | 'statementTimeoutMs' | 'idleInTransactionTimeoutMs'
  > = {},
): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await createDb(options);
    await migrateDb(handle);
    return handle;
  }
  const database = await createTestDatabase(url);
  const handle = await createDb({ ...options, databaseUrl: database.url });
  const { drop } = database;
  try {
    await migrateDb(handle);
  } catch (error) {
    await handle.close();
    await drop();
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

/**
 * An empty PostgreSQL database next to the one `url` names (its name prefixed by that one's, as
 * createTestDb's), for a test that opens it itself (buildApp without a `db`): its URL, and `drop`.
 */
export async function createTestDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const maintenanceUrl = new URL(url);
  const base = /^\/([a-z_][a-z0-9_]{0,39})$/.exec(maintenanceUrl.pathname)?.[1] ?? 'api_test';
  const name = `${base}_${process.pid}_${randomBytes(4).toString('hex')}`;
  maintenanceUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenanceUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: maintenanceUrl.toString() });
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  };
  return { url: testUrl.toString(), drop };
}
