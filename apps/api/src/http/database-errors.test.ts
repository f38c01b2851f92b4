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
import { databaseFailureOf, redactQuoted } from './database-errors.ts';

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
