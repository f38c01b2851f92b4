import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_TAGS, isMappedPath, LIVE_ONLY_TAG, tagsForPath } from './cache-tags';

const SRC = join(import.meta.dirname, '..');

/** Every file of src/ that reads through serverApi(), with the paths it reads (templates' holes as 'x'). */
function serverReads(): { file: string; path: string }[] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  const reads: { file: string; path: string }[] = [];
  for (const file of files) {
    const text = readFileSync(join(SRC, file), 'utf8');
    if (!text.includes('serverApi()') || file.endsWith('api-server.ts')) continue;
    for (const match of text.matchAll(/\.get\(\s*(['`])(\/[^'`]*)\1/g)) {
      reads.push({
        file: relative(SRC, join(SRC, file)),
        path: (match[2] ?? '').replace(/\$\{[^}]*\}/g, 'x'),
      });
    }
  }
  return reads;
}

describe('tagsForPath', () => {
  it.each([
    ['/v2/menu-products', ['catalogue']],
    ['/v1/menus/5', ['catalogue']],
    ['/v2/product/plov', ['catalogue']],
    ['/v2/product', ['catalogue']],
    ['/v1/products/1', ['catalogue']],
    ['/v2/modifier', ['catalogue']],
    ['/v1/cities', ['branches']],
    ['/v1/branches/abc', ['branches']],
    ['/v1/delivery-zones', ['branches']],
    ['/v1/shippers/5f1c2a9e', ['shipper']],
    ['/v1/pages/about', ['content']],
    ['/v1/news-events/1', ['content']],
    ['/v1/stocks', ['content']],
    ['/v1/vacancies/2', ['content']],
    ['/v2/recipes', ['content']],
    ['/v1/user_reviews', ['content']],
  ])('%s → %j', (path, tags) => {
    expect(tagsForPath(path)).toEqual(tags);
  });

  it('does not take a prefix for a route (/v1/menus-archive is not /v1/menus)', () => {
    expect(isMappedPath('/v1/menus-archive')).toBe(false);
    expect(isMappedPath('/v1/branchesx')).toBe(false);
  });

  it('gives an unmapped path every tag, so that any change drops it', () => {
    expect(tagsForPath('/v9/something-new')).toEqual([...CACHE_TAGS]);
  });

  it("marks a branch's menu (its stop list) as served only while the change stream is live", () => {
    expect(tagsForPath('/v2/menu-products', { menu_id: 'm', branch_id: 'b' })).toEqual([
      'catalogue',
      LIVE_ONLY_TAG,
    ]);
    expect(tagsForPath('/v2/menu-products', { menu_id: 'm', branch_id: null })).toEqual(['catalogue']);
    expect(tagsForPath('/v1/branches', { branch_id: 'b' })).toEqual(['branches']);
  });

  it('knows every path the storefront reads through serverApi()', () => {
    const reads = serverReads();
    // The scan itself works: the menu, shipper, cities and content reads are among them.
    expect(reads.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/v2/menu-products',
        '/v1/cities',
        '/v1/shippers/x',
        '/v1/pages/x',
        '/v2/modifier',
      ]),
    );
    expect(reads.filter((r) => !isMappedPath(r.path))).toEqual([]);
  });
});
