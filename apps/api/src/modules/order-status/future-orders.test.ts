import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, orderStatusHistory } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { databaseWindow } from '../../test/database-clock.ts';
import {
  databaseUrl,
  needsPostgres,
  type SecondProcess,
  startSecondProcess,
} from '../../test/second-process.ts';
import {
  expectOnceAcrossProcesses,
  orderStatuses as statuses,
  withJobsStartedOn,
} from '../../test/timed-jobs.ts';
import { runFutureOrdersJob } from './future-orders.job.ts';
import { insertLifeOrder, LIFE_FIXTURE } from './order-status.fixtures.ts';

const MINUTE = 60_000;
const START = new Date('2026-03-01T09:00:00.000Z');

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
    const window = await databaseWindow(t.app.db);
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
    // Moved when the app's clock said so; stamped with the database's clock (order-status.repository).
    await window.expectWithin(history[1]?.createdAt ?? new Date(0));
    // A second run finds nothing more to do.
    expect(await runFutureOrdersJob(t.app)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(heard).toEqual(['new']);
  });

  it("moves a pickup order when the branch's cooking time is left, or its longest dish's when longer", async () => {
    const setCookingTime = (minutes: number) =>
      t.app.db.update(branches).set({ cookingTime: minutes }).where(eq(branches.id, LIFE_FIXTURE.chilonzor));
    const pickupAt = async (futureTime: Date) =>
      insertLifeOrder(t.app.db, { futureTime, deliveryType: 'self-pickup', createdAt: START });
    const [before] = await t.app.db
      .select({ minutes: branches.cookingTime })
      .from(branches)
      .where(eq(branches.id, LIFE_FIXTURE.chilonzor));
    try {
      // Chilonzor cooks in 30 minutes, longer than the beef wrap's 15: its order is due at 30 before.
      await setCookingTime(30);
      clock.set(START);
      const byBranch = new Date(START.getTime() + 60 * MINUTE);
      const first = await pickupAt(byBranch);
      clock.set(new Date(byBranch.getTime() - 31 * MINUTE));
      expect(await runFutureOrdersJob(t.app)).toEqual([]);
      clock.set(new Date(byBranch.getTime() - 30 * MINUTE));
      expect(await runFutureOrdersJob(t.app)).toEqual([first]);

      // Chilonzor at 10 minutes: the beef wrap's 15 decides.
      await setCookingTime(10);
      clock.set(START);
      const byDish = new Date(START.getTime() + 60 * MINUTE);
      const second = await pickupAt(byDish);
      clock.set(new Date(byDish.getTime() - 16 * MINUTE));
      expect(await runFutureOrdersJob(t.app)).toEqual([]);
      clock.set(new Date(byDish.getTime() - 15 * MINUTE));
      expect(await runFutureOrdersJob(t.app)).toEqual([second]);
    } finally {
      await setCookingTime(before?.minutes ?? 20);
    }
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
    await withJobsStartedOn(
      START,
      (db) => insertLifeOrder(db, { futureTime: new Date(START.getTime() - MINUTE) }),
      async (app, id) => {
        expect((await statuses(app, [id]))[id]).toBe('new');
      },
    );
  });
});

describe.skipIf(!databaseUrl)(`the scheduled orders job in two API processes at once${needsPostgres}`, () => {
  let a: TestApp;
  let b: SecondProcess;
  beforeAll(async () => {
    a = await buildTestApp({ clock: () => START });
    b = await startSecondProcess(a, { clock: () => START });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('moves each due order exactly once, and customers in either process hear it once', async () => {
    const past = new Date(START.getTime() - MINUTE);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await insertLifeOrder(a.app.db, { futureTime: past }));
    await expectOnceAcrossProcesses({
      a: a.app,
      b: b.app,
      ids,
      run: runFutureOrdersJob,
      event: 'future-due',
      status: 'new',
    });
  });
});
