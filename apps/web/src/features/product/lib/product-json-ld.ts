import type { TLocale, TProductDetail } from '@app/contracts';
import { CURRENCY } from '@app/domain';
import { localizedUrl, paths } from '@/lib/paths';

/**
 * schema.org Product with its UZS offer at the price of the city whose menu the page shows (and
 * rating once somebody has rated it). Its `url` is that city's page of the product in the locale,
 * the page's canonical URL (product-metadata.ts): `/product/x` in the default city,
 * `/product/x?city=samarkand` elsewhere. A dish that city's menu does not sell (`active_in_menu:
 * false`) has no price there: no offer, rather than the product's base price as if it were one.
 */
export function productJsonLd(input: {
  product: TProductDetail;
  locale: TLocale;
  siteUrl: string;
  defaultLocale: string;
  /** The city whose menu the page shows; null (or the default city) for the default one. */
  citySlug: string | null;
  imageUrl: string | null;
  available: boolean;
  brand: string;
}): Record<string, unknown> {
  const { product, locale } = input;
  const url = localizedUrl(
    input.siteUrl,
    locale,
    paths.product(product.slug, input.citySlug),
    input.defaultLocale,
  );
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
    url,
    ...(input.imageUrl ? { image: input.imageUrl } : {}),
    brand: { '@type': 'Brand', name: input.brand },
    ...(product.active_in_menu ? { offers: offer(prices, availability, url) } : {}),
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

/** One price: an Offer at the page's URL; several (sizes): their range. */
function offer(prices: number[], availability: string, url: string): Record<string, unknown> {
  return prices.length > 1
    ? {
        '@type': 'AggregateOffer',
        lowPrice: Math.min(...prices),
        highPrice: Math.max(...prices),
        offerCount: prices.length,
        priceCurrency: CURRENCY,
        availability,
      }
    : { '@type': 'Offer', price: prices[0], priceCurrency: CURRENCY, availability, url };
}
