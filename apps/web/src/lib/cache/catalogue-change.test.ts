import { CACHE_TAGS as CONTRACT_CACHE_TAGS, ZCatalogueChange } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { CACHE_TAGS, parseStreamEvent } from './catalogue-change.mjs';

describe('parseStreamEvent (the change stream, plain-JS copy of the contract)', () => {
  it('knows exactly the tags of the contract', () => {
    expect(CACHE_TAGS).toEqual(CONTRACT_CACHE_TAGS);
  });

  it('accepts what the contract accepts, for every tag, and what it refuses is never a change', () => {
    for (const tag of CONTRACT_CACHE_TAGS) {
      const data = JSON.stringify({ tags: [tag] });
      expect(ZCatalogueChange.safeParse(JSON.parse(data)).success).toBe(true);
      expect(parseStreamEvent('change', data)).toEqual({ kind: 'change', tags: [tag] });
    }
    for (const data of ['{"tags":[]}', '{"tags":"catalogue"}', '{"tags":["catalogue",2]}']) {
      expect(ZCatalogueChange.safeParse(JSON.parse(data)).success).toBe(false);
      expect(parseStreamEvent('change', data).kind).toBe('ignore');
    }
  });

  it('reads reset and change events', () => {
    expect(parseStreamEvent('reset', '{}')).toEqual({ kind: 'reset' });
    expect(parseStreamEvent('reset', 'anything')).toEqual({ kind: 'reset' });
    expect(parseStreamEvent('change', '{"tags":["catalogue","branches","catalogue"]}')).toEqual({
      kind: 'change',
      tags: ['catalogue', 'branches'],
    });
  });

  it.each([
    [undefined, '{"tags":["catalogue"]}'],
    ['ping', '{}'],
    ['change', 'not json'],
    ['change', 'null'],
    ['change', '[]'],
    ['change', '{"tags":"catalogue"}'],
    ['change', '{"tags":[]}'],
    ['change', '{"tags":["catalogue",2]}'],
  ])('ignores event %s with data %s', (event, data) => {
    expect(parseStreamEvent(event, data).kind).toBe('ignore');
  });

  it('answers a tag it does not know with a reset (its data is somewhere in the cache)', () => {
    expect(parseStreamEvent('change', '{"tags":["catalogue","loyalty"]}')).toEqual({ kind: 'reset' });
  });
});
