import { ZApiError, ZNewsEvent, ZNewsEventListResponse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHIPPER_ID } from '../../../env.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { daysFrom, insertNewsEvent, insertShipper } from '../content.fixtures.ts';

const OTHER_SHIPPER_ID = '0b7e6f1a-2c3d-4e5f-8a9b-1c2d3e4f5a6b';
let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ seed: { content: false } });
  const db = t.db.db;
  const now = new Date();
  for (const [slug, days] of [
    ['news-oldest', -30],
    ['news-middle', -10],
    ['news-newest', -1],
  ] as const) {
    ids[slug] = await insertNewsEvent(db, DEMO_SHIPPER_ID, {
      slug,
      type: 'news',
      publishedAt: daysFrom(now, days),
    });
  }
  ids['news-scheduled'] = await insertNewsEvent(db, DEMO_SHIPPER_ID, {
    slug: 'news-scheduled',
    type: 'news',
    publishedAt: daysFrom(now, 2),
  });
  for (const [slug, days] of [
    ['photo-old', -20],
    ['photo-new', -5],
  ] as const) {
    ids[slug] = await insertNewsEvent(db, DEMO_SHIPPER_ID, {
      slug,
      type: 'gallery',
      publishedAt: daysFrom(now, days),
    });
  }
  await insertShipper(db, OTHER_SHIPPER_ID);
  ids['other-chain-news'] = await insertNewsEvent(db, OTHER_SHIPPER_ID, {
    slug: 'other-chain-news',
    type: 'news',
    publishedAt: daysFrom(now, -3),
  });
});

afterAll(async () => {
  await t?.close();
});

const list = async (query: string, headers?: Record<string, string | undefined>) => {
  const res = await t.get(`/v1/news-events${query}`, headers);
  return { res, body: res.json() };
};

describe('GET /v1/news-events', () => {
  it('lists published news of the chain, newest first, news by default', async () => {
    const { res, body } = await list('');
    expect(res.statusCode).toBe(200);
    const parsed = ZNewsEventListResponse.parse(body);
    expect(parsed.count).toBe(3);
    expect(parsed.news_events.map((n) => n.slug)).toEqual(['news-newest', 'news-middle', 'news-oldest']);
    const first = parsed.news_events[0];
    expect(first?.id).toBe(ids['news-newest']);
    expect(first?.title).toEqual({
      ru: 'Title news-newest (ru)',
      uz: 'Title news-newest (uz)',
      en: 'Title news-newest',
    });
    expect(first?.image.url).toMatch(/^\/images\/.+\/news\/news-newest--/);
    expect(first?.image.sources.length).toBeGreaterThan(1);
  });

  it('hides a post scheduled for later', async () => {
    const { body } = await list('?limit=100');
    expect(body.news_events.map((n: { slug: string }) => n.slug)).not.toContain('news-scheduled');
  });

  it('lists the gallery with type=gallery', async () => {
    const { res, body } = await list('?type=gallery');
    expect(res.statusCode).toBe(200);
    expect(body.count).toBe(2);
    expect(body.news_events.map((n: { slug: string; type: string }) => [n.slug, n.type])).toEqual([
      ['photo-new', 'gallery'],
      ['photo-old', 'gallery'],
    ]);
  });

  it('pages through the list and keeps the total count', async () => {
    const page1 = await list('?limit=2&page=1');
    const page2 = await list('?limit=2&page=2');
    const page3 = await list('?limit=2&page=3');
    expect(page1.body.news_events.map((n: { slug: string }) => n.slug)).toEqual([
      'news-newest',
      'news-middle',
    ]);
    expect(page2.body.news_events.map((n: { slug: string }) => n.slug)).toEqual(['news-oldest']);
    expect(page3.res.statusCode).toBe(200);
    expect(page3.body.news_events).toEqual([]);
    expect([page1.body.count, page2.body.count, page3.body.count]).toEqual([3, 3, 3]);
  });

  it("shows only the requesting chain's news", async () => {
    const ours = await list('?limit=100');
    expect(ours.body.news_events.map((n: { slug: string }) => n.slug)).not.toContain('other-chain-news');
    const theirs = await list('', { shipper: OTHER_SHIPPER_ID });
    expect(theirs.body.count).toBe(1);
    expect(theirs.body.news_events[0].slug).toBe('other-chain-news');
    const crossed = await t.get(`/v1/news-events/${ids['other-chain-news']}`);
    expect(crossed.statusCode).toBe(404);
  });

  it.each([
    ['?limit=101', 'limit'],
    ['?limit=0', 'limit'],
    ['?limit=ten', 'limit'],
    ['?page=0', 'page'],
    ['?page=-1', 'page'],
    ['?type=video', 'type'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const { res, body } = await list(query);
    expect(res.statusCode).toBe(400);
    const error = ZApiError.parse(body);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.fields?.map((f) => f.field)).toEqual([field]);
    expect(error.message).toContain(field);
  });

  it('answers 400 without the Shipper or Platform header and 404 for an unknown shipper', async () => {
    const noShipper = await list('', { shipper: undefined });
    expect(noShipper.res.statusCode).toBe(400);
    expect(noShipper.body.fields).toEqual([{ field: 'Shipper', message: 'is required' }]);
    const noPlatform = await list('', { platform: undefined });
    expect(noPlatform.res.statusCode).toBe(400);
    expect(noPlatform.body.fields[0].field).toBe('Platform');
    const badShipper = await list('', { shipper: 'not-a-uuid' });
    expect(badShipper.res.statusCode).toBe(400);
    const unknown = await list('', { shipper: '11111111-2222-4333-8444-555555555555' });
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.body.code).toBe('SHIPPER_NOT_FOUND');
  });
});

describe('GET /v1/news-events/:id', () => {
  it('finds an item by id and by slug, gallery pictures included', async () => {
    const byId = await t.get(`/v1/news-events/${ids['news-middle']}`);
    expect(byId.statusCode).toBe(200);
    const item = ZNewsEvent.parse(byId.json());
    expect(item.slug).toBe('news-middle');
    expect(item.body.en).toBe('Body news-middle');
    const bySlug = await t.get('/v1/news-events/photo-new');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toMatchObject({ id: ids['photo-new'], type: 'gallery' });
  });

  it('answers 404 for an unknown id or slug and for a scheduled post', async () => {
    for (const id of ['0d2e1f3a-4b5c-4d6e-8f70-8192a3b4c5d6', 'no-such-news', 'news-scheduled']) {
      const res = await t.get(`/v1/news-events/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NEWS_EVENT_NOT_FOUND' });
    }
  });

  it('answers 400 for something that is neither an id nor a slug', async () => {
    const res = await t.get(`/v1/news-events/${encodeURIComponent('bad id!')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['id']);
  });
});
