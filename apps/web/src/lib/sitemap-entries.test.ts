import { describe, expect, it } from 'vitest';
import { sitemapEntries } from './sitemap-entries';

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
});
