import { describe, expect, it } from 'vitest';
import {
  CLUSTER_ICON_SIZE,
  clusterHtml,
  markerAnchor,
  markerBounds,
  markerClusters,
  markerHtml,
  markerIconSize,
  type TMapItem,
  type TMapMarker,
  wrapLongitude,
  zoneRings,
} from './map-lib';

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
    expect(markerAnchor({ tone: 'branch' })).toEqual([12, 12]);
    expect(markerIconSize({ tone: 'branch', selected: true })).toBe(30);
    const [x, y] = markerAnchor({ tone: 'pin' });
    expect(x).toBe(16);
    // Half a diagonal of the 32 px square below its centre: 16 + 16 * sqrt(2) = 38.6.
    expect(y).toBe(39);
  });

  it('makes every marker a target of at least 24 by 24 px (WCAG 2.5.8)', () => {
    for (const tone of ['branch', 'branch-closed', 'pin'] as const) {
      for (const selected of [false, true])
        expect(markerIconSize({ tone, selected })).toBeGreaterThanOrEqual(24);
    }
    expect(CLUSTER_ICON_SIZE).toBeGreaterThanOrEqual(24);
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

/** The demo chain's restaurants: six in Tashkent, three in Samarkand, two in Bukhara. */
const DEMO: [number, number][] = [
  [41.3386, 69.2856],
  [41.2757, 69.2047],
  [41.3648, 69.2874],
  [41.2258, 69.2194],
  [41.3263, 69.3371],
  [41.2976, 69.2741],
  [39.6532, 66.9741],
  [39.6497, 66.9612],
  [39.6603, 66.9795],
  [39.7741, 64.4215],
  [39.7672, 64.4389],
];
const demoMarkers: TMapMarker[] = DEMO.map(([lat, long], i) => ({
  id: `b${i}`,
  lat,
  long,
  label: `Branch ${i}`,
  tone: i % 3 === 0 ? 'branch-closed' : 'branch',
}));

/** Where Leaflet draws a point at a zoom (Web Mercator on 256 px tiles), in px. */
function project(lat: number, long: number, zoom: number): [number, number] {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [((long + 180) / 360) * scale, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale];
}

const itemBox = (item: TMapItem, zoom: number) => {
  const { lat, long } = item.kind === 'marker' ? item.marker : item.cluster;
  const size = item.kind === 'marker' ? markerIconSize(item.marker) : CLUSTER_ICON_SIZE;
  const [x, y] = project(lat, long, zoom);
  return { x, y, half: size / 2 };
};

describe('markerClusters', () => {
  it('at every zoom shows each marker once, alone or in a cluster, and no two buttons overlap', () => {
    const clusters = markerClusters(demoMarkers);
    for (let zoom = 0; zoom <= 19; zoom++) {
      const items = clusters.at(zoom);
      const shown = items.flatMap((item) =>
        item.kind === 'marker' ? [item.marker.id] : item.cluster.members.map((m) => m.id),
      );
      expect(shown.sort(), `zoom ${zoom}`).toEqual(demoMarkers.map((m) => m.id).sort());
      const boxes = items.map((item) => itemBox(item, zoom));
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          const apart = Math.abs(a.x - b.x) >= a.half + b.half || Math.abs(a.y - b.y) >= a.half + b.half;
          expect(apart, `zoom ${zoom}: two buttons overlap`).toBe(true);
        }
      }
    }
  });

  it("gathers a city's restaurants on the country view and shows them one by one zoomed in", () => {
    const clusters = markerClusters(demoMarkers);
    const country = clusters.at(6);
    expect(country.every((item) => item.kind === 'cluster')).toBe(true);
    expect(country.map((item) => (item.kind === 'cluster' ? item.cluster.members.length : 1)).sort()).toEqual(
      [2, 3, 6],
    );
    const tashkent = country.find((item) => item.kind === 'cluster' && item.cluster.members.length === 6);
    if (tashkent?.kind !== 'cluster') throw new Error('no Tashkent cluster');
    expect(tashkent.cluster.expansionZoom).toBeGreaterThan(6);
    expect(clusters.at(15).every((item) => item.kind === 'marker')).toBe(true);
  });

  it('never gathers the chosen point, and draws a cluster as its count', () => {
    const pin: TMapMarker = { id: 'pin', lat: 41.3386, long: 69.2856, label: 'Here', tone: 'pin' };
    const items = markerClusters([...demoMarkers, pin]).at(6);
    expect(items).toContainEqual({ kind: 'marker', marker: pin });
    expect(clusterHtml({ members: demoMarkers.slice(0, 6) })).toMatch(/>6<\/span>$/);
  });
});
