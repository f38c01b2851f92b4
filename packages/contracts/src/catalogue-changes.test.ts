import { describe, expect, it } from 'vitest';
import { CACHE_TAGS, ZCatalogueChange, ZCatalogueReset } from './catalogue-changes.ts';

describe('ZCatalogueChange (event: change of GET /v1/catalogue-changes)', () => {
  it('accepts the tags the database announces, one or several', () => {
    expect(ZCatalogueChange.parse({ tags: ['catalogue'] })).toEqual({ tags: ['catalogue'] });
    expect(ZCatalogueChange.parse({ tags: [...CACHE_TAGS] }).tags).toEqual([
      'catalogue',
      'branches',
      'shipper',
      'content',
    ]);
  });

  it('refuses no tags, an unknown tag, a tag that is not a string, and no list', () => {
    for (const bad of [
      { tags: [] },
      { tags: ['menus'] },
      { tags: [1] },
      { tags: 'catalogue' },
      {},
      null,
      'x',
    ])
      expect(ZCatalogueChange.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

describe('ZCatalogueReset (event: reset)', () => {
  it('is the empty object, nothing more', () => {
    expect(ZCatalogueReset.parse({})).toEqual({});
    expect(ZCatalogueReset.safeParse({ tags: ['catalogue'] }).success).toBe(false);
  });
});
