/**
 * Geometry of delivery: is a point inside a delivery zone, how far is it from a branch, which branch
 * is nearest. Pure functions on @turf (WGS84 degrees; distances on the sphere, in metres).
 */
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { distance } from '@turf/distance';

type Position = [number, number];
type Polygon = Extract<Parameters<typeof booleanPointInPolygon>[1], { type: 'Polygon' }>;

/** A point as the storefront and the branches write it: `{ lat, long }`. */
export type GeoLatLong = { lat: number; long: number };

/** A polygon vertex as the platform writes zones: `{ lat, lon }` (note: `lon`). */
export type ZoneVertex = { lat: number; lon: number };

/** What the geometry needs of a zone: the outer ring and the rings cut out of it (both implicitly closed). */
export type ZoneShape = { points: readonly ZoneVertex[]; holes?: readonly (readonly ZoneVertex[])[] };

/** A ring as GeoJSON wants it: [lon, lat] positions, the first repeated at the end. */
const toRing = (vertices: readonly ZoneVertex[]): Position[] => {
  const ring: Position[] = vertices.map((v) => [v.lon, v.lat]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
};

const isFiniteVertex = (v: ZoneVertex) => Number.isFinite(v.lat) && Number.isFinite(v.lon);

/** At least three distinct vertices: anything less encloses nothing. */
const isRing = (vertices: readonly ZoneVertex[]) =>
  vertices.every(isFiniteVertex) && new Set(vertices.map((v) => `${v.lon},${v.lat}`)).size >= 3;

/**
 * Whether a point is inside a zone. The zone's edge counts as inside (a house on the border street
 * is served), so does the edge of a hole (it is the served area's border too); the inside of a hole is
 * outside. A zone with fewer than three distinct vertices contains nothing; a degenerate hole is ignored.
 */
export const isPointInZone = (point: GeoLatLong, zone: ZoneShape): boolean => {
  if (!Number.isFinite(point.lat) || !Number.isFinite(point.long)) return false;
  if (!isRing(zone.points)) return false;
  const holes = (zone.holes ?? []).filter(isRing);
  const polygon: Polygon = { type: 'Polygon', coordinates: [toRing(zone.points), ...holes.map(toRing)] };
  return booleanPointInPolygon([point.long, point.lat], polygon);
};

/** The zones containing a point, in the order given. */
export const zonesContaining = <Z extends ZoneShape>(point: GeoLatLong, zones: readonly Z[]): Z[] =>
  zones.filter((zone) => isPointInZone(point, zone));

/** Great-circle (haversine) distance between two points, in metres (not rounded). */
export const distanceMeters = (a: GeoLatLong, b: GeoLatLong): number =>
  distance([a.long, a.lat], [b.long, b.lat], { units: 'meters' });

/**
 * The branches with their distance from a point (whole metres), nearest first; equal distances keep
 * the order given (the chain's own order), so the answer is deterministic.
 */
export const nearestBranches = <B extends { location: GeoLatLong }>(
  point: GeoLatLong,
  branches: readonly B[],
): (B & { distance: number })[] =>
  branches
    .map((branch, index) => ({ branch, index, exact: distanceMeters(point, branch.location) }))
    .sort((x, y) => x.exact - y.exact || x.index - y.index)
    .map(({ branch, exact }) => ({ ...branch, distance: Math.round(exact) }));

/** The first active branch of a list (the storefront's rule for "the nearest branch"), if any. */
export const firstActive = <B extends { is_active: boolean }>(branches: readonly B[]): B | undefined =>
  branches.find((branch) => branch.is_active);
