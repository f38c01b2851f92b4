import type { TProductDetail } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { productJsonLd } from './product-json-ld';

const text = (s: string) => ({ ru: `${s}-ru`, uz: `${s}-uz`, en: `${s}-en` });
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const product: TProductDetail = {
  id: id(1),
  slug: 'osh',
  title: text('Osh'),
  description: text('Plov'),
  out_price: 45_000,
  type: 'simple',
  has_modifier: false,
  image: null,
  tags: [],
  categories: [],
  rating: 4.8,
  reviews_count: 12,
  weight: 350,
  energy: 600,
  cooking_time: 15,
  popularity: 1,
  fats: 1,
  proteins: 1,
  carbohydrates: 1,
  ingredients: text(''),
  allergens: text(''),
  active_in_menu: true,
  variants: [],
  combo_groups: [],
};
const input = {
  locale: 'uz' as const,
  siteUrl: 'https://site',
  defaultLocale: 'ru',
  citySlug: null,
  imageUrl: null,
  available: true,
  brand: 'Baraka',
};

describe('productJsonLd', () => {
  it('describes the product in the locale with a UZS offer and its rating', () => {
    const ld = productJsonLd({ ...input, product });
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Osh-uz',
      url: 'https://site/uz/product/osh',
      offers: {
        '@type': 'Offer',
        price: 45_000,
        priceCurrency: 'UZS',
        availability: 'https://schema.org/InStock',
        url: 'https://site/uz/product/osh',
      },
      aggregateRating: { ratingValue: 4.8, reviewCount: 12 },
    });
  });

  it('gives sizes a price range and leaves out an empty rating', () => {
    const ld = productJsonLd({
      ...input,
      available: false,
      product: {
        ...product,
        type: 'origin',
        reviews_count: 0,
        rating: 0,
        variants: [
          { id: id(2), title: text('S'), property: text('S'), out_price: 50_000, weight: 1 },
          { id: id(3), title: text('L'), property: text('L'), out_price: 80_000, weight: 1 },
        ],
      },
    });
    expect(ld.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: 50_000,
      highPrice: 80_000,
      availability: 'https://schema.org/OutOfStock',
    });
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it("names the page of the city whose price it gives, in the page's locale", () => {
    // A dish of both menus: Samarkand's page at the regions' price, Tashkent's without a city.
    const regions = { ...product, out_price: 42_000 };
    const samarkand = productJsonLd({ ...input, locale: 'en', citySlug: 'samarkand', product: regions });
    expect(samarkand.url).toBe('https://site/en/product/osh?city=samarkand');
    expect(samarkand.offers).toMatchObject({
      price: 42_000,
      url: 'https://site/en/product/osh?city=samarkand',
    });
    for (const city of [null, 'tashkent']) {
      const tashkent = productJsonLd({ ...input, locale: 'ru', citySlug: city, product });
      expect(tashkent.url).toBe('https://site/product/osh');
      expect(tashkent.offers).toMatchObject({ url: 'https://site/product/osh' });
    }
  });

  it("gives a dish of the regions' menu only an offer in a region, none on the default city's page", () => {
    const quince = { ...product, slug: 'plov-with-quince', out_price: 44_000 };
    expect(productJsonLd({ ...input, citySlug: 'bukhara', product: quince })).toMatchObject({
      url: 'https://site/uz/product/plov-with-quince?city=bukhara',
      offers: {
        '@type': 'Offer',
        price: 44_000,
        url: 'https://site/uz/product/plov-with-quince?city=bukhara',
      },
    });
    // Tashkent's menu does not sell it: its base price is no price of that city.
    const tashkent = productJsonLd({
      ...input,
      available: false,
      product: { ...quince, active_in_menu: false },
    });
    expect(tashkent.url).toBe('https://site/uz/product/plov-with-quince');
    expect(tashkent).not.toHaveProperty('offers');
    expect(tashkent).toMatchObject({ aggregateRating: { ratingValue: 4.8 } });
  });
});
