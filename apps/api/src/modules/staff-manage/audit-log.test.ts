import { ZApiError, ZAuditResponse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { ORDER_FIXTURE, ORDER_TEST_NOON } from '../../test/orders.ts';
import { addTestManagers, callAs, type Login, MANAGE_FIXTURE, signInAll } from './staff-manage.fixtures.ts';

const clock = createTestClock(ORDER_TEST_NOON);
let t: TestApp;
let tokens: Record<Login, string>;
let call: ReturnType<typeof callAs>;
const { chilonzor, yunusobod, staff: S } = MANAGE_FIXTURE;
const tashkent = stableId('menu', 'tashkent');
const inHours = (h: number) => new Date(clock.now().getTime() + h * 3_600_000).toISOString();

beforeAll(async () => {
  t = await buildTestApp({ clock: clock.now });
  await addTestManagers(t);
  tokens = await signInAll(t);
  call = callAs(t);
  // Four actions, a minute apart: chilonzor's pause, yunusobod's stop list, a chain-wide price, chilonzor's hours.
  const steps: [Login, string, string, unknown][] = [
    [
      'manager-chilonzor',
      'PUT',
      `/v1/staff/branches/${chilonzor}/pause`,
      { scope: 'delivery', until: inHours(1) },
    ],
    [
      'vendor-yunusobod',
      'PUT',
      `/v1/staff/branches/${yunusobod}/stop-list`,
      { kind: 'product', id: ORDER_FIXTURE.products.cola, stopped: true },
    ],
    [
      'manager',
      'PUT',
      `/v1/staff/menus/${tashkent}/products/${ORDER_FIXTURE.products.cola}`,
      { price: 9_000 },
    ],
    [
      'manager',
      'PUT',
      `/v1/staff/branches/${chilonzor}/hours`,
      { work_hour_start: '07:00', work_hour_end: '23:00' },
    ],
  ];
  for (const [who, method, url, body] of steps) {
    clock.advance(60_000);
    const res = await call(method as 'PUT', url, { token: tokens[who], body });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const as = (who: Login) => ({ token: tokens[who] });
const audit = async (who: Login, query = '') => {
  const res = await call('GET', `/v1/staff/audit${query}`, as(who));
  expect(res.statusCode, res.body).toBe(200);
  return ZAuditResponse.parse(res.json());
};
const expectError = (res: { statusCode: number; json: () => unknown }, status: number, code?: string) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(ZApiError.parse(res.json()).message).not.toBe('');
  if (code) expect(ZApiError.parse(res.json()).code).toBe(code);
};

describe('GET /v1/staff/audit', () => {
  it('gives the chain manager every action, newest first, with who, what, before, after and when', async () => {
    const body = await audit('manager');
    expect(body.count).toBe(4);
    expect(body.entries.map((e) => e.action)).toEqual([
      'branch.hours',
      'menu-price.set',
      'stop-list.change',
      'branch.pause',
    ]);
    expect(body.entries[0]).toMatchObject({
      staff: { id: S.manager, name: 'Chain Manager', login: 'manager' },
      target_type: 'branch',
      target_id: chilonzor,
      branch_id: chilonzor,
      before: { work_hour_start: '00:00', work_hour_end: '23:59' },
      after: { work_hour_start: '07:00', work_hour_end: '23:00' },
      at: clock.now().toISOString(),
    });
    expect(body.entries[2]).toMatchObject({
      staff: { login: 'vendor-yunusobod' },
      target_type: 'product',
      target_id: ORDER_FIXTURE.products.cola,
      branch_id: yunusobod,
      before: { stopped: false },
      after: { stopped: true },
    });
  });

  it('pages (limit, page) and filters by branch', async () => {
    const second = await audit('manager', '?limit=1&page=2');
    expect(second.count).toBe(4);
    expect(second.entries.map((e) => e.action)).toEqual(['menu-price.set']);
    const chilonzorOnly = await audit('manager', `?branch_id=${chilonzor}`);
    expect(chilonzorOnly.entries.map((e) => e.action)).toEqual(['branch.hours', 'branch.pause']);
    expect(chilonzorOnly.count).toBe(2);
  });

  it("gives a branch manager only its branch's rows, and refuses it another branch (403)", async () => {
    const own = await audit('manager-chilonzor');
    expect(own.entries.map((e) => e.action)).toEqual(['branch.hours', 'branch.pause']);
    expect(own.entries.every((e) => e.branch_id === chilonzor)).toBe(true);
    expect((await audit('manager-yunusobod')).entries.map((e) => e.action)).toEqual(['stop-list.change']);
    expectError(
      await call('GET', `/v1/staff/audit?branch_id=${yunusobod}`, as('manager-chilonzor')),
      403,
      'STAFF_MANAGE_OTHER_BRANCH',
    );
  });

  it('refuses operators, vendors and couriers (403), bad queries (400), no token (401)', async () => {
    for (const who of ['operator', 'vendor-chilonzor', 'courier'] as const) {
      expectError(await call('GET', '/v1/staff/audit', as(who)), 403, 'STAFF_MANAGE_FORBIDDEN');
    }
    for (const query of ['?limit=0', '?limit=101', '?page=0', '?page=abc', '?branch_id=chilonzor']) {
      expectError(await call('GET', `/v1/staff/audit${query}`, as('manager')), 400);
    }
    expectError(await call('GET', '/v1/staff/audit'), 401);
  });
});
