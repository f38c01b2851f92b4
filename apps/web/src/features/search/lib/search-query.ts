import { SEARCH_PAGE, SEARCH_PRODUCT_TYPES, SEARCH_RESULTS } from '@app/domain';
import { readCookie } from '@/lib/cookies';
import { isUuid } from '@/lib/ids';

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

/** Whether the overlay should ask the API at all: only while open, and only for a real query. */
export const shouldSearch = (open: boolean, debouncedText: string): boolean =>
  open && debouncedText.trim() !== '';

/** A cookie's value from `document.cookie`, when it is an id (anything else is ignored). */
export function idFromCookie(cookieHeader: string, name: string): string | null {
  const value = readCookie(cookieHeader, name);
  return value !== null && isUuid(value) ? value : null;
}
