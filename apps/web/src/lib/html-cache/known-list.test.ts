import { describe, expect, it } from 'vitest';
import { CatalogueCache } from '../cache/catalogue-cache.mjs';
import { branchIdsFromApi, citySlugsFromApi, KnownList, MAX_BRANCH_PAGES } from './known-list';

const A = '4b0b1a3c-9a7e-4f1e-8f0a-2c4d6e8f0a1b';
const B = '7D1E2F30-4A5B-4C6D-8E7F-901A2B3C4D5E';

/** Known branches over a live storefront cache (its change stream), a clock, and a list the test sets. */
function setup(options: { retryAfterMs?: number } = {}) {
  const store = new CatalogueCache();
  store.setLive(true);
  const clock = { now: 0 };
  const api = {
    list: [A, B] as string[],
    fail: false,
    /** A read held until the test lets it go (null: answered at once). */
    hold: null as null | Promise<void>,
  };
  const logs: string[] = [];
  const branches = new KnownList({
    clock: () => store,
    now: () => clock.now,
    retryAfterMs: options.retryAfterMs,
    log: (message) => logs.push(message),
    load: async () => {
      if (api.hold) await api.hold;
      if (api.fail) throw new Error('API down');
      return [...api.list];
    },
  });
  return { store, clock, api, branches, logs };
}

describe('KnownList', () => {
  it('reads the list once (lower case) and answers every request from it', async () => {
    const { branches } = setup();
    const all = await Promise.all(Array.from({ length: 20 }, () => branches.ids()));
    for (const ids of all) expect(ids).toEqual(new Set([A, B.toLowerCase()]));
    expect(await branches.ids()).toBe(all[0]);
    expect(branches.loads).toBe(1);
  });

  it('reads it again after a change of branches or a reset, not after a change of anything else', async () => {
    const { store, api, branches } = setup();
    await branches.ids();
    store.invalidateTags(['catalogue']);
    store.invalidateTags(['content', 'shipper']);
    await branches.ids();
    expect(branches.loads).toBe(1);

    api.list = [A];
    store.invalidateTags(['branches']);
    expect(await branches.ids()).toEqual(new Set([A]));
    expect(branches.loads).toBe(2);

    api.list = [A, B, 'c0ffee00-1234-4abc-9def-0123456789ab'];
    store.reset();
    expect((await branches.ids())?.size).toBe(3);
    expect(await branches.ids()).toEqual(await branches.ids());
    expect(branches.loads).toBe(3);
  });

  it('does not keep a list read while branches changed, nor make a later request wait for it', async () => {
    const { store, api, branches } = setup();
    let release = () => {};
    api.hold = new Promise<void>((resolve) => (release = resolve));
    const early = branches.ids();
    store.invalidateTags(['branches']);
    // A new branch, committed with the change: the request after it reads the list again.
    api.hold = null;
    api.list = [A, B, 'c0ffee00-1234-4abc-9def-0123456789ab'];
    expect((await branches.ids())?.size).toBe(3);
    release();
    // The early read answers its own request with what it read; the later read is the one kept.
    expect(await early).toEqual(new Set([A, B.toLowerCase(), 'c0ffee00-1234-4abc-9def-0123456789ab']));
    expect((await branches.ids())?.size).toBe(3);
    expect(branches.loads).toBe(2);
  });

  it('knows nothing while the change stream is down (the HTML cache serves nothing then)', async () => {
    const { store, branches } = setup();
    await branches.ids();
    store.setLive(false);
    expect(await branches.ids()).toBeNull();
    // Back: the stream's reset moves the sequence, the list is read again.
    store.reset();
    store.setLive(true);
    expect(await branches.ids()).not.toBeNull();
    expect(branches.loads).toBe(2);
  });

  it('answers null after a failed read, tries again only after retryAfterMs, and says so once', async () => {
    const { clock, api, branches, logs } = setup({ retryAfterMs: 5_000 });
    api.fail = true;
    expect(await branches.ids()).toBeNull();
    clock.now = 4_999;
    expect(await branches.ids()).toBeNull();
    expect(branches.loads).toBe(1);
    clock.now = 5_000;
    expect(await branches.ids()).toBeNull();
    expect(branches.loads).toBe(2);
    expect(logs).toHaveLength(1);
    api.fail = false;
    clock.now = 10_000;
    expect(await branches.ids()).toEqual(new Set([A, B.toLowerCase()]));
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(
      /^\[html-cache\] branch list not read \(Error: API down\): pages for a branch cookie/,
    );
  });

  it('names the list it keeps in its log (the city list)', async () => {
    const store = new CatalogueCache();
    store.setLive(true);
    const logs: string[] = [];
    const cities = new KnownList({
      clock: () => store,
      log: (message) => logs.push(message),
      load: async () => {
        throw new Error('API down');
      },
      what: { list: 'city list', untilRead: 'pages with ?city=' },
    });
    expect(await cities.ids()).toBeNull();
    expect(logs).toEqual([
      '[html-cache] city list not read (Error: API down): pages with ?city= are rendered per request until it is',
    ]);
  });
});

describe('citySlugsFromApi', () => {
  const config = { apiUrl: 'http://api:4000', shipperId: 'shipper-1', platformId: 'platform-1' };

  it("reads the chain's cities' slugs with the shipper and platform, and fails on an error answer", async () => {
    const requests: { url: string; headers: Headers }[] = [];
    const answer = (status: number) =>
      (async (input: string | URL, init?: RequestInit) => {
        requests.push({ url: String(input), headers: new Headers(init?.headers) });
        return status === 200
          ? Response.json({
              cities: [
                { slug: 'tashkent', name: 'x' },
                { slug: 'samarkand', name: 'y' },
              ],
            })
          : new Response('{}', { status });
      }) as typeof globalThis.fetch;
    expect(await citySlugsFromApi({ ...config, fetch: answer(200) })).toEqual(['tashkent', 'samarkand']);
    expect(requests.map((r) => r.url)).toEqual(['http://api:4000/v1/cities']);
    expect(requests[0]?.headers.get('shipper')).toBe('shipper-1');
    expect(requests[0]?.headers.get('platform')).toBe('platform-1');
    await expect(citySlugsFromApi({ ...config, fetch: answer(503) })).rejects.toThrow('HTTP 503');
    const malformed = (async () =>
      Response.json({ cities: [{ id: 1 }] })) as unknown as typeof globalThis.fetch;
    await expect(citySlugsFromApi({ ...config, fetch: malformed })).rejects.toThrow();
  });
});

describe('branchIdsFromApi', () => {
  /** A stand-in for GET /v1/branches over `total` branches (made-up ids), with the requests it got. */
  function api(total: number, options: { status?: number; shortBy?: number } = {}) {
    const ids = Array.from(
      { length: total },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const requests: { url: string; headers: Headers }[] = [];
    const fetch = (async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      requests.push({ url: String(input), headers: new Headers(init?.headers) });
      if (options.status) return new Response('{}', { status: options.status });
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const rows = ids.slice((page - 1) * limit, page * limit - (options.shortBy ?? 0));
      return Response.json({ count: total, branches: rows.map((id) => ({ id, name: 'x' })) });
    }) as typeof globalThis.fetch;
    return { ids, requests, fetch };
  }
  const config = { apiUrl: 'http://api:4000', shipperId: 'shipper-1', platformId: 'platform-1' };

  it('reads every page of branches (active or not: no filter), with the shipper and platform', async () => {
    const one = api(3);
    expect(await branchIdsFromApi({ ...config, fetch: one.fetch })).toEqual(one.ids);
    expect(one.requests.map((r) => r.url)).toEqual(['http://api:4000/v1/branches?page=1&limit=100']);
    expect(one.requests[0]?.headers.get('shipper')).toBe('shipper-1');
    expect(one.requests[0]?.headers.get('platform')).toBe('platform-1');

    const many = api(230);
    expect(await branchIdsFromApi({ ...config, fetch: many.fetch })).toEqual(many.ids);
    expect(many.requests).toHaveLength(3);

    const none = api(0);
    expect(await branchIdsFromApi({ ...config, fetch: none.fetch })).toEqual([]);
  });

  it('fails on an error answer, a list that does not add up, or one past the bound', async () => {
    await expect(branchIdsFromApi({ ...config, fetch: api(3, { status: 503 }).fetch })).rejects.toThrow(
      'HTTP 503',
    );
    await expect(branchIdsFromApi({ ...config, fetch: api(150, { shortBy: 1 }).fetch })).rejects.toThrow(
      'of 150',
    );
    const huge = api(MAX_BRANCH_PAGES * 100 + 1);
    await expect(branchIdsFromApi({ ...config, fetch: huge.fetch })).rejects.toThrow('more than');
    expect(huge.requests).toHaveLength(MAX_BRANCH_PAGES);
  });
});
