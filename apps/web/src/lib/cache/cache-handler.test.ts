import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import CacheHandler, { tagsOf } from '../../../cache-handler.mjs';
import { processCache } from './catalogue-cache.mjs';

// Next's own IncrementalCache, the caller of a `cacheHandler`, with ours plugged in.
const require = createRequire(import.meta.url);
const { IncrementalCache } = require('next/dist/server/lib/incremental-cache') as {
  IncrementalCache: new (
    options: Record<string, unknown>,
  ) => {
    get(
      key: string,
      ctx: Record<string, unknown>,
    ): Promise<{ isStale?: boolean; value: { data: unknown } } | null>;
    set(key: string, data: unknown, ctx: Record<string, unknown>): Promise<void>;
  };
};
const FETCH = 'FETCH';

function nextCache() {
  return new IncrementalCache({
    dev: false,
    minimalMode: false,
    requestHeaders: {},
    previewProps: { previewModeId: 'x', previewModeSigningKey: 'y', previewModeEncryptionKey: 'z' },
    prerenderManifest: { version: 4, routes: {}, dynamicRoutes: {}, notFoundRoutes: [], preview: {} },
    CurCacheHandler: CacheHandler,
  });
}

const fetchValue = (body: string) => ({
  kind: FETCH,
  data: { headers: {}, body, status: 200, url: 'http://api/v2/menu-products' },
  revalidate: 60,
});

afterEach(() => {
  const { cache } = processCache();
  cache.reset();
  cache.setLive(false);
});

describe('cache-handler.mjs under Next’s IncrementalCache', () => {
  it('keeps a tagged fetch answer, and drops it on a change of its tag in this process', async () => {
    const { cache } = processCache();
    cache.setLive(true);
    const next = nextCache();
    const ctx = { kind: FETCH, revalidate: 60, tags: ['catalogue', 'live-only'], softTags: ['_N_T_/layout'] };
    expect(await next.get('menu-key', ctx)).toBeNull();
    await next.set('menu-key', fetchValue('{"price":100}'), { fetchCache: true, tags: ctx.tags });
    // Another request: a new IncrementalCache, a new handler, the same process cache.
    const hit = await nextCache().get('menu-key', ctx);
    expect(hit?.isStale).toBe(false);
    expect(hit?.value.data).toMatchObject({ body: '{"price":100}' });

    cache.invalidateTags(['catalogue']);
    expect(await nextCache().get('menu-key', ctx)).toBeNull();
  });

  it("takes a rendered page's tags from its tags header", () => {
    expect(
      tagsOf(
        { kind: 'APP_PAGE', headers: { 'x-next-cache-tags': '_N_T_/layout,catalogue,branches' } },
        undefined,
      ),
    ).toEqual(['_N_T_/layout', 'catalogue', 'branches']);
    expect(tagsOf({ kind: FETCH, tags: ['content'] }, { tags: ['content', 'shipper'] })).toEqual([
      'content',
      'shipper',
    ]);
  });

  it('drops a page when a tag its fetches carried changes, and keeps nothing for null', async () => {
    const { cache } = processCache();
    cache.setLive(true);
    const handler = new CacheHandler();
    await handler.set('/en', { kind: 'APP_PAGE', headers: { 'x-next-cache-tags': 'catalogue' } }, {});
    expect(await handler.get('/en', {})).not.toBeNull();
    await handler.revalidateTag('catalogue');
    expect(await handler.get('/en', {})).toBeNull();
    await handler.set('/missing', null, {});
    expect(await handler.get('/missing', {})).toBeNull();
  });
});
