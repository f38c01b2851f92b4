import { describe, expect, it, vi } from 'vitest';
import { productDetail } from '@/test/product-fixtures';

vi.mock('server-only', () => ({}));
vi.stubEnv('SITE_URL', 'https://baraka.uz');
const { productMetadata } = await import('./product-metadata');

// Bought in Tashkent and the regions ('osh') and in the regions only ('plov-with-quince'): the API
// answers `active_in_menu` for the menu of the page's city, at that menu's price.
const osh = productDetail({ slug: 'osh' });
const quince = (activeInMenu: boolean) =>
  productDetail({ slug: 'plov-with-quince', active_in_menu: activeInMenu });

/** The canonical URL and the hreflang set, the same for each language's page of one city. */
const languages = (path: string) => ({
  ru: `https://baraka.uz${path}`,
  uz: `https://baraka.uz/uz${path}`,
  en: `https://baraka.uz/en${path}`,
  'x-default': `https://baraka.uz${path}`,
});

describe('productMetadata', () => {
  it('gives the default city the URL without a city, named or not', () => {
    for (const city of [null, 'tashkent']) {
      const meta = productMetadata(osh, 'uz', city);
      expect(meta.alternates).toEqual({
        canonical: 'https://baraka.uz/uz/product/osh',
        languages: languages('/product/osh'),
      });
      expect(meta.robots).toBeUndefined();
    }
  });

  it("canonicalises a dish of both menus on each city's own page, in each language", () => {
    expect(productMetadata(osh, 'ru', null).alternates?.canonical).toBe('https://baraka.uz/product/osh');
    for (const locale of ['ru', 'uz', 'en'] as const) {
      const meta = productMetadata(osh, locale, 'samarkand');
      expect(meta.alternates).toEqual({
        canonical: languages('/product/osh?city=samarkand')[locale],
        languages: languages('/product/osh?city=samarkand'),
      });
      expect(meta.openGraph).toMatchObject({ url: languages('/product/osh?city=samarkand')[locale] });
      expect(meta.robots).toBeUndefined();
    }
    expect(productMetadata(osh, 'en', 'bukhara').alternates?.canonical).toBe(
      'https://baraka.uz/en/product/osh?city=bukhara',
    );
  });

  it("indexes a dish of the regions' menu only on a region's page, not on the default city's", () => {
    const samarkand = productMetadata(quince(true), 'en', 'samarkand');
    expect(samarkand.alternates).toEqual({
      canonical: 'https://baraka.uz/en/product/plov-with-quince?city=samarkand',
      languages: languages('/product/plov-with-quince?city=samarkand'),
    });
    expect(samarkand.robots).toBeUndefined();
    // `/product/plov-with-quince` shows it 'Unavailable' at its base price: not a page to send anyone to.
    const tashkent = productMetadata(quince(false), 'en', null);
    expect(tashkent.robots).toEqual({ index: false, follow: true });
    expect(tashkent.alternates?.canonical).toBe('https://baraka.uz/en/product/plov-with-quince');
  });
});
