import type { TLocale, TProductDetail } from '@app/contracts';
import { CURRENCY } from '@app/domain';

/** schema.org Product with its UZS offer (and rating once somebody has rated it). */
export function productJsonLd(input: {
  product: TProductDetail;
  locale: TLocale;
  url: string;
  imageUrl: string | null;
  available: boolean;
  brand: string;
}): Record<string, unknown> {
  const { product, locale } = input;
  const prices =
    product.type === 'origin' && product.variants.length > 0
      ? product.variants.map((v) => v.out_price)
      : [product.out_price];
  const availability = input.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title[locale],
    description: product.description[locale],
    url: input.url,
    ...(input.imageUrl ? { image: input.imageUrl } : {}),
    brand: { '@type': 'Brand', name: input.brand },
    offers:
      prices.length > 1
        ? {
            '@type': 'AggregateOffer',
            lowPrice: Math.min(...prices),
            highPrice: Math.max(...prices),
            offerCount: prices.length,
            priceCurrency: CURRENCY,
            availability,
          }
        : { '@type': 'Offer', price: prices[0], priceCurrency: CURRENCY, availability, url: input.url },
    ...(product.reviews_count > 0 && product.rating > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating,
            reviewCount: product.reviews_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
