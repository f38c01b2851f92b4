import { CURRENCY } from '@app/domain';
import type { MenuView } from './menu-view';

type JsonLd = Record<string, unknown>;

export type MenuJsonLdInput = {
  name: string;
  locale: string;
  /** The menu in the page's locale (empty categories are already left out). */
  view: MenuView;
  /** Absolute URL of a product page in the current locale. */
  productUrl: (slug: string) => string;
};

/**
 * schema.org Menu (sections with items and their UZS offers), so search engines can show the menu.
 * Built from the same compact view the cards render from, so the browser needs no second copy of it.
 */
export function menuJsonLd({ name, locale, view, productUrl }: MenuJsonLdInput): JsonLd {
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
            // No descriptions or pictures here: the product pages' JSON-LD carries them, and the menu
            // page's HTML stays lean (70 picture URLs were 6.6 KB).
            url: productUrl(p.slug),
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
