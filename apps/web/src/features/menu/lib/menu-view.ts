import type { TImage, TLocale, TMenuProductsResponse } from '@app/contracts';
import { matchesSearch } from '@app/domain';

export const MENU_SORTS = ['popular', 'price-asc', 'price-desc', 'rating', 'name'] as const;
export type MenuSort = (typeof MENU_SORTS)[number];
export const DEFAULT_MENU_SORT: MenuSort = 'popular';

export const isMenuSort = (value: unknown): value is MenuSort => MENU_SORTS.includes(value as MenuSort);

/**
 * A card's picture, compact: the files' shared path written once (`/images/.../plov-` + `160.webp`,
 * `320.webp`...), no alt texts (the cards' pictures are decorative). 70 cards' file lists were half
 * of the menu's bytes in the flight payload. `menuImageFiles` turns it back into the API's shape.
 */
export type MenuImage = {
  width: number;
  height: number;
  prefix: string;
  /**
   * [width, rest of the path], smallest first: the first is the API's `url` (its smallest file).
   * Left out when they are the API's usual three (`STANDARD_FILES`), as for every demo picture.
   */
  files?: [number, string][];
};

/** The files the API writes for a picture: 160, 320 and 640 px wide WebP. */
const STANDARD_FILES: readonly (readonly [number, string])[] = [
  [160, '160.webp'],
  [320, '320.webp'],
  [640, '640.webp'],
];

const isStandard = (files: readonly (readonly [number, string])[]): boolean =>
  files.length === STANDARD_FILES.length &&
  files.every(([width, rest], i) => STANDARD_FILES[i]?.[0] === width && STANDARD_FILES[i]?.[1] === rest);

const commonPrefix = (paths: readonly string[]): string => {
  const [first = '', ...rest] = paths;
  let length = first.length;
  for (const path of rest) {
    let i = 0;
    while (i < length && path[i] === first[i]) i += 1;
    length = i;
  }
  return first.slice(0, length);
};

export function toMenuImage(image: TImage): MenuImage {
  const sources = [...image.sources].sort((a, b) => a.width - b.width);
  // The smallest file is the API's `url`; if it is not among the sources, keep it first anyway.
  const paths =
    sources[0]?.url === image.url ? sources : [{ width: image.width, url: image.url }, ...sources];
  const prefix = commonPrefix(paths.map((s) => s.url));
  const files = paths.map((s): [number, string] => [s.width, s.url.slice(prefix.length)]);
  return { width: image.width, height: image.height, prefix, ...(isStandard(files) ? {} : { files }) };
}

/** The API's shape of a compact picture (what `ApiImg` renders). */
export function menuImageFiles(image: MenuImage): Omit<TImage, 'alt'> {
  const sources = (image.files ?? STANDARD_FILES).map(([width, rest]) => ({
    width,
    url: `${image.prefix}${rest}`,
  }));
  return { width: image.width, height: image.height, url: sources[0]?.url ?? image.prefix, sources };
}

/**
 * One product as the menu's client components get it: the page's locale only, and only what a card,
 * the filter or the sort reads (no `{ru, uz, en}` objects, no nutrition facts).
 */
export type MenuCard = {
  id: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  /** Grams; 0 = not shown. */
  weight: number;
  rating: number;
  popularity: number;
  image: MenuImage | null;
  /** Tag slugs; their titles are in `MenuView.tags`. */
  tags: string[];
  /**
   * Nothing of it can be ordered (the API's `in_stop`, the product page's rules): the product stopped
   * at the branch; an origin dish with every size its menu sells stopped (domain `menuDishStopped`);
   * a combo with every option of one group stopped, a group with no option left or no group at all
   * (`comboPicksStopped`); a compulsory modifier stopped, or every variant of a group that needs a
   * choice (`requiredModifiersStopped`). 'Unavailable'.
   */
  inStop: boolean;
  /** Nothing to choose: the card's button adds it straight to the cart. */
  quickAdd: boolean;
};

export type MenuTagView = { slug: string; title: string };
/** A category with the positions of its products in `MenuView.products` (a product may sit in two). */
export type MenuCategoryView = { slug: string; title: string; items: number[] };

/** The whole menu for the client components, sent once per page. */
export type MenuView = {
  tags: MenuTagView[];
  categories: MenuCategoryView[];
  products: MenuCard[];
};

/** The API's menu in the page's locale, without empty categories; each product once. */
export function toMenuView(menu: TMenuProductsResponse, locale: TLocale): MenuView {
  const products: MenuCard[] = [];
  const position = new Map<string, number>();
  const categories = menu.categories
    .filter((c) => c.products.length > 0)
    .map((c) => ({
      slug: c.slug,
      title: c.title[locale],
      items: c.products.map((p) => {
        const known = position.get(p.id);
        if (known !== undefined) return known;
        position.set(p.id, products.length);
        products.push({
          id: p.id,
          slug: p.slug,
          name: p.title[locale],
          description: p.description[locale],
          price: p.out_price,
          weight: p.weight,
          rating: p.rating,
          popularity: p.popularity,
          image: p.image ? toMenuImage(p.image) : null,
          tags: p.tags.map((t) => t.slug),
          inStop: p.in_stop,
          quickAdd: p.type === 'simple' && !p.has_modifier,
        });
        return products.length - 1;
      }),
    }));
  return { tags: menu.tags.map((t) => ({ slug: t.slug, title: t.title[locale] })), categories, products };
}

/** The facts sorting and filtering read (a `MenuCard` has them). */
export type MenuItemFacts = Pick<MenuCard, 'id' | 'name' | 'price' | 'rating' | 'popularity' | 'tags'>;

/** Intl has no Uzbek collation everywhere; Latin-script rules are the closest fallback. */
const collator = (locale: TLocale) =>
  new Intl.Collator(locale === 'uz' ? ['uz', 'en'] : locale, { sensitivity: 'base' });

/**
 * Products in the order the chosen sort shows them. Ties fall back to popularity, then the name,
 * so the order never depends on how the API happened to list them.
 */
export function sortMenuItems<T extends MenuItemFacts>(
  items: readonly T[],
  sort: MenuSort,
  locale: TLocale,
): T[] {
  const byName = collator(locale);
  const tieBreak = (a: T, b: T) => b.popularity - a.popularity || byName.compare(a.name, b.name);
  const compare: Record<MenuSort, (a: T, b: T) => number> = {
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
  /**
   * Free text, matched against the names in the page's locale, in any script and spelling
   * (`matchesSearch`: 'somsa' finds 'Самса'). The site's search (the header's) covers every locale.
   */
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
      .filter((item) => query === '' || matchesSearch(query, [item.name]))
      .map((item) => item.id),
  );
}
