import { isOpenAt, isPointInZone, type ZoneShape, zonesContaining } from '@app/domain';
import { describe, expect, it } from 'vitest';
import type { SeedZone } from '../types.ts';
import { branches } from './branches.ts';
import { cities } from './cities.ts';
import { zones } from './zones.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const shape = (zone: SeedZone): ZoneShape => ({
  points: zone.ring.map(([lat, lon]) => ({ lat, lon })),
  holes: (zone.holes ?? []).map((hole) => hole.map(([lat, lon]) => ({ lat, lon }))),
});
const branchBySlug = new Map(branches.map((b) => [b.slug, b]));
const zonesAt = (lat: number, long: number) =>
  zonesContaining(
    { lat, long },
    zones.map((z) => ({ ...shape(z), zone: z })),
  ).map((s) => s.zone);

describe('demo delivery zones', () => {
  it('are well formed: unique keys, known cities and branches of the same city, whole sums', () => {
    expect(new Set(zones.map((z) => z.key)).size).toBe(zones.length);
    const citySlugs = new Set(cities.map((c) => c.slug));
    for (const zone of zones) {
      expect(zone.key, zone.key).toMatch(SLUG);
      expect(citySlugs.has(zone.city), `${zone.key}: city ${zone.city}`).toBe(true);
      expect(zone.name.trim(), zone.key).not.toBe('');
      expect(zone.ring.length, zone.key).toBeGreaterThanOrEqual(3);
      expect(zone.branches.length, zone.key).toBeGreaterThan(0);
      for (const slug of zone.branches) {
        expect(branchBySlug.get(slug)?.city, `${zone.key}: branch ${slug}`).toBe(zone.city);
      }
      for (const amount of [zone.min_order_amount, zone.free_delivery_order_amount]) {
        expect(Number.isInteger(amount) && amount >= 0, `${zone.key}: ${amount}`).toBe(true);
      }
      if (zone.free_delivery_order_amount > 0) {
        expect(zone.free_delivery_order_amount).toBeGreaterThan(zone.min_order_amount);
      }
    }
  });

  it('cover every city, Tashkent with several zones, one per branch area, and some with holes', () => {
    for (const city of cities)
      expect(
        zones.some((z) => z.city === city.slug),
        city.slug,
      ).toBe(true);
    expect(zones.filter((z) => z.city === 'tashkent').length).toBeGreaterThanOrEqual(5);
    expect(zones.filter((z) => (z.holes ?? []).length > 0).length).toBeGreaterThanOrEqual(1);
    // Every branch is inside a zone it serves, and every branch serves some zone.
    for (const branch of branches) {
      const serving = zones.filter((z) => z.branches.includes(branch.slug));
      expect(serving.length, branch.slug).toBeGreaterThan(0);
      expect(
        serving.some((z) => isPointInZone(branch.location, shape(z))),
        `${branch.slug} is outside its zones`,
      ).toBe(true);
    }
  });

  it('keep each hole inside its zone', () => {
    for (const zone of zones) {
      const outer = { points: shape(zone).points };
      for (const hole of zone.holes ?? []) {
        for (const [lat, long] of hole) {
          expect(isPointInZone({ lat, long }, outer), `${zone.key} hole vertex ${lat},${long}`).toBe(true);
        }
        // The middle of a hole is outside the zone.
        const lat = hole.reduce((s, [a]) => s + a, 0) / hole.length;
        const long = hole.reduce((s, [, b]) => s + b, 0) / hole.length;
        expect(isPointInZone({ lat, long }, shape(zone)), `${zone.key} hole centre`).toBe(false);
      }
    }
  });

  it('serve the default map centre from an active branch with realistic hours', () => {
    const here = zonesAt(41.311153, 69.279729);
    expect(here.map((z) => z.key)).toEqual(['tashkent-centre']);
    const active = here[0]?.branches.map((slug) => branchBySlug.get(slug)).filter((b) => b?.is_active);
    expect(active?.length).toBeGreaterThan(0);
    // Open at lunch and in the evening (Tashkent time).
    for (const b of active ?? []) {
      expect(isOpenAt(b?.work_hour_start ?? '', b?.work_hour_end ?? '', '13:00')).toBe(true);
      expect(isOpenAt(b?.work_hour_start ?? '', b?.work_hour_end ?? '', '21:00')).toBe(true);
    }
  });

  it('serve addresses in town and leave the outskirts out', () => {
    const inside: [string, number, number][] = [
      ['Chorsu bazaar', 41.3265, 69.2347],
      ['TV tower', 41.3456, 69.2856],
      ['Magic City', 41.3038, 69.2468],
      ['Yunusobod, 19th quarter', 41.3702, 69.2881],
      ['Mirzo Ulugbek', 41.3263, 69.3371],
      ['Sergeli', 41.2258, 69.2194],
      ['Registan square', 39.6547, 66.9758],
      ['Lyabi-Hauz', 39.7741, 64.4215],
    ];
    for (const [what, lat, long] of inside) expect(zonesAt(lat, long).length, what).toBe(1);
    const outside: [string, number, number][] = [
      ['~0.35 degrees west of the centre', 41.311153, 68.94],
      ['Chirchiq road, far north', 41.47, 69.3],
      ['Zangiota', 41.19, 69.05],
      ['east beyond the ring road', 41.31, 69.45],
      ['the airport airfield', 41.258, 69.283],
      ['the Botanical Garden', 41.3375, 69.323],
      ['between the cities', 40.5, 68],
    ];
    for (const [what, lat, long] of outside) expect(zonesAt(lat, long), what).toEqual([]);
  });

  it('do not overlap inside Tashkent (zones meet along shared borders)', () => {
    // A grid off the round numbers the borders use, so no sample sits exactly on a shared edge.
    for (let lat = 41.1813; lat < 41.42; lat += 0.0071) {
      for (let long = 69.1217; long < 69.41; long += 0.0073) {
        const hits = zonesAt(lat, long);
        expect(hits.length, `${lat.toFixed(4)},${long.toFixed(4)}: ${hits.map((z) => z.key)}`).toBeLessThan(
          2,
        );
      }
    }
  });
});
