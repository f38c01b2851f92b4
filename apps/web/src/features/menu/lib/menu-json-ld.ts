import { CURRENCY } from '@app/domain';
import { localizedUrl, paths } from '@/lib/paths';
import type { MenuView } from './menu-view';

type JsonLd = Record<string, unknown>;

export type MenuJsonLdInput = {
  name: string;
  locale: string;
  /** The menu in the page's locale (empty categories are already left out). */
  view: MenuView;
  siteUrl: string;
  defaultLocale: string;
  /**
   * The city whose menu it is, as the cards link their products (`MenuPlace.citySlug`): null for the
   * default city (Tashkent), else its slug.
   */
  citySlug: string | null;
};

/**
 * schema.org Menu (sections with items and their UZS offers), so search engines can show the menu.
 * Built from the same compact view the cards render from, so the browser needs no second copy of it.
 * Each item links the product's page in this menu's city and locale, the page that shows this price
 * and canonicalises to itself: `/product/x` in the default city, `/product/x?city=samarkand` in
 * another (as the cards, the sitemap and the product page's canonical URL name it).
 */
export function menuJsonLd({
  name,
  locale,
  view,
  siteUrl,
  defaultLocale,
  citySlug,
}: MenuJsonLdInput): JsonLd {
  const productUrl = (slug: string) =>
    localizedUrl(siteUrl, locale, paths.product(slug, citySlug), defaultLocale);
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
