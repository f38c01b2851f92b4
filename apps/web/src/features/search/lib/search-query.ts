import { SEARCH_PAGE, SEARCH_PRODUCT_TYPES, SEARCH_RESULTS, searchKey } from '@app/domain';
import { readCookie } from '@/lib/cookies';
import { isUuid } from '@/lib/ids';
import { paths } from '@/lib/paths';
import type { TSearchPlace } from './search-place';

/** The fields a search result shows; asking for only these keeps the answer small. */
export const SEARCH_FIELDS = ['id', 'slug', 'title', 'out_price', 'image'] as const;

/** Longest query the API accepts (ZProductListQuery.search). */
export const SEARCH_MAX_LENGTH = 100;

/** GET /v2/product query of the search overlay (spec section 9: page 1, 7 results, three types). */
export function searchProductsQuery(text: string, menuId: string | null) {
  return {
    search: text.trim().slice(0, SEARCH_MAX_LENGTH),
    page: SEARCH_PAGE,
    limit: SEARCH_RESULTS,
    product_types: SEARCH_PRODUCT_TYPES,
    fields: SEARCH_FIELDS,
    menu_id: menuId,
  };
}

/**
 * Whether the overlay should ask the API at all: only while open, and only for a real query, one
 * with a letter or digit. The API folds the text as `searchKey` does and takes a query of only
 * punctuation ('%', '-') for no search at all, which would list any dishes.
 */
export const shouldSearch = (open: boolean, debouncedText: string): boolean =>
  open && searchKey(debouncedText) !== '';

/**
 * The menu the results are priced with: the page's (a city's menu, as its cards use), else the
 * chosen branch's (cookie `menu_id`, then the session), else none (the API's default).
 */
export function searchMenuId(
  place: TSearchPlace | null,
  cookieHeader: string,
  cookieName: string,
  sessionMenuId: string | null,
): string | null {
  return place?.menuId ?? idFromCookie(cookieHeader, cookieName) ?? sessionMenuId;
}

/** A result's link: the product's page in the page's city, as the menu's cards link to it. */
export const searchResultHref = (slug: string, place: TSearchPlace | null): string =>
  paths.product(slug, place?.citySlug);

/** A cookie's value from `document.cookie`, when it is an id (anything else is ignored). */
export function idFromCookie(cookieHeader: string, name: string): string | null {
  const value = readCookie(cookieHeader, name);
  return value !== null && isUuid(value) ? value : null;
}
