import pg from 'pg';
import { afterEach } from 'vitest';

/**
 * A guard for the PostgreSQL runs of the API suite: no two queries in flight on one connection.
 *
 * A transaction holds one connection, so a `Promise.all` of reads on a transaction's handle queues
 * them on it: they run one after another anyway (nothing gained), node-postgres prints a deprecation
 * warning, and pg 9 drops the queue. On the pool itself each query takes its own connection, and on
 * PGlite the transaction's lock orders them, so this only ever fires on a transaction on PostgreSQL.
 * The query that overlapped is named, and the test it ran in fails.
 */
const overlaps: string[] = [];
const inFlight = new WeakMap<pg.Client, number>();
const query = pg.Client.prototype.query;
type QueryArgs = unknown[];
// pg's query() has a dozen overloads; this wrapper counts and passes every argument on unchanged.
pg.Client.prototype.query = function (this: pg.Client, ...args: QueryArgs) {
  const before = inFlight.get(this) ?? 0;
  if (before > 0) {
    const config = args[0];
    const text =
      typeof config === 'string'
        ? config
        : config !== null && typeof config === 'object' && 'text' in config
          ? String(config.text)
          : '(a query object)';
    overlaps.push(text.slice(0, 200));
  }
  const result = (query as (...a: QueryArgs) => unknown).apply(this, args);
  if (
    result !== null &&
    typeof result === 'object' &&
    'then' in result &&
    typeof result.then === 'function'
  ) {
    inFlight.set(this, before + 1);
    const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
    (result as Promise<unknown>).then(done, done);
  }
  return result;
} as typeof pg.Client.prototype.query;

afterEach(() => {
  if (overlaps.length === 0) return;
  const seen = overlaps.splice(0);
  throw new Error(
    `${seen.length} quer${seen.length === 1 ? 'y was' : 'ies were'} sent on a connection still running another ` +
      `(a Promise.all on a transaction?); the first: ${seen[0]}`,
  );
});
