import { ZStaffLoginResponse, ZStaffOrderDetail, ZStaffOrdersResponse } from '@app/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, orders } from '../../db/schema/index.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { FIXTURE_STAFF_PASSWORD } from '../../test/fixture-staff.ts';
import { insertLifeOrder, LIFE_FIXTURE } from '../order-status/order-status.fixtures.ts';

// The staff timers' target (target_minutes) and the current list's order (dueAt): a delivery counts
// against its branch's delivery_time, a pickup against its branch's cooking_time (migration 0015),
// never against future_self_pickup_order_time, which is how many days ahead a pickup may be scheduled.

let t: TestApp;
const tokens: Record<string, string> = {};

const at = (hhmm: string) => new Date(`2026-03-01T${hhmm}:00.000Z`);

const list = async (who: string, limit = 100) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/staff/orders?limit=${limit}`,
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${tokens[who]}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZStaffOrdersResponse.parse(res.json()).orders;
};
const card = async (who: string, id: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/staff/orders/${id}`,
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${tokens[who]}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZStaffOrderDetail.parse(res.json());
};

const setBranch = (id: string, values: Partial<typeof branches.$inferInsert>) =>
  t.app.db.update(branches).set(values).where(eq(branches.id, id));

/** The database's error code under the driver's wrapping (Drizzle keeps the driver's error as `cause`). */
async function sqlStateOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string') return code;
    }
    throw error;
  }
  return undefined;
}

beforeAll(async () => {
  t = await buildTestApp({ clock: () => at('09:00') });
  for (const login of ['operator', 'vendor-chilonzor']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      headers: CLIENT_HEADERS,
      payload: { login, password: FIXTURE_STAFF_PASSWORD },
    });
    expect(res.statusCode, login).toBe(200);
    tokens[login] = ZStaffLoginResponse.parse(res.json()).access_token;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('branches.cooking_time (migration 0015)', () => {
  it('defaults to 20 minutes for a branch seeded without one', async () => {
    // The fixture chain gives its branches no cooking_time: the column's default fills it in.
    const rows = await t.app.db.select({ cookingTime: branches.cookingTime }).from(branches);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.cookingTime).toBe(20);
  });

  it('keeps it within 1..600 minutes (a CHECK: 23514 below or above)', async () => {
    const id = LIFE_FIXTURE.yunusobod;
    try {
      expect(await sqlStateOf(setBranch(id, { cookingTime: 0 }))).toBe('23514');
      expect(await sqlStateOf(setBranch(id, { cookingTime: 601 }))).toBe('23514');
      expect(await sqlStateOf(setBranch(id, { cookingTime: 1 }))).toBeUndefined();
      expect(await sqlStateOf(setBranch(id, { cookingTime: 600 }))).toBeUndefined();
    } finally {
      await setBranch(id, { cookingTime: 20 });
    }
  });
});

describe('GET /v1/staff/orders: a pickup counts against the branch’s cooking time', () => {
  it('gives a pickup its branch’s cooking_time as target_minutes, on the list and the card, whatever its days ahead', async () => {
    await setBranch(LIFE_FIXTURE.chilonzor, {
      deliveryTime: 45,
      cookingTime: 35,
      futureSelfPickupOrderTime: 7,
    });
    const pickup = await insertLifeOrder(t.app.db, { deliveryType: 'self-pickup' });
    const delivery = await insertLifeOrder(t.app.db);
    const targetOf = async (who: string, id: string) =>
      (await list(who)).find((o) => o.id === id)?.target_minutes;
    for (const who of ['operator', 'vendor-chilonzor']) {
      expect(await targetOf(who, pickup), who).toBe(35);
      expect(await targetOf(who, delivery), who).toBe(45);
      expect((await card(who, pickup)).target_minutes, who).toBe(35);
      expect((await card(who, delivery)).target_minutes, who).toBe(45);
    }
    // The days a pickup may be scheduled ahead do not move the timer; the cooking time does.
    await setBranch(LIFE_FIXTURE.chilonzor, { futureSelfPickupOrderTime: 2 });
    expect(await targetOf('operator', pickup)).toBe(35);
    await setBranch(LIFE_FIXTURE.chilonzor, { cookingTime: 12 });
    expect(await targetOf('operator', pickup)).toBe(12);
    expect((await card('operator', pickup)).target_minutes).toBe(12);
    expect(await targetOf('operator', delivery)).toBe(45);
  });

  it('lists orders in work soonest due first by it; a scheduled pickup is due at the time chosen', async () => {
    // A fresh picture: the previous test's orders out of the current list.
    const earlier = (await list('operator')).map((o) => o.id);
    await t.app.db.update(orders).set({ status: 'finished' }).where(inArray(orders.id, earlier));
    // chilonzor: deliveries 30 minutes, the kitchen 50 (a pickup's days ahead, 7, would make it 7).
    await setBranch(LIFE_FIXTURE.chilonzor, {
      deliveryTime: 30,
      cookingTime: 50,
      futureSelfPickupOrderTime: 7,
    });
    await setBranch(LIFE_FIXTURE.yunusobod, { deliveryTime: 40, cookingTime: 20 });
    const slowPickup = await insertLifeOrder(t.app.db, {
      deliveryType: 'self-pickup',
      createdAt: at('08:00'),
    });
    const delivery = await insertLifeOrder(t.app.db, { createdAt: at('08:10') });
    const scheduledPickup = await insertLifeOrder(t.app.db, {
      deliveryType: 'self-pickup',
      createdAt: at('06:00'),
      futureTime: at('08:45'),
    });
    const otherBranchPickup = await insertLifeOrder(t.app.db, {
      branchId: LIFE_FIXTURE.yunusobod,
      deliveryType: 'self-pickup',
      createdAt: at('08:15'),
    });
    const otherBranchDelivery = await insertLifeOrder(t.app.db, {
      branchId: LIFE_FIXTURE.yunusobod,
      createdAt: at('08:12'),
    });
    const listed = await list('operator');
    // Due: 08:35 (08:15 + 20), 08:40 (08:10 + 30), 08:45 (chosen), 08:50 (08:00 + 50), 08:52 (08:12 + 40).
    expect(listed.map((o) => o.id)).toEqual([
      otherBranchPickup,
      delivery,
      scheduledPickup,
      slowPickup,
      otherBranchDelivery,
    ]);
    // The SQL order agrees with what the screens compute from the fields the list gives them
    // (apps/web staff/lib/queue.ts `dueAt`): one definition of the target minutes, not two.
    const dueOf = (o: (typeof listed)[number]) =>
      o.future_time ? Date.parse(o.future_time) : Date.parse(o.created_at) + o.target_minutes * 60_000;
    expect(listed.map((o) => new Date(dueOf(o)).toISOString().slice(11, 16))).toEqual([
      '08:35',
      '08:40',
      '08:45',
      '08:50',
      '08:52',
    ]);
    // A page too small for all of them keeps the soonest due.
    const firstTwo = await list('operator', 2);
    expect(firstTwo.map((o) => o.id)).toEqual([otherBranchPickup, delivery]);
  });
});
