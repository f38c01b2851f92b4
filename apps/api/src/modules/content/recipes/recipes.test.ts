import { ZRecipe, ZRecipeListResponse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHIPPER_ID } from '../../../env.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { insertRecipe } from '../content.fixtures.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ seed: { content: false } });
  for (const [slug, position] of [
    ['samsa', 2],
    ['plov', 0],
    ['lagman', 1],
  ] as const) {
    ids[slug] = await insertRecipe(t.db.db, DEMO_SHIPPER_ID, { slug, position });
  }
});

afterAll(async () => {
  await t?.close();
});

const slugsOf = (body: { recipes: { slug: string }[] }) => body.recipes.map((r) => r.slug);

describe('GET /v2/recipes', () => {
  it('lists the recipes in the chain’s order with their ingredients and steps', async () => {
    const res = await t.get('/v2/recipes');
    expect(res.statusCode).toBe(200);
    const body = ZRecipeListResponse.parse(res.json());
    expect(body.count).toBe(3);
    expect(slugsOf(body)).toEqual(['plov', 'lagman', 'samsa']);
    expect(body.recipes[0]).toMatchObject({
      id: ids.plov,
      cooking_time: 45,
      servings: 4,
      ingredients: [{ en: 'rice' }, { en: 'carrot' }],
      steps: [{ en: 'Wash the rice' }, { en: 'Cook it' }],
    });
    expect(body.recipes[0]?.image.url).toMatch(/\/recipes\/plov--/);
  });

  it('pages through the list', async () => {
    const page1 = await t.get('/v2/recipes?limit=2');
    const page2 = await t.get('/v2/recipes?limit=2&page=2');
    expect(slugsOf(page1.json())).toEqual(['plov', 'lagman']);
    expect(slugsOf(page2.json())).toEqual(['samsa']);
    expect(page2.json().count).toBe(3);
  });

  it.each([
    ['?limit=101', 'limit'],
    ['?limit=1.5', 'limit'],
    ['?page=0', 'page'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const res = await t.get(`/v2/recipes${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual([field]);
  });

  it('answers 400 without the Shipper header', async () => {
    const res = await t.get('/v2/recipes', { shipper: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'Shipper', message: 'is required' }]);
  });
});

describe('GET /v2/recipes/:id', () => {
  it('finds a recipe by id and by slug', async () => {
    const byId = await t.get(`/v2/recipes/${ids.lagman}`);
    expect(byId.statusCode).toBe(200);
    expect(ZRecipe.parse(byId.json()).slug).toBe('lagman');
    const bySlug = await t.get('/v2/recipes/samsa');
    expect(bySlug.json().id).toBe(ids.samsa);
  });

  it('answers 404 for an unknown recipe and 400 for a malformed id', async () => {
    const unknown = await t.get('/v2/recipes/8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'RECIPE_NOT_FOUND', message: 'Рецепт не найден' });
    const bad = await t.get(`/v2/recipes/${encodeURIComponent('plov;drop')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].field).toBe('id');
  });
});
