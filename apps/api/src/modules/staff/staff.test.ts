import {
  type TOrderStatusEvent,
  ZApiError,
  ZStaffLoginResponse,
  ZStaffOrderEventResponse,
  ZStaffOrdersResponse,
} from '@app/contracts';
import { ACTORS, EVENT_ACTORS, ORDER_EVENTS, type OrderEvent } from '@app/domain';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { orderStatusHistory, orders, staffAccounts } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { databaseWindow } from '../../test/database-clock.ts';
import { FIXTURE_STAFF_PASSWORD } from '../../test/fixture-staff.ts';
import { placeTestOrder, signInTestCustomer } from '../../test/orders.ts';
import { insertToken } from '../customers/customers.repository.ts';
import { hashToken, newAccessToken } from '../customers/tokens.ts';
import { insertLifeOrder, insertTestCustomer, LIFE_FIXTURE } from '../order-status/order-status.fixtures.ts';
import { verifyPassword } from './passwords.ts';
import { backoffDelayMs, SIGN_IN_LIMITS } from './sign-in-limits.ts';

const clock = createTestClock(new Date('2026-03-01T09:00:00.000Z'));
let t: TestApp;
const tokens: Record<string, string> = {};

type Method = 'GET' | 'POST';
const call = (
  method: Method,
  url: string,
  opts: { token?: string; body?: unknown; lang?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    headers: {
      ...CLIENT_HEADERS,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });

const login = async (loginName: string, password = FIXTURE_STAFF_PASSWORD, ip?: string) =>
  call('POST', '/v1/staff/login', { body: { login: loginName, password }, ...(ip ? { ip } : {}) });

/** Cancelling events need a reason: given one unless `reason` is null (then sent without). */
const send = (who: string, orderId: string, event: string, lang?: string, reason?: string | null) =>
  call('POST', `/v1/staff/orders/${orderId}/events`, {
    token: tokens[who] as string,
    body:
      reason === null || !event.endsWith('-cancelled') || event === 'server-cancelled'
        ? { event }
        : { event, reason: reason ?? 'test reason' },
    ...(lang ? { lang } : {}),
  });

const statusOf = async (orderId: string) => {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error('no order');
  return row;
};

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  for (const name of ['operator', 'vendor-chilonzor', 'vendor-yunusobod', 'courier', 'courier-2']) {
    const res = await login(name);
    expect(res.statusCode, name).toBe(200);
    tokens[name] = ZStaffLoginResponse.parse(res.json()).access_token;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('seeded staff', () => {
  it('has one account per role, the vendor bound to its branch, passwords scrypt-hashed', async () => {
    const rows = await t.app.db.select().from(staffAccounts).orderBy(asc(staffAccounts.login));
    expect(rows.map((r) => [r.login, r.role, r.branchId])).toEqual([
      ['courier', 'courier', null],
      ['courier-2', 'courier', null],
      ['operator', 'operator', null],
      ['vendor-chilonzor', 'vendor', LIFE_FIXTURE.chilonzor],
      ['vendor-yunusobod', 'vendor', LIFE_FIXTURE.yunusobod],
    ]);
    for (const r of rows) {
      expect(r.id).toBe(stableId('staff', r.login));
      expect(r.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(r.passwordHash).not.toContain(FIXTURE_STAFF_PASSWORD);
      expect(await verifyPassword(FIXTURE_STAFF_PASSWORD, r.passwordHash)).toBe(true);
      expect(await verifyPassword('wrong-password', r.passwordHash)).toBe(false);
    }
  });
});

describe('POST /v1/staff/login', () => {
  it('answers the staff member and a token', async () => {
    const res = await login('Vendor-Chilonzor');
    expect(res.statusCode).toBe(200);
    const body = ZStaffLoginResponse.parse(res.json());
    expect(body.staff).toEqual({
      id: LIFE_FIXTURE.staff.vendorChilonzor,
      login: 'vendor-chilonzor',
      name: 'Chilonzor kitchen',
      role: 'vendor',
      branch_id: LIFE_FIXTURE.chilonzor,
    });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.expires_at).toBe('2026-03-01T21:00:00.000Z');
  });

  it('refuses a wrong password and an unknown login alike (401, with its message)', async () => {
    const wrong = await login('operator', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(ZApiError.parse(wrong.json())).toMatchObject({
      code: 'STAFF_LOGIN_FAILED',
      message: 'Неверный логин или пароль',
    });
    const unknown = await call('POST', '/v1/staff/login', {
      body: { login: 'nobody', password: FIXTURE_STAFF_PASSWORD },
      lang: 'en',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'STAFF_LOGIN_FAILED', message: 'Wrong login or password' });
  });

  it.each([
    ['no body', undefined],
    ['short password', { login: 'operator', password: 'short' }],
    ['no login', { password: FIXTURE_STAFF_PASSWORD }],
    ['login of the wrong type', { login: 42, password: FIXTURE_STAFF_PASSWORD }],
  ])('answers 400 with a message for bad input: %s', async (_name, body) => {
    const res = await call('POST', '/v1/staff/login', body === undefined ? {} : { body });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).message).not.toBe('');
  });

  it('needs the client headers like every /v1 route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/staff/login',
      payload: { login: 'operator', password: FIXTURE_STAFF_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
  });

  it('slows wrong passwords down instead of locking: after 10 the right password gets in once the short wait is over', async () => {
    const ip = '192.0.2.101';
    for (let i = 0; i < 10; i++) {
      clock.advance(backoffDelayMs(SIGN_IN_LIMITS.perPair, i));
      expect((await login('courier-2', `wrong-password-${i}`, ip)).statusCode).toBe(401);
    }
    const held = await login('courier-2', FIXTURE_STAFF_PASSWORD, ip);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'STAFF_LOGIN_LIMIT' });
    expect(held.json().message).toMatch(/^Слишком много неудачных попыток входа/);
    // 10 failures: 5 free, then 1, 2, 4, 8, 16 s; the next one waits 32 s (no 15-minute lock).
    expect(held.headers['retry-after']).toBe('32');
    // Other logins are not affected.
    expect((await login('operator', FIXTURE_STAFF_PASSWORD, ip)).statusCode).toBe(200);
    clock.advance(32_000);
    expect((await login('courier-2', FIXTURE_STAFF_PASSWORD, ip)).statusCode).toBe(200);
    // A right password clears the count.
    expect((await login('courier-2', 'wrong-again-1', ip)).statusCode).toBe(401);
    expect((await login('courier-2', FIXTURE_STAFF_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts failed sign-ins in the database: another API process on it holds the login back too', async () => {
    const ip = '192.0.2.102';
    for (let i = 0; i < 5; i++)
      expect((await login('vendor-yunusobod', `wrong-password-${i}`, ip)).statusCode).toBe(401);
    const other = await buildApp({
      db: t.db,
      env: { LOG_LEVEL: 'silent', DATA_DIR: t.app.config.DATA_DIR },
      logger: false,
      clock: clock.now,
      runJobs: false,
    });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/v1/staff/login',
        remoteAddress: ip,
        headers: CLIENT_HEADERS,
        payload: { login: 'vendor-yunusobod', password: FIXTURE_STAFF_PASSWORD },
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('1');
    } finally {
      await other.close();
    }
    clock.advance(1000);
    expect((await login('vendor-yunusobod', FIXTURE_STAFF_PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('staff tokens', () => {
  it('are required on /v1/staff/* (401 with a message)', async () => {
    for (const url of ['/v1/staff/orders', '/v1/staff/me']) {
      const res = await call('GET', url, { lang: 'en' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'STAFF_UNAUTHORIZED', message: 'Sign in as staff' });
    }
    const garbage = await call('GET', '/v1/staff/orders', { headers: { authorization: 'Bearer nonsense' } });
    expect(garbage.statusCode).toBe(401);
  });

  it("a customer's token is refused on staff routes, and a staff token on customer routes", async () => {
    const customerId = await insertTestCustomer(t.app.db);
    const customerToken = newAccessToken();
    await insertToken(t.app.db, {
      customerId,
      tokenHash: hashToken(customerToken),
      now: clock.now(),
      expiresAt: new Date(clock.now().getTime() + 86_400_000),
    });
    // The token works where it belongs...
    const mine = await t.app.inject({
      method: 'GET',
      url: '/v1/customers/me',
      headers: { ...CLIENT_HEADERS, authorization: customerToken },
    });
    expect(mine.statusCode).toBe(200);
    // ...and not on staff routes.
    const res = await call('GET', '/v1/staff/orders', { token: customerToken });
    expect(res.statusCode).toBe(401);
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: '/v1/customers/me',
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${tokens.operator}` },
    });
    expect(asCustomer.statusCode).toBe(401);
  });

  it('GET /v1/staff/me answers who is signed in', async () => {
    const res = await call('GET', '/v1/staff/me', { token: tokens.courier as string });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ login: 'courier', role: 'courier', branch_id: null });
  });

  it('stop working after sign-out and after 12 hours', async () => {
    const a = ZStaffLoginResponse.parse((await login('operator')).json()).access_token;
    expect((await call('POST', '/v1/staff/logout', { token: a })).statusCode).toBe(204);
    expect((await call('GET', '/v1/staff/me', { token: a })).statusCode).toBe(401);

    const local = createTestClock(new Date('2026-03-01T09:00:00.000Z'));
    const other = await buildTestApp({ clock: local.now });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/v1/staff/login',
        headers: CLIENT_HEADERS,
        payload: { login: 'operator', password: FIXTURE_STAFF_PASSWORD },
      });
      const token = ZStaffLoginResponse.parse(res.json()).access_token;
      const me = () =>
        other.app.inject({
          method: 'GET',
          url: '/v1/staff/me',
          headers: { ...CLIENT_HEADERS, authorization: `Bearer ${token}` },
        });
      local.advance(12 * 3_600_000 - 1000);
      expect((await me()).statusCode).toBe(200);
      local.advance(1000);
      expect((await me()).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('GET /v1/staff/orders', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    const db = t.app.db;
    ids = {
      chilonzorNew: await insertLifeOrder(db, { createdAt: new Date('2026-02-01T08:00:00Z') }),
      yunusobodNew: await insertLifeOrder(db, {
        branchId: LIFE_FIXTURE.yunusobod,
        createdAt: new Date('2026-02-01T08:01:00Z'),
      }),
      readyDelivery: await insertLifeOrder(db, {
        status: 'vendor-ready',
        createdAt: new Date('2026-02-01T08:02:00Z'),
      }),
      readyPickup: await insertLifeOrder(db, {
        status: 'vendor-ready',
        deliveryType: 'self-pickup',
        createdAt: new Date('2026-02-01T08:03:00Z'),
      }),
      mine: await insertLifeOrder(db, {
        status: 'courier-picked',
        courierId: LIFE_FIXTURE.staff.courier,
        createdAt: new Date('2026-02-01T08:04:00Z'),
      }),
      theirs: await insertLifeOrder(db, {
        status: 'courier-accepted',
        courierId: LIFE_FIXTURE.staff.courier2,
        createdAt: new Date('2026-02-01T08:05:00Z'),
      }),
    };
  });

  const listed = async (who: string, query = '') => {
    const res = await call('GET', `/v1/staff/orders?limit=100${query}`, { token: tokens[who] as string });
    expect(res.statusCode).toBe(200);
    return ZStaffOrdersResponse.parse(res.json());
  };
  const ours = (body: { orders: { id: string }[] }) =>
    body.orders.map((o) => o.id).filter((id) => Object.values(ids).includes(id));

  it('shows the operator every order of the chain, soonest due first, with what it may send', async () => {
    const body = await listed('operator');
    // Due: placed + 40 minutes (the branches' delivery time), the pickup + 7 (its pickup time).
    expect(ours(body)).toEqual([
      ids.readyPickup,
      ids.chilonzorNew,
      ids.yunusobodNew,
      ids.readyDelivery,
      ids.mine,
      ids.theirs,
    ]);
    const first = body.orders.find((o) => o.id === ids.chilonzorNew);
    expect(first).toMatchObject({
      status: 'new',
      delivery_type: 'delivery',
      payment_type: 'cash',
      paid: false,
      items_count: 1,
      total_price: 32_000,
      courier: null,
      allowed_events: ['operator-accepted', 'operator-cancelled'],
    });
    expect(first?.customer?.phone).toMatch(/^998\d{9}$/);
    expect(body.orders.find((o) => o.id === ids.mine)?.courier).toEqual({
      name: 'Courier One',
      phone: '998901000001',
    });
  });

  it("shows a vendor its branch's orders only", async () => {
    const body = await listed('vendor-yunusobod');
    expect(ours(body)).toEqual([ids.yunusobodNew]);
    expect(body.orders.every((o) => o.branch.id === LIFE_FIXTURE.yunusobod)).toBe(true);
    const chilonzor = await listed('vendor-chilonzor');
    expect(ours(chilonzor)).not.toContain(ids.yunusobodNew);
    expect(chilonzor.orders.find((o) => o.id === ids.readyPickup)?.allowed_events).toEqual([
      'vendor-cancelled',
      'finished',
    ]);
  });

  it('shows a courier the ready delivery orders and its own, never pickup or another courier’s', async () => {
    const body = await listed('courier');
    expect(ours(body)).toEqual([ids.readyDelivery, ids.mine]);
    expect(body.orders.find((o) => o.id === ids.readyDelivery)?.allowed_events).toEqual(['courier-accepted']);
    expect(body.orders.find((o) => o.id === ids.mine)?.allowed_events).toEqual(['delivered']);
    expect(ours(await listed('courier-2'))).toEqual([ids.readyDelivery, ids.theirs]);
  });

  it('filters by status and pages', async () => {
    const ready = await listed('operator', '&status=vendor-ready');
    expect(ready.orders.every((o) => o.status === 'vendor-ready')).toBe(true);
    expect(ours(ready)).toEqual([ids.readyPickup, ids.readyDelivery]);
    const page = await call('GET', '/v1/staff/orders?limit=1&page=2', { token: tokens.operator as string });
    const body = ZStaffOrdersResponse.parse(page.json());
    expect(body.orders).toHaveLength(1);
    expect(body.count).toBeGreaterThanOrEqual(6);
  });

  it.each([['?status=lost'], ['?limit=0'], ['?page=abc']])(
    'answers 400 for a bad query %s',
    async (query) => {
      const res = await call('GET', `/v1/staff/orders${query}`, { token: tokens.operator as string });
      expect(res.statusCode).toBe(400);
      expect(ZApiError.parse(res.json()).message).not.toBe('');
    },
  );
});

describe('POST /v1/staff/orders/{id}/events', () => {
  it('drives a delivery order through its whole life, each step by its role', async () => {
    const id = await insertLifeOrder(t.app.db);
    const heard: TOrderStatusEvent[] = [];
    const stop = t.app.orderEvents.subscribe(id, (e) => heard.push(e));
    const steps: [string, OrderEvent][] = [
      ['operator', 'operator-accepted'],
      ['vendor-chilonzor', 'vendor-accepted'],
      ['vendor-chilonzor', 'vendor-ready'],
      ['courier', 'courier-accepted'],
      ['courier', 'courier-picked'],
      ['courier', 'delivered'],
      ['operator', 'finished'],
    ];
    const answered: string[] = [];
    for (const [who, event] of steps) {
      clock.advance(60_000);
      const window = await databaseWindow(t.app.db);
      const res = await send(who, id, event);
      expect(res.statusCode, `${who} ${event}`).toBe(200);
      const answer = ZStaffOrderEventResponse.parse(res.json());
      expect(answer).toEqual({ order_id: id, status: event, at: answer.at });
      // The database's time when the step was written, not the app's clock (moved a minute a step).
      await window.expectWithin(answer.at, event);
      answered.push(answer.at);
      const row = await statusOf(id);
      expect(row.status).toBe(event);
      expect(row.paid).toBe(['delivered', 'finished'].includes(event));
      expect(row.courierId).toBe(
        ['operator-accepted', 'vendor-accepted', 'vendor-ready'].includes(event)
          ? null
          : LIFE_FIXTURE.staff.courier,
      );
    }
    const history = await t.app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => [h.status, h.event, h.actor])).toEqual([
      ['new', null, 'server'],
      ...steps.map(([who, event]) => [event, event, who.replace(/-.*$/, '')]),
    ]);
    expect(history[4]?.staffId).toBe(LIFE_FIXTURE.staff.courier);
    expect(history.slice(1).map((h) => h.createdAt.toISOString())).toEqual(answered);
    // Every change was published on the bus, the courier named once it had one.
    await new Promise((r) => setTimeout(r, 300));
    stop();
    expect(heard.map((e) => e.status)).toEqual(steps.map(([, e]) => e));
    expect(heard.map((e) => e.at)).toEqual(answered);
    expect(heard[2]?.courier).toBeNull();
    expect(heard[3]?.courier).toEqual({ name: 'Courier One', phone: '998901000001' });
  });

  it('drives a pickup order: the branch hands it over (finished) and it is paid then', async () => {
    const id = await insertLifeOrder(t.app.db, { deliveryType: 'self-pickup', paymentType: 'card' });
    for (const [who, event] of [
      ['operator', 'operator-accepted'],
      ['vendor-chilonzor', 'vendor-accepted'],
      ['vendor-chilonzor', 'vendor-ready'],
    ] as const) {
      expect((await send(who, id, event)).statusCode).toBe(200);
    }
    const courier = await send('courier', id, 'courier-accepted', 'en');
    expect(courier.statusCode).toBe(409);
    expect(courier.json()).toMatchObject({
      code: 'ORDER_EVENT_NOT_FOR_PICKUP',
      message: "A self-pickup order has no courier step 'courier-accepted'",
    });
    expect((await statusOf(id)).paid).toBe(false);
    expect((await send('vendor-chilonzor', id, 'finished')).statusCode).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: 'finished', paid: true });
  });

  const ROLE_LOGIN = { operator: 'operator', vendor: 'vendor-chilonzor', courier: 'courier' } as const;
  const staffRoles = ACTORS.filter((a) => a !== 'server') as ('operator' | 'vendor' | 'courier')[];
  const forbidden = staffRoles.flatMap((role) =>
    ORDER_EVENTS.filter((event) => !EVENT_ACTORS[event].includes(role)).map(
      (event) => [role, event] as const,
    ),
  );

  it.each(forbidden)('refuses %s the event %s (403), whatever the order', async (role, event) => {
    // An order in a status where the event would apply, so only the role can be the reason.
    const status = {
      'operator-accepted': 'new',
      'operator-cancelled': 'new',
      'vendor-accepted': 'operator-accepted',
      'vendor-cancelled': 'operator-accepted',
      'vendor-ready': 'vendor-accepted',
      'courier-accepted': 'vendor-ready',
      'courier-cancelled': 'courier-accepted',
      'courier-picked': 'courier-accepted',
      delivered: 'courier-picked',
      finished: 'delivered',
      'server-cancelled': 'new',
      'future-due': 'future',
      'payment-received': 'payment-awaited',
    } as const;
    const id = await insertLifeOrder(t.app.db, {
      status: status[event],
      courierId: ['courier-accepted', 'courier-picked', 'delivered'].includes(status[event])
        ? LIFE_FIXTURE.staff.courier
        : null,
    });
    const res = await send(ROLE_LOGIN[role], id, event, 'en');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'ORDER_EVENT_FORBIDDEN',
      message: `Your role cannot send '${event}'`,
    });
    expect((await statusOf(id)).status).toBe(status[event]);
  });

  it("refuses a vendor another branch's order (403), in ru and en", async () => {
    const id = await insertLifeOrder(t.app.db, { status: 'operator-accepted' });
    const ru = await send('vendor-yunusobod', id, 'vendor-accepted');
    expect(ru.statusCode).toBe(403);
    expect(ru.json()).toMatchObject({
      code: 'STAFF_ORDER_OTHER_BRANCH',
      message: 'Этот заказ принадлежит другому ресторану',
    });
    const en = await send('vendor-yunusobod', id, 'vendor-cancelled', 'en');
    expect(en.json().message).toBe('This order belongs to another branch');
    expect((await statusOf(id)).status).toBe('operator-accepted');
  });

  it('lets a courier move only the orders it accepted; giving one back frees it for another courier', async () => {
    const id = await insertLifeOrder(t.app.db, { status: 'vendor-ready' });
    // Before anyone has accepted it, no courier may pick it up.
    expect((await send('courier', id, 'courier-picked')).statusCode).toBe(403);
    expect((await send('courier', id, 'courier-accepted')).statusCode).toBe(200);
    const other = await send('courier-2', id, 'courier-picked', 'en');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'STAFF_ORDER_NOT_YOURS' });
    // Accepting an order another courier has: the status no longer allows it.
    const late = await send('courier-2', id, 'courier-accepted');
    expect(late.statusCode).toBe(409);
    // ...and it is told who took it.
    expect(late.json().code).toBe('STAFF_ORDER_ALREADY_MOVED');
    expect(late.json().message).toMatch(/уже взят курьером: Courier One \(курьер\), в \d\d:\d\d$/);
    // Given back: ready again, with no courier, and the other courier may take it.
    expect((await send('courier', id, 'courier-cancelled')).statusCode).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: 'vendor-ready', courierId: null });
    expect((await send('courier-2', id, 'courier-accepted')).statusCode).toBe(200);
    expect((await statusOf(id)).courierId).toBe(LIFE_FIXTURE.staff.courier2);
  });

  it('refuses an event the status does not allow (409, with its message) and writes nothing', async () => {
    const id = await insertLifeOrder(t.app.db);
    const res = await send('vendor-chilonzor', id, 'vendor-ready', 'en');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ORDER_TRANSITION_REFUSED',
      message: "The order is 'new': 'vendor-ready' does not apply now",
    });
    const ru = await send('operator', id, 'finished');
    expect(ru.json().message).toBe('Заказ в статусе «new»: событие «finished» сейчас невозможно');
    expect((await statusOf(id)).status).toBe('new');
    const history = await t.app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id));
    expect(history).toHaveLength(1);
  });

  it('cannot cancel once the courier has picked the order up, nor move a cancelled order', async () => {
    const picked = await insertLifeOrder(t.app.db, {
      status: 'courier-picked',
      courierId: LIFE_FIXTURE.staff.courier,
    });
    expect((await send('operator', picked, 'operator-cancelled')).statusCode).toBe(409);
    const cancelled = await insertLifeOrder(t.app.db);
    expect((await send('operator', cancelled, 'operator-cancelled')).statusCode).toBe(200);
    expect((await send('operator', cancelled, 'operator-accepted')).statusCode).toBe(409);
  });

  it('answers 404 for an unknown order, 400 for a bad id or event, 401 without a token', async () => {
    const unknown = await send('operator', '5d0c6a1e-0000-4000-8000-000000000000', 'operator-accepted', 'en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'STAFF_ORDER_NOT_FOUND', message: 'Order not found' });
    const badId = await send('operator', 'not-a-uuid', 'operator-accepted');
    expect(badId.statusCode).toBe(400);
    const id = await insertLifeOrder(t.app.db);
    for (const body of [{ event: 'teleported' }, {}, { event: 42 }]) {
      const res = await call('POST', `/v1/staff/orders/${id}/events`, {
        token: tokens.operator as string,
        body,
      });
      expect(res.statusCode).toBe(400);
      expect(ZApiError.parse(res.json()).message).not.toBe('');
    }
    const anonymous = await call('POST', `/v1/staff/orders/${id}/events`, {
      body: { event: 'operator-accepted' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('of two couriers accepting one order at once, exactly one gets it', async () => {
    const id = await insertLifeOrder(t.app.db, { status: 'vendor-ready' });
    const results = await Promise.all([
      send('courier', id, 'courier-accepted'),
      send('courier-2', id, 'courier-accepted'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]?.statusCode === 200 ? LIFE_FIXTURE.staff.courier : LIFE_FIXTURE.staff.courier2;
    expect(await statusOf(id)).toMatchObject({ status: 'courier-accepted', courierId: winner });
    const history = await t.app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id));
    expect(history).toHaveLength(2);
  });
});

describe('an order placed through checkout', () => {
  it('is moved by staff and the customer reads each status (delivery, cash: paid once delivered)', async () => {
    const customer = await signInTestCustomer(t);
    const placed = await placeTestOrder(t, customer.token);
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v2/orders/${placed.order_id}`,
        headers: { ...CLIENT_HEADERS, authorization: `Bearer ${customer.token}` },
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { status: string; paid: boolean; courier: unknown };
    };
    expect(await read()).toMatchObject({ status: 'new', paid: false, courier: null });
    const listed = await call('GET', '/v1/staff/orders?status=new&limit=100', {
      token: tokens.operator as string,
    });
    expect(ZStaffOrdersResponse.parse(listed.json()).orders.map((o) => o.id)).toContain(placed.order_id);
    for (const [who, event] of [
      ['operator', 'operator-accepted'],
      ['vendor-chilonzor', 'vendor-accepted'],
      ['vendor-chilonzor', 'vendor-ready'],
      ['courier', 'courier-accepted'],
      ['courier', 'courier-picked'],
      ['courier', 'delivered'],
    ] as const) {
      expect((await send(who, placed.order_id, event)).statusCode, event).toBe(200);
      expect((await read()).status).toBe(event);
    }
    expect(await read()).toMatchObject({
      paid: true,
      courier: { name: 'Courier One', phone: '998901000001' },
    });
  });
});
