import type { TDeliveryZone } from '@app/contracts';
import Supercluster from 'supercluster';

/**
 * Plain data the map draws, so the Leaflet wrapper stays a thin adapter and the rules here are tested
 * without a browser. Coordinates are `[lat, long]`, Leaflet's order.
 */
export type TLatLngTuple = [lat: number, long: number];

export type TMarkerTone = 'branch' | 'branch-closed' | 'pin';

export type TMapMarker = {
  id: string;
  lat: number;
  long: number;
  /** The marker's accessible name (and tooltip). */
  label: string;
  tone: TMarkerTone;
  selected?: boolean;
  /** Shown in a popup when the marker is pressed: a heading, a line of text, a link. */
  popup?: { title: string; text?: string; href?: string; linkText?: string };
};

/** A delivery zone as the map draws it: the outer ring first, then its holes. */
export type TMapZone = { id: string; rings: TLatLngTuple[][] };

/** Where the map looks. A new object moves the view, the same object leaves it where the customer put it. */
export type TMapView = { center: TLatLngTuple; zoom: number };

export function zoneRings(zone: Pick<TDeliveryZone, 'id' | 'points' | 'holes'>): TMapZone {
  const ring = (points: { lat: number; lon: number }[]): TLatLngTuple[] => points.map((p) => [p.lat, p.lon]);
  return { id: zone.id, rings: [ring(zone.points), ...zone.holes.map(ring)] };
}

const TONES: Record<TMarkerTone, string> = {
  branch: 'bg-brand-700',
  'branch-closed': 'bg-muted',
  pin: 'bg-paprika-500',
};

/**
 * Size in px of a marker's square icon; the anchor is its centre (pins: the bottom tip). At least
 * 24 px: a marker is a button, and WCAG 2.5.8 (target size, AA) asks 24 by 24.
 */
export function markerIconSize(marker: Pick<TMapMarker, 'tone' | 'selected'>): number {
  if (marker.tone === 'pin') return 32;
  return marker.selected ? 30 : 24;
}

/** Size in px of a cluster's round icon (the number of restaurants it stands for). */
export const CLUSTER_ICON_SIZE = 32;

/**
 * Markers closer than this on the screen (px at the map's zoom) become one cluster. Wider than any
 * two icons side by side (a cluster and a marker need 28 px between centres, 40 on a diagonal), so
 * no two buttons on the map overlap (WCAG 2.5.8).
 */
export const CLUSTER_RADIUS_PX = 48;

/** Markers standing for each other at one zoom: one button that zooms in on them. */
export type TMarkerCluster = {
  /** Stable for one set of markers and zoom. */
  id: string;
  lat: number;
  long: number;
  members: TMapMarker[];
  /** The zoom at which the members stop being one cluster. */
  expansionZoom: number;
};

export type TMapItem = { kind: 'marker'; marker: TMapMarker } | { kind: 'cluster'; cluster: TMarkerCluster };

/**
 * What the map shows of `markers` at a zoom: the markers, with those that would overlap on the
 * screen gathered into clusters (supercluster, on Leaflet's 256 px tiles). The chosen-point pin is
 * never gathered.
 */
export function markerClusters(markers: readonly TMapMarker[]): { at: (zoom: number) => TMapItem[] } {
  const pins = markers.filter((m) => m.tone === 'pin');
  const points = markers.filter((m) => m.tone !== 'pin');
  const index = new Supercluster<{ at: number }>({
    radius: CLUSTER_RADIUS_PX,
    extent: 256,
    minZoom: 0,
    maxZoom: 19,
  });
  index.load(
    points.map((m, at) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [m.long, m.lat] },
      properties: { at },
    })),
  );
  return {
    at: (zoom) => {
      const z = Math.max(0, Math.min(20, Math.round(zoom)));
      const items = index.getClusters([-180, -85, 180, 85], z).flatMap((feature): TMapItem[] => {
        const [long = 0, lat = 0] = feature.geometry.coordinates;
        const { properties } = feature;
        if ('cluster' in properties && properties.cluster) {
          const id = properties.cluster_id;
          const members = index
            .getLeaves(id, Number.POSITIVE_INFINITY)
            .flatMap((leaf) => points[leaf.properties.at] ?? []);
          return [
            {
              kind: 'cluster',
              cluster: {
                id: `cluster-${members.map((m) => m.id).join('+')}`,
                lat,
                long,
                members,
                expansionZoom: index.getClusterExpansionZoom(id),
              },
            },
          ];
        }
        const marker = points[(properties as { at: number }).at];
        return marker ? [{ kind: 'marker', marker }] : [];
      });
      return [...items, ...pins.map((marker): TMapItem => ({ kind: 'marker', marker }))];
    },
  };
}

/** The HTML of a cluster's icon: the number of markers it stands for (its name says which). */
export function clusterHtml(cluster: Pick<TMarkerCluster, 'members'>): string {
  return `<span class="flex h-full w-full items-center justify-center rounded-full border-[3px] border-white bg-brand-700 text-sm font-bold text-white shadow-md">${cluster.members.length}</span>`;
}

/**
 * The HTML of an `L.divIcon` (Leaflet's default marker images break in bundlers). Only class names,
 * never customer text, so nothing here needs escaping.
 */
export function markerHtml(marker: Pick<TMapMarker, 'tone' | 'selected'>): string {
  if (marker.tone === 'pin') {
    // A drop-shaped pin whose tip is the chosen point.
    return `<span class="block h-8 w-8 -rotate-45 rounded-[50%_50%_50%_0] border-[3px] border-white ${TONES.pin} shadow-lg"></span>`;
  }
  const ring = marker.selected ? ' ring-4 ring-brand-300' : '';
  return `<span class="block h-full w-full rounded-full border-[3px] border-white ${TONES[marker.tone]} shadow-md${ring}"></span>`;
}

/**
 * The anchor of a marker icon: a dot's centre; for the pin, its tip (the square's sharp corner, turned
 * 45 degrees to point down, half a diagonal below the centre).
 */
export function markerAnchor(marker: Pick<TMapMarker, 'tone' | 'selected'>): [number, number] {
  const size = markerIconSize(marker);
  return marker.tone === 'pin'
    ? [size / 2, Math.round(size / 2 + (size / 2) * Math.SQRT2)]
    : [size / 2, size / 2];
}

/** A longitude clicked on a map that was panned around the world, brought back to -180..180. */
export function wrapLongitude(long: number): number {
  const wrapped = ((((long + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && long > 0 ? 180 : wrapped;
}

/** The bounding box of the markers, `[[south, west], [north, east]]`, or null when there are none. */
export function markerBounds(
  markers: readonly Pick<TMapMarker, 'lat' | 'long'>[],
): [TLatLngTuple, TLatLngTuple] | null {
  if (markers.length === 0) return null;
  let south = 90;
  let north = -90;
  let west = 180;
  let east = -180;
  for (const m of markers) {
    south = Math.min(south, m.lat);
    north = Math.max(north, m.lat);
    west = Math.min(west, m.long);
    east = Math.max(east, m.long);
  }
  return [
    [south, west],
    [north, east],
  ];
}
