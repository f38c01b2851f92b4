import type { TLocale, TMenuProduct } from '@app/contracts';
import { matchesSearch } from '@app/domain';

export const MENU_SORTS = ['popular', 'price-asc', 'price-desc', 'rating', 'name'] as const;
export type MenuSort = (typeof MENU_SORTS)[number];
export const DEFAULT_MENU_SORT: MenuSort = 'popular';

export const isMenuSort = (value: unknown): value is MenuSort => MENU_SORTS.includes(value as MenuSort);

/** The few facts about a product the menu's client controls need: sent once, not per card. */
export type MenuItemFacts = {
  id: string;
  /** Titles in every locale, so a customer may type any of them in any script. */
  titles: string[];
  /** Title in the current locale, for sorting by name. */
  name: string;
  price: number;
  rating: number;
  popularity: number;
  tags: string[];
};

export const toMenuItemFacts = (p: TMenuProduct, locale: TLocale): MenuItemFacts => ({
  id: p.id,
  titles: [p.title.ru, p.title.uz, p.title.en],
  name: p.title[locale],
  price: p.out_price,
  rating: p.rating,
  popularity: p.popularity,
  tags: p.tags.map((t) => t.slug),
});

/** Intl has no Uzbek collation everywhere; Latin-script rules are the closest fallback. */
const collator = (locale: TLocale) =>
  new Intl.Collator(locale === 'uz' ? ['uz', 'en'] : locale, { sensitivity: 'base' });

/**
 * Products in the order the chosen sort shows them. Ties fall back to popularity, then the name,
 * so the order never depends on how the API happened to list them.
 */
export function sortMenuItems(
  items: readonly MenuItemFacts[],
  sort: MenuSort,
  locale: TLocale,
): MenuItemFacts[] {
  const byName = collator(locale);
  const tieBreak = (a: MenuItemFacts, b: MenuItemFacts) =>
    b.popularity - a.popularity || byName.compare(a.name, b.name);
  const compare: Record<MenuSort, (a: MenuItemFacts, b: MenuItemFacts) => number> = {
    popular: tieBreak,
    'price-asc': (a, b) => a.price - b.price || tieBreak(a, b),
    'price-desc': (a, b) => b.price - a.price || tieBreak(a, b),
    rating: (a, b) => b.rating - a.rating || tieBreak(a, b),
    name: (a, b) => byName.compare(a.name, b.name) || b.popularity - a.popularity,
  };
  return [...items].sort(compare[sort]);
}

/** Position of each product in the chosen sort (the cards use it as their CSS `order`). */
export function menuOrder(
  items: readonly MenuItemFacts[],
  sort: MenuSort,
  locale: TLocale,
): Map<string, number> {
  return new Map(sortMenuItems(items, sort, locale).map((item, index) => [item.id, index]));
}

export type MenuFilter = {
  /** Free text, matched against the titles in every locale and script. */
  query: string;
  /** Tag slugs; a product shows when it has ANY of them (none chosen = no tag filter). */
  tags: readonly string[];
};

export const isFilterActive = (filter: MenuFilter): boolean =>
  filter.query.trim() !== '' || filter.tags.length > 0;

/** Ids of the products the filter keeps. */
export function visibleMenuIds(items: readonly MenuItemFacts[], filter: MenuFilter): Set<string> {
  const query = filter.query.trim();
  return new Set(
    items
      .filter((item) => filter.tags.length === 0 || filter.tags.some((t) => item.tags.includes(t)))
      .filter((item) => query === '' || matchesSearch(query, item.titles))
      .map((item) => item.id),
  );
}
