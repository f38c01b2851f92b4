import { stdSerializers } from 'pino';

/**
 * Errors from PostgreSQL (pg and PGlite alike), as Drizzle hands them over: a `DrizzleQueryError`
 * whose message is "Failed query: <sql>\nparams: <every parameter>", with the driver's error (SQLSTATE
 * `code`, `severity`, `detail`...) as its `cause`. The parameters are the client's data (names,
 * phones, addresses, tokens' hashes), and PostgreSQL's own message and detail quote values too
 * ('invalid input syntax for type integer: "..."', 'Key (phone)=(...) already exists'), so none of
 * them may reach a log line as they are.
 */
export type DatabaseFailure = {
  /** SQLSTATE, e.g. '22021'. */
  code: string;
  /** PostgreSQL's message with every quoted value replaced by "…". */
  message: string;
  /** The SQL text with its $1, $2 placeholders (never the parameters). */
  query?: string;
  table?: string;
  column?: string;
  constraint?: string;
};

/**
 * Data exceptions a client's value can cause when a contract lets it through: the request is bad,
 * not the server (400, not 500). 22021 invalid byte sequence (NUL), 22P05 untranslatable character,
 * 22001 string too long, 22003 number out of range, 22P02 invalid text representation, 22007/22008
 * invalid or out-of-range date/time, 22025/22019 bad LIKE escape, 2201B invalid regular expression,
 * 22023 invalid parameter value, 22004 null value not allowed.
 */
const CLIENT_DATA_SQLSTATES = new Set([
  '22001',
  '22003',
  '22004',
  '22007',
  '22008',
  '22019',
  '22021',
  '22023',
  '22025',
  '2201B',
  '22P02',
  '22P05',
]);

const SQLSTATE = /^[0-9A-Z]{5}$/;

type ErrorLike = { [key: string]: unknown };
const isObject = (value: unknown): value is ErrorLike => typeof value === 'object' && value !== null;
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** What pino logs under `err`. */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** A Drizzle query error: carries the SQL text and the parameters. */
const isQueryError = (value: ErrorLike) =>
  typeof value.query === 'string' && 'params' in value && value instanceof Error;
/** A driver error from PostgreSQL: a SQLSTATE code and a severity. */
const isDriverError = (value: ErrorLike) =>
  typeof value.code === 'string' && SQLSTATE.test(value.code) && typeof value.severity === 'string';

/** Quoted values in PostgreSQL's messages ('"secret"', '"UTF8"') become "…". */
export const redactQuoted = (text: string) => text.replace(/"(?:[^"]|"")*"/g, '"…"');

/** The database failure behind an error (looked for along its `cause` chain), or null. */
export function databaseFailureOf(error: unknown): DatabaseFailure | null {
  let query: string | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isObject(current); depth++) {
    if (isQueryError(current)) query ??= current.query as string;
    if (isDriverError(current)) {
      const failure: DatabaseFailure = {
        code: current.code as string,
        message: redactQuoted(str(current.message) ?? ''),
      };
      if (query) failure.query = query;
      for (const key of ['table', 'column', 'constraint'] as const) {
        const value = str(current[key]);
        if (value) failure[key] = value;
      }
      return failure;
    }
    current = current.cause;
  }
  return null;
}

/** Whether a database failure was caused by the value a client sent (see CLIENT_DATA_SQLSTATES). */
export const isClientDataFailure = (failure: DatabaseFailure) => CLIENT_DATA_SQLSTATES.has(failure.code);

/**
 * SQLSTATEs that say the database is overloaded, ran out of time or went away for a moment, not that
 * the request is wrong: 57014 query_canceled (statement_timeout, pool-size.ts), 55P03
 * lock_not_available, 53300 too_many_connections, 57P03 cannot_connect_now (starting up or shutting
 * down), 57P01 admin_shutdown and 57P02 crash_shutdown (a restart, a failover, a session ended by an
 * administrator), class 08 (the connection failed), 25P03 idle_in_transaction_session_timeout. The
 * request may succeed as it is a moment later. (25P03 comes while no statement runs, as the
 * connection's 'error', so its request usually fails on the closed connection instead: below.)
 */
const BUSY_SQLSTATES = new Set(['57014', '55P03', '53300', '57P03', '57P01', '57P02', '25P03']);
const CONNECTION_EXCEPTION_CLASS = '08';

/**
 * node-postgres gives no code to its own failures: the pool's waits that ran out
 * (DATABASE_CONNECT_TIMEOUT_MS: a checkout of a full pool, a new connection that did not open in
 * time) and a connection lost under a request. Pinned by the lockfile; db/pool-timeouts.test.ts fails
 * on PostgreSQL if a new version words them otherwise.
 */
const DRIVER_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Client has encountered a connection error and is not queryable',
]);

/** The operating system's words for a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * Whether an error (or one of its causes) says the database is too busy or out of reach to answer
 * now (BUSY_SQLSTATES, DRIVER_MESSAGES, or a socket's failure under a query): answered 503
 * SERVICE_BUSY with Retry-After, not 500. A socket's failure counts only under a database query, so
 * another service's cut connection is not taken for the database's.
 */
export function isDatabaseBusy(error: unknown): boolean {
  let current: unknown = error;
  let underQuery = false;
  for (let depth = 0; depth < 5 && isObject(current); depth++) {
    if (isQueryError(current)) underQuery = true;
    if (isDriverError(current)) {
      const code = current.code as string;
      if (BUSY_SQLSTATES.has(code) || code.startsWith(CONNECTION_EXCEPTION_CLASS)) return true;
    }
    if (current instanceof Error && DRIVER_MESSAGES.has(current.message)) return true;
    if (underQuery && typeof current.code === 'string' && SOCKET_CODES.has(current.code)) return true;
    current = current.cause;
  }
  return false;
}

/** Does the error, or one of its causes, carry a query's parameters or a driver's detail? */
function carriesQueryData(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isObject(current); depth++) {
    if (isQueryError(current) || isDriverError(current)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * pino's `err` serializer for the whole app (app.ts): every error is logged as pino logs it, except
 * one that carries a database query, which is logged as its type, the SQL text, the SQLSTATE and the
 * redacted message, and the stack frames without the message (whose text held the parameters).
 */
export function serializeError(error: Error): SerializedError {
  if (!carriesQueryData(error)) return stdSerializers.err(error);
  const failure = databaseFailureOf(error);
  const type = error.constructor?.name ?? 'Error';
  const message = failure ? `database error ${failure.code}: ${failure.message}` : 'database query failed';
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
    ...(failure ? { db: failure } : {}),
  };
}
