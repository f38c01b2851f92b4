import { ZPage } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHIPPER_ID } from '../../../env.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { insertPage } from '../content.fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seed: { content: false } });
  await insertPage(t.db.db, DEMO_SHIPPER_ID, 'about');
  await insertPage(t.db.db, DEMO_SHIPPER_ID, 'return-product-rules');
  // Not a page the storefront knows: stored, but never served.
  await insertPage(t.db.db, DEMO_SHIPPER_ID, 'secret-draft');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /v1/pages/:slug', () => {
  it('answers a formal page with its title and body in every language', async () => {
    for (const slug of ['about', 'return-product-rules']) {
      const res = await t.get(`/v1/pages/${slug}`);
      expect(res.statusCode, slug).toBe(200);
      const page = ZPage.parse(res.json());
      expect(page.slug).toBe(slug);
      expect(page.title).toEqual({ ru: `Page ${slug} (ru)`, uz: `Page ${slug} (uz)`, en: `Page ${slug}` });
      expect(page.body.en).toContain(`Body of ${slug}`);
    }
  });

  it('answers 404 for a known page the chain has not written and for an unknown slug', async () => {
    for (const slug of ['offer', 'secret-draft', 'no-such-page']) {
      const res = await t.get(`/v1/pages/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json()).toMatchObject({
        statusCode: 404,
        code: 'PAGE_NOT_FOUND',
        message: 'Страница не найдена',
      });
    }
  });

  it('answers 400 for something that is not a slug', async () => {
    const res = await t.get('/v1/pages/About_Us');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'slug', message: 'must be a slug' }]);
  });

  it('answers 400 without the client headers', async () => {
    const res = await t.get('/v1/pages/about', { shipper: undefined, platform: undefined });
    expect(res.statusCode).toBe(400);
  });
});
