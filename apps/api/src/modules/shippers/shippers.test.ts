import { ZCitiesResponse, ZShipper } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../db/seed/ids.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/shippers/:id', () => {
  it('gives the chain with hours, minimal order, socials, app links and sister brands', async () => {
    const res = await t.get(`/v1/shippers/${DEMO_SHIPPER_ID}`);
    expect(res.statusCode).toBe(200);
    const shipper = ZShipper.parse(res.json());
    expect(shipper).toMatchObject({
      id: DEMO_SHIPPER_ID,
      name: 'Fixture Chain',
      work_hour_start: '09:00',
      work_hour_end: '23:00',
      minimal_order_price: 40_000,
      payment_types: ['cash', 'payme'],
      app_links: { app_store: 'https://apps.apple.com/app/id1', play_market: null },
    });
    expect(shipper.logo).toMatch(/^\/images\/r1\/logos\/.+-160\.webp$/);
    expect(shipper.sister_brands).toEqual([
      {
        id: 'sister-coffee',
        name: 'Sister Coffee',
        url: 'https://coffee.example',
        logo: expect.stringMatching(/^\/images\/.+\.webp$/),
      },
    ]);
  });

  it('answers 404 for an unknown id and 400 for one that is not a uuid', async () => {
    const unknown = await t.get(`/v1/shippers/${stableId('shipper', 'other')}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('SHIPPER_NOT_FOUND');
    const bad = await t.get('/v1/shippers/baraka', { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid path: id must be a uuid',
    });
  });
});

describe('GET /v1/cities', () => {
  it('lists the cities in order, each with its default menu', async () => {
    const res = await t.get('/v1/cities');
    expect(res.statusCode).toBe(200);
    const { cities } = ZCitiesResponse.parse(res.json());
    expect(cities.map((c) => [c.slug, c.default_menu_id])).toEqual([
      ['tashkent', stableId('menu', 'tashkent')],
      ['samarkand', stableId('menu', 'regions')],
    ]);
    expect(cities[0]?.name).toEqual({ ru: 'Ташкент', uz: 'Toshkent', en: 'Tashkent' });
  });
});
