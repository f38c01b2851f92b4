import { describe, expect, it } from 'vitest';
import { productPages, sitemapEntries, sitemapPages } from './sitemap-entries';

const TASHKENT_MENU = '11111111-1111-4111-8111-111111111111';
const REGIONS_MENU = '22222222-2222-4222-8222-222222222222';
// As the demo chain: Tashkent has its menu, Samarkand and Bukhara share the regions' one.
const cities = [
  { slug: 'tashkent', default_menu_id: TASHKENT_MENU },
  { slug: 'samarkand', default_menu_id: REGIONS_MENU },
  { slug: 'bukhara', default_menu_id: REGIONS_MENU },
];
// 'osh' is on both menus, 'plov-with-quince' on the regions' only, 'hot-dog' on Tashkent's only.
const menuProducts = new Map([
  [TASHKENT_MENU, ['osh', 'hot-dog']],
  [REGIONS_MENU, ['osh', 'plov-with-quince']],
]);

describe('sitemap entries', () => {
  it('lists each page in every locale with all alternates and x-default', () => {
    const entries = sitemapEntries('https://baraka.uz', ['ru', 'uz', 'en'], 'ru', [
      { path: '/' },
      { path: '/product/plov', lastModified: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(entries.map((e) => e.url)).toEqual([
      'https://baraka.uz/',
      'https://baraka.uz/uz',
      'https://baraka.uz/en',
      'https://baraka.uz/product/plov',
      'https://baraka.uz/uz/product/plov',
      'https://baraka.uz/en/product/plov',
    ]);
    expect(entries[4]?.alternates?.languages).toEqual({
      ru: 'https://baraka.uz/product/plov',
      uz: 'https://baraka.uz/uz/product/plov',
      en: 'https://baraka.uz/en/product/plov',
      'x-default': 'https://baraka.uz/product/plov',
    });
    expect(entries[3]?.lastModified).toBe('2026-01-01T00:00:00.000Z');
  });

  it("keeps a city's page in that city in every locale and its alternates", () => {
    const entries = sitemapEntries('https://baraka.uz', ['ru', 'uz', 'en'], 'ru', [
      { path: '/product/plov-with-quince?city=samarkand' },
    ]);
    expect(entries.map((e) => e.url)).toEqual([
      'https://baraka.uz/product/plov-with-quince?city=samarkand',
      'https://baraka.uz/uz/product/plov-with-quince?city=samarkand',
      'https://baraka.uz/en/product/plov-with-quince?city=samarkand',
    ]);
    const languages = {
      ru: 'https://baraka.uz/product/plov-with-quince?city=samarkand',
      uz: 'https://baraka.uz/uz/product/plov-with-quince?city=samarkand',
      en: 'https://baraka.uz/en/product/plov-with-quince?city=samarkand',
      'x-default': 'https://baraka.uz/product/plov-with-quince?city=samarkand',
    };
    // Every language's entry names the same set, itself among them (hreflang must be reciprocal).
    for (const entry of entries) {
      expect(entry.alternates?.languages).toEqual(languages);
      expect(Object.values(languages)).toContain(entry.url);
    }
  });

  it('lists the working branches and leaves out one that is closed for now', () => {
    const paths = sitemapPages({
      menuProducts,
      news: [{ slug: 'opening', published_at: '2026-01-01T00:00:00.000Z' }],
      recipes: [{ slug: 'somsa' }],
      branches: [
        { slug: 'tashkent-chilonzor', is_active: true },
        { slug: 'tashkent-oybek', is_active: false },
      ],
      cities,
    }).map((p) => p.path);
    expect(paths).toContain('/branches/tashkent-chilonzor');
    expect(paths).not.toContain('/branches/tashkent-oybek');
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/contacts',
        '/samarkand',
        '/bukhara',
        '/product/osh',
        '/product/osh?city=samarkand',
        '/news/opening',
        '/recipes/somsa',
      ]),
    );
    expect(paths.filter((p) => p === '/')).toHaveLength(1);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe('product pages of the sitemap', () => {
  const pages = productPages(cities, menuProducts);
  const paths = pages.map((p) => p.path);

  it("lists a dish of the regions' menu only in the cities that sell it, never without a city", () => {
    expect(paths.filter((p) => p.startsWith('/product/plov-with-quince'))).toEqual([
      '/product/plov-with-quince?city=samarkand',
      '/product/plov-with-quince?city=bukhara',
    ]);
    // `/product/plov-with-quince` is Tashkent's page: 'Unavailable', at no city's price.
    expect(paths).not.toContain('/product/plov-with-quince');
  });

  it("lists a dish of both menus once in each city, each at that city's URL", () => {
    expect(paths.filter((p) => p.startsWith('/product/osh'))).toEqual([
      '/product/osh',
      '/product/osh?city=samarkand',
      '/product/osh?city=bukhara',
    ]);
  });

  it('lists a dish of the default city by its URL without a city, and nowhere else', () => {
    expect(paths.filter((p) => p.startsWith('/product/hot-dog'))).toEqual(['/product/hot-dog']);
    expect(paths.some((p) => p.includes('city=tashkent'))).toBe(false);
    expect(pages.every((p) => p.priority === 0.8)).toBe(true);
  });

  it('lists nothing for a city whose menu is unknown, and a repeated city once', () => {
    expect(productPages([{ slug: 'termez', default_menu_id: 'unknown' }], menuProducts)).toEqual([]);
    expect(
      productPages([...cities, { slug: 'samarkand', default_menu_id: REGIONS_MENU }], menuProducts).map(
        (p) => p.path,
      ),
    ).toEqual(paths);
  });

  it("gives every city's page all three languages in the sitemap", () => {
    const entries = sitemapEntries('https://baraka.uz', ['ru', 'uz', 'en'], 'ru', pages);
    expect(entries.map((e) => e.url)).toEqual(
      expect.arrayContaining([
        'https://baraka.uz/en/product/plov-with-quince?city=bukhara',
        'https://baraka.uz/uz/product/osh?city=samarkand',
        'https://baraka.uz/en/product/osh',
      ]),
    );
    expect(entries).toHaveLength(paths.length * 3);
  });
});
