/**
 * The purge of payment_calls (payment-calls-purge.job.ts) on a real database: PGlite, or PostgreSQL
 * when DATABASE_URL is set (there also with two API processes purging at once). Calls are written
 * straight into the table, each batch named by its `method`, at a time relative to the test clock.
 */
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { orders, paymentCalls, paymentTransactions } from '../../db/schema/index.ts';
import { DEMO_SHIPPER_ID, EnvError, loadEnv } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import {
  databaseUrl,
  needsPostgres,
  type SecondProcess,
  startSecondProcess,
} from '../../test/second-process.ts';
import { insertLifeOrder } from '../order-status/order-status.fixtures.ts';
import { insertPaymeTransaction } from './payme.repository.ts';
import {
  PAYMENT_CALLS_PURGE_BATCH,
  registerPaymentCallsPurgeJob,
  runPaymentCallsPurge,
} from './payment-calls-purge.job.ts';
import { deletePaymentCallsBefore } from './payments.repository.ts';

const DAY = 24 * 60 * 60_000;
const NOW = new Date('2026-06-01T09:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** `n` calls named `method` recorded at `at` (one statement, however many). */
async function insertCalls(db: Db, method: string, n: number, at: Date, orderId: string | null = null) {
  await db.execute(sql`
    insert into ${paymentCalls} (provider, method, params, response, error_code, order_id, address, created_at)
    select 'payme', ${method}, '{"id": "x"}'::jsonb, '{"result": {}}'::jsonb, null, ${orderId}::uuid,
      '192.0.2.1', ${at.toISOString()}::timestamptz
    from generate_series(1, ${n})`);
}

/** How many calls named `method` are left. */
async function left(db: Db, method: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentCalls)
    .where(eq(paymentCalls.method, method));
  return row?.n ?? 0;
}

describe('the payment calls purge', () => {
  const clock = createTestClock(NOW);
  /** Sees each statement the app sends (buildTestApp's logQuery). */
  let onQuery: (query: string, params: unknown[]) => void = () => {};
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: clock.now, logQuery: (query, params) => onQuery(query, params) });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    onQuery = () => {};
    clock.set(NOW);
    await t.app.db.delete(paymentCalls);
  });

  it('deletes the calls older than PAYMENT_CALLS_RETENTION_DAYS (90 by default) and keeps the rest', async () => {
    expect(t.app.config.PAYMENT_CALLS_RETENTION_DAYS).toBe(90);
    // An order paid with Payme long ago: its calls go, its order and transaction stay.
    const orderId = await insertLifeOrder(t.app.db, { paymentType: 'payme', createdAt: daysAgo(120) });
    await t.app.db.transaction((tx) =>
      insertPaymeTransaction(tx, {
        shipperId: DEMO_SHIPPER_ID,
        orderId,
        providerId: 'purge00000000000000000aa',
        providerTime: daysAgo(120).getTime(),
        amount: 3_200_000,
        createTime: daysAgo(120).getTime(),
        at: daysAgo(120),
      }),
    );
    await insertCalls(t.app.db, 'of-the-order', 2, daysAgo(120), orderId);
    await insertCalls(t.app.db, 'a-year-ago', 3, daysAgo(365));
    await insertCalls(t.app.db, '90-days-and-a-second', 2, new Date(daysAgo(90).getTime() - 1000));
    await insertCalls(t.app.db, 'exactly-90-days', 1, daysAgo(90));
    await insertCalls(t.app.db, '89-days', 2, daysAgo(89));
    await insertCalls(t.app.db, 'today', 2, NOW);

    expect(await runPaymentCallsPurge(t.app)).toBe(7);
    expect({
      order: await left(t.app.db, 'of-the-order'),
      year: await left(t.app.db, 'a-year-ago'),
      over: await left(t.app.db, '90-days-and-a-second'),
      exactly: await left(t.app.db, 'exactly-90-days'),
      recent: await left(t.app.db, '89-days'),
      today: await left(t.app.db, 'today'),
    }).toEqual({ order: 0, year: 0, over: 0, exactly: 1, recent: 2, today: 2 });
    expect(await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))).toHaveLength(
      1,
    );
    expect(
      await t.app.db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)),
    ).toMatchObject([{ providerId: 'purge00000000000000000aa', state: 1 }]);
    // Nothing more to do; the clock a day on takes the next day's.
    expect(await runPaymentCallsPurge(t.app)).toBe(0);
    clock.set(new Date(NOW.getTime() + DAY));
    expect(await runPaymentCallsPurge(t.app)).toBe(1);
    expect(await left(t.app.db, 'exactly-90-days')).toBe(0);
  });

  it('reads PAYMENT_CALLS_RETENTION_DAYS', async () => {
    await insertCalls(t.app.db, '31-days', 2, daysAgo(31));
    await insertCalls(t.app.db, '29-days', 2, daysAgo(29));
    const app = { db: t.app.db, clock: clock.now };
    expect(await runPaymentCallsPurge({ ...app, config: { PAYMENT_CALLS_RETENTION_DAYS: 90 } })).toBe(0);
    expect(await runPaymentCallsPurge({ ...app, config: { PAYMENT_CALLS_RETENTION_DAYS: 30 } })).toBe(2);
    expect([await left(t.app.db, '31-days'), await left(t.app.db, '29-days')]).toEqual([0, 2]);
  });

  it(`deletes in statements of at most PAYMENT_CALLS_PURGE_BATCH (${PAYMENT_CALLS_PURGE_BATCH}) rows, oldest first`, async () => {
    await insertCalls(t.app.db, 'older', PAYMENT_CALLS_PURGE_BATCH, daysAgo(200));
    await insertCalls(t.app.db, 'old', PAYMENT_CALLS_PURGE_BATCH + 5, daysAgo(100));
    await insertCalls(t.app.db, 'recent', 3, daysAgo(10));
    // One statement: the oldest thousand.
    expect(await deletePaymentCallsBefore(t.app.db, daysAgo(90), PAYMENT_CALLS_PURGE_BATCH)).toBe(
      PAYMENT_CALLS_PURGE_BATCH,
    );
    expect([await left(t.app.db, 'older'), await left(t.app.db, 'old')]).toEqual([
      0,
      PAYMENT_CALLS_PURGE_BATCH + 5,
    ]);

    // A round: as many statements as batches, each with its limit.
    const deletes: unknown[][] = [];
    onQuery = (query, params) => {
      if (/^delete from "payment_calls"/i.test(query)) {
        expect(query).toMatch(/limit \$\d+ for update skip locked/i);
        deletes.push(params);
      }
    };
    expect(await runPaymentCallsPurge(t.app)).toBe(PAYMENT_CALLS_PURGE_BATCH + 5);
    expect(deletes).toHaveLength(2);
    for (const params of deletes) expect(params).toContain(PAYMENT_CALLS_PURGE_BATCH);
    expect([await left(t.app.db, 'old'), await left(t.app.db, 'recent')]).toEqual([0, 3]);
  });

  it('stops a round after its most batches (the rest goes next round) and between batches when the app closes', async () => {
    await insertCalls(t.app.db, 'old', 25, daysAgo(100));
    const limits = { batch: 10, maxBatches: 2 };
    expect(await runPaymentCallsPurge(t.app, undefined, limits)).toBe(20);
    expect(await left(t.app.db, 'old')).toBe(5);
    expect(await runPaymentCallsPurge(t.app, undefined, limits)).toBe(5);

    await insertCalls(t.app.db, 'old', 25, daysAgo(100));
    const closing = new AbortController();
    // The app starts closing while the first batch runs: that batch ends, no other starts.
    onQuery = (query) => {
      if (/^delete from "payment_calls"/i.test(query)) closing.abort();
    };
    expect(await runPaymentCallsPurge(t.app, closing.signal, { batch: 10, maxBatches: 10 })).toBe(10);
    expect(await left(t.app.db, 'old')).toBe(15);
    expect(await runPaymentCallsPurge(t.app, closing.signal)).toBe(0);
  });

  it('runs as a timed job: once when the app is ready, then every interval, and no more once it closed', async () => {
    await insertCalls(t.app.db, 'old', 3, daysAgo(100));
    await insertCalls(t.app.db, 'recent', 1, daysAgo(1));
    const app = Fastify({ logger: false });
    app.decorate('db', t.app.db);
    app.decorate('clock', clock.now);
    app.decorate('config', t.app.config);
    registerPaymentCallsPurgeJob(app, 50);
    await app.ready();
    expect(await left(t.app.db, 'old')).toBe(0);
    // 90 days on, yesterday's call is 91 days old: the next round takes it.
    clock.set(new Date(NOW.getTime() + 90 * DAY));
    await vi.waitFor(async () => expect(await left(t.app.db, 'recent')).toBe(0), { timeout: 2_000 });
    await app.close();
    await insertCalls(t.app.db, 'old', 2, daysAgo(100));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await left(t.app.db, 'old')).toBe(2);
  });
});

describe('PAYMENT_CALLS_RETENTION_DAYS', () => {
  const refused = (value: string) => () =>
    loadEnv({ NODE_ENV: 'development', PAYMENT_CALLS_RETENTION_DAYS: value });
  it('is a whole number of days from 1 to 3650, 90 when unset', () => {
    expect(loadEnv({ NODE_ENV: 'development' }).PAYMENT_CALLS_RETENTION_DAYS).toBe(90);
    expect(
      loadEnv({ NODE_ENV: 'development', PAYMENT_CALLS_RETENTION_DAYS: '365' }).PAYMENT_CALLS_RETENTION_DAYS,
    ).toBe(365);
    for (const bad of ['0', '3651', '1.5', 'forever']) expect(refused(bad), bad).toThrow(EnvError);
  });
});

describe.skipIf(!databaseUrl)(`the payment calls purge in two API processes at once${needsPostgres}`, () => {
  let a: TestApp;
  let b: SecondProcess;
  beforeAll(async () => {
    a = await buildTestApp({ clock: () => NOW });
    b = await startSecondProcess(a, { clock: () => NOW });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('deletes each old call once between them, and keeps the recent ones', async () => {
    await insertCalls(a.app.db, 'old', 3_000, daysAgo(100));
    await insertCalls(a.app.db, 'recent', 10, daysAgo(10));
    const limits = { batch: 100, maxBatches: 100 };
    const rounds = await Promise.all([
      runPaymentCallsPurge(a.app, undefined, limits),
      runPaymentCallsPurge(b.app, undefined, limits),
      runPaymentCallsPurge(a.app, undefined, limits),
      runPaymentCallsPurge(b.app, undefined, limits),
    ]);
    // A round may stop early on a batch cut short by rows another process held: the next round
    // (or the one still running) takes them.
    const rest = await runPaymentCallsPurge(a.app, undefined, limits);
    expect(rounds.reduce((sum, n) => sum + n, 0) + rest).toBe(3_000);
    expect([await left(a.app.db, 'old'), await left(a.app.db, 'recent')]).toEqual([0, 10]);
  });

  it('skips the rows another process holds (its purge under way) instead of waiting for them', async () => {
    await insertCalls(a.app.db, 'held', 5, daysAgo(101));
    await insertCalls(a.app.db, 'free', 5, daysAgo(100));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holder = b.app.db.transaction(async (tx) => {
      await tx
        .select({ id: paymentCalls.id })
        .from(paymentCalls)
        .where(eq(paymentCalls.method, 'held'))
        .for('update');
      holding();
      await released;
    });
    try {
      await held;
      const wait = new Promise<string>((resolve) =>
        setTimeout(() => resolve('waited for the held rows'), 5_000),
      );
      expect(await Promise.race([runPaymentCallsPurge(a.app), wait])).toBe(5);
      expect([await left(a.app.db, 'held'), await left(a.app.db, 'free')]).toEqual([5, 0]);
    } finally {
      release();
      await holder;
    }
    expect(await runPaymentCallsPurge(a.app)).toBe(5);
  });
});
