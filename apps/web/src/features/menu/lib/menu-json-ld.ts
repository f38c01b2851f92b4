import type { TLocale, TMenuCategory } from '@app/contracts';
import { CURRENCY } from '@app/domain';

type JsonLd = Record<string, unknown>;

export type MenuJsonLdInput = {
  name: string;
  locale: TLocale;
  categories: TMenuCategory[];
  /** Absolute URL of a product page in the current locale. */
  productUrl: (slug: string) => string;
  /** Absolute URL of an image path served by the API. */
  imageUrl: (path: string) => string;
};

/** schema.org Menu (sections with items and their UZS offers), so search engines can show the menu. */
export function menuJsonLd({ name, locale, categories, productUrl, imageUrl }: MenuJsonLdInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name,
    inLanguage: locale,
    hasMenuSection: categories
      .filter((c) => c.products.length > 0)
      .map((category) => ({
        '@type': 'MenuSection',
        name: category.title[locale],
        hasMenuItem: category.products.map((p) => ({
          '@type': 'MenuItem',
          name: p.title[locale],
          // No descriptions here: the product pages carry them, and the menu page's HTML stays lean.
          url: productUrl(p.slug),
          ...(p.image ? { image: imageUrl(p.image.url) } : {}),
          offers: {
            '@type': 'Offer',
            price: p.out_price,
            priceCurrency: CURRENCY,
            availability: p.in_stop ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
          },
        })),
      })),
  };
}
