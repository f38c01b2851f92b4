import { ZReviewListResponse } from '@app/contracts';
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

const wrap = stableId('product', 'beef-wrap');

describe('GET /v1/user_reviews', () => {
  it("lists a product's reviews newest first", async () => {
    const res = await t.get(`/v1/user_reviews?related_subject=product&product_id=${wrap}`);
    expect(res.statusCode).toBe(200);
    const body = ZReviewListResponse.parse(res.json());
    expect(body.count).toBe(3);
    expect(body.reviews.map((r) => r.client_name)).toEqual(['Dilnoza', 'Timur', 'Aziz']);
    const dates = body.reviews.map((r) => Date.parse(r.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(body.reviews[0]).toMatchObject({ rating: 4, review_message: 'Вкусно' });
  });

  it('pages', async () => {
    const res = await t.get(`/v1/user_reviews?product_id=${wrap}&limit=2&page=2`);
    const body = ZReviewListResponse.parse(res.json());
    expect(body).toMatchObject({ count: 3 });
    expect(body.reviews.map((r) => r.client_name)).toEqual(['Aziz']);
  });

  it('gives an empty list for a product nobody reviewed', async () => {
    const res = await t.get(`/v1/user_reviews?product_id=${stableId('product', 'cola')}`);
    expect(res.json()).toEqual({ count: 0, reviews: [] });
  });

  it('answers 400 without product_id or for another subject, 404 for an unknown product', async () => {
    const missing = await t.get('/v1/user_reviews');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([{ field: 'product_id', message: 'is required' }]);
    const subject = await t.get(`/v1/user_reviews?related_subject=branch&product_id=${wrap}`);
    expect(subject.statusCode).toBe(400);
    expect(subject.json().fields[0].field).toBe('related_subject');
    const unknown = await t.get(`/v1/user_reviews?product_id=${stableId('product', 'ghost')}`);
    expect(unknown.statusCode).toBe(404);
  });
});
