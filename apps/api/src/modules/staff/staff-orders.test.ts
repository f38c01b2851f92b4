import { ZApiError, ZStaffLoginResponse, ZStaffOrderDetail, ZStaffOrdersResponse } from '@app/contracts';
import { tashkentClock } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, orderStatusHistory, orders, staffAccounts, staffAuditLog } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { FIXTURE_STAFF_PASSWORD } from '../../test/fixture-staff.ts';
import { insertLifeOrder, insertTestCustomer, LIFE_FIXTURE } from '../order-status/order-status.fixtures.ts';
import { hashPassword } from './passwords.ts';

// Issue 13: the staff workspace's order list (filters, search), the order's whole card, cancel
// reasons, the audit log and two staff acting on one order at once.

const clock = createTestClock(new Date('2026-03-01T09:00:00.000Z'));
let t: TestApp;
const tokens: Record<string, string> = {};
const EXTRA_STAFF = [
  { login: 'operator-2', name: 'Dilnoza Karimova', role: 'operator' as const, branchId: null },
  { login: 'manager', name: 'Chain Manager', role: 'manager' as const, branchId: null },
  {
    login: 'manager-chilonzor',
    name: 'Chilonzor Manager',
    role: 'manager' as const,
    branchId: LIFE_FIXTURE.chilonzor,
  },
];

const call = (
  method: 'GET' | 'POST',
  url: string,
  opts: { who?: string; body?: unknown; lang?: string } = {},
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url,
    headers: {
      ...CLIENT_HEADERS,
      ...(opts.who ? { authorization: `Bearer ${tokens[opts.who]}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });

const list = async (who: string, query: string) => {
  const res = await call('GET', `/v1/staff/orders?limit=100${query}`, { who });
  expect(res.statusCode, res.body).toBe(200);
  return ZStaffOrdersResponse.parse(res.json());
};
const idsOf = async (who: string, query: string) => (await list(who, query)).orders.map((o) => o.id);
const detail = (who: string, id: string) => call('GET', `/v1/staff/orders/${id}`, { who });
const send = (who: string, id: string, body: { event: string; reason?: string }, lang?: string) =>
  call('POST', `/v1/staff/orders/${id}/events`, { who, body, ...(lang ? { lang } : {}) });

/** Gives an order a number of its own (the fixture's numbers are not in the chain's B-10001 shape). */
const numbered = async (id: string, externalOrderId: string) => {
  await t.app.db.update(orders).set({ externalOrderId }).where(eq(orders.id, id));
  return id;
};

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  const passwordHash = await hashPassword(FIXTURE_STAFF_PASSWORD);
  for (const s of EXTRA_STAFF) {
    await t.app.db.insert(staffAccounts).values({
      id: stableId('staff', s.login),
      shipperId: DEMO_SHIPPER_ID,
      login: s.login,
      name: s.name,
      phone: '998712009999',
      role: s.role,
      branchId: s.branchId,
      passwordHash,
    });
  }
  const logins = ['operator', 'vendor-chilonzor', 'vendor-yunusobod', 'courier', 'courier-2'];
  for (const login of [...logins, ...EXTRA_STAFF.map((s) => s.login)]) {
    const res = await call('POST', '/v1/staff/login', { body: { login, password: FIXTURE_STAFF_PASSWORD } });
    expect(res.statusCode, login).toBe(200);
    tokens[login] = ZStaffLoginResponse.parse(res.json()).access_token;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/staff/orders: scope, filters and search', () => {
  it('lists orders in work by default (not finished, cancelled or awaiting payment); scope=all lists every one', async () => {
    const fresh = await insertLifeOrder(t.app.db, { status: 'new' });
    const delivered = await insertLifeOrder(t.app.db, { status: 'delivered' });
    const finished = await insertLifeOrder(t.app.db, { status: 'finished' });
    const cancelled = await insertLifeOrder(t.app.db, { status: 'operator-cancelled' });
    const unpaid = await insertLifeOrder(t.app.db, { status: 'payment-awaited', paymentType: 'payme' });
    const current = await idsOf('operator', '');
    expect(current).toEqual(expect.arrayContaining([fresh, delivered]));
    for (const id of [finished, cancelled, unpaid]) expect(current).not.toContain(id);
    const all = await idsOf('operator', '&scope=all');
    expect(all).toEqual(expect.arrayContaining([fresh, delivered, finished, cancelled]));
    expect(all).not.toContain(unpaid);
    expect(await idsOf('operator', '&scope=all&status=finished')).toContain(finished);
    expect(await idsOf('operator', '&scope=all&status=finished')).not.toContain(fresh);
  });

  it('lists orders in work soonest due first, every order newest first, with what the screens sort by', async () => {
    const older = await insertLifeOrder(t.app.db, { createdAt: new Date('2026-03-01T07:00:00.000Z') });
    const newer = await insertLifeOrder(t.app.db, { createdAt: new Date('2026-03-01T08:30:00.000Z') });
    // Placed first, due last: scheduled for tonight.
    const scheduled = await insertLifeOrder(t.app.db, {
      createdAt: new Date('2026-03-01T06:00:00.000Z'),
      futureTime: new Date('2026-03-01T15:00:00.000Z'),
    });
    const dueOf = (o: { created_at: string; future_time: string | null; target_minutes: number }) =>
      o.future_time ? Date.parse(o.future_time) : Date.parse(o.created_at) + o.target_minutes * 60_000;
    const current = (await list('operator', '')).orders;
    const ids = current.map((o) => o.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(scheduled));
    const dues = current.map(dueOf);
    expect([...dues].sort((a, b) => a - b)).toEqual(dues);
    expect(current.find((o) => o.id === older)).toMatchObject({
      created_at: '2026-03-01T07:00:00.000Z',
      future_time: null,
    });
    const all = (await list('operator', '&scope=all')).orders;
    const allIds = all.map((o) => o.id);
    expect(allIds.indexOf(newer)).toBeLessThan(allIds.indexOf(older));
    expect(allIds.indexOf(older)).toBeLessThan(allIds.indexOf(scheduled));
    const times = all.map((o) => o.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('keeps the most overdue orders when more are in work than a page holds (101: the oldest is listed)', async () => {
    const placedAt = (minutesAgo: number) =>
      new Date(Date.parse('2026-02-20T09:00:00.000Z') - minutesAgo * 60_000);
    const ids = [];
    for (let i = 0; i < 101; i++) ids.push(await insertLifeOrder(t.app.db, { createdAt: placedAt(i) }));
    const oldest = ids[100] as string;
    const newest = ids[0] as string;
    try {
      const body = await list('operator', '');
      expect(body.count).toBeGreaterThanOrEqual(101);
      expect(body.orders).toHaveLength(100);
      const listed = body.orders.map((o) => o.id);
      expect(listed).toContain(oldest);
      expect(listed[0]).toBe(oldest);
      // What the page leaves out is the newest of them (due last), and `count` says it is not all.
      expect(listed).not.toContain(newest);
      const page2 = (await list('operator', '&page=2')).orders.map((o) => o.id);
      expect(page2).toContain(newest);
    } finally {
      // Out of the other tests' way: they list the current orders too.
      await t.app.db.update(orders).set({ status: 'finished' }).where(inArray(orders.id, ids));
    }
  });

  it('filters by branch; a vendor and a branch manager only ever see their branch (another: 403)', async () => {
    const yunusobod = await insertLifeOrder(t.app.db, { branchId: LIFE_FIXTURE.yunusobod });
    const chilonzor = await insertLifeOrder(t.app.db, { branchId: LIFE_FIXTURE.chilonzor });
    const byBranch = await idsOf('operator', `&branch_id=${LIFE_FIXTURE.yunusobod}`);
    expect(byBranch).toContain(yunusobod);
    expect(byBranch).not.toContain(chilonzor);
    for (const who of ['vendor-chilonzor', 'manager-chilonzor']) {
      const own = await idsOf(who, '');
      expect(own, who).toContain(chilonzor);
      expect(own, who).not.toContain(yunusobod);
      expect(await idsOf(who, `&branch_id=${LIFE_FIXTURE.chilonzor}`), who).toContain(chilonzor);
      const other = await call('GET', `/v1/staff/orders?branch_id=${LIFE_FIXTURE.yunusobod}`, { who });
      expect(other.statusCode, who).toBe(403);
      expect(ZApiError.parse(other.json()).code).toBe('STAFF_ORDER_OTHER_BRANCH');
    }
    // The chain's manager sees every branch.
    expect(await idsOf('manager', '')).toEqual(expect.arrayContaining([chilonzor, yunusobod]));
  });

  it('finds an order by its number (B-10001, b10001 or 10001) and by digits of the customer phone', async () => {
    const wanted = await numbered(await insertLifeOrder(t.app.db), 'Q-7731001');
    const other = await numbered(await insertLifeOrder(t.app.db), 'Q-7731002');
    for (const q of ['Q-7731001', 'q7731001', '7731001', ' Q-7731001 ']) {
      const found = await idsOf('operator', `&scope=all&q=${encodeURIComponent(q)}`);
      expect(found, q).toContain(wanted);
      expect(found, q).not.toContain(other);
    }
    const customerId = await insertTestCustomer(t.app.db);
    const byPhone = await insertLifeOrder(t.app.db, { customerId });
    const phone = (await list('operator', '&scope=all')).orders.find((o) => o.id === byPhone)?.customer
      ?.phone;
    expect(phone).toBeDefined();
    const tail = (phone ?? '').slice(-7);
    const found = await list(
      'operator',
      `&scope=all&q=${encodeURIComponent(`${tail.slice(0, 3)} ${tail.slice(3)}`)}`,
    );
    expect(found.orders.map((o) => o.id)).toContain(byPhone);
    expect(
      found.orders.every((o) => o.customer?.phone.includes(tail) || o.external_order_id.endsWith(tail)),
    ).toBe(true);
    expect(found.count).toBe(found.orders.length);
  });

  it('gives each order the minutes its timer counts against: its branch’s delivery time, or its cooking time', async () => {
    const times = { chilonzor: { delivery: 52, pickup: 17 }, yunusobod: { delivery: 38, pickup: 24 } };
    const before = await t.app.db.select().from(branches);
    try {
      for (const [key, time] of Object.entries(times)) {
        await t.app.db
          .update(branches)
          .set({ deliveryTime: time.delivery, cookingTime: time.pickup })
          .where(eq(branches.id, LIFE_FIXTURE[key as keyof typeof times]));
      }
      const delivery = await numbered(await insertLifeOrder(t.app.db), 'Q-7733001');
      const pickup = await numbered(
        await insertLifeOrder(t.app.db, { deliveryType: 'self-pickup' }),
        'Q-7733002',
      );
      const elsewhere = await numbered(
        await insertLifeOrder(t.app.db, { branchId: LIFE_FIXTURE.yunusobod, deliveryType: 'self-pickup' }),
        'Q-7733003',
      );
      const targetIn = async (who: string, id: string, number: string) =>
        (await list(who, `&q=${number}`)).orders.find((o) => o.id === id)?.target_minutes;
      expect(await targetIn('operator', delivery, 'Q-7733001')).toBe(52);
      expect(await targetIn('operator', pickup, 'Q-7733002')).toBe(17);
      expect(await targetIn('operator', elsewhere, 'Q-7733003')).toBe(24);
      // A kitchen's list says the same, and so does each card.
      expect(await targetIn('vendor-chilonzor', delivery, 'Q-7733001')).toBe(52);
      expect(await targetIn('vendor-yunusobod', elsewhere, 'Q-7733003')).toBe(24);
      const cards = { [delivery]: 52, [pickup]: 17, [elsewhere]: 24 };
      for (const [id, minutes] of Object.entries(cards)) {
        const card = ZStaffOrderDetail.parse((await detail('operator', id)).json());
        expect(card.target_minutes).toBe(minutes);
      }
    } finally {
      for (const branch of before) {
        await t.app.db
          .update(branches)
          .set({
            deliveryTime: branch.deliveryTime,
            cookingTime: branch.cookingTime,
          })
          .where(eq(branches.id, branch.id));
      }
    }
  });

  it('keeps the search inside the scope: a vendor does not find another branch’s order', async () => {
    const id = await numbered(
      await insertLifeOrder(t.app.db, { branchId: LIFE_FIXTURE.yunusobod }),
      'Q-7732001',
    );
    expect(await idsOf('vendor-yunusobod', '&q=Q-7732001')).toEqual([id]);
    expect(await idsOf('vendor-chilonzor', '&q=Q-7732001')).toEqual([]);
  });

  it.each([
    ['?q=abc!'],
    ['?q=1'],
    ['?q='],
    ['?scope=everything'],
    ['?branch_id=not-a-uuid'],
    ['?status=lost'],
  ])('refuses bad input %s (400 with a message)', async (query) => {
    const res = await call('GET', `/v1/staff/orders${query}`, { who: 'operator', lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).message).not.toBe('');
  });

  it('answers the search refusal in the three languages', async () => {
    const en = await call('GET', '/v1/staff/orders?q=abc', { who: 'operator', lang: 'en' });
    expect(en.json()).toMatchObject({
      code: 'STAFF_ORDERS_BAD_QUERY',
      message: expect.stringContaining('order number'),
    });
    const uz = await call('GET', '/v1/staff/orders?q=abc', { who: 'operator', lang: 'uz' });
    expect(uz.json().message).toContain('Qidiruv');
  });

  it('needs a staff token (401)', async () => {
    expect((await call('GET', '/v1/staff/orders')).statusCode).toBe(401);
  });
});

describe('GET /v1/staff/orders/{id}: the whole card', () => {
  it('has the customer, address, lines, totals, what to pay, the timer’s target and the history', async () => {
    const id = await insertLifeOrder(t.app.db);
    await t.app.db
      .update(orders)
      .set({ apartment: '12', floor: '3', building: '5A', description: 'Blue door', loyaltyAmount: 2_000 })
      .where(eq(orders.id, id));
    const accepted = await send('operator', id, { event: 'operator-accepted' });
    expect(accepted.statusCode).toBe(200);
    const res = await detail('operator', id);
    expect(res.statusCode, res.body).toBe(200);
    const card = ZStaffOrderDetail.parse(res.json());
    const [branch] = await t.app.db.select().from(branches).where(eq(branches.id, LIFE_FIXTURE.chilonzor));
    expect(card).toMatchObject({
      id,
      status: 'operator-accepted',
      to_address: 'Tashkent, 1 Test street',
      to_location: { lat: 41.3, long: 69.21 },
      apartment: '12',
      floor: '3',
      building: '5A',
      description: 'Blue door',
      goods_price: 32_000,
      delivery_price: 0,
      discount_price: 0,
      total_price: 32_000,
      loyalty_amount: 2_000,
      amount_to_pay: 30_000,
      target_minutes: branch?.deliveryTime,
    });
    expect(card.customer?.phone).toMatch(/^99890/);
    expect(card.lines).toHaveLength(1);
    expect(card.lines[0]).toMatchObject({
      title: { en: 'Beef wrap' },
      quantity: 1,
      variants: [],
      modifiers: [],
    });
    expect(card.lines[0]).not.toHaveProperty('can_review');
    expect(card.history).toEqual([
      expect.objectContaining({ status: 'new', event: null, actor: 'server', staff: null, reason: null }),
      expect.objectContaining({
        status: 'operator-accepted',
        event: 'operator-accepted',
        actor: 'operator',
        staff: { id: LIFE_FIXTURE.staff.operator, name: 'Operator One', role: 'operator' },
        reason: null,
        // When it was accepted: the database's time, as the operator was answered.
        at: (accepted.json() as { at: string }).at,
      }),
    ]);
  });

  it('counts a pickup order against the branch’s cooking time', async () => {
    const id = await insertLifeOrder(t.app.db, { deliveryType: 'self-pickup' });
    const [branch] = await t.app.db.select().from(branches).where(eq(branches.id, LIFE_FIXTURE.chilonzor));
    const card = ZStaffOrderDetail.parse((await detail('vendor-chilonzor', id)).json());
    expect(card.target_minutes).toBe(branch?.cookingTime);
    expect(card.to_location).toBeNull();
  });

  it('is read in the list’s scope: another branch, a courier’s not-ready or another courier’s order: 404', async () => {
    const chilonzor = await insertLifeOrder(t.app.db);
    const yunusobod = await insertLifeOrder(t.app.db, { branchId: LIFE_FIXTURE.yunusobod });
    expect((await detail('vendor-chilonzor', chilonzor)).statusCode).toBe(200);
    expect((await detail('manager-chilonzor', chilonzor)).statusCode).toBe(200);
    expect((await detail('manager', yunusobod)).statusCode).toBe(200);
    for (const who of ['vendor-chilonzor', 'manager-chilonzor']) {
      const res = await detail(who, yunusobod);
      expect(res.statusCode, who).toBe(404);
      expect(res.json().code).toBe('STAFF_ORDER_NOT_FOUND');
    }
    // A courier: not before it is ready; a ready delivery order yes; then only the one who took it.
    expect((await detail('courier', chilonzor)).statusCode).toBe(404);
    const ready = await insertLifeOrder(t.app.db, { status: 'vendor-ready' });
    expect((await detail('courier', ready)).statusCode).toBe(200);
    expect((await detail('courier-2', ready)).statusCode).toBe(200);
    expect((await send('courier', ready, { event: 'courier-accepted' })).statusCode).toBe(200);
    expect((await detail('courier', ready)).statusCode).toBe(200);
    expect((await detail('courier-2', ready)).statusCode).toBe(404);
    const readyPickup = await insertLifeOrder(t.app.db, {
      status: 'vendor-ready',
      deliveryType: 'self-pickup',
    });
    expect((await detail('courier', readyPickup)).statusCode).toBe(404);
    // Delivered and finished: still his.
    expect((await send('courier', ready, { event: 'courier-picked' })).statusCode).toBe(200);
    expect((await send('courier', ready, { event: 'delivered' })).statusCode).toBe(200);
    expect((await detail('courier', ready)).statusCode).toBe(200);
  });

  it('gives a courier the customer’s details only on an order it carries: not when offered, not once delivered', async () => {
    const id = await insertLifeOrder(t.app.db, { status: 'vendor-ready' });
    await t.app.db
      .update(orders)
      .set({ apartment: '12', floor: '3', building: '5A', description: 'Blue door', comment: 'Ring twice' })
      .where(eq(orders.id, id));
    const whole = ZStaffOrderDetail.parse((await detail('operator', id)).json());
    const phone = whole.customer?.phone ?? '';
    expect(phone).toMatch(/^99890/);
    expect(whole).toMatchObject({
      apartment: '12',
      floor: '3',
      description: 'Blue door',
      comment: 'Ring twice',
    });
    const hidden = { customer: null, comment: null, apartment: null, floor: null, description: null };
    // Offered to every courier: the street, the point, the building and the branch to choose by; no one's phone.
    const offered = await call('GET', '/v1/staff/orders?limit=100', { who: 'courier-2' });
    expect(offered.body).toContain(id);
    expect(offered.body).not.toContain(phone);
    expect(ZStaffOrdersResponse.parse(offered.json()).orders.find((o) => o.id === id)).toMatchObject({
      customer: null,
      comment: null,
      to_address: 'Tashkent, 1 Test street',
      branch: { id: LIFE_FIXTURE.chilonzor },
    });
    const offeredCard = await detail('courier-2', id);
    expect(offeredCard.body).not.toContain(phone);
    expect(offeredCard.body).not.toContain('Ring twice');
    expect(ZStaffOrderDetail.parse(offeredCard.json())).toMatchObject({
      ...hidden,
      building: '5A',
      to_location: { lat: 41.3, long: 69.21 },
    });
    // Nor found by guessing the phone's digits.
    expect(await idsOf('courier-2', `&q=${phone.slice(-7)}`)).not.toContain(id);
    // Taken: the courier carrying it reads them, on the list and the card.
    expect((await send('courier', id, { event: 'courier-accepted' })).statusCode).toBe(200);
    const taken = (await list('courier', '')).orders.find((o) => o.id === id);
    expect(taken).toMatchObject({ customer: whole.customer, comment: 'Ring twice' });
    expect(ZStaffOrderDetail.parse((await detail('courier', id)).json())).toMatchObject({
      customer: whole.customer,
      apartment: '12',
      floor: '3',
      description: 'Blue door',
    });
    expect((await send('courier', id, { event: 'courier-picked' })).statusCode).toBe(200);
    expect((await detail('courier', id)).body).toContain(phone);
    // Delivered: still in its history, without the customer.
    expect((await send('courier', id, { event: 'delivered' })).statusCode).toBe(200);
    const history = await call('GET', '/v1/staff/orders?limit=100&scope=all', { who: 'courier' });
    expect(history.body).toContain(id);
    expect(history.body).not.toContain(phone);
    const after = await detail('courier', id);
    expect(after.body).not.toContain(phone);
    expect(ZStaffOrderDetail.parse(after.json())).toMatchObject(hidden);
    // The operator and the kitchen still read everything.
    expect((await detail('vendor-chilonzor', id)).body).toContain(phone);
    expect((await detail('operator', id)).body).toContain(phone);
  });

  it('does not show an order waiting for its online payment (404), nor another chain’s', async () => {
    const unpaid = await insertLifeOrder(t.app.db, { status: 'payment-awaited', paymentType: 'payme' });
    expect((await detail('operator', unpaid)).statusCode).toBe(404);
    expect((await detail('operator', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses a bad id (400) and no token (401)', async () => {
    expect((await detail('operator', 'nope')).statusCode).toBe(400);
    const id = await insertLifeOrder(t.app.db);
    expect((await call('GET', `/v1/staff/orders/${id}`)).statusCode).toBe(401);
  });
});

describe('POST /v1/staff/orders/{id}/events: reasons, audit, races', () => {
  const historyOf = (id: string) =>
    t.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
  const auditOf = (id: string) =>
    t.app.db
      .select()
      .from(staffAuditLog)
      .where(and(eq(staffAuditLog.targetType, 'order'), eq(staffAuditLog.targetId, id)));

  it.each([
    ['operator', 'operator-cancelled', 'new'],
    ['vendor-chilonzor', 'vendor-cancelled', 'operator-accepted'],
    ['courier', 'courier-cancelled', 'courier-accepted'],
  ] as const)('%s: %s needs a reason (400, nothing written)', async (who, event, status) => {
    const id = await insertLifeOrder(t.app.db, {
      status,
      ...(who === 'courier' ? { courierId: LIFE_FIXTURE.staff.courier } : {}),
    });
    const res = await send(who, id, { event }, 'en');
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json())).toMatchObject({
      code: 'STAFF_CANCEL_REASON_REQUIRED',
      message: 'Give the reason for cancelling',
    });
    const blank = await send(who, id, { event, reason: '   ' }, 'en');
    expect(blank.statusCode).toBe(400);
    expect((await send(who, id, { event }, 'ru')).json().message).toBe('Укажите причину отмены');
    expect(await historyOf(id)).toHaveLength(1);
    expect(await auditOf(id)).toEqual([]);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.status).toBe(status);
  });

  it('keeps the reason in the history and shows it with who cancelled', async () => {
    const id = await insertLifeOrder(t.app.db);
    const res = await send('operator', id, {
      event: 'operator-cancelled',
      reason: '  Customer asked by phone ',
    });
    expect(res.statusCode).toBe(200);
    const rows = await historyOf(id);
    expect(rows.at(-1)).toMatchObject({ event: 'operator-cancelled', reason: 'Customer asked by phone' });
    const card = ZStaffOrderDetail.parse((await detail('operator', id)).json());
    expect(card.history.at(-1)).toMatchObject({
      status: 'operator-cancelled',
      event: 'operator-cancelled',
      reason: 'Customer asked by phone',
      staff: { name: 'Operator One', role: 'operator' },
    });
  });

  it('writes an audit row for every event, in its transaction, and none for a refused one', async () => {
    const id = await insertLifeOrder(t.app.db);
    // Sent with the id in upper case: the row names the order as the database does.
    expect(id.toUpperCase()).not.toBe(id);
    expect((await send('operator', id.toUpperCase(), { event: 'operator-accepted' })).statusCode).toBe(200);
    expect(
      (await send('vendor-chilonzor', id, { event: 'vendor-cancelled', reason: 'Out of beef' })).statusCode,
    ).toBe(200);
    // Refused: the order is cancelled.
    expect((await send('operator', id, { event: 'finished' })).statusCode).toBe(409);
    const rows = await auditOf(id);
    expect(rows.map((r) => [r.staffId, r.action, r.branchId, r.before, r.after])).toEqual([
      [
        LIFE_FIXTURE.staff.operator,
        'order.event',
        LIFE_FIXTURE.chilonzor,
        { status: 'new' },
        { status: 'operator-accepted', event: 'operator-accepted', reason: null },
      ],
      [
        LIFE_FIXTURE.staff.vendorChilonzor,
        'order.event',
        LIFE_FIXTURE.chilonzor,
        { status: 'operator-accepted' },
        { status: 'vendor-cancelled', event: 'vendor-cancelled', reason: 'Out of beef' },
      ],
    ]);
    expect(rows.every((r) => r.shipperId === DEMO_SHIPPER_ID)).toBe(true);
    // Each audit row at its event's time (the history row's: the database's clock).
    const history = await historyOf(id);
    expect(rows.map((r) => r.createdAt)).toEqual(
      ['operator-accepted', 'vendor-cancelled'].map((e) => history.find((h) => h.event === e)?.createdAt),
    );
  });

  it('of two operators accepting one order at once, one wins; the other is told who accepted it and when (409)', async () => {
    const id = await numbered(await insertLifeOrder(t.app.db), 'B-10001');
    const [a, b] = await Promise.all([
      send('operator', id, { event: 'operator-accepted' }, 'en'),
      send('operator-2', id, { event: 'operator-accepted' }, 'en'),
    ]);
    const codes = [a?.statusCode, b?.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a?.statusCode === 409 ? a : b;
    const winner = a?.statusCode === 200 ? 'Operator One' : 'Dilnoza Karimova';
    const history = await historyOf(id);
    // At the winner's time (its history row's, the database's), on Tashkent's clock.
    const won = tashkentClock(history.find((h) => h.event === 'operator-accepted')?.createdAt ?? new Date(0));
    expect(ZApiError.parse(loser?.json())).toMatchObject({
      code: 'STAFF_ORDER_ALREADY_MOVED',
      message: `Order B-10001 was already accepted by ${winner} (operator) at ${won}`,
    });
    expect(history.filter((h) => h.event === 'operator-accepted')).toHaveLength(1);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('of an operator and a kitchen cancelling at once, one wins; the other hears it in its language', async () => {
    const id = await numbered(await insertLifeOrder(t.app.db, { status: 'operator-accepted' }), 'B-10002');
    const [a, b] = await Promise.all([
      send('operator', id, { event: 'operator-cancelled', reason: 'Customer called' }, 'ru'),
      send('vendor-chilonzor', id, { event: 'vendor-cancelled', reason: 'No beef' }, 'ru'),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
    const loser = a?.statusCode === 409 ? a : b;
    const winner = a?.statusCode === 200 ? 'Operator One (оператор)' : 'Chilonzor kitchen (кухня)';
    const [cancel] = (await historyOf(id)).filter((h) => h.event?.endsWith('-cancelled'));
    const at = tashkentClock(cancel?.createdAt ?? new Date(0));
    expect(loser?.json().message).toBe(`Заказ B-10002 уже отменён: ${winner}, в ${at}`);
  });

  it('a manager sends no order events (403)', async () => {
    const id = await insertLifeOrder(t.app.db);
    const res = await send('manager', id, { event: 'operator-accepted' });
    expect(res.statusCode).toBe(403);
    expect(await auditOf(id)).toEqual([]);
  });
});
