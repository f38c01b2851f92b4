import {
  ZAuditResponse,
  ZFiguresResponse,
  ZStaffAccountsResponse,
  ZStaffBranchesResponse,
  ZStaffMenuProductsResponse,
  ZStaffMenusResponse,
  ZStopListResponse,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCatalog } from '../../db/seed/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { callAs, signIn } from './staff-manage.fixtures.ts';

/**
 * The demo chain's manager (seeded, issue 13) reads every screen of its workspace: every answer is
 * checked against its contract by the serializer and here, so demo data the manager's screens cannot
 * show fails here.
 */
let t: TestApp;
let token: string;
let call: ReturnType<typeof callAs>;
beforeAll(async () => {
  t = await buildTestApp({ seed: { catalog: await loadDemoCatalog(), content: false } });
  token = await signIn(t, 'manager');
  call = callAs(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ok = async (url: string) => {
  const res = await call('GET', url, { token });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 500)}`).toBe(200);
  return res.json();
};

describe("the demo chain's manager", () => {
  it('reads every branch with its stop list, every menu with its prices, the accounts, figures and audit log', async () => {
    const { branches } = ZStaffBranchesResponse.parse(await ok('/v1/staff/branches'));
    expect(branches.length).toBeGreaterThanOrEqual(5);
    for (const branch of branches) {
      const stopList = ZStopListResponse.parse(await ok(`/v1/staff/branches/${branch.id}/stop-list`));
      expect(
        stopList.items.some((i) => i.kind === 'product'),
        branch.slug,
      ).toBe(true);
      expect(
        stopList.items.some((i) => i.kind === 'modifier'),
        branch.slug,
      ).toBe(true);
    }
    const { menus } = ZStaffMenusResponse.parse(await ok('/v1/staff/menus'));
    expect(menus.length).toBeGreaterThanOrEqual(1);
    for (const menu of menus) {
      const prices = ZStaffMenuProductsResponse.parse(await ok(`/v1/staff/menus/${menu.id}/products`));
      expect(
        prices.products.some((p) => p.price !== null),
        menu.key,
      ).toBe(true);
    }
    const { accounts } = ZStaffAccountsResponse.parse(await ok('/v1/staff/accounts'));
    expect(accounts.map((a) => a.login)).toEqual(expect.arrayContaining(['manager', 'operator', 'courier']));
    ZFiguresResponse.parse(await ok('/v1/staff/figures'));
    ZAuditResponse.parse(await ok('/v1/staff/audit'));
  });
});
