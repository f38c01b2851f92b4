import { CURRENCY } from '@app/domain';
import { type MenuView, menuImageFiles } from './menu-view';

type JsonLd = Record<string, unknown>;

export type MenuJsonLdInput = {
  name: string;
  locale: string;
  /** The menu in the page's locale (empty categories are already left out). */
  view: MenuView;
  /** Absolute URL of a product page in the current locale. */
  productUrl: (slug: string) => string;
  /** Absolute URL of an image path served by the API. */
  imageUrl: (path: string) => string;
};

/**
 * schema.org Menu (sections with items and their UZS offers), so search engines can show the menu.
 * Built from the same compact view the cards render from, so the browser needs no second copy of it.
 */
export function menuJsonLd({ name, locale, view, productUrl, imageUrl }: MenuJsonLdInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name,
    inLanguage: locale,
    hasMenuSection: view.categories.map((category) => ({
      '@type': 'MenuSection',
      name: category.title,
      hasMenuItem: category.items.flatMap((i) => {
        const p = view.products[i];
        if (!p) return [];
        return [
          {
            '@type': 'MenuItem',
            name: p.name,
            // No descriptions here: the product pages carry them, and the menu page's HTML stays lean.
            url: productUrl(p.slug),
            ...(p.image ? { image: imageUrl(menuImageFiles(p.image).url) } : {}),
            offers: {
              '@type': 'Offer',
              price: p.price,
              priceCurrency: CURRENCY,
              availability: p.inStop ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
            },
          },
        ];
      }),
    })),
  };
}
