/**
 * An order's status times come from the database's clock, read in the transaction that writes the
 * status (order-status.repository's STATUS_STAMP; the placement's own insert), never from the clock of
 * the API process that writes it: several processes write one order's events, and their clocks
 * differ. Here the app's clock (`app.clock`) is far from the database's, and so is Node's own (vitest's
 * fake Date): every time the API answers, publishes or stores is the database's.
 *
 * PGlite runs inside this process and its clock is this process's `Date`, so on PGlite a faked Date is
 * the database's clock too; the run against PostgreSQL (DATABASE_URL) tells the two apart.
 */
import {
  type TOrderStatusEvent,
  ZOrderDetail,
  ZStaffLoginResponse,
  ZStaffOrderEventResponse,
} from '@app/contracts';
import type { Actor, OrderEvent } from '@app/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderStatusHistory, orderStatusOutbox, orders } from '../../db/schema/index.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { databaseNow, databaseWindow } from '../../test/database-clock.ts';
import { FIXTURE_STAFF_PASSWORD } from '../../test/fixture-staff.ts';
import { ORDER_TEST_MORNING, placeTestOrder, signInTestCustomer } from '../../test/orders.ts';
import { databaseUrl, needsPostgres, startSecondProcess } from '../../test/second-process.ts';
import { insertLifeOrder, LIFE_FIXTURE, TO_DELIVERED } from './order-status.fixtures.ts';
import { applyEvent, type OrderStatusDeps } from './order-status.service.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const onPostgres = databaseUrl !== undefined;

/** The app's clock: a fixed morning (the ordering tests' own), never moved here. */
const appClock = createTestClock(ORDER_TEST_MORNING);
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: appClock.now });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t?.close();
});

async function staffToken(login: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/staff/login',
    headers: CLIENT_HEADERS,
    payload: { login, password: FIXTURE_STAFF_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZStaffLoginResponse.parse(res.json()).access_token;
}

async function sendStaffEvent(token: string, orderId: string, event: OrderEvent) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/staff/orders/${orderId}/events`,
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${token}` },
    payload: { event },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZStaffOrderEventResponse.parse(res.json());
}

/** The order's history rows, oldest first, and its outbox payloads' times. */
async function stored(orderId: string) {
  const history = await t.app.db
    .select({ status: orderStatusHistory.status, at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  const outbox = (await t.app.db.select({ payload: orderStatusOutbox.payload }).from(orderStatusOutbox))
    .map((r) => JSON.parse(r.payload) as TOrderStatusEvent)
    .filter((e) => e.order_id === orderId);
  const [order] = await t.app.db
    .select({ updatedAt: orders.updatedAt, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  return { history, outbox, order };
}

const expectNonDecreasing = (times: string[]) => {
  const sorted = [...times].sort();
  expect(times).toEqual(sorted);
};

describe("status times: the database's clock, not the app's nor Node's", () => {
  it.each([
    ['far in the past', new Date('1999-01-02T03:04:05.000Z')],
    ['far in the future', new Date('2041-05-06T07:08:09.000Z')],
  ])('Node’s clock %s: the placed order’s first status and each staff step', async (_when, nodeTime) => {
    const customer = await signInTestCustomer(t);
    const operator = await staffToken('operator');
    const vendor = await staffToken('vendor-chilonzor');

    vi.useFakeTimers({ now: nodeTime, toFake: ['Date'] });
    expect(new Date().getFullYear()).toBe(nodeTime.getFullYear());
    const window = await databaseWindow(t.app.db);
    const placed = await placeTestOrder(t, customer.token);
    const accepted = await sendStaffEvent(operator, placed.order_id, 'operator-accepted');
    const cooking = await sendStaffEvent(vendor, placed.order_id, 'vendor-accepted');
    const read = await t.app.inject({
      method: 'GET',
      url: `/v2/orders/${placed.order_id}`,
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${customer.token}` },
    });
    expect(read.statusCode, read.body).toBe(200);
    const detail = ZOrderDetail.parse(read.json());
    const { history, outbox, order } = await stored(placed.order_id);
    await window.close();
    vi.useRealTimers();

    // What the customer reads, what the staff were answered, what was stored and published: one time
    // each, the database's.
    expect(detail.history.map((h) => h.status)).toEqual(['new', 'operator-accepted', 'vendor-accepted']);
    const times = detail.history.map((h) => h.at);
    expect([accepted.at, cooking.at]).toEqual(times.slice(1));
    expect(history.map((h) => h.at.toISOString())).toEqual(times);
    expect(outbox.map((e) => [e.status, e.at])).toEqual(
      detail.history.map((h) => [h.status, h.at] as [string, string]),
    );
    expect(order?.updatedAt.toISOString()).toBe(cooking.at);
    expectNonDecreasing(times);
    for (const at of times) {
      await window.expectWithin(at);
      // Not the app's clock (the order itself is placed at it: created_at) ...
      expect(Math.abs(Date.parse(at) - appClock.now().getTime())).toBeGreaterThan(60_000);
      // ... and, where the database has a clock of its own, not Node's either.
      if (onPostgres) expect(Math.abs(Date.parse(at) - nodeTime.getTime())).toBeGreaterThan(YEAR_MS);
    }
    expect(order?.createdAt.toISOString()).toBe(appClock.now().toISOString());
  });

  it("stamps one order's events in the order they were applied, whatever each writer's clock says", async () => {
    // Three writers of one order, as three API processes: one an hour ahead, one an hour behind.
    const writers: OrderStatusDeps[] = [
      { ...t.app, clock: () => new Date(Date.now() + 3_600_000) },
      { ...t.app, clock: () => new Date(Date.now() - 3_600_000) },
      t.app,
    ];
    const id = await insertLifeOrder(t.app.db);
    const window = await databaseWindow(t.app.db);
    const heard: TOrderStatusEvent[] = [];
    const stop = t.app.orderEvents.subscribe(id, (e) => heard.push(e));
    const published: TOrderStatusEvent[] = [];
    for (const [i, [event, actor, staffId]] of TO_DELIVERED.entries()) {
      const writer = writers[i % writers.length] as OrderStatusDeps;
      published.push(
        await t.app.db.transaction((tx) => applyEvent(writer, tx, id, event, actor as Actor, staffId)),
      );
    }
    await vi.waitFor(() => expect(heard).toHaveLength(TO_DELIVERED.length), { timeout: 5_000 });
    stop();
    const { history } = await stored(id);
    const times = published.map((e) => e.at);
    expectNonDecreasing(times);
    expect(history.slice(1).map((h) => h.at.toISOString())).toEqual(times);
    expect(heard).toEqual(published);
    for (const at of times) await window.expectWithin(at);
  });

  it.skipIf(!onPostgres)(
    `reads the clock under the order's lock: a transaction that began first but wrote second stamps second${needsPostgres}`,
    async () => {
      // The transaction's start (`now()`) would stamp the later event earlier: the clock is read when
      // the status is written, after the order's lock (PGlite runs one transaction at a time).
      const id = await insertLifeOrder(t.app.db);
      let started!: () => void;
      let go!: () => void;
      const hasStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      const mayGo = new Promise<void>((resolve) => {
        go = resolve;
      });
      const late = t.app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started();
        await mayGo;
        return applyEvent(t.app, tx, id, 'vendor-accepted', 'vendor', LIFE_FIXTURE.staff.vendorChilonzor);
      });
      await hasStarted;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const first = await t.app.db.transaction((tx) =>
        applyEvent(t.app, tx, id, 'operator-accepted', 'operator', LIFE_FIXTURE.staff.operator),
      );
      go();
      const second = await late;
      expect(Date.parse(second.at)).toBeGreaterThan(Date.parse(first.at));
      const { history } = await stored(id);
      expect(history.slice(1).map((h) => [h.status, h.at.toISOString()])).toEqual([
        ['operator-accepted', first.at],
        ['vendor-accepted', second.at],
      ]);
    },
  );

  it.skipIf(!onPostgres)(
    `two API processes with clocks hours apart write one order's events in order${needsPostgres}`,
    async () => {
      const behind = await startSecondProcess(t, { clock: () => new Date(Date.now() - 2 * 3_600_000) });
      try {
        const id = await insertLifeOrder(t.app.db);
        const window = await databaseWindow(t.app.db);
        const apps = [t.app, behind.app];
        const published: TOrderStatusEvent[] = [];
        for (const [i, [event, actor, staffId]] of TO_DELIVERED.entries()) {
          const app = apps[i % 2] as (typeof apps)[number];
          published.push(
            await app.db.transaction((tx) => applyEvent(app, tx, id, event, actor as Actor, staffId)),
          );
        }
        expectNonDecreasing(published.map((e) => e.at));
        for (const e of published) await window.expectWithin(e.at);
        const { history } = await stored(id);
        expect(history.slice(1).map((h) => h.at.toISOString())).toEqual(published.map((e) => e.at));
      } finally {
        await behind.close();
      }
    },
  );

  it('databaseNow is the database’s clock', async () => {
    const before = Date.now();
    const now = await databaseNow(t.app.db);
    // Both clocks are this machine's here (PGlite's is this process's; the PostgreSQL server is local).
    expect(Math.abs(now.getTime() - before)).toBeLessThan(60_000);
  });
});
