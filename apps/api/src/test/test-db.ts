import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type CreateDbOptions, createDb, type DbHandle } from '../db/client.ts';
import { migrateDb } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set,
 * a uniquely named PostgreSQL database created next to the one in the URL and dropped on close.
 */
export async function createTestDb(options: Pick<CreateDbOptions, 'logQuery'> = {}): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await createDb(options);
    await migrateDb(handle);
    return handle;
  }
  const name = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const maintenanceUrl = new URL(url);
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
  const handle = await createDb({ ...options, databaseUrl: testUrl.toString() });
  const drop = async () => {
    const client = new pg.Client({ connectionString: maintenanceUrl.toString() });
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
    }
  };
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
