import { describe, expect, it } from 'vitest';
import { sitemapEntries, sitemapPages } from './sitemap-entries';

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

  it('lists the working branches and leaves out one that is closed for now', () => {
    const paths = sitemapPages({
      products: ['plov'],
      news: [{ slug: 'opening', published_at: '2026-01-01T00:00:00.000Z' }],
      recipes: [{ slug: 'somsa' }],
      branches: [
        { slug: 'tashkent-chilonzor', is_active: true },
        { slug: 'tashkent-oybek', is_active: false },
      ],
      cities: [{ slug: 'tashkent' }, { slug: 'samarkand' }],
    }).map((p) => p.path);
    expect(paths).toContain('/branches/tashkent-chilonzor');
    expect(paths).not.toContain('/branches/tashkent-oybek');
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/contacts',
        '/samarkand',
        '/product/plov',
        '/news/opening',
        '/recipes/somsa',
      ]),
    );
    expect(paths.filter((p) => p === '/')).toHaveLength(1);
  });
});
