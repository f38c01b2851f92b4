import { LIVE_ONLY_TAG } from './cache/catalogue-cache.mjs';
import { CACHE_TAGS, type TCacheTag } from './cache/catalogue-change.mjs';

export { CACHE_TAGS, LIVE_ONLY_TAG, type TCacheTag };

/**
 * Which data an API read depends on: the tags its cached answer carries, so that the API's change
 * stream drops it (`lib/cache/catalogue-cache.mjs`). The one place that maps API paths to tags; a
 * test checks that every path the storefront's server code reads is known here.
 */
const ROUTES: readonly { pattern: RegExp; tags: readonly TCacheTag[] }[] = [
  // Menus, categories, products, prices, stop lists, modifiers (and the product's discounts).
  {
    pattern: /^\/v[0-9]\/(menu-products|menus?|categories|products?|modifiers?|discounts?)(\/|$)/,
    tags: ['catalogue'],
  },
  // A branch's live state: its stop lists, its menu's fingerprint and its pauses (issue 13).
  { pattern: /^\/v[0-9]\/stop-list(\/|$)/, tags: ['catalogue', 'branches'] },
  // Cities, branches, zones and opening hours.
  { pattern: /^\/v[0-9]\/(cities|branches|delivery-zones|zones|nearest-branch)(\/|$)/, tags: ['branches'] },
  { pattern: /^\/v[0-9]\/shippers?(\/|$)/, tags: ['shipper'] },
  {
    pattern: /^\/v[0-9]\/(news-events|stocks|vacancies|recipes|pages|user_reviews|reviews|gallery)(\/|$)/,
    tags: ['content'],
  },
];

/**
 * The tags of a read of `path` (without the query). A path nobody mapped yet carries every tag, so
 * any change drops it: stale data is worse than a few extra API reads.
 *
 * `query.branch_id` on the menu marks a branch's stop list: served from the cache only while the
 * change stream is live (LIVE_ONLY_TAG), so a missed stop never lingers for the fallback TTL.
 */
export function tagsForPath(path: string, query?: Record<string, unknown>): string[] {
  const clean = `/${path.replace(/^\/+/, '').split('?')[0]}`;
  const route = ROUTES.find((r) => r.pattern.test(clean));
  const tags: string[] = route ? [...route.tags] : [...CACHE_TAGS];
  const branchId = query?.branch_id;
  if (route?.tags.includes('catalogue') && typeof branchId === 'string' && branchId !== '')
    tags.push(LIVE_ONLY_TAG);
  return tags;
}

/** Whether a path is mapped (tests: every server read must be). */
export const isMappedPath = (path: string): boolean =>
  ROUTES.some((r) => r.pattern.test(`/${path.replace(/^\/+/, '').split('?')[0]}`));
