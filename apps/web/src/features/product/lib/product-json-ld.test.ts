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
  url: 'https://site/uz/product/osh',
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
      offers: {
        '@type': 'Offer',
        price: 45_000,
        priceCurrency: 'UZS',
        availability: 'https://schema.org/InStock',
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
});
