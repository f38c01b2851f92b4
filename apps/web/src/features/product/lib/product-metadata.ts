import 'server-only';
import type { TLocale, TProductDetail } from '@app/contracts';
import type { Metadata } from 'next';
import { env } from '@/lib/env';
import { paths } from '@/lib/paths';
import { metaDescription, pageMetadata } from '@/lib/seo';

/** Per-locale title and description, canonical URL, hreflang alternates and preview image of a product. */
export function productMetadata(product: TProductDetail, locale: TLocale): Metadata {
  const largest = product.image ? [...product.image.sources].sort((a, b) => b.width - a.width)[0] : undefined;
  return pageMetadata({
    locale,
    path: paths.product(product.slug),
    title: product.title[locale],
    description: metaDescription(product.description[locale]),
    image: largest ? `${env().PUBLIC_API_URL}${largest.url}` : undefined,
  });
}
