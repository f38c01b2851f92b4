import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One database type for both drivers: services and repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type DbDriver = 'pglite' | 'postgres';

export type DbHandle = {
  db: Db;
  driver: DbDriver;
  close: () => Promise<void>;
};

export type CreateDbOptions = {
  /** PostgreSQL connection string; absent means PGlite. */
  databaseUrl?: string;
  /** PGlite keeps its files in `<dataDir>/pglite`; absent (and no databaseUrl) means in memory. */
  dataDir?: string;
};

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    let closing = false;
    // An idle connection the server drops (a restart, or a database dropped right after close) makes
    // the pool emit 'error'; without a listener that would crash the process. The pool replaces the
    // connection on the next query, so this is worth a line in the log, not an exit.
    pool.on('error', (error) => {
      if (!closing) console.error(`PostgreSQL dropped an idle connection: ${error.message}`);
    });
    const db = drizzleNodePg({ client: pool, schema });
    return {
      db,
      driver: 'postgres',
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    // PGlite creates its own folder but not the parents.
    mkdirSync(options.dataDir, { recursive: true });
    dataDir = join(options.dataDir, 'pglite');
  }
  const client = await PGlite.create(dataDir ? { dataDir } : {});
  const db = drizzlePglite({ client, schema });
  return {
    db,
    driver: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
