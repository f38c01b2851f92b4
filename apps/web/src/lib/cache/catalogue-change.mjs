// @ts-check
/**
 * The API's change stream (`GET /v1/catalogue-changes`, Server-Sent Events): which cached data a
 * committed write touched. A plain-JavaScript COPY of the contract (`CACHE_TAGS` and
 * `ZCatalogueChange` in `@app/contracts`, catalogue-changes.ts): Next loads the cache handler
 * (`apps/web/cache-handler.mjs`, which imports this) with Node's own `import()`, unbundled, so it
 * cannot import the contracts' TypeScript source. `catalogue-change.test.ts` checks that this list
 * and this check agree with the contract.
 *
 * - `catalogue`: menus, categories, products, prices, stop lists, modifiers, discounts
 * - `branches`: cities, branches, zones, opening hours
 * - `shipper`: the shipper's settings
 * - `content`: news, stocks, gallery, vacancies, recipes, pages, reviews
 */
export const CACHE_TAGS = /** @type {const} */ (['catalogue', 'branches', 'shipper', 'content']);

/** @typedef {(typeof CACHE_TAGS)[number]} TCacheTag */

/**
 * What one event of the stream asks of a cache: drop everything (`reset`: sent on every connect,
 * since changes may have been missed meanwhile; also for a tag this storefront does not know yet),
 * drop the entries of some tags (`change`), or nothing (other events, malformed data).
 *
 * @typedef {{ kind: 'reset' } | { kind: 'change', tags: TCacheTag[] } | { kind: 'ignore', reason: string }} TStreamAction
 */

/** @param {unknown} value @returns {value is TCacheTag} */
export const isCacheTag = (value) => CACHE_TAGS.includes(/** @type {TCacheTag} */ (value));

/**
 * @param {string | undefined} event the SSE event name (undefined: the default `message`)
 * @param {string} data the event's data
 * @returns {TStreamAction}
 */
export function parseStreamEvent(event, data) {
  if (event === 'reset') return { kind: 'reset' };
  if (event !== 'change') return { kind: 'ignore', reason: `unknown event ${event ?? 'message'}` };
  /** @type {unknown} */
  let body;
  try {
    body = JSON.parse(data);
  } catch {
    return { kind: 'ignore', reason: 'data is not JSON' };
  }
  const tags =
    typeof body === 'object' && body !== null ? /** @type {{ tags?: unknown }} */ (body).tags : undefined;
  if (!Array.isArray(tags) || tags.length === 0 || !tags.every((tag) => typeof tag === 'string')) {
    return { kind: 'ignore', reason: 'data.tags is not a non-empty list of strings' };
  }
  // A tag added to the API before this storefront knows it: its data is somewhere in the cache.
  if (!tags.every(isCacheTag)) return { kind: 'reset' };
  return { kind: 'change', tags: [...new Set(tags)] };
}
