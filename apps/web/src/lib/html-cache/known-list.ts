import { z } from 'zod';
import { buildUrl } from '../api-client';
import { isUuid } from '../ids';

/**
 * One of the chain's lists that the HTML cache's key checks a request against: the branch ids
 * (html-cache.ts `branchOfCookie`: a page is keyed on the `branch_id` cookie only when it names one of
 * them, so a made-up UUID, one per request from a bot, is the "no branch" page already stored, not a
 * render and a new entry each time), and the city slugs (`?city=` of a product page, the same way).
 *
 * The list is read from the API (`GET /v1/branches`, every page, active or not: the page renders an
 * inactive branch's cookie with that branch's live state; `GET /v1/cities`) once, and read again
 * only after the storefront's change stream announced a change of the `branches` tag or a reset since
 * that read (the invalidation of the storefront's own cached branch reads, catalogue-cache.mjs),
 * never once per request. One read at a time; a failed read is not tried again for `retryAfterMs`,
 * and until a read succeeds a branch cookie (or a city slug) cannot be told from a made-up one
 * (`ids()` answers null: the request takes the ordinary per-request render, as it would while the
 * stream is down).
 */

/** The tag whose change (or a reset) makes a read list stale (catalogue-change.mjs CACHE_TAGS). */
const TAGS = ['branches'] as const;

/** The storefront's cache as this needs it (catalogue-cache.mjs `CatalogueCache`). */
export type TChangeClock = {
  readonly seq: number;
  readonly live: boolean;
  isCurrent(seq: number, tags: Iterable<string>): boolean;
};

export type TKnownListOptions = {
  /** Every branch id of the chain (`branchIdsFromApi`), or every city slug (`citySlugsFromApi`). */
  load: () => Promise<readonly string[]>;
  /** What the list is and what waits for it, for the log (default: the branch list and its cookie). */
  what?: { list: string; untilRead: string };
  clock: () => TChangeClock;
  now?: () => number;
  /** How long a failed read is not tried again (default 5 s). */
  retryAfterMs?: number;
  log?: (message: string) => void;
};

export class KnownList {
  private readonly load: () => Promise<readonly string[]>;
  private readonly clock: () => TChangeClock;
  private readonly now: () => number;
  private readonly retryAfterMs: number;
  private readonly log: (message: string) => void;
  private readonly what: { list: string; untilRead: string };
  private current: { seq: number; ids: ReadonlySet<string> } | null = null;
  private loading: { seq: number; promise: Promise<ReadonlySet<string> | null> } | null = null;
  private failedAt: number | null = null;
  /** Reads of the list started (tests). */
  loads = 0;

  constructor(options: TKnownListOptions) {
    this.load = options.load;
    this.clock = options.clock;
    this.now = options.now ?? Date.now;
    this.retryAfterMs = options.retryAfterMs ?? 5_000;
    this.log = options.log ?? ((message) => console.warn(message));
    this.what = options.what ?? { list: 'branch list', untilRead: 'pages for a branch cookie' };
  }

  /**
   * The list (branch ids or city slugs, lower case) as of the last change of branches, or null while
   * it cannot be known: the change stream is down (the HTML cache serves nothing then anyway), or the read
   * failed less than `retryAfterMs` ago.
   */
  async ids(): Promise<ReadonlySet<string> | null> {
    const clock = this.clock();
    if (!clock.live) return null;
    if (this.current && clock.isCurrent(this.current.seq, TAGS)) return this.current.ids;
    // A read begun before a change of branches may miss a new one: a request after it does not wait for it.
    if (this.loading && clock.isCurrent(this.loading.seq, TAGS)) return this.loading.promise;
    if (this.failedAt !== null && this.now() - this.failedAt < this.retryAfterMs) return null;

    const seq = clock.seq;
    this.loads += 1;
    const promise = this.load().then(
      (list) => {
        const ids: ReadonlySet<string> = new Set(list.map((id) => id.toLowerCase()));
        if (this.failedAt !== null) this.log(`[html-cache] ${this.what.list} read again`);
        this.failedAt = null;
        // Kept unless a change of branches (or a reset) arrived while it was read.
        const after = this.clock();
        if (after.live && after.isCurrent(seq, TAGS)) this.current = { seq, ids };
        return ids;
      },
      (error: unknown) => {
        if (this.failedAt === null)
          this.log(
            `[html-cache] ${this.what.list} not read (${String(error)}): ${this.what.untilRead} are rendered per request until it is`,
          );
        this.failedAt = this.now();
        return null;
      },
    );
    const own = { seq, promise };
    this.loading = own;
    try {
      return await promise;
    } finally {
      if (this.loading === own) this.loading = null;
    }
  }
}

/** The part of a `GET /v1/branches` page read here (the rest of a branch is the page's business). */
const ZBranchIdsPage = z.object({
  count: z.number().int().min(0),
  branches: z.array(z.object({ id: z.string() })),
});

/** The API's largest page of branches (`ZBranchListQuery`'s limit). */
const PAGE_SIZE = 100;
/** At most this many pages (10,000 branches): a list longer than that is refused (a read failure). */
export const MAX_BRANCH_PAGES = 100;

export type TChainApi = {
  apiUrl: string;
  shipperId: string;
  platformId: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/**
 * Every branch id of the chain, active or not, from `GET /v1/branches` page by page (100 a page;
 * usually one; `getJson`). Throws on any failure or a list that does not add up (a shorter page
 * before `count` ids: the list changed while read).
 */
export async function branchIdsFromApi(api: TChainApi): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; page <= MAX_BRANCH_PAGES; page += 1) {
    const url = buildUrl(api.apiUrl, '/v1/branches', { page, limit: PAGE_SIZE });
    const { count, branches } = ZBranchIdsPage.parse(await getJson(api, url));
    for (const branch of branches) if (isUuid(branch.id)) ids.push(branch.id);
    const read = (page - 1) * PAGE_SIZE + branches.length;
    if (read >= count) return ids;
    if (branches.length < PAGE_SIZE) throw new Error(`GET /v1/branches: ${read} of ${count} branches`);
  }
  throw new Error(`GET /v1/branches: more than ${MAX_BRANCH_PAGES * PAGE_SIZE} branches`);
}

/** The part of `GET /v1/cities` read here. */
const ZCitySlugs = z.object({ cities: z.array(z.object({ slug: z.string() })) });

/**
 * Every city slug of the chain, from `GET /v1/cities`, for the key of a page cached with `?city=`
 * (html-cache.ts `cacheQuery`): the same list the pages resolve `?city=` against. Its changes come
 * with the `branches` tag (migration 0009), so `KnownList` keeps it as it keeps the branch ids.
 * Throws on any failure.
 */
export async function citySlugsFromApi(api: TChainApi): Promise<string[]> {
  const body = await getJson(api, buildUrl(api.apiUrl, '/v1/cities'));
  return ZCitySlugs.parse(body).cities.map((city) => city.slug);
}

/**
 * A GET of the API with the chain's headers, its JSON body. Not through Next's data cache
 * (`cache: 'no-store'`): `KnownList` keeps the answer, and the proxy has no page render's cache
 * scope. Throws on a failure or an error answer.
 */
async function getJson(api: TChainApi, url: string): Promise<unknown> {
  const response = await (api.fetch ?? globalThis.fetch)(url, {
    headers: { Accept: 'application/json', Shipper: api.shipperId, Platform: api.platformId },
    cache: 'no-store',
    redirect: 'error',
    signal: AbortSignal.timeout(api.timeoutMs ?? 5_000),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`GET ${url}: HTTP ${response.status}`);
  }
  return response.json();
}
