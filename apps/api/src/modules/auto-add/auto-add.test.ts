import { ZAutoAddResponse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function autoAdd(query = '') {
  const res = await t.get(`/v3/auto-add-product${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZAutoAddResponse.parse(res.json()).products.map((p) => [
    p.product.slug,
    p.quantity,
    p.delivery_type,
    p.min_order_price,
  ]);
}

describe('GET /v3/auto-add-product', () => {
  it('lists every rule when not narrowed', async () => {
    expect(await autoAdd()).toEqual([
      ['napkins', 1, 'delivery', 0],
      ['ketchup', 2, null, 100_000],
    ]);
  });

  it('narrows by delivery type (null means both) and order price', async () => {
    expect(await autoAdd('delivery_type=self-pickup')).toEqual([['ketchup', 2, null, 100_000]]);
    expect(await autoAdd('delivery_type=delivery&order_price=99999')).toEqual([
      ['napkins', 1, 'delivery', 0],
    ]);
    expect(await autoAdd('delivery_type=delivery&order_price=100000')).toHaveLength(2);
  });

  it("keeps only products the menu sells, at the menu's price", async () => {
    expect(await autoAdd(`menu_id=${stableId('menu', 'regions')}`)).toEqual([['napkins', 1, 'delivery', 0]]);
    const res = await t.get(`/v3/auto-add-product?menu_id=${stableId('menu', 'tashkent')}`);
    expect(ZAutoAddResponse.parse(res.json()).products[1]?.product.out_price).toBe(3_000);
  });

  it('answers 400 for bad values and 404 for an unknown menu', async () => {
    const type = await t.get('/v3/auto-add-product?delivery_type=drone');
    expect(type.statusCode).toBe(400);
    expect(type.json().fields).toEqual([
      { field: 'delivery_type', message: 'must be one of: delivery, self-pickup' },
    ]);
    const price = await t.get('/v3/auto-add-product?order_price=-1', { 'accept-language': 'en' });
    expect(price.json().message).toBe('Invalid query: order_price must be at least 0');
    const menu = await t.get(`/v3/auto-add-product?menu_id=${stableId('menu', 'moon')}`);
    expect(menu.statusCode).toBe(404);
  });
});
