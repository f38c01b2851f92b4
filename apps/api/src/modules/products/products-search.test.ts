/**
 * GET /v2/product?search= finds exactly what @app/domain's search rule finds, in its order: the API
 * (the database asking the stored keys, products.search.ts) against `searchRank` itself over each
 * product's texts (productSearchTexts), on the same products and the same queries. The products are
 * the fixture chain's, the demo chain's dishes (real names in three scripts) and a few written for the
 * joined-words match; the queries are the domain's own test cases and many cut from the titles
 * (words, their starts and insides, words joined, pieces across words and across texts).
 */
import type { TLocalizedText } from '@app/contracts';
import { ZProductListResponse } from '@app/contracts';
import { matchesSearch, searchKey, searchRank } from '@app/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { products as demoProducts } from '../../db/seed/data/products.ts';
import type { SeedProduct } from '../../db/seed/types.ts';
import { DEMO_SHIPPER_ID } from '../../env.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { fixtureCatalog } from '../../test/fixture-catalog.ts';
import {
  productSearch,
  productSearchTexts,
  storedSearchKey,
  storedSearchSkeleton,
} from './products.search.ts';

const t3 = (ru: string, uz: string, en: string): TLocalizedText => ({ ru, uz, en });

/** A listed simple product on the 'tashkent' menu (only its texts and order matter here). */
const dish = (slug: string, title: TLocalizedText, popularity = 10): SeedProduct => ({
  slug,
  type: 'simple',
  categories: [],
  tags: [],
  title,
  description: title,
  ingredients: title,
  allergens: title,
  price: 10_000,
  menus: { tashkent: 10_000 },
  weight: 100,
  energy: 100,
  fats: 1,
  proteins: 1,
  carbohydrates: 1,
  cooking_time: 10,
  popularity,
  image: { icon: 'pot-of-food', background: '#f5e6d3' },
});

/** For the joined-words match, both ways, and against a match across two texts. */
const JOINED = [
  dish('chak-chak', t3('Чак-чак', 'Chak-chak', 'Chak-chak'), 40),
  dish('honey-roll', t3('Чакчак рулет', 'Chakchak rulet', 'Chakchak roll'), 30),
  dish('triple-lavash', t3('Лаваш', 'Lavash', 'Lavash'), 20),
  dish('ice-cream', t3('Мороженое пломбир', 'Muzqaymoq', 'Ice cream'), 5),
];

const fixtureSlugs = new Set(fixtureCatalog.products.map((p) => p.slug));
const DEMO = demoProducts
  .filter((p) => !fixtureSlugs.has(p.slug))
  .map((p, i) => dish(p.slug, p.title, p.popularity ?? i));
const catalog = { ...fixtureCatalog, products: [...fixtureCatalog.products, ...JOINED, ...DEMO] };

let t: TestApp;
/** The statements the app sends while `recording` is set (a request's own). */
let recording: string[] | null = null;
/** Every listed product, as the rule sees it and in the list's own order. */
let listed: { slug: string; title: TLocalizedText; popularity: number; position: number }[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    seed: { catalog },
    logQuery: (query) => {
      recording?.push(query);
    },
  });
  listed = await t.db.db
    .select({
      slug: products.slug,
      title: products.title,
      popularity: products.popularity,
      position: products.position,
    })
    .from(products)
    .where(
      and(eq(products.shipperId, DEMO_SHIPPER_ID), eq(products.isActive, true), isNull(products.parentId)),
    );
});
afterAll(async () => {
  await t?.close();
});

/** What the domain's rule finds among the listed products, best first (rank, popularity, position). */
function domainFinds(query: string): string[] {
  if (searchKey(query) === '') return [...listed].sort((a, b) => a.position - b.position).map((p) => p.slug);
  return listed
    .flatMap((p) => {
      const rank = searchRank(query, productSearchTexts(p));
      return rank === null ? [] : [{ p, rank }];
    })
    .sort((a, b) => a.rank - b.rank || b.p.popularity - a.p.popularity || a.p.position - b.p.position)
    .map(({ p }) => p.slug);
}

/** What GET /v2/product?search= finds, every page, and its count. */
async function apiFinds(query: string): Promise<{ slugs: string[]; count: number }> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const res = await t.get(`/v2/product?search=${encodeURIComponent(query)}&limit=100&page=${page}`);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    const body = ZProductListResponse.parse(res.json());
    slugs.push(...body.products.map((p) => p.slug ?? ''));
    if (body.products.length < 100) return { slugs, count: body.count };
  }
}

async function expectSame(query: string) {
  const api = await apiFinds(query);
  const domain = domainFinds(query);
  expect(api.slugs, JSON.stringify(query)).toEqual(domain);
  expect(api.count, JSON.stringify(query)).toBe(domain.length);
}

/** The queries of packages/domain's search.test.ts, and a few more of the same kind. */
const DOMAIN_CASES = [
  'lavash',
  'Лаваш',
  'LAVASH',
  'лав',
  'shashlik',
  'шашлык',
  'shashlyk',
  'шашлик',
  'chuchvara',
  'чучвара',
  'xonim',
  'ханум',
  'khanum',
  'хоним',
  'самса',
  'somsa',
  'samsa',
  'лагмон',
  "lag'mon",
  'lagʻmon',
  'narin',
  'норин',
  'қази',
  'kazi',
  'кола',
  'cola',
  'kola',
  'pitsa',
  'пицца',
  'лепешка',
  'lepyoshka',
  'ачичук',
  'аччиқ чучук',
  'achchiq',
  'курица',
  'чакчак',
  'chakchak',
  'chak chak',
  'Chak-chak',
  'чак-чак',
  'akch',
  'osh',
  'ош',
  'osht',
  'ash',
  'plov',
  'плов',
  'пойтахт',
  "qo'y",
  'tashkent',
  'lavash beef',
  'lavash lamb',
  'lavash говядин',
  'burger',
  'zzz',
  'wasabi',
  'shla',
  'hla',
  'lavashlavash',
  'icecream',
  'ice crea',
  'creamice',
  'ceam',
  '',
  ' ,. ',
  '%',
  '_',
  '-',
];

/** Queries cut from every text of every product: the kinds of match the rule knows, and near misses. */
function generatedQueries(): string[] {
  const queries = new Set<string>();
  for (const p of [...fixtureCatalog.products, ...JOINED, ...DEMO]) {
    const texts = productSearchTexts(p);
    texts.forEach((text, i) => {
      const words = text.split(/[\s\-,.()]+/).filter(Boolean);
      queries.add(text);
      for (const [j, word] of words.entries()) {
        queries.add(word);
        for (const n of [1, 2, 3, 4, 5]) if (word.length > n) queries.add(word.slice(0, n));
        if (word.length > 4) queries.add(word.slice(1, 5)); // inside a word
        if (word.length > 3) queries.add(word.slice(1, 4)); // a short one inside: no match at a start
        const next = words[j + 1];
        if (next) {
          queries.add(`${word}${next}`); // joined
          queries.add(`${word.slice(-2)}${next.slice(0, 3)}`); // across two words of one text
          queries.add(`${next} ${word}`); // the words the other way round
        }
      }
      const following = texts[i + 1];
      // Across two texts: one text's end with the next one's start.
      if (following) queries.add(`${searchKey(text).slice(-3)}${searchKey(following).slice(0, 3)}`);
    });
  }
  return [...queries];
}

describe('GET /v2/product?search=: the domain’s rule, exactly', () => {
  it('stores each product’s texts apart, keyed as the domain folds them', async () => {
    const rows = await t.db.db
      .select({
        slug: products.slug,
        title: products.title,
        key: products.searchKey,
        skeleton: products.searchSkeleton,
      })
      .from(products)
      .where(eq(products.slug, 'chak-chak'));
    expect(rows[0]).toMatchObject({ key: 'chak chak | chak chak | chak chak | chak chak' });
    for (const row of rows) {
      expect(row.key).toBe(storedSearchKey(row));
      expect(row.skeleton).toBe(storedSearchSkeleton(row));
    }
  });

  it.each(DOMAIN_CASES)('%j: as the domain finds, in its order', async (query) => {
    await expectSame(query);
  });

  it('finds joined words both ways, and no match made across two texts', async () => {
    // 'chakchak' finds the hyphenated dishes (and the joined one first: its title starts so),
    // 'chak chak' the joined one too; 'icecream' finds 'Ice cream'.
    const hyphenated = ['chak-chak', 'dessert-chak-chak'];
    for (const query of ['chakchak', 'чакчак', 'ЧАКЧАК']) {
      const { slugs } = await apiFinds(query);
      expect(slugs[0], query).toBe('honey-roll');
      expect(slugs, query).toEqual(expect.arrayContaining(hyphenated));
    }
    expect((await apiFinds('chak chak')).slugs).toEqual(
      expect.arrayContaining([...hyphenated, 'honey-roll']),
    );
    expect((await apiFinds('icecream')).slugs).toEqual(expect.arrayContaining(['ice-cream']));
    // 'Lavash' three times is 'lavash lavash ...' only across its texts: 'shla' is in none of them.
    expect(matchesSearch('shla', productSearchTexts(JOINED[2] as SeedProduct))).toBe(false);
    expect((await apiFinds('shla')).slugs).not.toContain('triple-lavash');
    expect((await apiFinds('lavashlavash')).slugs).toEqual([]);
  });

  it('agrees with the domain on queries cut from every title', { timeout: 300_000 }, async () => {
    const queries = generatedQueries();
    expect(queries.length).toBeGreaterThan(1_000);
    const disagreements: string[] = [];
    for (const query of queries) {
      const api = await apiFinds(query);
      const domain = domainFinds(query);
      if (JSON.stringify(api.slugs) !== JSON.stringify(domain) || api.count !== domain.length) {
        disagreements.push(
          `${JSON.stringify(query)}: API ${api.slugs.join(',')} / domain ${domain.join(',')}`,
        );
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('GET /v2/product?search=: hostile queries cost a bounded amount', () => {
  const HOSTILE = [
    'a'.repeat(100),
    'я'.repeat(100),
    'щ'.repeat(100),
    Array.from({ length: 50 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' '),
    Array.from({ length: 33 }, (_, i) => `k${String.fromCharCode(97 + (i % 26))}`).join(' '),
    'lavash '.repeat(14).trim(),
    '%_\\'.repeat(33),
    "'".repeat(100),
    '- - - - - - - - - - ',
  ];

  /** The statements of one search request, and the LIKE patterns in them. */
  async function statementsOf(query: string): Promise<{ statements: number; likes: number }> {
    recording = [];
    try {
      const res = await t.get(`/v2/product?search=${encodeURIComponent(query)}&limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      const sent = recording.filter((q) => !/^\s*(begin|commit|rollback)\b/i.test(q));
      return { statements: sent.length, likes: sent.join('\n').match(/\blike\b/gi)?.length ?? 0 };
    } finally {
      recording = null;
    }
  }

  it.each(HOSTILE)('%j: answered as the domain finds', async (query) => {
    expect(query.length).toBeLessThanOrEqual(100);
    await expectSame(query);
  });

  it('sends no more statements for a hostile query than for one word, with a pattern or three a distinct word', async () => {
    // A search of one word that finds products: the list, its count and the summaries' extras.
    const one = await statementsOf('lavash');
    for (const query of HOSTILE) {
      const plan = productSearch(query);
      const sent = await statementsOf(query);
      expect(sent.statements, query).toBeLessThanOrEqual(one.statements);
      // The list and its count ask the rule, the list its rank too: per distinct word at most a
      // pattern as typed and one by skeleton, twice (where and rank), and once more for the rank.
      const words = plan?.words.length ?? 0;
      expect(sent.likes, query).toBeLessThanOrEqual(2 * (2 * words + 1) + (words + 2));
    }
  });

  it('asks each distinct word once: a bounded number of patterns, whatever the query', () => {
    // 100 characters make at most 50 words; a repeated word asks nothing more.
    expect(productSearch('lavash '.repeat(14))?.words).toHaveLength(1);
    const many = productSearch(
      Array.from({ length: 50 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' '),
    );
    // 26 letters fold to 21 (x = h, q = c = k, w = v, y = i).
    expect(many?.words).toHaveLength(21);
    expect(productSearch('%_\\'.repeat(33))).toBeUndefined();
    expect(productSearch("'".repeat(100))).toBeUndefined();
  });

  it('refuses a query longer than 100 characters (400)', async () => {
    const res = await t.get(`/v2/product?search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
  });
});
