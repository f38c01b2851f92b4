import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';
import { TagGenerations, TaggedCache } from './tagged-cache.ts';

const cache = (
  options: Partial<ConstructorParameters<typeof TaggedCache<string>>[1]> = {},
  listening = () => true,
) => new TaggedCache<string>(new TagGenerations(listening), { max: 10, ttlMs: 60_000, ...options });

describe('TaggedCache', () => {
  it('misses, stores, hits, and drops entries by tag only', () => {
    const c = cache();
    expect(c.get('menu')).toBeUndefined();
    expect(c.set('menu', 'M', c.begin(['catalogue']))).toBe(true);
    expect(c.set('zones', 'Z', c.begin(['branches']))).toBe(true);
    expect(c.set('both', 'B', c.begin(['catalogue', 'branches']))).toBe(true);
    expect(c.get('menu')).toBe('M');
    expect(c.drop(['content'])).toBe(0);
    expect(c.drop(['branches'])).toBe(2);
    expect([c.get('menu'), c.get('zones'), c.get('both')]).toEqual(['M', undefined, undefined]);
  });

  it('never stores what was read before a change of its tags was announced (the stale-read race)', () => {
    const c = cache();
    // A read begins, a write commits and is announced, then the read (old data) finishes.
    const before = c.begin(['catalogue', 'branches']);
    expect(c.accepts(before)).toBe(true);
    c.generations.bump(['branches']);
    expect(c.accepts(before)).toBe(false);
    expect(c.set('menu', 'old', before)).toBe(false);
    expect(c.get('menu')).toBeUndefined();
    // A change of another tag does not stop a read from being stored.
    const again = c.begin(['catalogue']);
    c.generations.bump(['content']);
    expect(c.set('menu', 'new', again)).toBe(true);
    expect(c.get('menu')).toBe('new');
  });

  it('keeps at most `max` entries, the least recently read going first', () => {
    const c = cache({ max: 3 });
    for (const key of ['a', 'b', 'c']) c.set(key, key, c.begin(['catalogue']));
    c.get('a');
    c.set('d', 'd', c.begin(['catalogue']));
    expect(c.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].map((k) => c.get(k))).toEqual(['a', undefined, 'c', 'd']);
  });

  it('keeps at most `maxSize` by size, and refuses a value bigger than that', () => {
    const c = cache({ max: 100, maxSize: 10, sizeOf: (value) => value.length });
    for (const key of ['a', 'b', 'c']) c.set(key, 'xxxx', c.begin(['content']));
    expect(c.size).toBe(2);
    expect(c.calculatedSize).toBeLessThanOrEqual(10);
    expect(c.set('huge', 'x'.repeat(11), c.begin(['content']))).toBe(false);
    expect(c.get('huge')).toBeUndefined();
  });

  it('serves nothing past its TTL', async () => {
    const c = cache({ ttlMs: 20 });
    c.set('a', 'A', c.begin(['shipper']));
    expect(c.get('a')).toBe('A');
    await new Promise((r) => setTimeout(r, 40));
    expect(c.get('a')).toBeUndefined();
  });

  it('neither serves nor stores while changes are not heard, nor stores a read begun then', () => {
    let listening = true;
    const c = cache({}, () => listening);
    c.set('a', 'A', c.begin(['catalogue']));
    listening = false;
    expect(c.get('a')).toBeUndefined();
    const blind = c.begin(['catalogue']);
    expect(c.accepts(blind)).toBe(false);
    expect(c.set('b', 'B', blind)).toBe(false);
    listening = true;
    // Heard again, but this read began while nothing was heard.
    expect(c.set('b', 'B', blind)).toBe(false);
  });

  it('keeps nothing with max 0', () => {
    const c = cache({ max: 0 });
    expect(c.accepts(c.begin(['catalogue']))).toBe(false);
    expect(c.set('a', 'A', c.begin(['catalogue']))).toBe(false);
    expect(c.get('a')).toBeUndefined();
  });
});

describe('ReadCache.shipperExists', () => {
  it('asks the database once per shipper, bounds the unknown ones and forgets all on a shipper change', async () => {
    const known = '5f1c2a9e-6b7d-4c3e-8a1f-0d2b3c4e5f60';
    const asked: string[] = [];
    const load = async (id: string) => {
      asked.push(id);
      return id === known;
    };
    const c = new ReadCache({ maxEntries: 100, maxBytes: 1_000_000, ttlMs: 60_000 });
    expect(await c.shipperExists(known, load)).toBe(true);
    expect(await c.shipperExists(known, load)).toBe(true);
    for (let i = 0; i < 3_000; i++) expect(await c.shipperExists(crypto.randomUUID(), load)).toBe(false);
    expect(c.unknownShippers.size).toBeLessThanOrEqual(1_024);
    // Random ids never push the real chain out.
    expect(await c.shipperExists(known, load)).toBe(true);
    expect(asked.filter((id) => id === known)).toHaveLength(1);
    c.invalidate(['catalogue']);
    expect(await c.shipperExists(known, load)).toBe(true);
    expect(asked.filter((id) => id === known)).toHaveLength(1);
    c.invalidate(['shipper']);
    expect(c.unknownShippers.size).toBe(0);
    expect(await c.shipperExists(known, load)).toBe(true);
    expect(asked.filter((id) => id === known)).toHaveLength(2);
  });
});
