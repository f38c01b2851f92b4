import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { orderStatusHistory, orders } from '../../db/schema/index.ts';
import { seedDatabase } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { fixtureCatalog } from '../../test/fixture-catalog.ts';
import { createTestDb } from '../../test/test-db.ts';
import { runFutureOrdersJob } from './future-orders.job.ts';
import { insertLifeOrder } from './order-status.fixtures.ts';

const MINUTE = 60_000;
const START = new Date('2026-03-01T09:00:00.000Z');

const statuses = async (app: FastifyInstance, ids: string[]) => {
  const rows = await app.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
};

describe('the scheduled orders job', () => {
  const clock = createTestClock(START);
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("moves a delivery order to 'new' once its time minus the branch's delivery time has come", async () => {
    clock.set(START);
    // chilonzor delivers in 40 minutes: an order for 11:00 is due at 10:20.
    const futureTime = new Date(START.getTime() + 2 * 60 * MINUTE);
    const id = await insertLifeOrder(t.app.db, { futureTime, createdAt: START });
    const heard: string[] = [];
    const stop = t.app.orderEvents.subscribe(id, (e) => heard.push(e.status));

    expect(await runFutureOrdersJob(t.app)).toEqual([]);
    clock.set(new Date(futureTime.getTime() - 40 * MINUTE - 1000));
    expect(await runFutureOrdersJob(t.app)).toEqual([]);
    expect((await statuses(t.app, [id]))[id]).toBe('future');

    clock.set(new Date(futureTime.getTime() - 40 * MINUTE));
    expect(await runFutureOrdersJob(t.app)).toEqual([id]);
    expect((await statuses(t.app, [id]))[id]).toBe('new');
    const history = await t.app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => [h.status, h.event, h.actor, h.staffId])).toEqual([
      ['future', null, 'server', null],
      ['new', 'future-due', 'server', null],
    ]);
    expect(history[1]?.createdAt.toISOString()).toBe(clock.now().toISOString());
    // A second run finds nothing more to do.
    expect(await runFutureOrdersJob(t.app)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(heard).toEqual(['new']);
  });

  it('moves a pickup order when its longest cooking time is left', async () => {
    clock.set(START);
    const futureTime = new Date(START.getTime() + 60 * MINUTE);
    const id = await insertLifeOrder(t.app.db, { futureTime, deliveryType: 'self-pickup', createdAt: START });
    // The beef wrap cooks in 15 minutes.
    clock.set(new Date(futureTime.getTime() - 16 * MINUTE));
    expect(await runFutureOrdersJob(t.app)).toEqual([]);
    clock.set(new Date(futureTime.getTime() - 15 * MINUTE));
    expect(await runFutureOrdersJob(t.app)).toEqual([id]);
  });

  it("leaves alone what is not 'future': a cancelled scheduled order, an order awaiting payment", async () => {
    clock.set(START);
    const past = new Date(START.getTime() - 60 * MINUTE);
    const cancelled = await insertLifeOrder(t.app.db, { futureTime: past, status: 'operator-cancelled' });
    const unpaid = await insertLifeOrder(t.app.db, {
      futureTime: past,
      status: 'payment-awaited',
      paymentType: 'payme',
    });
    const due = await insertLifeOrder(t.app.db, { futureTime: past });
    expect(await runFutureOrdersJob(t.app)).toEqual([due]);
    expect(await statuses(t.app, [cancelled, unpaid, due])).toEqual({
      [cancelled]: 'operator-cancelled',
      [unpaid]: 'payment-awaited',
      [due]: 'new',
    });
  });

  it('moves every due order, more than one batch', async () => {
    clock.set(START);
    const past = new Date(START.getTime() - MINUTE);
    const ids: string[] = [];
    for (let i = 0; i < 105; i++) ids.push(await insertLifeOrder(t.app.db, { futureTime: past }));
    const moved = await runFutureOrdersJob(t.app);
    expect(moved.sort()).toEqual([...ids].sort());
  });
});

describe('the scheduled orders job when the app starts', () => {
  it('runs once at start (runJobs), so an order that fell due while the API was down moves at once', async () => {
    const handle = await createTestDb();
    const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
    let app: FastifyInstance | undefined;
    try {
      await seedDatabase(handle.db, { catalog: fixtureCatalog, content: false });
      const id = await insertLifeOrder(handle.db, { futureTime: new Date(START.getTime() - MINUTE) });
      app = await buildApp({
        db: handle,
        env: { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
        logger: false,
        clock: () => START,
        runJobs: true,
      });
      await app.ready();
      expect((await statuses(app, [id]))[id]).toBe('new');
    } finally {
      await app?.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

const databaseUrl = process.env.DATABASE_URL;
/** Why the tests of two processes need a PostgreSQL server, shown as the title when they are skipped. */
const needsPostgres = databaseUrl
  ? ''
  : ' (skipped: needs DATABASE_URL; PGlite serves one process, two API processes need a PostgreSQL server)';

/** The connection string of a test database (createTestDb names a database of its own per file). */
const urlOf = (handle: DbHandle): string => {
  const url = (handle.db as unknown as { $client: pg.Pool }).$client.options.connectionString;
  if (!url) throw new Error('no connection string');
  return url;
};

/** A second API process on the database of `a`: its own pool and its own listening connection. */
async function secondApp(a: TestApp): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const handle = await createDb({ databaseUrl: urlOf(a.db) });
  const app = await buildApp({
    db: handle,
    env: { LOG_LEVEL: 'silent', DATA_DIR: a.app.config.DATA_DIR },
    logger: false,
    clock: () => START,
    runJobs: false,
  });
  return {
    app,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** How many 'future-due' history rows each order has. */
async function dueRowsPerOrder(app: FastifyInstance, ids: string[]): Promise<Record<string, number>> {
  const rows = await app.db
    .select({ orderId: orderStatusHistory.orderId })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.event, 'future-due'), inArray(orderStatusHistory.orderId, ids)));
  const perOrder: Record<string, number> = Object.fromEntries(ids.map((id) => [id, 0]));
  for (const row of rows) perOrder[row.orderId] = (perOrder[row.orderId] ?? 0) + 1;
  return perOrder;
}

const once = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, 1]));

describe.skipIf(!databaseUrl)(`the scheduled orders job in two API processes at once${needsPostgres}`, () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof secondApp>>;
  beforeAll(async () => {
    a = await buildTestApp({ clock: () => START });
    b = await secondApp(a);
    await b.app.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('moves each due order exactly once, and customers in either process hear it once', async () => {
    const past = new Date(START.getTime() - MINUTE);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await insertLifeOrder(a.app.db, { futureTime: past }));
    // Customers watching half the orders on app A, half on app B.
    const heard: Record<string, string[]> = Object.fromEntries(ids.map((id) => [id, []]));
    const stops = ids.map((id, i) =>
      (i % 2 ? b.app : a.app).orderEvents.subscribe(id, (e) => heard[id]?.push(e.status)),
    );
    // Several rounds in both apps at the same moment: without `for update skip locked` two of them
    // take the same order (and one fails on it, or both move it).
    const runs = await Promise.all([
      runFutureOrdersJob(a.app),
      runFutureOrdersJob(b.app),
      runFutureOrdersJob(a.app),
      runFutureOrdersJob(b.app),
    ]);
    const moved = runs.flat();
    expect(moved.sort()).toEqual([...ids].sort());
    expect(await dueRowsPerOrder(a.app, ids)).toEqual(once(ids));
    expect(await statuses(a.app, ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 'new'])));
    await vi.waitFor(() => expect(Object.values(heard).filter((s) => s.length === 0)).toEqual([]));
    await new Promise((r) => setTimeout(r, 300));
    for (const stop of stops) stop();
    expect(heard).toEqual(Object.fromEntries(ids.map((id) => [id, ['new']])));
  });
});
