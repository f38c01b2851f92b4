import { ZApiError, ZBranchStopsResponse } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { ORDER_FIXTURE } from '../../test/orders.ts';
import { addTestManagers, callAs, signIn } from '../staff-manage/staff-manage.fixtures.ts';

const { chilonzor, yunusobod, registan } = ORDER_FIXTURE;
const P = ORDER_FIXTURE.products;
const M = ORDER_FIXTURE.modifiers;
let t: TestApp;
let call: ReturnType<typeof callAs>;
let managerToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  await addTestManagers(t);
  managerToken = await signIn(t, 'manager');
  call = callAs(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function stops(branchId = chilonzor) {
  const res = await t.get(`/v2/stop-list?branch_id=${branchId}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZBranchStopsResponse.parse(res.json());
}

/** Runs a write and waits until this process heard the catalogue's announcement (its cache dropped). */
async function announced(write: () => Promise<unknown>): Promise<void> {
  let heard = false;
  const stop = t.app.orderEvents.onCatalogueChanged(() => {
    heard = true;
  });
  try {
    await write();
    await vi.waitFor(() => expect(heard).toBe(true), { timeout: 5_000 });
  } finally {
    stop();
  }
}

const change = (body: { kind: 'product' | 'modifier'; id: string; stopped: boolean }) =>
  call('PUT', `/v1/staff/branches/${chilonzor}/stop-list`, { token: managerToken, body });

describe('GET /v2/stop-list', () => {
  it("gives the branch's stopped products and modifiers, only that branch's", async () => {
    expect(await stops()).toMatchObject({
      branch_id: chilonzor,
      product_ids: [P.tandoorPastry],
      modifier_ids: [],
    });
    expect(await stops(yunusobod)).toMatchObject({ branch_id: yunusobod, product_ids: [], modifier_ids: [] });
  });

  it("answers fresh after the manager's stop and its end (the cache is dropped by the change)", async () => {
    await stops();
    await announced(async () =>
      expect((await change({ kind: 'product', id: P.beefWrap, stopped: true })).statusCode).toBe(200),
    );
    expect((await stops()).product_ids).toEqual([P.beefWrap, P.tandoorPastry].sort());
    await announced(async () =>
      expect((await change({ kind: 'modifier', id: M.cheese, stopped: true })).statusCode).toBe(200),
    );
    expect((await stops()).modifier_ids).toEqual([M.cheese]);
    await announced(async () => {
      expect((await change({ kind: 'product', id: P.beefWrap, stopped: false })).statusCode).toBe(200);
      expect((await change({ kind: 'modifier', id: M.cheese, stopped: false })).statusCode).toBe(200);
    });
    expect(await stops()).toMatchObject({
      branch_id: chilonzor,
      product_ids: [P.tandoorPastry],
      modifier_ids: [],
    });
  });

  it("changes the menu's fingerprint with a manager's price (and back), only for that menu's branches", async () => {
    const tashkent = stableId('menu', 'tashkent');
    const before = await stops();
    const other = await stops(registan);
    expect(before.menu_version).toMatch(/^[0-9a-f]{32}$/);
    // Chilonzor and Yunusobod share the Tashkent menu: one fingerprint.
    expect((await stops(yunusobod)).menu_version).toBe(before.menu_version);
    const price = async (value: number) =>
      call('PUT', `/v1/staff/menus/${tashkent}/products/${P.beefWrap}`, {
        token: managerToken,
        body: { price: value },
      });
    const result = await t.app.db.execute(
      sql`select price from menu_products where menu_id = ${tashkent} and product_id = ${P.beefWrap}`,
    );
    const [row] = (result as unknown as { rows: { price: number }[] }).rows;
    const old = Number(row?.price);
    await announced(async () => expect((await price(old + 1_000)).statusCode).toBe(200));
    const changed = await stops();
    expect(changed.menu_version).not.toBe(before.menu_version);
    expect((await stops(registan)).menu_version).toBe(other.menu_version);
    await announced(async () => expect((await price(old)).statusCode).toBe(200));
    expect((await stops()).menu_version).toBe(before.menu_version);
  });

  it("carries the branch's pauses, fresh after a pause and its end", async () => {
    expect(await stops()).toMatchObject({ paused_until: null, delivery_paused_until: null });
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    const pause = (scope: 'branch' | 'delivery') =>
      call('PUT', `/v1/staff/branches/${chilonzor}/pause`, { token: managerToken, body: { scope, until } });
    await announced(async () => expect((await pause('delivery')).statusCode).toBe(200));
    expect(await stops()).toMatchObject({ paused_until: null, delivery_paused_until: until });
    await announced(async () => expect((await pause('branch')).statusCode).toBe(200));
    expect(await stops()).toMatchObject({ paused_until: until, delivery_paused_until: until });
    await announced(async () => {
      for (const scope of ['branch', 'delivery'])
        expect(
          (
            await call('DELETE', `/v1/staff/branches/${chilonzor}/pause?scope=${scope}`, {
              token: managerToken,
            })
          ).statusCode,
        ).toBe(200);
    });
    expect(await stops()).toMatchObject({ paused_until: null, delivery_paused_until: null });
    expect(await stops(yunusobod)).toMatchObject({ paused_until: null, delivery_paused_until: null });
  });

  it("carries the branch's working hours, fresh after a manager changes them", async () => {
    const before = await stops();
    const setHours = (body: { work_hour_start: string; work_hour_end: string }) =>
      call('PUT', `/v1/staff/branches/${chilonzor}/hours`, { token: managerToken, body });
    await announced(async () =>
      expect((await setHours({ work_hour_start: '11:00', work_hour_end: '21:30' })).statusCode).toBe(200),
    );
    expect(await stops()).toMatchObject({ work_hour_start: '11:00', work_hour_end: '21:30' });
    // Another branch keeps its own.
    expect((await stops(yunusobod)).work_hour_start).not.toBe('11:00');
    await announced(async () =>
      expect(
        (await setHours({ work_hour_start: before.work_hour_start, work_hour_end: before.work_hour_end }))
          .statusCode,
      ).toBe(200),
    );
    expect(await stops()).toMatchObject({
      work_hour_start: before.work_hour_start,
      work_hour_end: before.work_hour_end,
    });
  });

  it('is served from the cache until a write is announced, then read again (a write in SQL)', async () => {
    await stops();
    // A write the triggers do not see (replica mode skips them): the cached answer stands.
    await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(
        sql`insert into branch_stop_list (branch_id, product_id) values (${chilonzor}, ${P.cola})`,
      );
    });
    expect((await stops()).product_ids).not.toContain(P.cola);
    await announced(() =>
      t.app.db.execute(
        sql`delete from branch_stop_list where branch_id = ${chilonzor} and product_id = ${P.cola}`,
      ),
    );
    expect((await stops()).product_ids).not.toContain(P.cola);
    await announced(() =>
      t.app.db.execute(
        sql`insert into branch_stop_list (branch_id, product_id) values (${chilonzor}, ${P.cola})`,
      ),
    );
    expect((await stops()).product_ids).toContain(P.cola);
    await announced(() =>
      t.app.db.execute(
        sql`delete from branch_stop_list where branch_id = ${chilonzor} and product_id = ${P.cola}`,
      ),
    );
    expect((await stops()).product_ids).not.toContain(P.cola);
  });

  it('refuses a missing or malformed branch id (400) and answers 404 for an unknown branch', async () => {
    for (const url of ['/v2/stop-list', '/v2/stop-list?branch_id=chilonzor']) {
      const res = await t.get(url, { 'accept-language': 'en' });
      expect(res.statusCode, url).toBe(400);
      expect(ZApiError.parse(res.json()).message).not.toBe('');
    }
    const unknown = await t.get(`/v2/stop-list?branch_id=${stableId('branch', 'moon')}`, {
      'accept-language': 'en',
    });
    expect(unknown.statusCode).toBe(404);
    expect(ZApiError.parse(unknown.json()).code).toBe('BRANCH_NOT_FOUND');
  });

  it('needs the client headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/stop-list?branch_id=${chilonzor}` });
    expect(res.statusCode).toBe(400);
    expect(ZApiError.parse(res.json()).message).not.toBe('');
  });
});
