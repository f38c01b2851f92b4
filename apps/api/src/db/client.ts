import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { prepareStatements } from './pglite-statements.ts';
import {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  DEFAULT_POOL_MAX,
  DEFAULT_STATEMENT_TIMEOUT_MS,
} from './pool-size.ts';
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
  /** PostgreSQL: the most connections the pool opens (DATABASE_POOL_MAX); absent: DEFAULT_POOL_MAX. */
  poolMax?: number;
  /** PostgreSQL: DATABASE_CONNECT_TIMEOUT_MS (pool-size.ts); 0 waits forever. */
  connectTimeoutMs?: number;
  /** PostgreSQL: DATABASE_STATEMENT_TIMEOUT_MS, each connection's statement_timeout; 0 is none. */
  statementTimeoutMs?: number;
  /** PostgreSQL: DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, idle_in_transaction_session_timeout; 0 is none. */
  idleInTransactionTimeoutMs?: number;
  /**
   * Called with every statement Drizzle sends (not the BEGIN/COMMIT PGlite issues itself): how the
   * tests count the queries of one request (ordering-queries.test.ts).
   */
  logQuery?: (query: string, params: unknown[]) => void;
};

const loggerOf = ({ logQuery }: CreateDbOptions) => (logQuery ? { logger: { logQuery } } : {});

/**
 * The embedded database's memory bounds (docs/perf/orders.md). PGlite's WebAssembly memory only ever
 * grows, and PostgreSQL's defaults are sized for a server of its own: 128 MB of shared buffers that
 * fill as tables are read. The data of one chain fits in far less; what does not is read again from
 * the data folder through the operating system's file cache, which the process does not own.
 * work_mem and temp_buffers bound one sort or hash and the temporary tables of one session.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '32MB',
  work_mem: '4MB',
  temp_buffers: '4MB',
  maintenance_work_mem: '16MB',
} as const;

const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/**
 * How many statement texts one PostgreSQL connection (`cacheStatements`) or the PGlite database
 * (`prepareStatements`) keeps prepared. The placement path sends about a dozen fixed texts (a
 * benchmark of 15 s on PGlite prepared 108 in all); the rest of the API a few hundred at most.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Makes `client` send each parameterised statement as a named (prepared) one, named by its text, so
 * PostgreSQL parses and plans a text once per connection instead of on every execution (issue 11,
 * docs/perf/orders.md: the parse and plan were a large part of the backends' CPU per order). Drizzle
 * builds the same text for the same query shape, so a connection sees a bounded set of texts; past
 * `max` texts a connection sends the rest unnamed, as before. Statements without parameters (BEGIN,
 * COMMIT, migrations with several commands) stay on the simple protocol, untouched. node-postgres
 * itself sends the Parse only the first time a connection runs a name.
 */
function cacheStatements(client: pg.PoolClient, max: number): void {
  const names = new Map<string, string>();
  const query = client.query;
  type QueryArgs = unknown[];
  // pg's query() has a dozen overloads; this wrapper only adds `name` to a config object with
  // parameters and passes every argument on unchanged, so its own signature is the original's.
  client.query = function (this: pg.PoolClient, ...args: QueryArgs) {
    const [config, values] = args;
    if (config !== null && typeof config === 'object' && !('name' in config && config.name)) {
      const c = config as pg.QueryConfig & { submit?: unknown };
      const params = Array.isArray(values) ? values : c.values;
      if (typeof c.text === 'string' && !c.submit && params && params.length > 0) {
        let name = names.get(c.text);
        if (name === undefined && names.size < max) {
          name = `s${names.size + 1}`;
          names.set(c.text, name);
        }
        if (name !== undefined) args[0] = { ...c, name };
      }
    }
    return (query as (...a: QueryArgs) => unknown).apply(this, args);
  } as typeof client.query;
}

/**
 * Creates a new PGlite data folder in a short-lived child process. PGlite runs initdb in a second
 * WebAssembly instance and keeps hundreds of megabytes of it reachable afterwards (measured: a first
 * start left the process at 750 MB, a start on the same folder at 290 MB), so the API process only
 * ever opens a folder that exists.
 */
async function initPgliteApart(dataDir: string): Promise<void> {
  const pgliteUrl = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pgliteUrl)});
const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)} });
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + String(chunk)).slice(-4000);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`creating the PGlite data folder failed (${code}): ${stderr}`)),
    );
  });
}

export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? DEFAULT_POOL_MAX,
      // Bounds that end in 503 SERVICE_BUSY rather than a request held without end (pool-size.ts).
      // The two server settings are sent in each connection's startup message, so every session,
      // the status bus's listener too, has them from its first statement.
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout:
        options.idleInTransactionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
    let closing = false;
    // The connections handed out now: an idle one's error is the pool's own (below), said once.
    const inUse = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => inUse.add(client));
    pool.on('release', (_error, client) => inUse.delete(client));
    pool.on('connect', (client) => {
      cacheStatements(client, STATEMENT_CACHE_SIZE);
      // The pool listens for errors of idle connections only. One handed out (a transaction waiting
      // between statements on the app's own code) that the server ends (a restart, an
      // administrator, idle_in_transaction_session_timeout) emits 'error' with nobody listening: an
      // uncaught exception that took the whole process down. Its work fails on its next statement
      // instead, and the pool drops it when it comes back (pool-timeouts.test.ts).
      client.on('error', (error) => {
        if (!closing && inUse.has(client))
          console.error(`PostgreSQL ended a connection in use: ${error.message}`);
      });
    });
    // An idle connection the server drops (a restart, or a database dropped right after close) makes
    // the pool emit 'error'; without a listener that would crash the process. The pool replaces the
    // connection on the next query, so this is worth a line in the log, not an exit.
    pool.on('error', (error) => {
      if (!closing) console.error(`PostgreSQL dropped an idle connection: ${error.message}`);
    });
    const db = drizzleNodePg({ client: pool, schema, ...loggerOf(options) });
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
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await initPgliteApart(dataDir);
  }
  const client = await PGlite.create({ ...(dataDir ? { dataDir } : {}), startParams: PGLITE_START_PARAMS });
  // Parse and plan each parameterised text once, as the PostgreSQL connections do (cacheStatements):
  // PGlite's own query() re-parses and re-plans on every call, in six calls into its WebAssembly.
  prepareStatements(client, STATEMENT_CACHE_SIZE);
  const db = drizzlePglite({ client, schema, ...loggerOf(options) });
  return {
    db,
    driver: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
