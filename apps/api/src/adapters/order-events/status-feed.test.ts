/**
 * The status bus's outbox (status-feed.ts): a committed status change reaches every listener once, in
 * order, even when the notification that should announce it never comes (the publishing process died
 * between the commit and its tick, or the listener's connection was down), and even when transactions
 * commit out of the order of their row ids. Runs on PGlite and, with DATABASE_URL, on PostgreSQL
 * (the tests of concurrent transactions and of a lost connection need PostgreSQL).
 */
import type { TOrderStatusEvent } from '@app/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import type { OrderEvents } from './order-events.ts';
import { Subscriptions } from './order-events.ts';
import { createPostgresOrderEvents } from './postgres.ts';
import { OUTBOX_RETENTION_MINUTES, parseSnapshot, StatusFeed, writeToOutbox } from './status-feed.ts';

const ORDER = '33333333-3333-4333-8333-333333333333';
const event = (status: TOrderStatusEvent['status'], minute: number): TOrderStatusEvent => ({
  order_id: ORDER,
  status,
  at: `2026-03-01T09:${String(minute).padStart(2, '0')}:00.000Z`,
  courier: null,
});
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silent = { warn: () => {}, error: () => {}, info: () => {} };

describe('the status feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('parses a snapshot as pg_current_snapshot() spells it', () => {
    expect(parseSnapshot('748:752:748,750')).toEqual({ xmin: 748n, xmax: 752n });
    expect(parseSnapshot('9007199254740993:9007199254740995:')).toEqual({
      xmin: 9007199254740993n,
      xmax: 9007199254740995n,
    });
    expect(() => parseSnapshot('')).toThrow();
  });

  it('forgets rows older than the retention after a read, and keeps the newer ones', async () => {
    // Another order's rows: the listeners of the other tests never see them.
    const other = '44444444-4444-4444-8444-444444444444';
    const old = { ...event('vendor-ready', 7), order_id: other };
    const recent = { ...event('courier-picked', 8), order_id: other };
    await writeToOutbox(t.app.db, old);
    await writeToOutbox(t.app.db, recent);
    await t.app.db.execute(
      sql`update order_status_outbox set created_at = now() - make_interval(mins => ${OUTBOX_RETENTION_MINUTES + 1})
          where payload = ${JSON.stringify(old)}`,
    );
    const feed = new StatusFeed(t.app.db, new Subscriptions(silent), silent, {
      safetyMs: 60_000,
      pruneEveryMs: 0,
    });
    await feed.poll();
    feed.close();
    const left = await t.app.db.execute(
      sql`select payload from order_status_outbox where payload in (${JSON.stringify(old)}, ${JSON.stringify(recent)})`,
    );
    expect((left as unknown as { rows: { payload: string }[] }).rows.map((r) => r.payload)).toEqual([
      JSON.stringify(recent),
    ]);
    await t.app.orderEvents.settled(t.app.db);
  });

  it('delivers a committed status whose notification never came (the publisher died after its commit)', async () => {
    const got: TOrderStatusEvent[] = [];
    const stop = t.app.orderEvents.subscribe(ORDER, (e) => got.push(e));
    // What the publishing process wrote before it died: the row, committed, and no NOTIFY or nudge.
    await writeToOutbox(t.app.db, event('vendor-accepted', 1));
    // The feed's own timer reads it (1 s), with nobody asking.
    await vi.waitFor(() => expect(got).toEqual([event('vendor-accepted', 1)]), { timeout: 4_000 });
    // Read again and again: still once.
    await t.app.orderEvents.settled(t.app.db);
    await t.app.orderEvents.settled(t.app.db);
    expect(got).toEqual([event('vendor-accepted', 1)]);
    stop();
  });

  it('hands over only what committed after it started, never a rolled back row', async () => {
    const got: TOrderStatusEvent[] = [];
    const stop = t.app.orderEvents.subscribe(ORDER, (e) => got.push(e));
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.orderEvents.publish(tx, event('vendor-ready', 2));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.app.orderEvents.publish(t.app.db, event('courier-accepted', 3));
    await t.app.orderEvents.settled(t.app.db);
    await vi.waitFor(() => expect(got).toEqual([event('courier-accepted', 3)]));
    stop();
  });
});

const databaseUrl = process.env.DATABASE_URL;
describe.skipIf(!databaseUrl)(
  'the status feed on PostgreSQL (concurrent transactions, lost connections)',
  () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await buildTestApp();
      const pool = (t.db.db as unknown as { $client: pg.Pool }).$client;
      url = pool.options.connectionString ?? '';
    });
    afterAll(async () => {
      await t?.close();
    });

    it('delivers two transactions that commit out of the order of their ids, each exactly once', async () => {
      const got: TOrderStatusEvent[] = [];
      const stop = t.app.orderEvents.subscribe(ORDER, (e) => got.push(e));
      let commitFirst: () => void = () => {};
      const firstMayCommit = new Promise<void>((r) => {
        commitFirst = r;
      });
      let firstWrote: () => void = () => {};
      const wrote = new Promise<void>((r) => {
        firstWrote = r;
      });
      // The first transaction draws the smaller id, then waits; the second draws a larger one and commits.
      const maxId = async (db: Parameters<OrderEvents['publish']>[0]) => {
        const result = await db.execute(sql`select max(id) as id from order_status_outbox`);
        return Number((result as unknown as { rows: { id: string }[] }).rows[0]?.id);
      };
      let smaller = 0;
      const first = t.app.db.transaction(async (tx) => {
        await t.app.orderEvents.publish(tx, event('operator-accepted', 10));
        smaller = await maxId(tx);
        firstWrote();
        await firstMayCommit;
      });
      try {
        await wrote;
        await t.app.db.transaction(async (tx) => {
          await t.app.orderEvents.publish(tx, event('vendor-accepted', 11));
        });
        expect(await maxId(t.app.db)).toBeGreaterThan(smaller);
        // The feed reads (several times) while the smaller id is still uncommitted: only the larger one.
        await t.app.orderEvents.settled(t.app.db);
        await settle(300);
        await t.app.orderEvents.settled(t.app.db);
        expect(got).toEqual([event('vendor-accepted', 11)]);
      } finally {
        // Then the smaller id commits: it is delivered all the same, and neither again.
        commitFirst();
        await first;
      }
      await vi.waitFor(() => expect(got).toHaveLength(2));
      await settle(300);
      await t.app.orderEvents.settled(t.app.db);
      expect(got).toEqual([event('vendor-accepted', 11), event('operator-accepted', 10)]);
      stop();
    });

    it('announces a published change within a tick (its notification, not the safety timer)', async () => {
      // A bus whose safety timer never fires in this test: only the publisher's notification can bring it.
      const bus: OrderEvents = await createPostgresOrderEvents({
        connection: { connectionString: url },
        db: t.app.db,
        log: silent,
        safetyPollMs: 600_000,
      });
      try {
        const latencies: number[] = [];
        for (let i = 0; i < 5; i++) {
          const got: TOrderStatusEvent[] = [];
          const stop = bus.subscribe(ORDER, (e) => got.push(e));
          const started = Date.now();
          await t.app.db.transaction((tx) => t.app.orderEvents.publish(tx, event('courier-picked', 30 + i)));
          await vi.waitFor(() => expect(got).toHaveLength(1), { timeout: 2_000, interval: 5 });
          latencies.push(Date.now() - started);
          stop();
        }
        // 20 ms tick + one read; generous for a loaded test machine.
        expect(Math.min(...latencies)).toBeLessThan(500);
      } finally {
        await bus.close();
      }
    });

    it('a listener whose connection was lost catches up on reconnect: every change while deaf, in order, once', async () => {
      const appName = `status-feed-test-${process.pid}`;
      // A bus of its own whose safety timer never fires in this test: only the reconnect can catch up.
      const bus: OrderEvents = await createPostgresOrderEvents({
        connection: { connectionString: url, application_name: appName },
        db: t.app.db,
        log: silent,
        retryMs: 1_500,
        safetyPollMs: 600_000,
      });
      try {
        const got: TOrderStatusEvent[] = [];
        bus.subscribe(ORDER, (e) => got.push(e));
        await t.app.orderEvents.publish(t.app.db, event('vendor-ready', 20));
        await vi.waitFor(() => expect(got).toEqual([event('vendor-ready', 20)]));
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        try {
          await admin.query(
            'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
            [appName],
          );
        } finally {
          await admin.end();
        }
        await vi.waitFor(() => expect(bus.listening).toBe(false));
        // While it is deaf (it reconnects after 1.5 s), three changes commit and are announced.
        await t.app.orderEvents.publish(t.app.db, event('courier-accepted', 21));
        await t.app.orderEvents.publish(t.app.db, event('courier-picked', 22));
        await t.app.orderEvents.publish(t.app.db, event('delivered', 23));
        expect(bus.listening).toBe(false);
        await vi.waitFor(() => expect(bus.listening).toBe(true), { timeout: 5_000 });
        await vi.waitFor(() => expect(got).toHaveLength(4));
        await settle(300);
        expect(got).toEqual([
          event('vendor-ready', 20),
          event('courier-accepted', 21),
          event('courier-picked', 22),
          event('delivered', 23),
        ]);
      } finally {
        await bus.close();
      }
    });
  },
);
