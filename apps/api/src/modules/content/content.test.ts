/**
 * The demo chain's content goes through the real loader and comes back out of the API in the
 * contract's shapes: what a fresh `npm start` serves on the marketing pages.
 */
import {
  LOCALES,
  PAGE_SLUGS,
  ZNewsEventListResponse,
  ZPage,
  ZRecipeListResponse,
  ZStockListResponse,
  ZVacancyListResponse,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  // The small fixture catalogue, with the demo content on top.
  t = await buildTestApp({ seed: { content: true } });
});

afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const res = await t.get(url);
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

describe('the demo content', () => {
  it('has the news and gallery the marketing pages need (6+ news, 12+ pictures), newest first', async () => {
    const news = ZNewsEventListResponse.parse(await get('/v1/news-events?limit=100'));
    const gallery = ZNewsEventListResponse.parse(await get('/v1/news-events?type=gallery&limit=100'));
    expect(news.count).toBeGreaterThanOrEqual(6);
    expect(gallery.count).toBeGreaterThanOrEqual(12);
    for (const list of [news, gallery]) {
      const dates = list.news_events.map((n) => n.published_at);
      expect(dates).toEqual([...dates].sort().reverse());
    }
    expect(new Set(gallery.news_events.map((g) => g.type))).toEqual(new Set(['gallery']));
    expect(gallery.news_events[0]?.image.url).toMatch(/^\/images\/.+\/gallery\//);
  });

  it('has 4+ stocks, 4+ open vacancies and 4+ recipes', async () => {
    const stocks = ZStockListResponse.parse(await get('/v1/stocks?include_ended=true&limit=100'));
    const vacancies = ZVacancyListResponse.parse(await get('/v1/vacancies?limit=100'));
    const recipes = ZRecipeListResponse.parse(await get('/v2/recipes?limit=100'));
    expect(stocks.count).toBeGreaterThanOrEqual(4);
    expect(vacancies.count).toBeGreaterThanOrEqual(4);
    expect(recipes.count).toBeGreaterThanOrEqual(4);
  });

  it('serves every formal page the storefront links to, written out in each language', async () => {
    for (const slug of PAGE_SLUGS) {
      const page = ZPage.parse(await get(`/v1/pages/${slug}`));
      for (const locale of LOCALES) {
        expect(page.title[locale].trim(), `${slug}: title in ${locale}`).not.toBe('');
        expect(page.body[locale].length, `${slug}: body in ${locale}`).toBeGreaterThan(
          page.title[locale].length,
        );
      }
      // Translated, not one text copied into the three languages.
      expect(new Set(LOCALES.map((locale) => page.body[locale])).size, slug).toBe(LOCALES.length);
    }
  });

  it('gives every item an id derived from its slug, so links survive a reseed', async () => {
    const news = await get('/v1/news-events?limit=1');
    const first = news.news_events[0];
    expect(first.id).toBe(stableId('news-event', first.slug));
    const recipe = (await get('/v2/recipes?limit=1')).recipes[0];
    expect(recipe.id).toBe(stableId('recipe', recipe.slug));
    expect((await get(`/v2/recipes/${recipe.slug}`)).id).toBe(recipe.id);
  });

  it('documents every content endpoint in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/v1/news-events',
      '/v1/news-events/{id}',
      '/v1/stocks',
      '/v1/stocks/{id}',
      '/v1/vacancies',
      '/v1/vacancies/{id}',
      '/v1/vacancies/{id}/applications',
      '/v2/recipes',
      '/v2/recipes/{id}',
      '/v1/pages/{slug}',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
