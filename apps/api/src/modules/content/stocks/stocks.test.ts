import { ZStock, ZStockListResponse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHIPPER_ID } from '../../../env.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { daysFrom, insertStock } from '../content.fixtures.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ seed: { content: false } });
  const now = new Date();
  const at = (days: number) => daysFrom(now, days);
  const fixtures = [
    // Inserted out of order on purpose: the order of the answer must come from the dates.
    { slug: 'upcoming-later', startsAt: at(10), endsAt: at(20) },
    { slug: 'ended-old', startsAt: at(-60), endsAt: at(-20) },
    { slug: 'running-open-ended', startsAt: at(-30), endsAt: null, promoCode: 'BARAKA10' },
    { slug: 'upcoming-soon', startsAt: at(3), endsAt: null },
    { slug: 'ended-recently', startsAt: at(-10), endsAt: at(-1) },
    { slug: 'running-new', startsAt: at(-2), endsAt: at(5) },
  ];
  for (const f of fixtures) ids[f.slug] = await insertStock(t.db.db, DEMO_SHIPPER_ID, f);
});

afterAll(async () => {
  await t?.close();
});

const slugsOf = (body: { stocks: { slug: string }[] }) => body.stocks.map((s) => s.slug);

describe('GET /v1/stocks', () => {
  it('lists running stocks (newest first) then upcoming ones (soonest first), without ended ones', async () => {
    const res = await t.get('/v1/stocks');
    expect(res.statusCode).toBe(200);
    const body = ZStockListResponse.parse(res.json());
    expect(body.count).toBe(4);
    expect(slugsOf(body)).toEqual(['running-new', 'running-open-ended', 'upcoming-soon', 'upcoming-later']);
    const openEnded = body.stocks[1];
    expect(openEnded?.ends_at).toBeNull();
    expect(openEnded?.promo_code).toBe('BARAKA10');
  });

  it('adds ended stocks last, the most recently ended first, with include_ended=true', async () => {
    const res = await t.get('/v1/stocks?include_ended=true');
    expect(res.statusCode).toBe(200);
    const body = ZStockListResponse.parse(res.json());
    expect(body.count).toBe(6);
    expect(slugsOf(body)).toEqual([
      'running-new',
      'running-open-ended',
      'upcoming-soon',
      'upcoming-later',
      'ended-recently',
      'ended-old',
    ]);
    const explicitFalse = await t.get('/v1/stocks?include_ended=false');
    expect(explicitFalse.json().count).toBe(4);
  });

  it('pages through the list', async () => {
    const page2 = await t.get('/v1/stocks?limit=3&page=2&include_ended=true');
    expect(page2.statusCode).toBe(200);
    expect(slugsOf(page2.json())).toEqual(['upcoming-later', 'ended-recently', 'ended-old']);
    expect(page2.json().count).toBe(6);
  });

  it.each([
    ['?include_ended=maybe', 'include_ended'],
    ['?limit=101', 'limit'],
    ['?page=0', 'page'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await t.get(`/v1/stocks${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual([field]);
  });

  it('answers 400 without the client headers', async () => {
    const res = await t.get('/v1/stocks', { shipper: undefined, platform: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MISSING_HEADER');
  });
});

describe('GET /v1/stocks/:id', () => {
  it('finds a stock by id and by slug, an ended one too', async () => {
    const byId = await t.get(`/v1/stocks/${ids['running-new']}`);
    expect(byId.statusCode).toBe(200);
    expect(ZStock.parse(byId.json()).slug).toBe('running-new');
    const ended = await t.get('/v1/stocks/ended-old');
    expect(ended.statusCode).toBe(200);
    expect(ended.json().id).toBe(ids['ended-old']);
  });

  it('answers 404 for an unknown stock and 400 for a malformed id', async () => {
    const unknown = await t.get('/v1/stocks/3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('STOCK_NOT_FOUND');
    const bad = await t.get(`/v1/stocks/${encodeURIComponent('x y')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('id');
  });
});
