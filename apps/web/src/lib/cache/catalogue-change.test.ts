import { describe, expect, it } from 'vitest';
import { CACHE_TAGS, parseStreamEvent } from './catalogue-change.mjs';

describe('parseStreamEvent (the change stream, local copy of the contract)', () => {
  it('knows the four tags of the protocol', () => {
    expect(CACHE_TAGS).toEqual(['catalogue', 'branches', 'shipper', 'content']);
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
