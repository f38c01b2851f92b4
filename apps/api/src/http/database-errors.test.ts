/**
 * Issue 9, finding 1, defence in depth: a value the contracts let through and PostgreSQL refuses is
 * the client's mistake (400 in the error shape, not 500), and no log line ever carries a failed
 * query's parameters (Drizzle's error message and the driver's error both hold them).
 */
import { ZApiError } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../test/app.ts';
import { databaseFailureOf, isDatabaseBusy, redactQuoted } from './database-errors.ts';
import { BUSY_RETRY_AFTER_S } from './error-handler.ts';

let t: TestApp;
/** An app on the test database with routes that hand the body to PostgreSQL unchecked. */
let app: FastifyInstance;
const logLines: string[] = [];

/** Looks like a credential, so a leak is unmistakable. */
const SECRET = 'sk_live_7f3a9c1e5b2d8046';

beforeAll(async () => {
  t = await buildTestApp();
  app = await buildApp({
    db: t.db,
    env: { DATA_DIR: t.app.config.DATA_DIR },
    // The production logger options (buildApp adds its serializers), written into memory.
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  const body = (request: { body: unknown }) => String((request.body as { value?: unknown }).value);
  app.post('/v1/test/as-int', async (request) => app.db.execute(sql`select ${body(request)}::int as n`));
  app.post('/v1/test/as-text', async (request) => app.db.execute(sql`select ${body(request)}::text as s`));
  app.post('/v1/test/server-bug', async (request) =>
    app.db.execute(sql`select * from no_such_table where secret = ${body(request)}`),
  );
  // PostgreSQL's own error, with the SQLSTATE the body names (both drivers raise it alike).
  app.post('/v1/test/raise', async (request) => {
    const sqlstate = body(request).replace(/[^0-9A-Z]/g, '');
    return app.db.execute(
      sql.raw(`do $$ begin raise exception 'raised for a test' using errcode = '${sqlstate}'; end $$`),
    );
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await t?.close();
});

const post = (url: string, value: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...CLIENT_HEADERS, 'accept-language': 'en' },
    payload: { value },
  });

describe('a value PostgreSQL refuses', () => {
  it.each([
    ['a NUL (22021)', '/v1/test/as-text', `${SECRET}\u0000`, '22021'],
    ['text where a number goes (22P02)', '/v1/test/as-int', SECRET, '22P02'],
    ['a number out of range (22003)', '/v1/test/as-int', '99999999999', '22003'],
  ])('%s answers 400 INVALID_INPUT in the error shape', async (_name, url, value, sqlstate) => {
    logLines.length = 0;
    const res = await post(url, value);
    expect(res.statusCode, res.body).toBe(400);
    expect(ZApiError.parse(res.json())).toEqual({
      statusCode: 400,
      code: 'INVALID_INPUT',
      message: 'The request contains a value that cannot be stored; check what was entered',
    });
    const log = logLines.join('');
    expect(log).toContain(sqlstate);
    expect(log).toContain('select $1::');
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain('99999999999');
    expect(res.body).not.toContain(SECRET);
  });
});

describe('a database error that is the server’s', () => {
  it('answers 500 and logs the SQL and the SQLSTATE, never the parameters', async () => {
    logLines.length = 0;
    const res = await post('/v1/test/server-bug', SECRET);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal server error' });
    const errorLine = logLines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
    expect(errorLine?.err).toMatchObject({
      type: 'DrizzleQueryError',
      db: { code: '42P01', query: 'select * from no_such_table where secret = $1' },
    });
    expect(errorLine?.err.stack).toMatch(/^DrizzleQueryError: database error 42P01/);
    expect(logLines.join('')).not.toContain(SECRET);
  });
});

describe('the database too busy to answer now', () => {
  it.each([
    ['a statement past statement_timeout', '57014'],
    ['a row lock not granted', '55P03'],
    ['the server out of connections', '53300'],
    ['the server starting or stopping', '57P03'],
    ['a transaction idle too long', '25P03'],
    ['the server restarting (the session ended)', '57P01'],
    ['the connection failing', '08006'],
  ])('%s (%s) answers 503 SERVICE_BUSY with Retry-After, logged as a warning', async (_name, sqlstate) => {
    logLines.length = 0;
    const res = await post('/v1/test/raise', sqlstate);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_S));
    expect(ZApiError.parse(res.json())).toEqual({
      statusCode: 503,
      code: 'SERVICE_BUSY',
      message: 'The service is busy right now. Try again in a few seconds',
    });
    const entries = logLines.map((line) => JSON.parse(line));
    expect(entries.find((entry) => entry.msg === 'database busy')).toMatchObject({
      level: 40,
      err: { db: { code: sqlstate } },
    });
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
  });

  it('says so in the language asked for', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/test/raise',
      headers: { ...CLIENT_HEADERS, 'accept-language': 'uz' },
      payload: { value: '57014' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("Xizmat hozir band. Bir necha soniyadan keyin qayta urinib ko'ring");
  });

  it('another SQLSTATE of the same classes stays the server’s own 500', async () => {
    // 57000 operator_intervention and 55000 object_not_in_prerequisite_state.
    for (const sqlstate of ['57000', '55000']) {
      const res = await post('/v1/test/raise', sqlstate);
      expect(res.statusCode, sqlstate).toBe(500);
    }
  });

  it('recognises the pool’s own waits that ran out and a lost connection, along the cause chain', () => {
    const checkout = new Error('timeout exceeded when trying to connect');
    const opening = new Error('Connection terminated due to connection timeout');
    expect(isDatabaseBusy(checkout)).toBe(true);
    expect(isDatabaseBusy(new Error('Failed query: select 1', { cause: opening }))).toBe(true);
    // A connection lost under a request, and a socket refused under a database query.
    expect(isDatabaseBusy(new Error('Connection terminated unexpectedly'))).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const query = Object.assign(new Error('Failed query: select 1\nparams: '), {
      query: 'select 1',
      params: [],
      cause: refused,
    });
    expect(isDatabaseBusy(query)).toBe(true);
    // Another service's refused socket (no database query around it) is not the database's.
    expect(isDatabaseBusy(refused)).toBe(false);
    expect(isDatabaseBusy(Object.assign(new Error('x'), { code: '57014' }))).toBe(false);
    expect(isDatabaseBusy(null)).toBe(false);
  });
});

describe('databaseFailureOf', () => {
  it('finds the driver error along the cause chain and redacts quoted values', () => {
    const driver = Object.assign(new Error('invalid input syntax for type integer: "abc"'), {
      code: '22P02',
      severity: 'ERROR',
      column: 'n',
    });
    const query = Object.assign(new Error('Failed query: select $1::int\nparams: abc'), {
      query: 'select $1::int',
      params: ['abc'],
      cause: driver,
    });
    expect(databaseFailureOf(new Error('wrapped', { cause: query }))).toEqual({
      code: '22P02',
      message: 'invalid input syntax for type integer: "…"',
      query: 'select $1::int',
      column: 'n',
    });
    expect(databaseFailureOf(new Error('not a database error'))).toBeNull();
    expect(redactQuoted('value "1""2" is out of range')).toBe('value "…" is out of range');
  });
});
