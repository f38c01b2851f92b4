import type { TDeliveryZone } from '@app/contracts';

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

/** Size in px of a marker's square icon; the anchor is its centre (pins: the bottom tip). */
export function markerIconSize(marker: Pick<TMapMarker, 'tone' | 'selected'>): number {
  if (marker.tone === 'pin') return 32;
  return marker.selected ? 26 : 20;
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
