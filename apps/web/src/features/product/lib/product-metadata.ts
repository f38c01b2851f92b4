import 'server-only';
import type { TLocale, TProductDetail } from '@app/contracts';
import type { Metadata } from 'next';
import { env } from '@/lib/env';
import { paths } from '@/lib/paths';
import { metaDescription, pageMetadata } from '@/lib/seo';

/**
 * Per-locale title and description, canonical URL, hreflang alternates and preview image of a
 * product's page in the city whose menu it shows (`citySlug`, resolved: a known city, or the default
 * one the page falls back to). The canonical URL is `paths.product(slug, city)`, as the city's menu
 * links it, the sitemap lists it and the page's JSON-LD names it: `/product/x` in Tashkent,
 * `/product/x?city=samarkand` elsewhere, in each locale. A city's page canonicalises to itself, never
 * to another city's (another price). A dish that city's menu does not sell
 * (`active_in_menu: false`: 'Unavailable', at no price of that city) is left out of the index; the
 * cities that sell it have pages of their own (the sitemap lists them).
 */
export function productMetadata(product: TProductDetail, locale: TLocale, citySlug: string | null): Metadata {
  const largest = product.image ? [...product.image.sources].sort((a, b) => b.width - a.width)[0] : undefined;
  return pageMetadata({
    locale,
    path: paths.product(product.slug, citySlug),
    title: product.title[locale],
    description: metaDescription(product.description[locale]),
    image: largest ? `${env().PUBLIC_API_URL}${largest.url}` : undefined,
    noIndex: !product.active_in_menu,
  });
}
