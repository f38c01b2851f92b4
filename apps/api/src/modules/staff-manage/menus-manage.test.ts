import {
  ZMenuProductPrice,
  ZMenuProductsResponse,
  ZStaffMenuProductsResponse,
  ZStaffMenusResponse,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menuProducts } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import type { TestApp } from '../../test/app.ts';
import { createTestClock } from '../../test/clock.ts';
import { ORDER_FIXTURE, ORDER_TEST_NOON } from '../../test/orders.ts';
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
const P = ORDER_FIXTURE.products;
const tashkent = stableId('menu', 'tashkent');
const regions = stableId('menu', 'regions');
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

useManagerWorkspace(clock, (w) => {
  ({ t, tokens, call } = w);
});

const as = (who: Login) => ({ token: tokens[who] });
const priceRow = async (menuId: string, productId: string) =>
  (
    await t.db.db
      .select()
      .from(menuProducts)
      .where(and(eq(menuProducts.menuId, menuId), eq(menuProducts.productId, productId)))
  )[0]?.price ?? null;
const customerMenu = async (branchId: string) => {
  const res = await t.get(`/v2/menu-products?branch_id=${branchId}`);
  expect(res.statusCode).toBe(200);
  return ZMenuProductsResponse.parse(res.json()).categories.flatMap((c) => c.products);
};
const url = (menuId: string, productId: string) => `/v1/staff/menus/${menuId}/products/${productId}`;

describe('GET /v1/staff/menus and /v1/staff/menus/:id/products', () => {
  it("gives the chain manager the menus, and every product with this menu's price or null", async () => {
    const menus = ZStaffMenusResponse.parse((await call('GET', '/v1/staff/menus', as('manager'))).json());
    expect(menus.menus).toEqual([
      { id: regions, key: 'regions', name: 'Regions' },
      { id: tashkent, key: 'tashkent', name: 'Tashkent' },
    ]);
    const res = await call('GET', `/v1/staff/menus/${regions}/products`, as('manager'));
    expect(res.statusCode, res.body).toBe(200);
    const body = ZStaffMenuProductsResponse.parse(res.json());
    expect(body.menu_id).toBe(regions);
    const price = new Map(body.products.map((p) => [p.product_id, p.price]));
    expect(price.get(P.beefWrap)).toBe(29_000);
    // capital-plov is sold only in Tashkent.
    expect(price.get(P.capitalPlov)).toBeNull();
    expect(body.products.find((p) => p.product_id === P.beefWrap)?.title.en).toBe('Beef wrap');
    const ids = body.products.map((p) => p.product_id);
    expect(ids.indexOf(P.margherita25)).toBe(ids.indexOf(P.margherita) + 1);
  });

  it('refuses branch managers, operators, vendors and couriers (403), unknown menus (404), bad ids (400), no token (401)', async () => {
    for (const who of ['manager-chilonzor', 'operator', 'vendor-chilonzor', 'courier'] as const) {
      const code = who === 'manager-chilonzor' ? 'STAFF_MANAGE_CHAIN_ONLY' : 'STAFF_MANAGE_FORBIDDEN';
      expectError(await call('GET', '/v1/staff/menus', as(who)), 403, code);
      expectError(await call('GET', `/v1/staff/menus/${tashkent}/products`, as(who)), 403, code);
    }
    expectError(
      await call('GET', `/v1/staff/menus/${UNKNOWN}/products`, as('manager')),
      404,
      'MENU_NOT_FOUND',
    );
    expectError(await call('GET', '/v1/staff/menus/tashkent/products', as('manager')), 400);
    expectError(await call('GET', '/v1/staff/menus'), 401);
    expectError(await call('GET', `/v1/staff/menus/${tashkent}/products`), 401);
  });
});

describe('PUT and DELETE /v1/staff/menus/:id/products/:productId', () => {
  it('changes a price: the customer menu shows it at once; audited with the price before and after', async () => {
    expect((await customerMenu(ORDER_FIXTURE.chilonzor)).find((p) => p.id === P.beefWrap)?.out_price).toBe(
      32_000,
    );
    const res = await call('PUT', url(tashkent, P.beefWrap), { ...as('manager'), body: { price: 34_000 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZMenuProductPrice.parse(res.json())).toMatchObject({ product_id: P.beefWrap, price: 34_000 });
    expect(await priceRow(tashkent, P.beefWrap)).toBe(34_000);
    expect((await customerMenu(ORDER_FIXTURE.chilonzor)).find((p) => p.id === P.beefWrap)?.out_price).toBe(
      34_000,
    );
    const [audit] = await auditRowsOf(t, `${tashkent}:${P.beefWrap}`);
    expect(audit).toMatchObject({
      staffId: MANAGE_FIXTURE.staff.manager,
      action: 'menu-price.set',
      targetType: 'menu-product',
      branchId: null,
      before: { menu_id: tashkent, product_id: P.beefWrap, price: 32_000 },
      after: { menu_id: tashkent, product_id: P.beefWrap, price: 34_000 },
    });
  });

  it('adds a product to a menu it was not on, and takes it off again', async () => {
    expect((await customerMenu(ORDER_FIXTURE.registan)).some((p) => p.id === P.capitalPlov)).toBe(false);
    const add = await call('PUT', url(regions, P.capitalPlov), { ...as('manager'), body: { price: 31_000 } });
    expect(add.statusCode, add.body).toBe(200);
    expect((await customerMenu(ORDER_FIXTURE.registan)).find((p) => p.id === P.capitalPlov)?.out_price).toBe(
      31_000,
    );
    const [added] = await auditRowsOf(t, `${regions}:${P.capitalPlov}`);
    expect(added).toMatchObject({ before: { price: null }, after: { price: 31_000 } });

    const removed = await call('DELETE', url(regions, P.capitalPlov), as('manager'));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(ZMenuProductPrice.parse(removed.json()).price).toBeNull();
    expect(await priceRow(regions, P.capitalPlov)).toBeNull();
    expect((await customerMenu(ORDER_FIXTURE.registan)).some((p) => p.id === P.capitalPlov)).toBe(false);
    const [audit] = await auditRowsOf(t, `${regions}:${P.capitalPlov}`);
    expect(audit).toMatchObject({
      staffId: MANAGE_FIXTURE.staff.manager,
      action: 'menu-price.remove',
      before: { price: 31_000 },
      after: { price: null },
    });
    // Removing it again changes nothing and writes nothing.
    expect((await call('DELETE', url(regions, P.capitalPlov), as('manager'))).statusCode).toBe(200);
    expect((await auditRowsOf(t, `${regions}:${P.capitalPlov}`)).length).toBe(2);
  });

  it('refuses bad prices and ids (400), unknown menus and products (404)', async () => {
    for (const body of [{}, { price: -1 }, { price: 1.5 }, { price: '1000' }, { price: 100_000_001 }]) {
      expectError(await call('PUT', url(tashkent, P.cola), { ...as('manager'), body }), 400);
    }
    expectError(await call('PUT', url('tashkent', P.cola), { ...as('manager'), body: { price: 1 } }), 400);
    expectError(await call('PUT', url(tashkent, 'cola'), { ...as('manager'), body: { price: 1 } }), 400);
    expectError(await call('DELETE', url(tashkent, 'cola'), as('manager')), 400);
    expectError(
      await call('PUT', url(UNKNOWN, P.cola), { ...as('manager'), body: { price: 1 } }),
      404,
      'MENU_NOT_FOUND',
    );
    expectError(
      await call('PUT', url(tashkent, UNKNOWN), { ...as('manager'), body: { price: 1 } }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectError(await call('DELETE', url(tashkent, UNKNOWN), as('manager')), 404, 'PRODUCT_NOT_FOUND');
    expect(await priceRow(tashkent, P.cola)).toBe(8_000);
  });

  it('refuses everyone but the chain manager (403) and no token (401)', async () => {
    for (const who of [
      'manager-chilonzor',
      'manager-yunusobod',
      'operator',
      'vendor-chilonzor',
      'courier',
    ] as const) {
      expectError(await call('PUT', url(tashkent, P.cola), { ...as(who), body: { price: 1 } }), 403);
      expectError(await call('DELETE', url(tashkent, P.cola), as(who)), 403);
    }
    expectError(await call('PUT', url(tashkent, P.cola), { body: { price: 1 } }), 401);
    expectError(await call('DELETE', url(tashkent, P.cola)), 401);
    expect(await priceRow(tashkent, P.cola)).toBe(8_000);
    expect((await auditRowsOf(t, `${tashkent}:${P.cola}`)).length).toBe(0);
  });
});
