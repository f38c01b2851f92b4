import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DbHandle, Schema } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies the generated migrations with the migrator of the driver in use (each tracks what ran). */
export async function migrateDb(handle: Pick<DbHandle, 'db' | 'driver'>): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.driver === 'pglite') {
    await migratePglite(handle.db as PgliteDatabase<Schema>, config);
  } else {
    await migrateNodePg(handle.db as NodePgDatabase<Schema>, config);
  }
}
