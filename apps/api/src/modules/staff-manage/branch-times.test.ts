import {
  type TCacheTag,
  ZBranch,
  ZBranchListResponse,
  ZStaffBranch,
  ZStaffBranchesResponse,
  ZStaffOrdersResponse,
} from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { branches } from '../../db/schema/index.ts';
import { CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { ORDER_TEST_NOON } from '../../test/orders.ts';
import { insertLifeOrder } from '../order-status/order-status.fixtures.ts';
import {
  auditRowsOf,
  type callAs,
  expectError,
  type Login,
  MANAGE_FIXTURE,
  useManagerWorkspace,
} from './staff-manage.fixtures.ts';

// PUT /v1/staff/branches/:id/times: a manager sets a branch's delivery time and cooking time
// (minutes, 1..600 each), what the staff screens' timers count against (a delivery against
// delivery_time, a pickup against cooking_time, staff.repository.ts `targetMinutes`).

const clock = createTestClock(ORDER_TEST_NOON);
let t: TestApp;
let tokens: Record<Login, string>;
let call: ReturnType<typeof callAs>;
const { chilonzor, yunusobod } = MANAGE_FIXTURE;

useManagerWorkspace(clock, (w) => {
  ({ t, tokens, call } = w);
});

const as = (who: Login) => ({ token: tokens[who] });
const times = (who: Login | null, id: string, body: unknown, lang?: string) =>
  call('PUT', `/v1/staff/branches/${id}/times`, {
    ...(who ? as(who) : {}),
    body,
    ...(lang ? { lang } : {}),
  });
const branchRow = async (id: string) => {
  const [row] = await t.db.db.select().from(branches).where(eq(branches.id, id));
  if (!row) throw new Error('no branch');
  return row;
};
const timesOf = async (id: string) => {
  const row = await branchRow(id);
  return { delivery_time: row.deliveryTime, cooking_time: row.cookingTime };
};
/** Puts chilonzor back as the fixture has it (delivery 40, cooking 20: the column's default). */
const restore = () =>
  t.db.db.update(branches).set({ deliveryTime: 40, cookingTime: 20 }).where(eq(branches.id, chilonzor));

/** Runs a write and answers the tags this process heard announced while (and just after) it ran. */
async function announcedTags(write: () => Promise<unknown>): Promise<TCacheTag[]> {
  const heard: TCacheTag[] = [];
  const stop = t.app.orderEvents.onCatalogueChanged((change) => {
    heard.push(...change.tags);
  });
  try {
    await write();
    await vi.waitFor(() => expect(heard).not.toEqual([]), { timeout: 5_000 });
    return heard;
  } finally {
    stop();
  }
}

describe('PUT /v1/staff/branches/:id/times', () => {
  it('lists each branch’s cooking time beside its delivery time', async () => {
    const list = ZStaffBranchesResponse.parse(
      (await call('GET', '/v1/staff/branches', as('manager'))).json(),
    );
    expect(list.branches.find((b) => b.id === chilonzor)).toMatchObject({
      delivery_time: 40,
      cooking_time: 20,
    });
  });

  it('lets the chain manager and the branch’s manager set both times, audited with before and after', async () => {
    try {
      const res = await times('manager-chilonzor', chilonzor, { delivery_time: 55, cooking_time: 35 });
      expect(res.statusCode, res.body).toBe(200);
      expect(ZStaffBranch.parse(res.json())).toMatchObject({
        id: chilonzor,
        delivery_time: 55,
        cooking_time: 35,
        // Nothing else moved.
        work_hour_start: '00:00',
        work_hour_end: '23:59',
        is_active: true,
      });
      expect(await timesOf(chilonzor)).toEqual({ delivery_time: 55, cooking_time: 35 });
      const list = ZStaffBranchesResponse.parse(
        (await call('GET', '/v1/staff/branches', as('operator'))).json(),
      );
      expect(list.branches.find((b) => b.id === chilonzor)).toMatchObject({
        delivery_time: 55,
        cooking_time: 35,
      });
      // Another branch keeps its own.
      expect(await timesOf(yunusobod)).toEqual({ delivery_time: 40, cooking_time: 20 });

      const [audit] = await auditRowsOf(t, chilonzor);
      expect(audit).toMatchObject({
        staffId: MANAGE_FIXTURE.staff.managerChilonzor,
        action: 'branch.times',
        targetType: 'branch',
        targetId: chilonzor,
        branchId: chilonzor,
        before: { delivery_time: 40, cooking_time: 20 },
        after: { delivery_time: 55, cooking_time: 35 },
      });
      expect(audit?.createdAt.toISOString()).toBe(clock.now().toISOString());

      // The chain's manager, at the bounds: 1 and 600 minutes are allowed.
      for (const body of [
        { delivery_time: 1, cooking_time: 600 },
        { delivery_time: 600, cooking_time: 1 },
      ]) {
        const bound = await times('manager', chilonzor, body);
        expect(bound.statusCode, bound.body).toBe(200);
        expect(ZStaffBranch.parse(bound.json())).toMatchObject(body);
        expect(await timesOf(chilonzor)).toEqual(body);
      }
      const rows = await auditRowsOf(t, chilonzor);
      expect(rows.slice(0, 2).map((r) => [r.staffId, r.before, r.after])).toEqual([
        [
          MANAGE_FIXTURE.staff.manager,
          { delivery_time: 1, cooking_time: 600 },
          { delivery_time: 600, cooking_time: 1 },
        ],
        [
          MANAGE_FIXTURE.staff.manager,
          { delivery_time: 55, cooking_time: 35 },
          { delivery_time: 1, cooking_time: 600 },
        ],
      ]);
    } finally {
      await restore();
    }
  });

  it('takes changes one after the other (the row is locked): each audit row starts where the last ended', async () => {
    try {
      const bodies = [
        { delivery_time: 41, cooking_time: 21 },
        { delivery_time: 42, cooking_time: 22 },
        { delivery_time: 43, cooking_time: 23 },
      ];
      const before = (await auditRowsOf(t, chilonzor)).length;
      const answers = await Promise.all(bodies.map((body) => times('manager', chilonzor, body)));
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      const all = await auditRowsOf(t, chilonzor);
      expect(all.length - before).toBe(bodies.length);
      // Oldest first.
      const rows = all.slice(0, bodies.length).reverse();
      expect(rows[0]?.before).toEqual({ delivery_time: 40, cooking_time: 20 });
      for (let i = 1; i < rows.length; i++) expect(rows[i]?.before).toEqual(rows[i - 1]?.after);
      expect(await timesOf(chilonzor)).toEqual(rows.at(-1)?.after);
    } finally {
      await restore();
    }
  });

  it('ignores fields it does not know: it changes the times and nothing else', async () => {
    try {
      const res = await times('manager', chilonzor, {
        delivery_time: 50,
        cooking_time: 25,
        is_active: false,
        work_hour_start: '10:00',
        cookingTime: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await branchRow(chilonzor)).toMatchObject({
        deliveryTime: 50,
        cookingTime: 25,
        isActive: true,
        workHourStart: '00:00',
      });
    } finally {
      await restore();
    }
  });

  it('refuses anything but two whole numbers of minutes from 1 to 600 (400, JSON with a message), changing nothing', async () => {
    const audits = (await auditRowsOf(t, chilonzor)).length;
    const ok = { delivery_time: 45, cooking_time: 25 };
    for (const body of [
      {},
      { delivery_time: 45 },
      { cooking_time: 25 },
      { ...ok, delivery_time: 0 },
      { ...ok, cooking_time: 0 },
      { ...ok, delivery_time: 601 },
      { ...ok, cooking_time: 601 },
      { ...ok, delivery_time: -30 },
      { ...ok, cooking_time: 12.5 },
      { ...ok, delivery_time: 45.01 },
      { ...ok, delivery_time: '45' },
      { ...ok, cooking_time: '25 min' },
      { ...ok, cooking_time: '' },
      { ...ok, delivery_time: null },
      { ...ok, cooking_time: true },
      { ...ok, delivery_time: [45] },
      { ...ok, delivery_time: { minutes: 45 } },
      { ...ok, delivery_time: 1e21 },
      { ...ok, cooking_time: Number.MAX_SAFE_INTEGER },
      { ...ok, cooking_time: Number.MAX_SAFE_INTEGER + 2 },
      { ...ok, delivery_time: 2 ** 31 },
      { ...ok, cooking_time: 1.7976931348623157e308 },
      [ok],
    ]) {
      expectError(await times('manager', chilonzor, body), 400, 'VALIDATION_ERROR');
    }
    expectError(await times('manager', 'chilonzor', ok), 400, 'VALIDATION_ERROR');
    // A body that is a bare JSON number, or not JSON at all.
    for (const payload of ['45', '{"delivery_time": 45, "cooking_time":']) {
      const raw = await t.app.inject({
        method: 'PUT',
        url: `/v1/staff/branches/${chilonzor}/times`,
        headers: {
          ...CLIENT_HEADERS,
          authorization: `Bearer ${tokens.manager}`,
          'content-type': 'application/json',
        },
        payload,
      });
      expectError(raw, 400);
    }
    expect(await timesOf(chilonzor)).toEqual({ delivery_time: 40, cooking_time: 20 });
    expect((await auditRowsOf(t, chilonzor)).length).toBe(audits);
  });

  it('says which field is wrong and why, in the language asked', async () => {
    const en = await times('manager', chilonzor, { delivery_time: 45, cooking_time: 601 }, 'en');
    expectError(en, 400, 'VALIDATION_ERROR');
    expect(en.json().message).toContain('cooking_time');
    expect(en.json().message).toContain('600');
    expect(en.json().fields).toEqual([expect.objectContaining({ field: 'cooking_time' })]);
    const ru = await times('manager', chilonzor, { delivery_time: 0, cooking_time: 20 }, 'ru');
    expectError(ru, 400, 'VALIDATION_ERROR');
    expect(ru.json().message).toMatch(/^Неверные данные: delivery_time — не меньше 1/);
    const uz = await times('manager', chilonzor, { delivery_time: 30, cooking_time: 12.5 }, 'uz');
    expectError(uz, 400, 'VALIDATION_ERROR');
    expect(uz.json().message).toContain('cooking_time');
  });

  it('refuses vendors, operators, couriers and another branch’s manager (403), no token (401), unknown branches (404)', async () => {
    const body = { delivery_time: 30, cooking_time: 10 };
    const audited = async () =>
      (await auditRowsOf(t, chilonzor)).filter((r) => r.action === 'branch.times').length;
    const audits = await audited();
    for (const who of ['vendor-chilonzor', 'operator', 'courier'] as const) {
      expectError(await times(who, chilonzor, body), 403, 'STAFF_MANAGE_FORBIDDEN');
    }
    expectError(await times('manager-yunusobod', chilonzor, body), 403, 'STAFF_MANAGE_OTHER_BRANCH');
    expectError(await times('manager-chilonzor', yunusobod, body), 403, 'STAFF_MANAGE_OTHER_BRANCH');
    expectError(await times(null, chilonzor, body), 401, 'STAFF_UNAUTHORIZED');
    expectError(
      await times('manager', '00000000-0000-4000-8000-000000000000', body),
      404,
      'BRANCH_NOT_FOUND',
    );
    // A vendor's unknown branch is still 403 (the role is checked first), never a hint it exists.
    expectError(await times('vendor-chilonzor', '00000000-0000-4000-8000-000000000000', body), 403);
    expect(await timesOf(chilonzor)).toEqual({ delivery_time: 40, cooking_time: 20 });
    expect(await timesOf(yunusobod)).toEqual({ delivery_time: 40, cooking_time: 20 });
    expect(await audited()).toBe(audits);
  });
});

describe('what a change of the times reaches', () => {
  it("moves the staff timers: a pickup's target_minutes is the new cooking time, a delivery's the new delivery time", async () => {
    const pickup = await insertLifeOrder(t.db.db, { deliveryType: 'self-pickup', branchId: chilonzor });
    const delivery = await insertLifeOrder(t.db.db, { branchId: chilonzor });
    const targets = async () => {
      const res = await call('GET', '/v1/staff/orders?limit=100', as('operator'));
      expect(res.statusCode, res.body).toBe(200);
      const orders = ZStaffOrdersResponse.parse(res.json()).orders;
      const of = (id: string) => orders.find((o) => o.id === id)?.target_minutes;
      return { pickup: of(pickup), delivery: of(delivery) };
    };
    try {
      expect(await targets()).toEqual({ pickup: 20, delivery: 40 });
      expect((await times('manager', chilonzor, { delivery_time: 70, cooking_time: 33 })).statusCode).toBe(
        200,
      );
      expect(await targets()).toEqual({ pickup: 33, delivery: 70 });
      expect((await times('manager', chilonzor, { delivery_time: 70, cooking_time: 12 })).statusCode).toBe(
        200,
      );
      expect(await targets()).toEqual({ pickup: 12, delivery: 70 });
    } finally {
      await restore();
    }
  });

  it("reaches the customers' cached branches at once: the write announces 'branches'", async () => {
    const customerBranch = async () => {
      const res = await t.get(`/v1/branches/${chilonzor}`);
      expect(res.statusCode, res.body).toBe(200);
      return ZBranch.parse(res.json());
    };
    const customerList = async () => {
      const res = await t.get('/v1/branches?limit=100');
      expect(res.statusCode, res.body).toBe(200);
      return ZBranchListResponse.parse(res.json()).branches.find((b) => b.id === chilonzor);
    };
    try {
      expect((await customerBranch()).delivery_time).toBe(40);
      expect((await customerList())?.delivery_time).toBe(40);
      // A write the triggers do not see (replica mode skips them) is not announced: the cached
      // answers stand, so what follows shows the manager's change is what drops them.
      await t.db.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(sql`update branches set delivery_time = 99 where id = ${chilonzor}`);
      });
      expect((await customerBranch()).delivery_time).toBe(40);
      expect((await customerList())?.delivery_time).toBe(40);

      const tags = await announcedTags(async () => {
        const res = await times('manager', chilonzor, { delivery_time: 65, cooking_time: 30 });
        expect(res.statusCode, res.body).toBe(200);
      });
      expect(tags).toContain('branches');
      expect((await customerBranch()).delivery_time).toBe(65);
      expect((await customerList())?.delivery_time).toBe(65);
    } finally {
      await announcedTags(restore);
    }
    expect((await customerBranch()).delivery_time).toBe(40);
  });
});
