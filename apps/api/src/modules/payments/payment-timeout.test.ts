import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, paymentTransactions } from '../../db/schema/index.ts';
import { DEMO_PAYME_KEY, DEMO_SHIPPER_ID } from '../../env.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
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
import { insertLifeOrder } from '../order-status/order-status.fixtures.ts';
import { insertPaymeTransaction } from './payme.repository.ts';
import { PAYME_PATH } from './payme.routes.ts';
import { runPaymentTimeoutJob } from './payment-timeout.job.ts';

const MINUTE = 60_000;
const START = new Date('2026-03-01T09:00:00.000Z');

/** An online order placed at `createdAt`, still waiting for its payment. */
const unpaid = (db: FastifyInstance['db'], createdAt: Date, paymentType = 'payme') =>
  insertLifeOrder(db, { status: 'payment-awaited', paymentType, createdAt });

describe('the payment timeout job', () => {
  const clock = createTestClock(START);
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("server-cancels an online order still 'payment-awaited' PAYMENT_TIMEOUT_MIN (30) minutes after it was placed", async () => {
    clock.set(START);
    const id = await unpaid(t.app.db, START);
    const heard: string[] = [];
    const stop = t.app.orderEvents.subscribe(id, (e) => heard.push(e.status));

    expect(await runPaymentTimeoutJob(t.app)).toEqual([]);
    clock.set(new Date(START.getTime() + 30 * MINUTE - 1000));
    expect(await runPaymentTimeoutJob(t.app)).toEqual([]);
    expect((await statuses(t.app, [id]))[id]).toBe('payment-awaited');

    clock.set(new Date(START.getTime() + 30 * MINUTE));
    const window = await databaseWindow(t.app.db);
    expect(await runPaymentTimeoutJob(t.app)).toEqual([id]);
    expect((await statuses(t.app, [id]))[id]).toBe('server-cancelled');
    const history = await t.app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => [h.status, h.event, h.actor, h.staffId])).toEqual([
      ['payment-awaited', null, 'server', null],
      ['server-cancelled', 'server-cancelled', 'server', null],
    ]);
    // Due by the app's clock (created_at + the timeout); stamped with the database's clock.
    await window.expectWithin(history[1]?.createdAt ?? new Date(0));
    expect(await runPaymentTimeoutJob(t.app)).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(heard).toEqual(['server-cancelled']);
  });

  it("cancels the order's open Payme transaction with it (state -1, reason 4): CheckTransaction says so at once", async () => {
    clock.set(START);
    const id = await unpaid(t.app.db, START);
    const paymeId = 'timeout0000000000000000a';
    await t.app.db.transaction((tx) =>
      insertPaymeTransaction(tx, {
        shipperId: DEMO_SHIPPER_ID,
        orderId: id,
        providerId: paymeId,
        providerTime: START.getTime(),
        amount: 100_000,
        createTime: START.getTime(),
        at: START,
      }),
    );
    // Another order's open transaction is not touched.
    const other = await unpaid(t.app.db, new Date(START.getTime() + 10 * MINUTE));
    await t.app.db.transaction((tx) =>
      insertPaymeTransaction(tx, {
        shipperId: DEMO_SHIPPER_ID,
        orderId: other,
        providerId: 'timeout0000000000000000b',
        providerTime: START.getTime(),
        amount: 100_000,
        createTime: START.getTime(),
        at: START,
      }),
    );
    const cancelledAt = new Date(START.getTime() + 30 * MINUTE);
    clock.set(cancelledAt);
    expect(await runPaymentTimeoutJob(t.app)).toEqual([id]);

    const check = await t.app.inject({
      method: 'POST',
      url: PAYME_PATH,
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`Paycom:${DEMO_PAYME_KEY}`).toString('base64')}`,
      },
      payload: JSON.stringify({ id: 1, method: 'CheckTransaction', params: { id: paymeId } }),
    });
    expect(check.json()).toMatchObject({
      result: { state: -1, reason: 4, cancel_time: cancelledAt.getTime(), perform_time: 0 },
    });
    const open = await t.app.db
      .select({ orderId: paymentTransactions.orderId, state: paymentTransactions.state })
      .from(paymentTransactions)
      .where(inArray(paymentTransactions.orderId, [id, other]));
    expect(Object.fromEntries(open.map((r) => [r.orderId, r.state]))).toEqual({ [id]: -1, [other]: 1 });
  });

  it('reads PAYMENT_TIMEOUT_MIN', async () => {
    clock.set(START);
    const id = await unpaid(t.app.db, START, 'click');
    const app = { db: t.app.db, clock: clock.now, orderEvents: t.app.orderEvents, loyalty: t.app.loyalty };
    clock.set(new Date(START.getTime() + 44 * MINUTE));
    expect(await runPaymentTimeoutJob({ ...app, config: { PAYMENT_TIMEOUT_MIN: 45 } })).toEqual([]);
    clock.set(new Date(START.getTime() + 45 * MINUTE));
    expect(await runPaymentTimeoutJob({ ...app, config: { PAYMENT_TIMEOUT_MIN: 45 } })).toEqual([id]);
  });

  it('leaves alone what does not await payment: paid, cash, already cancelled', async () => {
    const long = new Date(START.getTime() - 24 * 60 * MINUTE);
    clock.set(START);
    const paid = await insertLifeOrder(t.app.db, { status: 'new', paymentType: 'payme', createdAt: long });
    const cash = await insertLifeOrder(t.app.db, { createdAt: long });
    const cancelled = await insertLifeOrder(t.app.db, {
      status: 'operator-cancelled',
      paymentType: 'payme',
      createdAt: long,
    });
    const due = await unpaid(t.app.db, long);
    expect(await runPaymentTimeoutJob(t.app)).toEqual([due]);
    expect(await statuses(t.app, [paid, cash, cancelled, due])).toEqual({
      [paid]: 'new',
      [cash]: 'new',
      [cancelled]: 'operator-cancelled',
      [due]: 'server-cancelled',
    });
  });
});

describe('the payment timeout job when the app starts and when the test clock moves', () => {
  it('runs once at start (runJobs), so an order whose time ran out while the API was down goes at once', {
    timeout: 120_000,
  }, async () => {
    await withJobsStartedOn(
      START,
      (db) => unpaid(db, new Date(START.getTime() - 31 * MINUTE)),
      async (app, id) => {
        expect((await statuses(app, [id]))[id]).toBe('server-cancelled');
      },
    );
  });

  it('runs when the browser tests move the clock (PUT /v1/dev/clock): cancelled by the time it answers', {
    timeout: 120_000,
  }, async () => {
    const t = await buildTestApp({ env: { TEST_CLOCK: true } });
    try {
      const id = await unpaid(t.app.db, new Date());
      const move = (offset_ms: number) =>
        t.app.inject({
          method: 'PUT',
          url: '/v1/dev/clock',
          headers: CLIENT_HEADERS,
          remoteAddress: '127.0.0.1',
          payload: { offset_ms },
        });
      expect((await move(29 * MINUTE)).statusCode).toBe(200);
      expect((await statuses(t.app, [id]))[id]).toBe('payment-awaited');
      expect((await move(31 * MINUTE)).statusCode).toBe(200);
      expect((await statuses(t.app, [id]))[id]).toBe('server-cancelled');
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!databaseUrl)(`the payment timeout job in two API processes at once${needsPostgres}`, () => {
  let a: TestApp;
  let b: SecondProcess;
  beforeAll(async () => {
    a = await buildTestApp({ clock: () => START });
    b = await startSecondProcess(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('cancels each timed-out order exactly once, and customers in either process hear it once', async () => {
    const placed = new Date(START.getTime() - 60 * MINUTE);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push(await unpaid(a.app.db, placed));
    await expectOnceAcrossProcesses({
      a: a.app,
      b: b.app,
      ids,
      run: runPaymentTimeoutJob,
      event: 'server-cancelled',
      status: 'server-cancelled',
    });
  });
});
