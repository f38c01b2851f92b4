import { describe, expect, it } from 'vitest';
import { markerAnchor, markerBounds, markerHtml, markerIconSize, wrapLongitude, zoneRings } from './map-lib';

describe('zoneRings', () => {
  it('turns the platform outer ring and holes ({lat, lon}) into Leaflet rings ([lat, lng]), outer first', () => {
    const zone = {
      id: 'z',
      points: [
        { lat: 1, lon: 2 },
        { lat: 3, lon: 4 },
        { lat: 5, lon: 6 },
      ],
      holes: [
        [
          { lat: 2, lon: 3 },
          { lat: 2.5, lon: 3.5 },
          { lat: 2.2, lon: 3.9 },
        ],
      ],
    };
    expect(zoneRings(zone)).toEqual({
      id: 'z',
      rings: [
        [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
        [
          [2, 3],
          [2.5, 3.5],
          [2.2, 3.9],
        ],
      ],
    });
  });

  it('a zone without holes has one ring', () => {
    const points = [
      { lat: 0, lon: 0 },
      { lat: 0, lon: 1 },
      { lat: 1, lon: 1 },
    ];
    expect(zoneRings({ id: 'z', points, holes: [] }).rings).toHaveLength(1);
  });
});

describe('markers', () => {
  it('draws HTML icons (no image files, which break in bundlers), tone and selection by class', () => {
    expect(markerHtml({ tone: 'branch' })).toContain('bg-brand-700');
    expect(markerHtml({ tone: 'branch-closed' })).toContain('bg-muted');
    expect(markerHtml({ tone: 'branch', selected: true })).toContain('ring-4');
    expect(markerHtml({ tone: 'branch' })).not.toContain('ring-4');
    expect(markerHtml({ tone: 'pin' })).toContain('bg-paprika-500');
    expect(markerHtml({ tone: 'pin' })).not.toMatch(/<img/);
  });

  it('anchors a dot at its centre and the pin at its tip, below the icon centre', () => {
    expect(markerAnchor({ tone: 'branch' })).toEqual([10, 10]);
    expect(markerIconSize({ tone: 'branch', selected: true })).toBe(26);
    const [x, y] = markerAnchor({ tone: 'pin' });
    expect(x).toBe(16);
    // Half a diagonal of the 32 px square below its centre: 16 + 16 * sqrt(2) = 38.6.
    expect(y).toBe(39);
  });

  it('bounds every marker, or none for an empty list', () => {
    expect(markerBounds([])).toBeNull();
    expect(
      markerBounds([
        { lat: 41.3, long: 69.2 },
        { lat: 39.6, long: 66.9 },
        { lat: 39.7, long: 64.4 },
      ]),
    ).toEqual([
      [39.6, 64.4],
      [41.3, 69.2],
    ]);
  });
});

describe('wrapLongitude', () => {
  it('brings a longitude from a map panned around the world back to -180..180', () => {
    expect(wrapLongitude(69.28)).toBeCloseTo(69.28);
    expect(wrapLongitude(69.28 + 360)).toBeCloseTo(69.28);
    expect(wrapLongitude(69.28 - 720)).toBeCloseTo(69.28);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(-180)).toBe(-180);
    expect(wrapLongitude(190)).toBeCloseTo(-170);
  });
});
