import { ZModifierResponse } from '@app/contracts';
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

describe('GET /v2/modifier', () => {
  it("gives a product's single and group modifiers with min and max", async () => {
    const res = await t.get(`/v2/modifier?product_id=${stableId('product', 'beef-wrap')}`);
    expect(res.statusCode).toBe(200);
    const { product_modifiers } = ZModifierResponse.parse(res.json());
    expect(product_modifiers.single_modifiers).toEqual([
      {
        id: stableId('single-modifier', 'beef-wrap/cheese'),
        name: { ru: 'Сыр', uz: 'Pishloq', en: 'Cheese' },
        price: 5_000,
        is_compulsory: false,
        category_name: { ru: 'Добавки', uz: "Qo'shimchalar", en: 'Extras' },
        max_amount: 2,
        in_stop: false,
      },
    ]);
    expect(product_modifiers.group_modifiers).toHaveLength(1);
    expect(product_modifiers.group_modifiers[0]).toMatchObject({ min_amount: 1, max_amount: 2 });
    expect(product_modifiers.group_modifiers[0]?.variants.map((v) => [v.title.en, v.out_price])).toEqual([
      ['Garlic', 0],
      ['Chili', 2_000],
    ]);
  });

  it('gives empty lists for a product without modifiers', async () => {
    const res = await t.get(`/v2/modifier?product_id=${stableId('product', 'cola')}`);
    expect(res.json()).toEqual({ product_modifiers: { single_modifiers: [], group_modifiers: [] } });
  });

  it('answers 404 for an unknown product and 400 for a missing or malformed id', async () => {
    const unknown = await t.get(`/v2/modifier?product_id=${stableId('product', 'nothing')}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PRODUCT_NOT_FOUND');
    const missing = await t.get('/v2/modifier', { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Invalid query: product_id is required');
    const bad = await t.get('/v2/modifier?product_id=beef-wrap', { 'accept-language': 'en' });
    expect(bad.json().message).toBe('Invalid query: product_id must be a uuid');
  });
});
