/**
 * Statements whose SQL Drizzle builds once, executed with new values on any database or transaction
 * (issue 11, docs/perf/orders.md round 4). Drizzle builds a query's text anew on every execution (its
 * `is()` checks, `buildQueryFromSourceParams`, `buildSelection`): ~28 % of the API's CPU per order
 * placed. Its own `.prepare()` does it once but binds the result to the session it was built on (a
 * query prepared on `db` runs outside the caller's transaction, one prepared on `tx` is rebuilt for
 * every transaction). Here the query is built with `sql.placeholder`s the first time it runs, and each
 * execution hands the built text, its fields and its row mapping to the session of the `db` or `tx` it
 * is given: the caller's transaction, the same row mapping as the builder's, and the same logger
 * (ordering-queries.test.ts counts these statements like any other). Only binding the values is left
 * per execution; PostgreSQL's parse and plan are once per connection anyway (`cacheStatements`).
 *
 * Use it for the hot paths' statements whose shape does not depend on the request: a list of ids goes
 * as ONE array parameter (`= any(${p('ids')}::uuid[])` with `pgArray(ids)`), not as `in (...)`.
 */
import { type Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

type Values = Record<string, unknown>;

/** A Drizzle builder (select, insert, update, delete) that `.prepare()` turns into a prepared query. */
type Preparable<R> = { prepare(name: string): { execute(values?: Values): Promise<R> } };

/**
 * What the session needs to run a built query again: Drizzle's prepared query keeps them at run time,
 * its types hide `fields` and `joinsNotNullableMap` (internal), hence the read through `unknown`.
 */
type Built = {
  query: Query;
  fields: unknown;
  joinsNotNullableMap: unknown;
  arrayMode: boolean;
};

function builtOf(prepared: unknown): Built {
  const p = prepared as {
    getQuery(): Query;
    fields?: unknown;
    joinsNotNullableMap?: unknown;
    isResponseInArrayMode(): boolean;
  };
  if (typeof p.getQuery !== 'function' || typeof p.isResponseInArrayMode !== 'function') {
    throw new Error('db/prepared: Drizzle prepared query has changed shape');
  }
  return {
    query: p.getQuery(),
    fields: p.fields,
    joinsNotNullableMap: p.joinsNotNullableMap,
    arrayMode: p.isResponseInArrayMode(),
  };
}

function run<R>(db: DbOrTx, built: Built, values: Values): Promise<R> {
  const session = db._.session;
  // The arguments are the ones the builder's own `.prepare()` passed (builtOf read them back).
  const prepared = session.prepareQuery(
    built.query,
    built.fields as Parameters<typeof session.prepareQuery>[1],
    undefined,
    built.arrayMode,
  );
  (prepared as { joinsNotNullableMap?: unknown }).joinsNotNullableMap = built.joinsNotNullableMap;
  return prepared.execute(values) as Promise<R>;
}

/** The placeholder named `name` (typed against the statement's values). */
type PlaceholderOf<V> = (name: keyof V & string) => Placeholder;
const placeholder = <V>(name: keyof V & string): Placeholder => sql.placeholder(name);

/**
 * A Drizzle query builder built once: `preparedQuery<{ id: string }>()((db, p) =>
 * db.select().from(t).where(eq(t.id, p('id'))))` gives `(db, { id }) => rows`, the builder's own
 * result type. The builder runs the first time (on whatever `db` is given; nothing is sent then).
 */
export const preparedQuery =
  <V extends Values>() =>
  <R>(build: (db: DbOrTx, p: PlaceholderOf<V>) => Preparable<R>) => {
    let built: Built | undefined;
    return (db: DbOrTx, values: V): Promise<R> => {
      built ??= builtOf(build(db, placeholder<V>).prepare('built-once'));
      return run<R>(db, built, values);
    };
  };

const dialect = new PgDialect();

/**
 * A raw statement (Drizzle's `sql` template) built once: `preparedSql<{ id: string }, Row>()((p) =>
 * sql`select ... where id = ${p('id')}`)` gives `(db, { id }) => rows` as the driver answers them
 * (column names as the statement spells them; no mapping, as `db.execute` does). Built the first time
 * it runs; `db` is there for builders embedded with `.getSQL()` (nothing is sent while building).
 */
export const preparedSql =
  <V extends Values, Row>() =>
  (build: (p: PlaceholderOf<V>, db: DbOrTx) => SQL) => {
    let built: Built | undefined;
    return async (db: DbOrTx, values: V): Promise<Row[]> => {
      built ??= {
        query: dialect.sqlToQuery(build(placeholder<V>, db)),
        fields: undefined,
        joinsNotNullableMap: undefined,
        arrayMode: false,
      };
      // node-postgres and PGlite both answer { rows }.
      const result = await run<{ rows: Row[] }>(db, built, values);
      return result.rows;
    };
  };

/**
 * A PostgreSQL array literal of texts (`{"a","b"}`), for one array parameter cast in the statement
 * (`${p('ids')}::uuid[]`): every element quoted, `"` and `\` escaped, so any text is one element.
 */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
