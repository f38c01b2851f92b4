import { describe, expect, it } from 'vitest';
import {
  distanceMeters,
  firstActive,
  isPointInZone,
  nearestBranches,
  type ZoneShape,
  type ZoneVertex,
  zonesContaining,
} from './geo.ts';

const v = (lat: number, lon: number): ZoneVertex => ({ lat, lon });
const p = (lat: number, long: number) => ({ lat, long });

/** 41.0..42.0 north, 69.0..70.0 east, with a hole 41.4..41.6 x 69.4..69.6. */
const square: ZoneShape = {
  points: [v(41, 69), v(41, 70), v(42, 70), v(42, 69)],
  holes: [[v(41.4, 69.4), v(41.4, 69.6), v(41.6, 69.6), v(41.6, 69.4)]],
};

/**
 * A concave "U": the square 0..3 x 0..3 minus the notch 1..2 (long) x 1..3 (lat) cut from the top.
 *
 *   3 +--+  +--+
 *     |  |  |  |
 *   1 |  +--+  |
 *   0 +--------+
 *     0  1  2  3
 */
const u: ZoneShape = {
  points: [v(0, 0), v(0, 3), v(3, 3), v(3, 2), v(1, 2), v(1, 1), v(3, 1), v(3, 0)],
};

describe('isPointInZone', () => {
  it('is true inside and false outside', () => {
    expect(isPointInZone(p(41.2, 69.2), square)).toBe(true);
    expect(isPointInZone(p(41.9, 69.9), square)).toBe(true);
    expect(isPointInZone(p(40.9, 69.5), square)).toBe(false);
    expect(isPointInZone(p(41.5, 70.1), square)).toBe(false);
    expect(isPointInZone(p(42.0001, 69.5), square)).toBe(false);
  });

  it('counts the edge and the vertices as inside', () => {
    expect(isPointInZone(p(41, 69.5), square)).toBe(true); // bottom edge
    expect(isPointInZone(p(41.5, 70), square)).toBe(true); // right edge
    expect(isPointInZone(p(41.5, 69), square)).toBe(true); // closing edge (last vertex to first)
    expect(isPointInZone(p(41, 69), square)).toBe(true);
    expect(isPointInZone(p(42, 70), square)).toBe(true);
    expect(isPointInZone(p(42, 69), square)).toBe(true);
  });

  it('counts an edge of a diagonal side as inside', () => {
    const triangle: ZoneShape = { points: [v(0, 0), v(0, 2), v(2, 0)] };
    expect(isPointInZone(p(1, 1), triangle)).toBe(true); // on the hypotenuse
    expect(isPointInZone(p(1.0001, 1.0001), triangle)).toBe(false);
    expect(isPointInZone(p(0.9999, 0.9999), triangle)).toBe(true);
  });

  it('excludes the inside of a hole but keeps its edge', () => {
    expect(isPointInZone(p(41.5, 69.5), square)).toBe(false);
    expect(isPointInZone(p(41.45, 69.55), square)).toBe(false);
    expect(isPointInZone(p(41.4, 69.5), square)).toBe(true); // hole's edge
    expect(isPointInZone(p(41.6, 69.6), square)).toBe(true); // hole's vertex
    expect(isPointInZone(p(41.39, 69.5), square)).toBe(true); // just outside the hole
    // The same square without its hole contains the point.
    expect(isPointInZone(p(41.5, 69.5), { points: square.points })).toBe(true);
  });

  it('handles more than one hole', () => {
    const two: ZoneShape = {
      points: square.points,
      holes: [...(square.holes ?? []), [v(41.1, 69.1), v(41.1, 69.2), v(41.2, 69.2), v(41.2, 69.1)]],
    };
    expect(isPointInZone(p(41.15, 69.15), two)).toBe(false);
    expect(isPointInZone(p(41.5, 69.5), two)).toBe(false);
    expect(isPointInZone(p(41.8, 69.8), two)).toBe(true);
  });

  it('follows a concave outline (the notch is outside, both arms are inside)', () => {
    expect(isPointInZone(p(2, 1.5), u)).toBe(false); // inside the notch
    expect(isPointInZone(p(0.5, 1.5), u)).toBe(true); // the base under the notch
    expect(isPointInZone(p(2, 0.5), u)).toBe(true); // left arm
    expect(isPointInZone(p(2, 2.5), u)).toBe(true); // right arm
    expect(isPointInZone(p(1, 1.5), u)).toBe(true); // notch floor (edge)
    expect(isPointInZone(p(2.5, 1), u)).toBe(true); // notch wall (edge)
    expect(isPointInZone(p(3.5, 1.5), u)).toBe(false);
  });

  it('accepts a ring already closed (first vertex repeated at the end) the same way', () => {
    const closed: ZoneShape = { points: [...square.points, v(41, 69)] };
    expect(isPointInZone(p(41.5, 69.5), closed)).toBe(true);
    expect(isPointInZone(p(40.5, 69.5), closed)).toBe(false);
  });

  it('contains nothing when the zone is degenerate, and ignores a degenerate hole', () => {
    expect(isPointInZone(p(0, 0), { points: [v(0, 0), v(0, 1)] })).toBe(false);
    expect(isPointInZone(p(0, 0), { points: [v(0, 0), v(0, 0), v(0, 0)] })).toBe(false);
    expect(isPointInZone(p(0.1, 0.1), { points: [] })).toBe(false);
    const withLine: ZoneShape = { points: square.points, holes: [[v(41.5, 69.5), v(41.6, 69.6)]] };
    expect(isPointInZone(p(41.5, 69.5), withLine)).toBe(true);
  });

  it('never contains a point that is not a number', () => {
    expect(isPointInZone(p(Number.NaN, 69.5), square)).toBe(false);
    expect(isPointInZone(p(41.5, Number.POSITIVE_INFINITY), square)).toBe(false);
  });

  it('reads vertices as lat/lon, not lon/lat', () => {
    const thin: ZoneShape = { points: [v(41, 69), v(41, 69.1), v(42, 69.1), v(42, 69)] };
    expect(isPointInZone(p(41.5, 69.05), thin)).toBe(true);
    expect(isPointInZone(p(69.05, 41.5), thin)).toBe(false);
  });
});

describe('zonesContaining', () => {
  it('returns every zone containing the point, in the given order', () => {
    const a = { id: 'a', ...square };
    const b = { id: 'b', points: [v(41, 69), v(41, 69.5), v(41.5, 69.5), v(41.5, 69)] };
    const c = { id: 'c', points: [v(0, 0), v(0, 1), v(1, 1)] };
    expect(zonesContaining(p(41.2, 69.2), [a, b, c]).map((z) => z.id)).toEqual(['a', 'b']);
    expect(zonesContaining(p(41.5, 69.5), [a, b, c]).map((z) => z.id)).toEqual(['b']); // a's hole, b's corner
    expect(zonesContaining(p(10, 10), [a, b, c])).toEqual([]);
    expect(zonesContaining(p(41.2, 69.2), [])).toEqual([]);
  });
});

describe('distanceMeters', () => {
  it('is zero to itself, symmetric, and right on known distances', () => {
    const centre = p(41.311153, 69.279729);
    expect(distanceMeters(centre, centre)).toBe(0);
    // One degree of latitude is ~111.2 km on the mean-radius sphere.
    expect(distanceMeters(p(41, 69), p(42, 69))).toBeCloseTo(111_195, -1);
    // A degree of longitude shrinks with cos(latitude).
    expect(distanceMeters(p(41, 69), p(41, 70)) / distanceMeters(p(0, 69), p(0, 70))).toBeCloseTo(
      Math.cos((41 * Math.PI) / 180),
      3,
    );
    const chorsu = p(41.3265, 69.2347);
    expect(distanceMeters(centre, chorsu)).toBeCloseTo(distanceMeters(chorsu, centre), 6);
    expect(distanceMeters(centre, chorsu)).toBeGreaterThan(3_800);
    expect(distanceMeters(centre, chorsu)).toBeLessThan(4_200);
  });
});

describe('nearestBranches', () => {
  const branches = [
    { slug: 'far', is_active: true, location: p(41.4, 69.4) },
    { slug: 'near-closed', is_active: false, location: p(41.311, 69.28) },
    { slug: 'middle', is_active: true, location: p(41.33, 69.3) },
  ];

  it('sorts by distance with whole metres and keeps every field', () => {
    const sorted = nearestBranches(p(41.311153, 69.279729), branches);
    expect(sorted.map((b) => b.slug)).toEqual(['near-closed', 'middle', 'far']);
    for (const b of sorted) expect(Number.isInteger(b.distance)).toBe(true);
    expect(sorted[0]?.distance).toBeLessThan(30);
    expect(sorted[0]).toMatchObject({ is_active: false, location: p(41.311, 69.28) });
    expect(sorted[1]?.distance).toBe(Math.round(distanceMeters(p(41.311153, 69.279729), p(41.33, 69.3))));
  });

  it('keeps the given order for equal distances, and does not touch its input', () => {
    const twins = [
      { slug: 'b', location: p(41, 69) },
      { slug: 'a', location: p(41, 69) },
    ];
    expect(nearestBranches(p(41.1, 69), twins).map((b) => b.slug)).toEqual(['b', 'a']);
    expect(twins[0]).toEqual({ slug: 'b', location: p(41, 69) });
    expect(nearestBranches(p(0, 0), [])).toEqual([]);
  });

  it('with firstActive gives the nearest active branch', () => {
    expect(firstActive(nearestBranches(p(41.311153, 69.279729), branches))?.slug).toBe('middle');
    expect(firstActive(nearestBranches(p(41.41, 69.41), branches))?.slug).toBe('far');
    expect(firstActive(branches.map((b) => ({ ...b, is_active: false })))).toBeUndefined();
    expect(firstActive([])).toBeUndefined();
  });
});
