import {
  ZMenuProductsResponse,
  ZStaffBranch,
  ZStaffBranchesResponse,
  ZStopListResponse,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { branches, branchModifierStopList, branchStopList } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { ORDER_FIXTURE, ORDER_TEST_NOON, postOrder, signInTestCustomer } from '../../test/orders.ts';
import {
  auditRowsOf,
  type callAs,
  expectError,
  type Login,
  MANAGE_FIXTURE,
  useManagerWorkspace,
} from './staff-manage.fixtures.ts';

const clock = createTestClock(ORDER_TEST_NOON);
let t: TestApp;
let tokens: Record<Login, string>;
let call: ReturnType<typeof callAs>;
const { chilonzor, yunusobod } = MANAGE_FIXTURE;
const P = ORDER_FIXTURE.products;
const M = ORDER_FIXTURE.modifiers;
const HOUR = 60 * 60 * 1000;
const inHours = (h: number) => new Date(clock.now().getTime() + h * HOUR).toISOString();

useManagerWorkspace(clock, (w) => {
  ({ t, tokens, call } = w);
});

const as = (who: Login) => ({ token: tokens[who] });
const branchRow = async (id: string) => {
  const [row] = await t.db.db.select().from(branches).where(eq(branches.id, id));
  if (!row) throw new Error('no branch');
  return row;
};

describe('GET /v1/staff/branches', () => {
  it('gives the operator and the chain manager every branch of the chain, with hours and pauses', async () => {
    for (const who of ['operator', 'manager'] as const) {
      const res = await call('GET', '/v1/staff/branches', as(who));
      expect(res.statusCode).toBe(200);
      const body = ZStaffBranchesResponse.parse(res.json());
      expect(body.branches.map((b) => b.id)).toEqual(
        expect.arrayContaining([chilonzor, yunusobod, ORDER_FIXTURE.oybek, ORDER_FIXTURE.registan]),
      );
      expect(body.branches.find((b) => b.id === chilonzor)).toMatchObject({
        slug: 'chilonzor',
        work_hour_start: '00:00',
        work_hour_end: '23:59',
        paused_until: null,
        delivery_paused_until: null,
      });
    }
  });

  it('gives a vendor and a branch manager only their own branch', async () => {
    for (const [who, own] of [
      ['vendor-chilonzor', chilonzor],
      ['vendor-yunusobod', yunusobod],
      ['manager-chilonzor', chilonzor],
    ] as const) {
      const body = ZStaffBranchesResponse.parse((await call('GET', '/v1/staff/branches', as(who))).json());
      expect(
        body.branches.map((b) => b.id),
        who,
      ).toEqual([own]);
    }
  });

  it('refuses a courier (403) and a missing or bad token (401)', async () => {
    expectError(await call('GET', '/v1/staff/branches', as('courier')), 403, 'STAFF_MANAGE_FORBIDDEN');
    expectError(await call('GET', '/v1/staff/branches'), 401, 'STAFF_UNAUTHORIZED');
    expectError(await call('GET', '/v1/staff/branches', { token: 'x'.repeat(43) }), 401);
  });
});

describe('PUT and DELETE /v1/staff/branches/:id/pause', () => {
  const pause = (who: Login, id: string, body: unknown) =>
    call('PUT', `/v1/staff/branches/${id}/pause`, { ...as(who), body });
  const resume = (who: Login, id: string, scope: string) =>
    call('DELETE', `/v1/staff/branches/${id}/pause?scope=${scope}`, as(who));

  it("pauses a branch's deliveries until a time, shows it in the branch list, and audits who, before and after", async () => {
    const until = inHours(2);
    const res = await pause('manager', chilonzor, { scope: 'delivery', until });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZStaffBranch.parse(res.json())).toMatchObject({
      delivery_paused_until: until,
      paused_until: null,
    });
    expect((await branchRow(chilonzor)).deliveryPausedUntil?.toISOString()).toBe(until);

    const list = ZStaffBranchesResponse.parse(
      (await call('GET', '/v1/staff/branches', as('operator'))).json(),
    );
    expect(list.branches.find((b) => b.id === chilonzor)?.delivery_paused_until).toBe(until);

    const [audit] = await auditRowsOf(t, chilonzor);
    expect(audit).toMatchObject({
      staffId: MANAGE_FIXTURE.staff.manager,
      action: 'branch.pause',
      targetType: 'branch',
      branchId: chilonzor,
      before: { paused_until: null, delivery_paused_until: null },
      after: { scope: 'delivery', paused_until: null, delivery_paused_until: until },
    });
    expect(audit?.createdAt.toISOString()).toBe(clock.now().toISOString());
  });

  it('lets the branch vendor pause the whole branch (a busy kitchen) and resume it; a pause over reads as none', async () => {
    const until = inHours(1);
    const res = await pause('vendor-yunusobod', yunusobod, {
      scope: 'branch',
      until: until.replace('Z', '+00:00'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZStaffBranch.parse(res.json()).paused_until).toBe(until);

    const back = await resume('vendor-yunusobod', yunusobod, 'branch');
    expect(back.statusCode, back.body).toBe(200);
    expect(ZStaffBranch.parse(back.json()).paused_until).toBeNull();
    expect((await branchRow(yunusobod)).pausedUntil).toBeNull();
    const [audit] = await auditRowsOf(t, yunusobod);
    expect(audit).toMatchObject({
      staffId: MANAGE_FIXTURE.staff.vendorYunusobod,
      action: 'branch.resume',
      before: { paused_until: until, delivery_paused_until: null },
      after: { scope: 'branch', paused_until: null, delivery_paused_until: null },
    });

    // Resuming what is not paused changes nothing and records nothing.
    const audits = (await auditRowsOf(t, yunusobod)).length;
    expect((await resume('vendor-yunusobod', yunusobod, 'branch')).statusCode).toBe(200);
    expect((await resume('vendor-yunusobod', yunusobod, 'delivery')).statusCode).toBe(200);
    expect((await auditRowsOf(t, yunusobod)).length).toBe(audits);

    // A pause whose time has come reads as none.
    expect(
      (await pause('manager-yunusobod', yunusobod, { scope: 'branch', until: inHours(0.5) })).statusCode,
    ).toBe(200);
    clock.advance(HOUR);
    const list = ZStaffBranchesResponse.parse(
      (await call('GET', '/v1/staff/branches', as('manager-yunusobod'))).json(),
    );
    expect(list.branches[0]?.paused_until).toBeNull();
  });

  it('refuses a time not in the future or more than 24 hours ahead (400), and malformed bodies', async () => {
    const before = await branchRow(chilonzor);
    for (const until of [inHours(0), inHours(-1), inHours(24.01), inHours(48)]) {
      expectError(
        await pause('manager', chilonzor, { scope: 'branch', until }),
        400,
        'STAFF_MANAGE_PAUSE_UNTIL',
      );
    }
    // Exactly 24 hours is allowed.
    expect((await pause('manager', chilonzor, { scope: 'branch', until: inHours(24) })).statusCode).toBe(200);
    expect((await resume('manager', chilonzor, 'branch')).statusCode).toBe(200);
    for (const body of [
      {},
      { scope: 'kitchen', until: inHours(1) },
      { scope: 'branch' },
      { scope: 'branch', until: 'tomorrow' },
      { scope: 'branch', until: '2026-03-02T10:00:00' },
      { scope: 'branch', until: 5 },
    ]) {
      expectError(await pause('manager', chilonzor, body), 400);
    }
    expectError(await pause('manager', 'not-a-uuid', { scope: 'branch', until: inHours(1) }), 400);
    expectError(await resume('manager', chilonzor, 'everything'), 400);
    expectError(await call('DELETE', `/v1/staff/branches/${chilonzor}/pause`, as('manager')), 400);
    expect((await branchRow(chilonzor)).pausedUntil).toEqual(before.pausedUntil);
  });

  it('refuses operators, couriers, another branch’s vendor and manager (403), unknown branches (404), no token (401)', async () => {
    const body = { scope: 'branch', until: inHours(1) };
    expectError(await pause('operator', chilonzor, body), 403, 'STAFF_MANAGE_FORBIDDEN');
    expectError(await pause('courier', chilonzor, body), 403, 'STAFF_MANAGE_FORBIDDEN');
    expectError(await pause('vendor-yunusobod', chilonzor, body), 403, 'STAFF_MANAGE_OTHER_BRANCH');
    expectError(await pause('manager-yunusobod', chilonzor, body), 403, 'STAFF_MANAGE_OTHER_BRANCH');
    expectError(await resume('operator', chilonzor, 'branch'), 403, 'STAFF_MANAGE_FORBIDDEN');
    expectError(await resume('courier', chilonzor, 'branch'), 403, 'STAFF_MANAGE_FORBIDDEN');
    expectError(await resume('manager-yunusobod', chilonzor, 'delivery'), 403, 'STAFF_MANAGE_OTHER_BRANCH');
    expectError(await resume('vendor-yunusobod', chilonzor, 'delivery'), 403, 'STAFF_MANAGE_OTHER_BRANCH');
    expectError(
      await pause('manager', '00000000-0000-4000-8000-000000000000', body),
      404,
      'BRANCH_NOT_FOUND',
    );
    expectError(await call('PUT', `/v1/staff/branches/${chilonzor}/pause`, { body }), 401);
    expectError(await call('DELETE', `/v1/staff/branches/${chilonzor}/pause?scope=branch`), 401);
    expect((await branchRow(chilonzor)).pausedUntil).toBeNull();
  });
});

describe('PUT /v1/staff/branches/:id/hours', () => {
  const hours = (who: Login, id: string, body: unknown) =>
    call('PUT', `/v1/staff/branches/${id}/hours`, { ...as(who), body });

  it('lets the chain manager and the branch manager set the hours, audited', async () => {
    const res = await hours('manager-chilonzor', chilonzor, {
      work_hour_start: '08:00',
      work_hour_end: '02:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZStaffBranch.parse(res.json())).toMatchObject({
      work_hour_start: '08:00',
      work_hour_end: '02:00',
    });
    const [audit] = await auditRowsOf(t, chilonzor);
    expect(audit).toMatchObject({
      staffId: MANAGE_FIXTURE.staff.managerChilonzor,
      action: 'branch.hours',
      branchId: chilonzor,
      before: { work_hour_start: '00:00', work_hour_end: '23:59' },
      after: { work_hour_start: '08:00', work_hour_end: '02:00' },
    });
    const back = await hours('manager', chilonzor, { work_hour_start: '00:00', work_hour_end: '23:59' });
    expect(back.statusCode).toBe(200);
    expect(await branchRow(chilonzor)).toMatchObject({ workHourStart: '00:00', workHourEnd: '23:59' });
  });

  it('refuses malformed hours (400)', async () => {
    for (const body of [
      {},
      { work_hour_start: '08:00' },
      { work_hour_start: '24:00', work_hour_end: '02:00' },
      { work_hour_start: '8:00', work_hour_end: '22:00' },
      { work_hour_start: '08:00', work_hour_end: '22:60' },
      { work_hour_start: 800, work_hour_end: 2200 },
    ]) {
      expectError(await hours('manager', chilonzor, body), 400);
    }
  });

  it('refuses vendors, operators, couriers and another branch’s manager (403), no token (401)', async () => {
    const body = { work_hour_start: '09:00', work_hour_end: '21:00' };
    for (const who of ['vendor-chilonzor', 'operator', 'courier'] as const) {
      expectError(await hours(who, chilonzor, body), 403, 'STAFF_MANAGE_FORBIDDEN');
    }
    expectError(await hours('manager-yunusobod', chilonzor, body), 403, 'STAFF_MANAGE_OTHER_BRANCH');
    expectError(await call('PUT', `/v1/staff/branches/${chilonzor}/hours`, { body }), 401);
    expect(await branchRow(chilonzor)).toMatchObject({ workHourStart: '00:00', workHourEnd: '23:59' });
  });
});

describe('the stop list: GET and PUT /v1/staff/branches/:id/stop-list', () => {
  const read = (who: Login, id = chilonzor) => call('GET', `/v1/staff/branches/${id}/stop-list`, as(who));
  const change = (who: Login, body: unknown, id = chilonzor) =>
    call('PUT', `/v1/staff/branches/${id}/stop-list`, { ...as(who), body });
  const customerMenu = async () => {
    const res = await t.get(`/v2/menu-products?branch_id=${chilonzor}`);
    expect(res.statusCode).toBe(200);
    return ZMenuProductsResponse.parse(res.json()).categories.flatMap((c) => c.products);
  };

  it("lists every product of the branch's menu (sizes after their origin) and their modifiers, stopped or not", async () => {
    const res = await read('vendor-chilonzor');
    expect(res.statusCode, res.body).toBe(200);
    const { branch_id, items } = ZStopListResponse.parse(res.json());
    expect(branch_id).toBe(chilonzor);
    const byId = new Map(items.map((i) => [i.id, i]));
    // The fixture stops tandoor-pastry at chilonzor.
    expect(byId.get(P.tandoorPastry)).toMatchObject({
      kind: 'product',
      product_id: P.tandoorPastry,
      stopped: true,
    });
    expect(byId.get(P.beefWrap)).toMatchObject({
      kind: 'product',
      stopped: false,
      title: { en: 'Beef wrap' },
    });
    expect(byId.get(M.cheese)).toMatchObject({ kind: 'modifier', product_id: P.beefWrap, stopped: false });
    expect(byId.get(M.garlic)).toMatchObject({ kind: 'modifier', product_id: P.beefWrap, stopped: false });
    // A group itself is not something to stop (its variants are).
    expect(byId.has(M.sauce)).toBe(false);
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(P.margherita25)).toBe(ids.indexOf(P.margherita) + 1);
    expect(ids.indexOf(M.cheese)).toBeGreaterThan(ids.indexOf(P.beefWrap));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('stops a product: the customer menu shows it in_stop at once, ordering it is refused; back on, it is not', async () => {
    const customer = await signInTestCustomer(t);
    // The customer's menu read first, so a cached answer exists that the change must replace.
    expect((await customerMenu()).find((p) => p.id === P.beefWrap)?.in_stop).toBe(false);

    const res = await change('manager', { kind: 'product', id: P.beefWrap, stopped: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZStopListResponse.parse(res.json()).items.find((i) => i.id === P.beefWrap)?.stopped).toBe(true);
    expect((await customerMenu()).find((p) => p.id === P.beefWrap)?.in_stop).toBe(true);
    const refused = await postOrder(t, customer.token, {
      delivery_type: 'self-pickup',
      payment_type: 'cash',
      steps: [
        {
          branch_id: chilonzor,
          products: [
            {
              product_id: P.beefWrap,
              type: 'simple',
              quantity: 1,
              variants: [],
              order_modifiers: [{ modifier_id: M.garlic, modifier_quantity: 1, parent_id: M.sauce }],
            },
          ],
        },
      ],
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.json().code).toBe('PRODUCT_UNAVAILABLE');
    // Stopped at chilonzor only.
    const yunusobodMenu = ZMenuProductsResponse.parse(
      (await t.get(`/v2/menu-products?branch_id=${yunusobod}`)).json(),
    );
    expect(
      yunusobodMenu.categories.flatMap((c) => c.products).find((p) => p.id === P.beefWrap)?.in_stop,
    ).toBe(false);

    const [audit] = await auditRowsOf(t, P.beefWrap);
    expect(audit).toMatchObject({
      staffId: MANAGE_FIXTURE.staff.manager,
      action: 'stop-list.change',
      targetType: 'product',
      branchId: chilonzor,
      before: { stopped: false },
      after: { stopped: true },
    });

    const back = await change('vendor-chilonzor', { kind: 'product', id: P.beefWrap, stopped: false });
    expect(back.statusCode).toBe(200);
    expect((await customerMenu()).find((p) => p.id === P.beefWrap)?.in_stop).toBe(false);
    const [undo] = await auditRowsOf(t, P.beefWrap);
    expect(undo).toMatchObject({
      staffId: MANAGE_FIXTURE.staff.vendorChilonzor,
      before: { stopped: true },
      after: { stopped: false },
    });
  });

  it('stops a single modifier and a group variant (branch_modifier_stop_list), and brings them back', async () => {
    for (const id of [M.cheese, M.chili]) {
      const res = await change('manager-chilonzor', { kind: 'modifier', id, stopped: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(ZStopListResponse.parse(res.json()).items.find((i) => i.id === id)?.stopped).toBe(true);
      const [audit] = await auditRowsOf(t, id);
      expect(audit).toMatchObject({
        staffId: MANAGE_FIXTURE.staff.managerChilonzor,
        action: 'stop-list.change',
        targetType: 'modifier',
        branchId: chilonzor,
        before: { stopped: false },
        after: { stopped: true },
      });
    }
    const rows = await t.db.db
      .select()
      .from(branchModifierStopList)
      .where(eq(branchModifierStopList.branchId, chilonzor));
    expect(rows.map((r) => r.modifierId).sort()).toEqual([M.cheese, M.chili].sort());
    // Again: nothing changes, no audit row.
    const auditsBefore = (await auditRowsOf(t, M.cheese)).length;
    expect((await change('manager', { kind: 'modifier', id: M.cheese, stopped: true })).statusCode).toBe(200);
    expect((await auditRowsOf(t, M.cheese)).length).toBe(auditsBefore);
    for (const id of [M.cheese, M.chili]) {
      expect((await change('vendor-chilonzor', { kind: 'modifier', id, stopped: false })).statusCode).toBe(
        200,
      );
    }
    const stopList = ZStopListResponse.parse((await read('manager')).json());
    expect(stopList.items.filter((i) => i.kind === 'modifier' && i.stopped)).toEqual([]);
  });

  it('audits a change sent with an id in upper case under the stored id (lower case)', async () => {
    for (const [kind, id] of [
      ['product', P.beefWrap],
      ['modifier', M.garlic],
    ] as const) {
      expect(id).toBe(id.toLowerCase());
      const before = (await auditRowsOf(t, id)).length;
      for (const stopped of [true, false]) {
        const res = await change('manager', { kind, id: id.toUpperCase(), stopped });
        expect(res.statusCode, res.body).toBe(200);
        expect(ZStopListResponse.parse(res.json()).items.find((i) => i.id === id)?.stopped).toBe(stopped);
      }
      const rows = await auditRowsOf(t, id);
      expect(rows.length - before, kind).toBe(2);
      expect(rows[0]).toMatchObject({ action: 'stop-list.change', targetType: kind, targetId: id });
      expect(await auditRowsOf(t, id.toUpperCase())).toEqual([]);
    }
  });

  it('refuses ids that are not a product or a modifier of the chain (404), and malformed bodies (400)', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(
      await change('manager', { kind: 'product', id: unknown, stopped: true }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectError(
      await change('manager', { kind: 'modifier', id: unknown, stopped: true }),
      404,
      'STAFF_MANAGE_MODIFIER_NOT_FOUND',
    );
    // A product's id is not a modifier, a group is not a variant, a modifier is not a product.
    expectError(await change('manager', { kind: 'modifier', id: P.beefWrap, stopped: true }), 404);
    expectError(await change('manager', { kind: 'modifier', id: M.sauce, stopped: true }), 404);
    expectError(await change('manager', { kind: 'product', id: M.cheese, stopped: true }), 404);
    for (const body of [
      {},
      { kind: 'product', id: P.beefWrap },
      { kind: 'dish', id: P.beefWrap, stopped: true },
      { kind: 'product', id: 'beef-wrap', stopped: true },
      { kind: 'product', id: P.beefWrap, stopped: 'yes' },
    ]) {
      expectError(await change('manager', body), 400);
    }
    expectError(await read('manager', 'chilonzor'), 400);
    const stopped = await t.db.db.select().from(branchStopList).where(eq(branchStopList.branchId, chilonzor));
    expect(stopped.map((r) => r.productId)).toEqual([P.tandoorPastry]);
  });

  it('refuses operators, couriers, another branch’s vendor and manager (403), no token (401)', async () => {
    const body = { kind: 'product', id: P.cola, stopped: true };
    for (const who of ['operator', 'courier'] as const) {
      expectError(await read(who), 403, 'STAFF_MANAGE_FORBIDDEN');
      expectError(await change(who, body), 403, 'STAFF_MANAGE_FORBIDDEN');
    }
    for (const who of ['vendor-yunusobod', 'manager-yunusobod'] as const) {
      expectError(await read(who), 403, 'STAFF_MANAGE_OTHER_BRANCH');
      expectError(await change(who, body), 403, 'STAFF_MANAGE_OTHER_BRANCH');
    }
    expectError(await call('GET', `/v1/staff/branches/${chilonzor}/stop-list`), 401);
    expectError(await call('PUT', `/v1/staff/branches/${chilonzor}/stop-list`, { body }), 401);
    expect((await auditRowsOf(t, P.cola)).length).toBe(0);
  });
});
