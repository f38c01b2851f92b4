/**
 * Shared fixture of the timed jobs' tests (the scheduled-orders job, the payment timeout job): the
 * orders' statuses, the history rows an event left per order, an app started with its jobs on a
 * database prepared beforehand, and the run of a job in two API processes at once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { orderStatusHistory, orders } from '../db/schema/index.ts';
import { seedDatabase } from '../db/seed/index.ts';
import { fixtureCatalog } from './fixture-catalog.ts';
import { createTestDb } from './test-db.ts';

type AppWithDb = Pick<FastifyInstance, 'db'>;

/** The status of each order of `ids`. */
export async function orderStatuses(app: AppWithDb, ids: string[]): Promise<Record<string, string>> {
  const rows = await app.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

/** How many history rows of `event` each order of `ids` has. */
export async function eventRowsPerOrder(
  app: AppWithDb,
  event: string,
  ids: string[],
): Promise<Record<string, number>> {
  const rows = await app.db
    .select({ orderId: orderStatusHistory.orderId })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.event, event), inArray(orderStatusHistory.orderId, ids)));
  const perOrder: Record<string, number> = Object.fromEntries(ids.map((id) => [id, 0]));
  for (const row of rows) perOrder[row.orderId] = (perOrder[row.orderId] ?? 0) + 1;
  return perOrder;
}

/**
 * A fresh seeded database on which `prepare` writes, then an app on it built with its timed jobs
 * (runJobs) and its clock at `now`, ready (the jobs' first round has run); `check` reads it. Everything
 * is closed and removed after.
 */
export async function withJobsStartedOn<T>(
  now: Date,
  prepare: (db: Db) => Promise<T>,
  check: (app: FastifyInstance, prepared: T) => Promise<void>,
): Promise<void> {
  const handle = await createTestDb();
  const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
  let app: FastifyInstance | undefined;
  try {
    await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
    const prepared = await prepare(handle.db);
    app = await buildApp({
      db: handle,
      env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
      logger: false,
      clock: () => now,
      runJobs: true,
    });
    await app.ready();
    await check(app, prepared);
  } finally {
    await app?.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type JobProcess = Pick<FastifyInstance, 'db' | 'orderEvents'>;

/**
 * Runs `run` twice in each of two API processes at the same moment over the orders `ids`, with
 * customers watching half of them in each process: every order is handled exactly once (one history
 * row of `event`, now `status`) and each customer hears `status` once, whichever process moved it.
 * Without `for update skip locked` two rounds take the same order (and one fails, or both move it).
 */
export async function expectOnceAcrossProcesses<P extends JobProcess>(input: {
  a: P;
  b: P;
  ids: string[];
  run: (app: P) => Promise<string[]>;
  event: string;
  status: string;
}): Promise<void> {
  const { a, b, ids, run } = input;
  const heard: Record<string, string[]> = Object.fromEntries(ids.map((id) => [id, []]));
  const stops = ids.map((id, i) =>
    (i % 2 ? b : a).orderEvents.subscribe(id, (e) => heard[id]?.push(e.status)),
  );
  const runs = await Promise.all([run(a), run(b), run(a), run(b)]);
  expect(runs.flat().sort()).toEqual([...ids].sort());
  expect(await eventRowsPerOrder(a, input.event, ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 1])));
  expect(await orderStatuses(a, ids)).toEqual(Object.fromEntries(ids.map((id) => [id, input.status])));
  await vi.waitFor(() => expect(Object.values(heard).filter((s) => s.length === 0)).toEqual([]));
  await new Promise((r) => setTimeout(r, 300));
  for (const stop of stops) stop();
  expect(heard).toEqual(Object.fromEntries(ids.map((id) => [id, [input.status]])));
}
