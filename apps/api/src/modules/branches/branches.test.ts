import { ZBranch, ZBranchListResponse } from '@app/contracts';
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

async function slugs(query: string) {
  const res = await t.get(`/v1/branches?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = ZBranchListResponse.parse(res.json());
  return { count: body.count, slugs: body.branches.map((b) => b.slug) };
}

describe('GET /v1/branches', () => {
  it('lists every branch in order, up to 100 at a time', async () => {
    expect(await slugs('limit=100')).toEqual({
      count: 4,
      slugs: ['chilonzor', 'yunusobod', 'oybek', 'registan'],
    });
  });

  it('filters by city and by is_active', async () => {
    expect(await slugs('city=samarkand')).toEqual({ count: 1, slugs: ['registan'] });
    expect((await slugs('city=tashkent&is_active=true')).slugs).toEqual(['chilonzor', 'yunusobod']);
    expect((await slugs('is_active=false')).slugs).toEqual(['oybek']);
    expect(await slugs('city=bukhara')).toEqual({ count: 0, slugs: [] });
  });

  it('pages', async () => {
    expect(await slugs('limit=2&page=2')).toEqual({ count: 4, slugs: ['oybek', 'registan'] });
  });

  it('gives what the branch pages and the pickup map need', async () => {
    const res = await t.get('/v1/branches?limit=1');
    const branch = ZBranchListResponse.parse(res.json()).branches[0];
    expect(branch).toMatchObject({
      id: stableId('branch', 'chilonzor'),
      menu_id: stableId('menu', 'tashkent'),
      work_hour_start: '00:00',
      work_hour_end: '23:59',
      location: { lat: 41.3, long: 69.2 },
      has_parking: true,
      seats_count: 80,
    });
    expect(branch?.images[0]?.sources.map((s) => s.width)).toEqual([640, 1280]);
    expect(branch?.images[0]?.height).toBe(360);
  });

  it('answers 400 for limit 101, page 0 and a bad is_active', async () => {
    const limit = await t.get('/v1/branches?limit=101', { 'accept-language': 'en' });
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toBe('Invalid query: limit must be at most 100');
    expect((await t.get('/v1/branches?page=0')).statusCode).toBe(400);
    const active = await t.get('/v1/branches?is_active=yes');
    expect(active.json().fields).toEqual([{ field: 'is_active', message: 'must be one of: true, false' }]);
  });
});

describe('GET /v1/branches/:id', () => {
  it('finds a branch by slug and by id', async () => {
    const bySlug = await t.get('/v1/branches/registan');
    expect(bySlug.statusCode).toBe(200);
    expect(ZBranch.parse(bySlug.json()).menu_id).toBe(stableId('menu', 'regions'));
    const byId = await t.get(`/v1/branches/${stableId('branch', 'registan')}`);
    expect(byId.json()).toEqual(bySlug.json());
  });

  it('answers 404 for an unknown one and 400 for a malformed one', async () => {
    const unknown = await t.get('/v1/branches/atlantis');
    expect(unknown.statusCode).toBe(404);
    // Spec section 8: 'Restaurant not found', in the customer's language (ru without Accept-Language).
    expect(unknown.json()).toMatchObject({ code: 'BRANCH_NOT_FOUND', message: 'Ресторан не найден' });
    for (const [language, message] of [
      ['uz', 'Restoran topilmadi'],
      ['en', 'Restaurant not found'],
    ]) {
      const res = await t.get('/v1/branches/atlantis', { 'accept-language': language as string });
      expect(res.json()).toMatchObject({ code: 'BRANCH_NOT_FOUND', message });
    }
    expect((await t.get(`/v1/branches/${stableId('branch', 'atlantis')}`)).statusCode).toBe(404);
    expect((await t.get('/v1/branches/a%20b')).statusCode).toBe(400);
  });
});
