/**
 * An Idempotency-Key whose request died with its process (kill -9) is free again at once (issue 9,
 * finding 5; idempotency.ts says how). A real crash: a child process (ordering-crash.child.ts) runs
 * the app on a database it shares with this test, places some orders, then receives orders that stop
 * inside their transactions, and is killed with SIGKILL there. A fresh app on the same database then
 * retries every key: the answered ones replay their answer, the killed ones place their order (no
 * 409), no key gets two orders, and every order has its key's stored answer.
 *
 * On PostgreSQL the killed transactions belong to server connections whose client is gone: the
 * server rolls them back and lets go of their locks as soon as it sees the sockets close. On PGlite
 * the database lives in the killed process's files (a data folder), and the next open recovers it
 * without the unfinished transaction. `.ci/run` runs the API suite once on each.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZCreateOrderResponse } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { idempotencyKeys, orders } from '../../db/schema/index.ts';
import { CLIENT_HEADERS, ROOMY_RATE_LIMITS } from '../../test/app.ts';
import { deliveryOrderBody, postOrder } from '../../test/orders.ts';
import { createTestDb } from '../../test/test-db.ts';
import { type CrashChildConfig, type CrashChildMessage, HOLD_COMMENT } from './ordering-crash.child.ts';

const CHILD = fileURLToPath(new URL('./ordering-crash.child.ts', import.meta.url));
const API_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** The child's connections carry this name, so the test can see them go. */
const CHILD_APP_NAME = 'order-crash-child';
/** "Within seconds": how long the server may take to let go of a dead process's transactions. */
const RECLAIMED_WITHIN_MS = 5_000;

/** Orders answered before the crash, and orders killed inside their transactions (PostgreSQL). */
const ANSWERED = 3;
const HELD = 4;

type Customer = { id: string; token: string };

/** Starts the child and resolves when it listens; rejects (with its stderr) if it dies first. */
function startChild(config: CrashChildConfig) {
  let stderr = '';
  const child = fork(CHILD, [], {
    cwd: API_ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, CRASH_CHILD: JSON.stringify(config) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const held: string[] = [];
  const heldWaiters: (() => void)[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<{ port: number; customer: Customer }>((resolve, reject) => {
    child.on('message', (message: CrashChildMessage) => {
      if ('ready' in message) resolve(message.ready);
      else {
        held.push(message.held);
        for (const wake of heldWaiters.splice(0)) wake();
      }
    });
    void exited.then(() => reject(new Error(`the child exited before it was ready:\n${stderr}`)));
  });
  /** Resolves once `n` orders are stopped inside their transactions. */
  const heldCount = async (n: number) => {
    while (held.length < n) {
      await Promise.race([
        new Promise<void>((resolve) => heldWaiters.push(resolve)),
        exited.then(() => {
          throw new Error(`the child exited while orders were placed:\n${stderr}`);
        }),
      ]);
    }
  };
  return { child, ready, exited, heldCount };
}

async function postToChild(port: number, token: string, key: string, body: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/v2/ondemand-order`, {
    method: 'POST',
    headers: {
      ...CLIENT_HEADERS,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body: JSON.stringify(body),
  });
}

type Scenario = {
  config: CrashChildConfig;
  /** How many of the held orders are inside their transactions at once (PGlite runs one at a time). */
  heldAtOnce: number;
  /**
   * The database after the crash, for the fresh app; `whenReclaimed` waits until the dead process's
   * transactions are gone (and fails if that takes longer than RECLAIMED_WITHIN_MS).
   */
  reopen: () => Promise<{ handle: DbHandle; whenReclaimed: () => Promise<void>; close: () => Promise<void> }>;
};

async function crashAndRetry(scenario: Scenario) {
  const started = startChild(scenario.config);
  const { child } = started;
  let app: FastifyInstance | undefined;
  let reopened: Awaited<ReturnType<Scenario['reopen']>> | undefined;
  try {
    const { port, customer } = await started.ready;

    // Answered before the crash.
    const answered = new Map<string, unknown>();
    for (let i = 0; i < ANSWERED; i++) {
      const key = `answered-${i}`;
      const res = await postToChild(port, customer.token, key, deliveryOrderBody());
      expect(res.status).toBe(201);
      answered.set(key, ZCreateOrderResponse.parse(await res.json()));
    }

    // Killed inside their transactions.
    const heldBody = deliveryOrderBody({ comment: HOLD_COMMENT });
    const heldKeys = Array.from({ length: HELD }, (_, i) => `held-${i}`);
    // Settled as they go: a killed server's sockets fail these fetches before the test looks at them.
    const inFlight = heldKeys.map((key) =>
      postToChild(port, customer.token, key, heldBody).then(
        (res) => `answered ${res.status}`,
        () => 'no answer',
      ),
    );
    await started.heldCount(scenario.heldAtOnce);
    child.kill('SIGKILL');
    await started.exited;
    expect(await Promise.all(inFlight)).toEqual(heldKeys.map(() => 'no answer'));

    reopened = await scenario.reopen();
    await reopened.whenReclaimed();
    app = await buildApp({
      db: reopened.handle,
      env: {
        LOG_LEVEL: 'silent',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'api-crash-parent-')),
        ...ROOMY_RATE_LIMITS,
      },
      logger: false,
      runJobs: false,
    });
    await app.ready();

    // Every key once more, with its body: answered keys replay, killed ones place their order now.
    const placed = new Map<string, unknown>();
    for (const [key, first] of answered) {
      const res = await postOrder(app, customer.token, deliveryOrderBody(), { idempotencyKey: key });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(201);
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(res.json()).toEqual(first);
      placed.set(key, first);
    }
    for (const key of heldKeys) {
      const res = await postOrder(app, customer.token, heldBody, { idempotencyKey: key });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      placed.set(key, ZCreateOrderResponse.parse(res.json()));
    }
    // And again: every key now replays its one answer.
    for (const [key, answer] of placed) {
      const body = key.startsWith('held') ? heldBody : deliveryOrderBody();
      const res = await postOrder(app, customer.token, body, { idempotencyKey: key });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(201);
      expect(res.headers['idempotent-replayed'], key).toBe('true');
      expect(res.json()).toEqual(answer);
    }

    // One order per key, each the answer stored under its key; nothing of the killed transactions.
    const db = reopened.handle.db;
    const placedOrders = await db
      .select({ id: orders.id, external: orders.externalOrderId })
      .from(orders)
      .where(eq(orders.customerId, customer.id));
    const keys = await db
      .select({
        key: idempotencyKeys.key,
        status: idempotencyKeys.responseStatus,
        body: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.customerId, customer.id));
    expect(placedOrders).toHaveLength(ANSWERED + HELD);
    expect(new Map(keys.map((k) => [k.key, k.body]))).toEqual(placed);
    expect(keys.every((k) => k.status === 201)).toBe(true);
    expect(new Set(keys.map((k) => ZCreateOrderResponse.parse(k.body).order_id))).toEqual(
      new Set(placedOrders.map((o) => o.id)),
    );
    for (const o of placedOrders)
      expect(keys.map((k) => k.body)).toContainEqual({ order_id: o.id, external_order_id: o.external });
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await started.exited;
    await app?.close();
    await reopened?.close();
  }
}

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('an order key after its process was killed mid-transaction (PostgreSQL)', () => {
  it('is free again within seconds: the retry places the order once, with its stored answer', async () => {
    const db = await createTestDb();
    try {
      const url = new URL((db.db as unknown as { $client: pg.Pool }).$client.options.connectionString ?? '');
      url.searchParams.set('application_name', CHILD_APP_NAME);
      await crashAndRetry({
        config: { databaseUrl: url.toString() },
        heldAtOnce: HELD,
        reopen: async () => ({
          handle: db,
          // The server notices the dead client's sockets and rolls its transactions back, within
          // RECLAIMED_WITHIN_MS of the kill (the child has exited by now).
          whenReclaimed: async () => {
            const deadline = Date.now() + RECLAIMED_WITHIN_MS;
            for (;;) {
              const result = await db.db.execute<{ n: number }>(
                sql`select count(*)::int as n from pg_stat_activity where application_name = ${CHILD_APP_NAME}`,
              );
              const n = (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
              if (n === 0) return;
              if (Date.now() > deadline) throw new Error(`${n} connections of the killed process remain`);
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
          },
          close: async () => {},
        }),
      });
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe.runIf(!databaseUrl)(
  'an order key after its process was killed mid-transaction (PGlite data folder)',
  () => {
    it('is free again as soon as the database is opened: the retry places the order once, with its stored answer', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'api-crash-pglite-'));
      try {
        await crashAndRetry({
          config: { dataDir },
          // PGlite runs one transaction at a time: one order is stopped inside it, the others wait.
          heldAtOnce: 1,
          reopen: async () => {
            const handle = await createDb({ dataDir });
            return { handle, whenReclaimed: async () => {}, close: () => handle.close() };
          },
        });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  },
);
