import { type TOrderStatus, ZApiError, ZFiguresResponse } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusHistory, orders } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { ORDER_FIXTURE, ORDER_TEST_NOON } from '../../test/orders.ts';
import { insertLifeOrder } from '../order-status/order-status.fixtures.ts';
import { addTestManagers, callAs, type Login, MANAGE_FIXTURE, signInAll } from './staff-manage.fixtures.ts';

// 12:00 on 2 March 2026 in Tashkent (UTC+5): that day runs from 1 March 19:00 to 2 March 19:00 UTC.
const clock = createTestClock(ORDER_TEST_NOON);
let t: TestApp;
let tokens: Record<Login, string>;
let call: ReturnType<typeof callAs>;
const { chilonzor, yunusobod } = MANAGE_FIXTURE;
const MINUTE = 60_000;

/**
 * An order placed at `at` (total 32 000) that went through `steps`: [status, minutes after placing],
 * the first of them its placing. Its status is the last step's.
 */
async function lifeOrder(
  at: string,
  steps: [TOrderStatus, number][],
  options: { branchId?: string; deliveryType?: 'delivery' | 'self-pickup' } = {},
): Promise<string> {
  const createdAt = new Date(at);
  const [first, ...rest] = steps;
  if (!first) throw new Error('lifeOrder: no steps');
  const id = await insertLifeOrder(t.db.db, {
    createdAt,
    status: first[0],
    branchId: options.branchId ?? chilonzor,
    deliveryType: options.deliveryType ?? 'delivery',
  });
  for (const [status, minutes] of rest) {
    await t.db.db.insert(orderStatusHistory).values({
      orderId: id,
      status,
      event: null,
      actor: 'server',
      createdAt: new Date(createdAt.getTime() + minutes * MINUTE),
    });
  }
  const last = steps[steps.length - 1]?.[0] ?? first[0];
  await t.db.db.update(orders).set({ status: last }).where(eq(orders.id, id));
  return id;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  await addTestManagers(t);
  tokens = await signInAll(t);
  call = callAs(t);
  // Chilonzor, 2 March (Tashkent).
  await lifeOrder('2026-03-02T05:00:00Z', [
    ['new', 0],
    ['operator-accepted', 4],
    ['vendor-accepted', 6],
    ['vendor-ready', 20],
    ['courier-accepted', 22],
    ['courier-picked', 25],
    ['delivered', 50],
    ['finished', 55],
  ]);
  await lifeOrder(
    '2026-03-02T06:00:00Z',
    [
      ['new', 0],
      ['operator-accepted', 2],
      ['vendor-accepted', 3],
      ['vendor-ready', 12],
      ['finished', 15],
    ],
    { deliveryType: 'self-pickup' },
  );
  // Cancelled: counted, not in the revenue.
  await lifeOrder('2026-03-02T06:10:00Z', [
    ['new', 0],
    ['operator-cancelled', 1],
  ]);
  // Online, never paid (still waiting; and cancelled by the server): not counted at all.
  await lifeOrder('2026-03-02T06:20:00Z', [['payment-awaited', 0]]);
  await lifeOrder('2026-03-02T06:30:00Z', [
    ['payment-awaited', 0],
    ['server-cancelled', 20],
  ]);
  // Online and paid: counted, in the revenue, no stage finished yet.
  await lifeOrder('2026-03-02T06:40:00Z', [
    ['payment-awaited', 0],
    ['new', 1],
  ]);
  // 23:59 on 1 March and 00:00 on 3 March in Tashkent: other days.
  await lifeOrder('2026-03-01T18:59:00Z', [['new', 0]]);
  await lifeOrder('2026-03-02T19:00:00Z', [['new', 0]]);
  // Yunusobod, 2 March.
  await lifeOrder('2026-03-02T08:00:00Z', [['new', 0]], { branchId: yunusobod });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const as = (who: Login) => ({ token: tokens[who] });
const figures = async (who: Login, query = '') => {
  const res = await call('GET', `/v1/staff/figures${query}`, as(who));
  expect(res.statusCode, res.body).toBe(200);
  return ZFiguresResponse.parse(res.json());
};
const expectError = (res: { statusCode: number; json: () => unknown }, status: number, code?: string) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(ZApiError.parse(res.json()).message).not.toBe('');
  if (code) expect(ZApiError.parse(res.json()).code).toBe(code);
};

describe('GET /v1/staff/figures', () => {
  it("counts today's (Tashkent) orders, revenue, cancellations and average minutes per stage, per branch", async () => {
    const body = await figures('manager');
    expect(body.date).toBe('2026-03-02');
    const byId = new Map(body.branches.map((b) => [b.branch_id, b]));
    expect(byId.get(chilonzor)).toEqual({
      branch_id: chilonzor,
      name: expect.objectContaining({ en: expect.any(String) }),
      orders: 4,
      revenue: 3 * 32_000,
      cancelled: 1,
      // (4 + 2) / 2; (16 + 10) / 2; delivery 30 (ready -> delivered) and pickup 3 (ready -> finished).
      avg_minutes: { to_accept: 3, cooking: 13, to_hand_over: 16.5 },
    });
    expect(byId.get(yunusobod)).toMatchObject({
      orders: 1,
      revenue: 32_000,
      cancelled: 0,
      avg_minutes: { to_accept: null, cooking: null, to_hand_over: null },
    });
    // Every branch is listed, with nothing where nothing happened.
    expect(byId.get(ORDER_FIXTURE.registan)).toMatchObject({ orders: 0, revenue: 0, cancelled: 0 });
  });

  it("reads another day by date, on Tashkent's calendar", async () => {
    const before = await figures('operator', '?date=2026-03-01');
    expect(before.date).toBe('2026-03-01');
    expect(before.branches.find((b) => b.branch_id === chilonzor)).toMatchObject({
      orders: 1,
      revenue: 32_000,
    });
    const after = await figures('operator', '?date=2026-03-03');
    expect(after.branches.find((b) => b.branch_id === chilonzor)).toMatchObject({ orders: 1 });
    const empty = await figures('operator', '?date=2025-01-01');
    expect(empty.branches.every((b) => b.orders === 0 && b.revenue === 0)).toBe(true);
  });

  it('gives a branch manager its own branch only, the operator every branch', async () => {
    expect((await figures('manager-chilonzor')).branches.map((b) => b.branch_id)).toEqual([chilonzor]);
    expect((await figures('manager-yunusobod')).branches.map((b) => b.branch_id)).toEqual([yunusobod]);
    expect((await figures('operator')).branches.length).toBe((await figures('manager')).branches.length);
  });

  it('refuses vendors and couriers (403), bad dates (400), no token (401)', async () => {
    for (const who of ['vendor-chilonzor', 'courier'] as const) {
      expectError(await call('GET', '/v1/staff/figures', as(who)), 403, 'STAFF_MANAGE_FORBIDDEN');
    }
    for (const date of ['2026-02-30', 'today', '2026-3-2', '02.03.2026', '']) {
      expectError(await call('GET', `/v1/staff/figures?date=${date}`, as('manager')), 400);
    }
    expectError(await call('GET', '/v1/staff/figures'), 401);
  });
});
