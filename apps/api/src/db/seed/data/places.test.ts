import { distanceMeters } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { matchRank, REVERSE_REACH } from '../../../adapters/geocoder/local.ts';
import { fixturePlaces } from '../../../test/fixture-places.ts';
import type { SeedPlace } from '../types.ts';
import { branches } from './branches.ts';
import { cities } from './cities.ts';
import { places } from './places.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CYRILLIC = /\p{Script=Cyrillic}/u;
/** Uzbek Latin as the project writes it: o' and g' with the ASCII apostrophe, never ʻ ’ ` ´. */
const NOT_ASCII_APOSTROPHE = /[ʻʼ‘’`´]/;
const cityBySlug = new Map(cities.map((c) => [c.slug, c]));

/** The best matches for typed text, as the local geocoder ranks them (before distance). */
const find = (text: string, among: SeedPlace[] = places) =>
  among
    .map((p) => ({ key: p.key, rank: matchRank(text, p) }))
    .filter((m): m is { key: string; rank: number } => m.rank !== null)
    .sort((a, b) => a.rank - b.rank)
    .map((m) => m.key);

describe.each([
  ['demo gazetteer', places, 120],
  ['fixture gazetteer', fixturePlaces, 10],
])('%s', (_label, data, atLeast) => {
  it('is well formed: unique slug keys, known cities, three languages in the right scripts', () => {
    expect(data.length).toBeGreaterThanOrEqual(atLeast);
    expect(new Set(data.map((p) => p.key)).size).toBe(data.length);
    for (const p of data) {
      expect(p.key, p.key).toMatch(SLUG);
      expect(cityBySlug.has(p.city), `${p.key}: ${p.city}`).toBe(true);
      for (const text of [p.name, p.description]) {
        for (const lang of ['ru', 'uz', 'en'] as const)
          expect(text[lang].trim(), `${p.key} ${lang}`).not.toBe('');
        expect(text.ru, p.key).toMatch(CYRILLIC);
        expect(text.uz, p.key).not.toMatch(CYRILLIC);
        expect(text.uz, p.key).not.toMatch(NOT_ASCII_APOSTROPHE);
        expect(text.en, p.key).not.toMatch(CYRILLIC);
      }
    }
  });

  it('lies in its city (within 40 km of the centre), with a locality for each city', () => {
    for (const p of data) {
      const city = cityBySlug.get(p.city);
      if (!city) continue;
      expect(distanceMeters(p.location, city.location), p.key).toBeLessThan(40_000);
    }
    for (const slug of new Set(data.map((p) => p.city))) {
      expect(
        data.some((p) => p.city === slug && p.kind === 'locality'),
        slug,
      ).toBe(true);
    }
  });
});

describe('demo gazetteer contents', () => {
  it('covers all three cities, Tashkent with districts, streets, metro and landmarks', () => {
    const count = (city: string, kind?: SeedPlace['kind']) =>
      places.filter((p) => p.city === city && (!kind || p.kind === kind)).length;
    expect(count('tashkent', 'district')).toBe(12);
    expect(count('tashkent', 'street')).toBeGreaterThanOrEqual(20);
    expect(count('tashkent', 'metro')).toBeGreaterThanOrEqual(25);
    expect(count('tashkent', 'landmark')).toBeGreaterThanOrEqual(20);
    expect(count('samarkand')).toBeGreaterThanOrEqual(12);
    expect(count('bukhara')).toBeGreaterThanOrEqual(12);
  });

  it.each([
    ['Амир Темур', 'tashkent-amir-temur-square'],
    ['amir temur xiyoboni', 'tashkent-amir-temur-square'],
    ['Чорсу', 'tashkent-chorsu-bazaar'],
    ['chorsu bozori', 'tashkent-chorsu-bazaar'],
    ['телебашня', 'tashkent-tv-tower'],
    ['Magic City', 'tashkent-magic-city'],
    ['Мэджик', 'tashkent-magic-city'],
    ['аэропорт Ташкент', 'tashkent-tashkent-airport'],
    ['Toshkent aeroporti', 'tashkent-tashkent-airport'],
    ['Чиланзар', 'tashkent-chilonzor'],
    ['Yunusobod', 'tashkent-yunusobod'],
    ['Юнусабад', 'tashkent-yunusobod'],
    ["Mirzo Ulug'bek tumani", 'tashkent-mirzo-ulugbek'],
    ['Registon', 'samarkand-registan'],
    ['Регистан', 'samarkand-registan'],
    ['Labi Hovuz', 'bukhara-lyabi-hauz'],
    ['Навои 12', 'tashkent-navoi-street'],
    ["Shota Rustaveli ko'chasi, 41", 'tashkent-shota-rustaveli-street'],
    ['Ляби-Хауз', 'bukhara-lyabi-hauz'],
  ])("typing '%s' finds %s among the best matches", (text, key) => {
    const found = find(text);
    const best = matchRank(text, places.find((p) => p.key === key) as SeedPlace);
    expect(found).toContain(key);
    expect(best).not.toBeNull();
    expect(found.indexOf(key)).toBeLessThan(5);
  });

  it('names the address of every active Tashkent branch by a district nearby', () => {
    for (const branch of branches.filter((b) => b.city === 'tashkent' && b.is_active)) {
      const nearby = places.filter(
        (p) => p.kind === 'district' && distanceMeters(p.location, branch.location) <= REVERSE_REACH.district,
      );
      expect(nearby.length, branch.slug).toBeGreaterThan(0);
    }
  });

  it('names the default map centre by Amir Temur square', () => {
    const centre = { lat: 41.311153, long: 69.279729 };
    const streetLevel = places
      .filter((p) => p.kind !== 'district' && p.kind !== 'locality')
      .map((p) => ({ key: p.key, d: distanceMeters(p.location, centre) }))
      .sort((a, b) => a.d - b.d);
    expect(streetLevel[0]?.key).toBe('tashkent-amir-temur-square');
  });
});
