// @ts-check
/**
 * Next's `cacheHandler` (next.config.ts): the data cache of `fetch` (with `next.tags`) and rendered
 * pages, kept in the process's CatalogueCache (src/lib/cache/catalogue-cache.mjs), which the API's
 * change stream keeps fresh. Next creates one instance per request, so instances share that one
 * cache. Loaded by Node's own `import()`, unbundled: plain JavaScript.
 */
import { processCache } from './src/lib/cache/catalogue-cache.mjs';

/** The header in which Next lists a rendered page's tags (its fetches' tags and its implicit ones). */
const TAGS_HEADER = 'x-next-cache-tags';

/**
 * The tags of a value Next stores: a fetch's from `ctx.tags`, a page's from its tags header.
 *
 * @param {unknown} data
 * @param {{ tags?: string[] } | undefined} ctx
 * @returns {string[]}
 */
export function tagsOf(data, ctx) {
  const tags = new Set(ctx?.tags ?? []);
  const value = /** @type {{ tags?: unknown, headers?: Record<string, unknown> } | null} */ (data);
  if (value && Array.isArray(value.tags))
    for (const tag of value.tags) if (typeof tag === 'string') tags.add(tag);
  const header = value?.headers?.[TAGS_HEADER];
  if (typeof header === 'string') for (const tag of header.split(',')) if (tag) tags.add(tag);
  return [...tags];
}

/** @param {unknown} data */
function sizeOf(data) {
  const body = /** @type {{ data?: { body?: unknown } } | null} */ (data)?.data?.body;
  return typeof body === 'string' ? body.length : undefined;
}

export default class CacheHandler {
  /** @param {unknown} [_context] Next's context (file system, dev flag...): not needed in memory. */
  // biome-ignore lint/complexity/noUselessConstructor: Next passes a context; documented here.
  constructor(_context) {}

  /**
   * @param {string} key
   * @param {{ tags?: string[], softTags?: string[] }} [ctx]
   */
  async get(key, ctx) {
    const entry = processCache().cache.get(key, [...(ctx?.tags ?? []), ...(ctx?.softTags ?? [])]);
    if (!entry) return null;
    return { lastModified: entry.storedAt, value: entry.value };
  }

  /**
   * @param {string} key
   * @param {unknown} data
   * @param {{ tags?: string[] }} [ctx]
   */
  async set(key, data, ctx) {
    // Null (a page that is not found) is not kept: the next request renders it again.
    if (data === null) {
      processCache().cache.delete(key);
      return;
    }
    processCache().cache.set(key, data, tagsOf(data, ctx), sizeOf(data));
  }

  /** `revalidateTag()` / `revalidatePath()` in this process. @param {string | string[]} tags */
  async revalidateTag(tags) {
    processCache().cache.invalidateTags(Array.isArray(tags) ? tags : [tags]);
  }

  resetRequestCache() {}
}
