import { ZProductDetail, ZProductListResponse } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuProducts } from '../../db/schema/index.ts';
import { stableId } from '../../db/seed/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tashkentMenu = stableId('menu', 'tashkent');
const regionsMenu = stableId('menu', 'regions');

async function slugsFor(query: string): Promise<string[]> {
  const res = await t.get(`/v2/product?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZProductListResponse.parse(res.json()).products.map((p) => p.slug ?? '');
}

describe('GET /v2/product', () => {
  it('lists the menu products, not the variants of origin products', async () => {
    const res = await t.get('/v2/product?limit=100');
    expect(res.statusCode).toBe(200);
    const body = ZProductListResponse.parse(res.json());
    const slugs = body.products.map((p) => p.slug);
    expect(body.count).toBe(9);
    expect(slugs).toContain('margherita');
    expect(slugs).not.toContain('margherita-25');
    expect(slugs).not.toContain('margherita-35');
  });

  it('summarises a product with its categories, tags, rating from reviews and modifiers flag', async () => {
    const res = await t.get('/v2/product?search=beef');
    const wrap = ZProductListResponse.parse(res.json()).products[0];
    expect(wrap).toMatchObject({
      slug: 'beef-wrap',
      out_price: 32_000,
      has_modifier: true,
      reviews_count: 3,
      rating: 4.3,
      categories: [{ slug: 'wraps' }],
      tags: [{ slug: 'spicy' }, { slug: 'new' }],
    });
    expect(wrap?.image?.sources.map((s) => s.width)).toEqual([160, 320, 640]);
    const cola = ZProductListResponse.parse((await t.get('/v2/product?search=cola')).json()).products[0];
    expect(cola).toMatchObject({ slug: 'cola', has_modifier: false, rating: 0, reviews_count: 0 });
  });

  describe('search', () => {
    it('finds a Cyrillic-only title from Latin (lavash → Лаваш), any case', async () => {
      expect(await slugsFor('search=lavash')).toEqual(['beef-wrap']);
      expect(await slugsFor('search=LAVASH')).toEqual(['beef-wrap']);
    });

    it('finds it in Cyrillic too (лаваш, ЛАВАШ)', async () => {
      expect(await slugsFor(`search=${encodeURIComponent('лаваш')}`)).toEqual(['beef-wrap']);
      expect(await slugsFor(`search=${encodeURIComponent('ЛАВАШ')}`)).toEqual(['beef-wrap']);
    });

    it('finds a Latin-only title from Cyrillic (плов finds "Plov", poytaxt via пойтахт)', async () => {
      expect(await slugsFor(`search=${encodeURIComponent('пойтахт')}`)).toEqual(['capital-plov']);
      expect(await slugsFor(`search=${encodeURIComponent('плов')}`)).toEqual(['capital-plov']);
    });

    it("finds Uzbek Latin with any apostrophe (qo'y, qoʻy, qo‘y, QO’Y)", async () => {
      for (const q of ["qo'y", 'qoʻy', 'qo‘y', 'QO’Y']) {
        expect(await slugsFor(`search=${encodeURIComponent(q)}`), q).toEqual(['lamb-shashlik']);
      }
    });

    it('tolerates ru/uz spelling of one dish (somsa ~ самса)', async () => {
      expect(await slugsFor('search=somsa')).toEqual(['tandoor-pastry']);
      expect(await slugsFor('search=samsa')).toEqual(['tandoor-pastry']);
    });

    it("takes a word under four letters only at a word's start ('osh' is not inside \"go'sht\")", async () => {
      // "Poytaxt oshi" is the plov; "Mol go'shtli o'rama" and "Qo'y go'shtidan shashlik" hold 'osh'
      // inside a word only (SEARCH_MIN_INFIX in @app/domain).
      expect(await slugsFor('search=osh')).toEqual(['capital-plov']);
      expect(await slugsFor(`search=${encodeURIComponent('ош')}`)).toEqual(['capital-plov']);
      // From four letters on a word may sit inside another: 'osht' finds both go'sht dishes.
      expect((await slugsFor('search=osht')).sort()).toEqual(['beef-wrap', 'lamb-shashlik']);
    });

    it('needs every word and finds nothing for an unknown word', async () => {
      expect(await slugsFor(`search=${encodeURIComponent('lavash говядин')}`)).toEqual(['beef-wrap']);
      expect(await slugsFor('search=lavash%20pizza')).toEqual([]);
      expect(await slugsFor('search=wasabi')).toEqual([]);
    });

    it('treats a query of punctuation only (a LIKE wildcard) as no search, not as an error', async () => {
      expect(await slugsFor('search=%25')).toHaveLength(9);
      expect(await slugsFor('search=_')).toHaveLength(9);
    });

    it('ranks a title starting with the query first', async () => {
      // 'pi' starts 'pitsa' (Margherita) and 'pishloq' is only a modifier; kola is in Coca-Cola.
      const slugs = await slugsFor('search=kola');
      expect(slugs[0]).toBe('cola');
    });
  });

  it('pages with page and limit, counting every match', async () => {
    const first = ZProductListResponse.parse((await t.get('/v2/product?limit=4&page=1')).json());
    const third = ZProductListResponse.parse((await t.get('/v2/product?limit=4&page=3')).json());
    const beyond = ZProductListResponse.parse((await t.get('/v2/product?limit=4&page=4')).json());
    expect(first.count).toBe(9);
    expect(first.products).toHaveLength(4);
    expect(third.products).toHaveLength(1);
    expect(beyond.products).toHaveLength(0);
    const all = ZProductListResponse.parse((await t.get('/v2/product?limit=100')).json()).products.map(
      (p) => p.id,
    );
    expect(first.products.map((p) => p.id)).toEqual(all.slice(0, 4));
  });

  it('returns only the requested fields plus id', async () => {
    const res = await t.get('/v2/product?fields=title,out_price&limit=2');
    expect(res.statusCode).toBe(200);
    for (const p of res.json().products) expect(Object.keys(p).sort()).toEqual(['id', 'out_price', 'title']);
  });

  it('filters by product_types', async () => {
    expect(await slugsFor('product_types=combo')).toEqual(['lunch-combo']);
    expect((await slugsFor('product_types=origin,combo')).sort()).toEqual(['lunch-combo', 'margherita']);
  });

  it("limits to one menu at that menu's prices", async () => {
    const regions = ZProductListResponse.parse(
      (await t.get(`/v2/product?menu_id=${regionsMenu}&limit=100`)).json(),
    );
    const tashkent = ZProductListResponse.parse(
      (await t.get(`/v2/product?menu_id=${tashkentMenu}&limit=100`)).json(),
    );
    const price = (list: typeof regions, slug: string) =>
      list.products.find((p) => p.slug === slug)?.out_price;
    expect(price(tashkent, 'beef-wrap')).toBe(32_000);
    expect(price(regions, 'beef-wrap')).toBe(29_000);
    expect(regions.products.map((p) => p.slug)).not.toContain('capital-plov');
    expect(regions.count).toBe(regions.products.length);
    expect(tashkent.count).toBe(9);
  });

  it.each([
    ['limit=101', 'limit', 'limit must be at most 100'],
    ['limit=0', 'limit', 'limit must be at least 1'],
    ['page=0', 'page', 'page must be at least 1'],
    ['page=abc', 'page', 'page must be a number'],
    ['limit=2.5', 'limit', 'limit must be a whole number'],
    ['product_types=soup', 'product_types[0]', 'must be one of: simple, combo, origin'],
    ['fields=price', 'fields[0]', 'must be one of'],
    ['menu_id=not-a-uuid', 'menu_id', 'menu_id must be a uuid'],
  ])('answers 400 naming the field for %s', async (query, field, message) => {
    const res = await t.get(`/v2/product?${query}`, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(body.message).toMatch(/^Invalid query: /);
    expect(body.message).toContain(message);
    expect(body.fields[0].field).toBe(field);
  });

  it('answers 404 for a menu that does not exist', async () => {
    const res = await t.get(`/v2/product?menu_id=${stableId('menu', 'nowhere')}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'MENU_NOT_FOUND' });
  });
});

describe('GET /v2/product/:id', () => {
  it('finds a product by slug and by id, the same', async () => {
    const bySlug = await t.get('/v2/product/beef-wrap');
    expect(bySlug.statusCode).toBe(200);
    const byId = await t.get(`/v2/product/${stableId('product', 'beef-wrap')}`);
    expect(byId.json()).toEqual(bySlug.json());
    const detail = ZProductDetail.parse(bySlug.json());
    expect(detail).toMatchObject({ fats: 12.5, active_in_menu: true, variants: [], combo_groups: [] });
  });

  it('gives an origin product its variants with their own prices, on a menu at that menu', async () => {
    const base = ZProductDetail.parse((await t.get('/v2/product/margherita')).json());
    expect(base.variants.map((v) => [v.property.en, v.out_price])).toEqual([
      ['25 cm', 55_000],
      ['35 cm', 79_000],
    ]);
    const regions = ZProductDetail.parse(
      (await t.get(`/v2/product/margherita?menu_id=${regionsMenu}`)).json(),
    );
    expect(regions.out_price).toBe(50_000);
    expect(regions.variants.map((v) => v.out_price)).toEqual([50_000, 74_000]);
  });

  it('leaves out the sizes the menu does not sell; with none left the product is not active there', async () => {
    const size = (slug: string) => stableId('product', slug);
    const onRegions = (slugs: string[]) =>
      and(eq(menuProducts.menuId, regionsMenu), inArray(menuProducts.productId, slugs.map(size)));
    const taken = await t.db.db
      .delete(menuProducts)
      .where(onRegions(['margherita-35']))
      .returning();
    try {
      const one = ZProductDetail.parse((await t.get(`/v2/product/margherita?menu_id=${regionsMenu}`)).json());
      expect(one.variants.map((v) => [v.property.en, v.out_price])).toEqual([['25 cm', 50_000]]);
      expect(one.active_in_menu).toBe(true);
      taken.push(
        ...(await t.db.db
          .delete(menuProducts)
          .where(onRegions(['margherita-25']))
          .returning()),
      );
      const none = ZProductDetail.parse(
        (await t.get(`/v2/product/margherita?menu_id=${regionsMenu}`)).json(),
      );
      expect(none.variants).toEqual([]);
      expect(none.active_in_menu).toBe(false);
      // The other menu still sells both.
      const tashkent = ZProductDetail.parse(
        (await t.get(`/v2/product/margherita?menu_id=${tashkentMenu}`)).json(),
      );
      expect(tashkent.variants).toHaveLength(2);
      expect(tashkent.active_in_menu).toBe(true);
    } finally {
      if (taken.length) await t.db.db.insert(menuProducts).values(taken);
    }
  });

  it("answers 404 for a size's slug or id: a size is ordered through its origin product", async () => {
    for (const ref of ['margherita-25', stableId('product', 'margherita-35')]) {
      const res = await t.get(`/v2/product/${ref}`);
      expect(res.statusCode, ref).toBe(404);
      expect(res.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND' });
    }
    expect((await t.get(`/v2/product/margherita-25?menu_id=${tashkentMenu}`)).statusCode).toBe(404);
  });

  it('gives a combo its groups with the products to choose from', async () => {
    const combo = ZProductDetail.parse((await t.get('/v2/product/lunch-combo')).json());
    expect(combo.combo_groups.map((g) => g.title.en)).toEqual(['Main', 'Drink']);
    expect(combo.combo_groups[0]?.variants).toEqual([
      expect.objectContaining({
        product_id: stableId('product', 'beef-wrap'),
        out_price: 0,
        title: expect.objectContaining({ en: 'Beef wrap' }),
      }),
      expect.objectContaining({ product_id: stableId('product', 'lamb-shashlik'), out_price: 3_000 }),
    ]);
  });

  it('says whether a menu sells it', async () => {
    const res = await t.get(`/v2/product/capital-plov?menu_id=${regionsMenu}`);
    expect(ZProductDetail.parse(res.json()).active_in_menu).toBe(false);
  });

  it('answers 404 for an unknown slug or id and 400 for a malformed one', async () => {
    expect((await t.get('/v2/product/no-such-dish')).statusCode).toBe(404);
    const unknownId = await t.get(`/v2/product/${stableId('product', 'nothing')}`);
    expect(unknownId.statusCode).toBe(404);
    expect(unknownId.json()).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: 'Блюдо не найдено' });
    const bad = await t.get('/v2/product/bad%20slug!', { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid path: id must be an id or a slug');
  });
});
