import {
  type PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type DatabaseError = InstanceType<typeof protocol.messages.DatabaseError>;

/** A statement text PGlite keeps prepared: its name, its parameters' types, its result's columns. */
type Prepared = {
  name: string;
  paramTypes: number[];
  /** Empty for a statement without a result (an insert without `returning`). */
  fields: { name: string; dataTypeID: number }[];
};

export type PgliteStatementCache = {
  /** How many texts are prepared now (tests). */
  readonly size: number;
  /** How many executions ran on a prepared statement, and how many prepared one (tests). */
  readonly stats: { executed: number; prepared: number };
};

/** PostgreSQL's "cached plan must not change result type" (the table's columns changed under it). */
const FEATURE_NOT_SUPPORTED = '0A000';
/** "prepared statement ... does not exist" (someone ran DEALLOCATE or DISCARD). */
const INVALID_STATEMENT_NAME = '26000';

const isDatabaseError = (e: unknown): e is DatabaseError => e instanceof protocol.messages.DatabaseError;

/**
 * Makes `client` keep each parameterised statement text prepared under a name, as `cacheStatements`
 * does for PostgreSQL connections (docs/perf/orders.md, round 4). PGlite's own `query()` runs every
 * statement on the unnamed statement, as six protocol round trips into its WebAssembly (Parse,
 * Describe statement, Bind, Describe portal, Execute, Sync), so PostgreSQL parses, analyses and
 * plans the text on every execution, and the answer is parsed twice (the row description comes on
 * every call). Here the first execution of a text sends Parse + Describe + Sync under a new name and
 * keeps the parameter types and the result's columns; every execution then sends Bind + Execute +
 * Sync in one round trip, and the rows are built from the kept columns with the same parsers and
 * serializers PGlite uses (the call's own `parsers`/`serializers` first), in the same shapes
 * (`rowMode` 'array' or 'object', `affectedRows`, `rowCount`, `command`, `fields`).
 *
 * What stays as it was: statements without parameters (BEGIN, COMMIT, migrations, LISTEN) and calls
 * with `paramTypes` or a `blob` go to PGlite's own `query()`; once `max` texts are prepared the rest
 * go there too. Locking is PGlite's: a query outside a transaction waits for the open transaction
 * (`_runExclusiveTransaction`), one inside runs under the query mutex (`_runExclusiveQuery`), as
 * PGlite's `query()` and `tx.query()` do; a statement outside a transaction is followed by
 * `syncToFs()` as there. Errors are PGlite's `DatabaseError`s with `query`, `params` and
 * `queryOptions` set, as PGlite's `makePGliteError` sets them. Notifications raised by a statement
 * reach `listen()` callbacks as before (the messages go through PGlite's own protocol parser).
 */
export function prepareStatements(client: PGlite, max: number): PgliteStatementCache {
  const statements = new Map<string, Prepared>();
  let sequence = 0;
  const stats = { executed: 0, prepared: 0 };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);

  const eligible = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    params !== undefined &&
    params.length > 0 &&
    !options?.paramTypes &&
    !options?.blob &&
    (statements.has(text) || statements.size < max);

  const withQueryDetails = (e: unknown, text: string, params: unknown[], options?: QueryOptions) => {
    if (isDatabaseError(e)) Object.assign(e, { query: text, params, queryOptions: options });
    return e;
  };

  /** Forgets a text's statement and closes it in PostgreSQL, so its next execution prepares it again. */
  const forget = async (text: string, statement: Prepared) => {
    if (statements.get(text) === statement) statements.delete(text);
    await client
      .execProtocolStream(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), {
        syncToFs: false,
        throwOnError: false,
      })
      .catch(() => {});
  };

  const prepare = async (text: string, options?: QueryOptions): Promise<Prepared> => {
    sequence += 1;
    const name = `pglite_s${sequence}`;
    const messages = await client.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
    );
    const prepared: Prepared = { name, paramTypes: [], fields: [] };
    for (const message of messages) {
      if (message.name === 'parameterDescription') {
        prepared.paramTypes = (message as BackendMessage & { dataTypeIDs: number[] }).dataTypeIDs;
      } else if (message.name === 'rowDescription') {
        const { fields } = message as BackendMessage & { fields: { name: string; dataTypeID: number }[] };
        prepared.fields = fields.map(({ name: fieldName, dataTypeID }) => ({ name: fieldName, dataTypeID }));
      }
    }
    stats.prepared += 1;
    return prepared;
  };

  const execute = async <T>(
    statement: Prepared,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> => {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i] as number;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await client.execProtocolStream(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute(), serialize.sync()]),
      { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
    );
    stats.executed += 1;
    return resultOf<T>(statement.fields, messages, client.parsers, options);
  };

  /** One execution; the caller holds PGlite's query mutex. */
  const run = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> => {
    let statement = statements.get(text);
    // Texts that were let in while the cache had room can find it full once their turn comes (the
    // check runs before the mutex): such a text runs once under its name and is closed after.
    let once = false;
    try {
      if (!statement) {
        statement = await prepare(text, options);
        if (statements.size < max) statements.set(text, statement);
        else once = true;
      }
      return await execute<T>(statement, params, options);
    } catch (e) {
      if (
        statement &&
        isDatabaseError(e) &&
        (e.code === FEATURE_NOT_SUPPORTED || e.code === INVALID_STATEMENT_NAME)
      ) {
        // The kept statement no longer fits the database (its table changed, or it was deallocated):
        // prepare it again. Outside a transaction at once; inside, the error has aborted the
        // transaction, so the caller gets it and the next execution prepares anew.
        await forget(text, statement);
        if (!inTransaction) {
          const fresh = await prepare(text, options).catch((again) => {
            throw withQueryDetails(again, text, params, options);
          });
          statements.set(text, fresh);
          return await execute<T>(fresh, params, options).catch((again) => {
            throw withQueryDetails(again, text, params, options);
          });
        }
      }
      throw withQueryDetails(e, text, params, options);
    } finally {
      if (once && statement) await forget(text, statement);
      if (!inTransaction) await client.syncToFs();
    }
  };

  client.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (!eligible(text, params, options)) return query<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(text, params as unknown[], options, false)),
    );
  };

  client.transaction = async <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction<T>((tx) => {
      const prepared: Transaction = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (!eligible(text, params, options)) return tx.query<R>(text, params, options);
          if (tx.closed) throw new Error('Transaction is closed');
          return client._runExclusiveQuery(() => run<R>(text, params as unknown[], options, true));
        },
        sql: (strings, ...params) => tx.sql(strings, ...params),
        exec: (text, options) => tx.exec(text, options),
        rollback: () => tx.rollback(),
        listen: (channel, listener) => tx.listen(channel, listener),
        get closed() {
          return tx.closed;
        },
      };
      return callback(prepared);
    });

  return {
    get size() {
      return statements.size;
    },
    stats,
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * The result PGlite's `parseResults` builds, from one execution's messages and the statement's kept
 * columns: each value through the call's parser for its type, else PGlite's, else the text itself.
 */
function resultOf<T>(
  fields: Prepared['fields'],
  messages: BackendMessage[],
  defaults: PGlite['parsers'],
  options: QueryOptions | undefined,
): Results<T> {
  const parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? defaults[dataTypeID]);
  const asArray = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let command: string | undefined;
  let affectedRows = 0;
  let rowCount: number | undefined;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as BackendMessage & { fields: (string | null)[] }).fields;
      const row: unknown[] | Record<string, unknown> = asArray ? new Array(values.length) : {};
      for (let i = 0; i < values.length; i++) {
        const raw = values[i] as string | null;
        const field = fields[i] as Prepared['fields'][number];
        const parser = parsers[i];
        const value = raw === null ? null : parser ? parser(raw, field.dataTypeID) : raw;
        if (asArray) (row as unknown[])[i] = value;
        else (row as Record<string, unknown>)[field.name] = value;
      }
      rows.push(row);
    } else if (message.name === 'commandComplete') {
      const parts = (message as BackendMessage & { text: string }).text.split(' ');
      command = parts[0];
      const count = Number.parseInt(parts[parts.length - 1] as string, 10);
      if (
        command === 'INSERT' ||
        command === 'UPDATE' ||
        command === 'DELETE' ||
        command === 'COPY' ||
        command === 'MERGE'
      ) {
        affectedRows += count;
      }
      if (!Number.isNaN(count)) rowCount = count;
    }
  }
  const result = {
    rows: rows as T[],
    fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    affectedRows,
    ...(command === undefined ? {} : { command }),
    ...(rowCount === undefined ? {} : { rowCount }),
  };
  return result as Results<T>;
}
