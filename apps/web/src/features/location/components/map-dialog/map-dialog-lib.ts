import type {
  TBranch,
  TBranchListResponse,
  TCheckPointResponse,
  TDeliveryZone,
  TDeliveryZonesResponse,
  TGeocoderQuery,
  TGeocoderResponse,
  TGeoObject,
  TLatLong,
} from '@app/contracts';
import {
  type BranchScheduleLabel,
  branchScheduleLabel,
  DEFAULT_MAP_CENTER,
  GEOCODER_RESULTS,
  GEOCODER_SPAN,
  isBranchSelectable,
} from '@app/domain';
import type { TApiClient } from '@/lib/api-client';

/**
 * The map dialog's rules without React: what it asks the geocoder, how it reads the answers, what a
 * zone check means, which branches self-pickup may choose. The response checks are hand-written
 * (no zod in the browser, see lib/response-guards.ts).
 */

type TRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is TRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

// ---------------------------------------------------------------------------------------------
// Geocoder

const GEOCODER_LANGS: Record<string, NonNullable<TGeocoderQuery['lang']>> = {
  ru: 'ru_RU',
  uz: 'uz_UZ',
  en: 'en_US',
};

/** The geocoder's language for a page locale (ru_RU, the spec's default, for anything else). */
export function geocoderLang(locale: string): NonNullable<TGeocoderQuery['lang']> {
  return GEOCODER_LANGS[locale] ?? 'ru_RU';
}

/** A coordinate for a query string: at most 6 decimals (~10 cm), never exponent notation. */
export function coordinate(value: number): string {
  return String(Number(value.toFixed(6)));
}

/** 'lon,lat' as the geocoder writes a point (Yandex's order). */
export function lonLat(point: TLatLong): string {
  return `${coordinate(point.long)},${coordinate(point.lat)}`;
}

/** GET /v1/check_point_delivery_zones takes `lat` and `lon`. */
export function zoneQuery(point: TLatLong): { lat: string; lon: string } {
  return { lat: coordinate(point.lat), lon: coordinate(point.long) };
}

const [CENTER_LAT, CENTER_LONG] = DEFAULT_MAP_CENTER;
const SEARCH_AREA = {
  ll: lonLat({ lat: CENTER_LAT, long: CENTER_LONG }),
  spn: GEOCODER_SPAN.join(','),
};

/** The parameters the dialog sends to GET /v1/map/geocoder (a subset of the contract's query). */
export type TGeocoderCall = {
  geocode: string;
  format: 'json';
  lang: NonNullable<TGeocoderQuery['lang']>;
  results: number;
  type: 'geo';
  ll?: string;
  spn?: string;
};

/** GET /v1/map/geocoder for typed text: 5 results around Tashkent's centre, a 6.5 x 6.5 degree span. */
export function searchQuery(text: string, locale: string): TGeocoderCall {
  return {
    geocode: text.trim(),
    format: 'json',
    lang: geocoderLang(locale),
    results: GEOCODER_RESULTS,
    type: 'geo',
    ...SEARCH_AREA,
  };
}

/** GET /v1/map/geocoder for a point ('lon,lat'): what is there, for the address text. */
export function reverseQuery(point: TLatLong, locale: string): TGeocoderCall {
  return { geocode: lonLat(point), format: 'json', lang: geocoderLang(locale), results: 1, type: 'geo' };
}

/** Worth asking the geocoder: two letters at least (one letter finds half the city). */
export function shouldGeocode(text: string): boolean {
  return text.trim().length >= 2;
}

export function isGeocoderResponse(value: unknown): value is TGeocoderResponse {
  if (!isRecord(value) || !isRecord(value.response)) return false;
  const collection = value.response.GeoObjectCollection;
  return (
    isRecord(collection) &&
    Array.isArray(collection.featureMember) &&
    collection.featureMember.every(
      (member: unknown) =>
        isRecord(member) &&
        isRecord(member.GeoObject) &&
        typeof member.GeoObject.name === 'string' &&
        isRecord(member.GeoObject.Point) &&
        typeof member.GeoObject.Point.pos === 'string',
    )
  );
}

/** 'lon lat' (Yandex's `Point.pos`) as a point, or null when it is not two numbers in range. */
export function parsePos(pos: string): TLatLong | null {
  const parts = pos.trim().split(/\s+/);
  if (parts.length !== 2) return null;
  const [long, lat] = parts.map(Number);
  if (!isNumber(lat) || !isNumber(long) || Math.abs(lat) > 90 || Math.abs(long) > 180) return null;
  return { lat, long };
}

/** The text a customer reads for a found place: its name, then where it is ('Amir Temur Square, Tashkent'). */
export function featureAddress(object: Pick<TGeoObject, 'name' | 'description'>): string {
  const name = object.name.trim();
  const description = object.description?.trim();
  if (!description || description === name) return name;
  return name ? `${name}, ${description}` : description;
}

export type TFoundPlace = {
  key: string;
  name: string;
  description: string;
  address: string;
  point: TLatLong;
};

/** The answer's features that have a usable point, as a list to choose from. */
export function foundPlaces(response: TGeocoderResponse): TFoundPlace[] {
  const places: TFoundPlace[] = [];
  response.response.GeoObjectCollection.featureMember.forEach(({ GeoObject: object }, index) => {
    const point = parsePos(object.Point.pos);
    if (!point) return;
    places.push({
      key: `${index}:${object.Point.pos}`,
      name: object.name,
      description: object.description ?? '',
      address: featureAddress(object),
      point,
    });
  });
  return places;
}

/** The address of a point from a reverse lookup: the first feature's name and description, or null. */
export function reverseAddress(response: TGeocoderResponse): string | null {
  const first = response.response.GeoObjectCollection.featureMember[0];
  if (!first) return null;
  const text = featureAddress(first.GeoObject);
  return text || null;
}

/** Coordinates as text, the address of last resort when the geocoder knows nothing there. */
export function coordinatesText(point: TLatLong): string {
  return `${point.lat.toFixed(5)}, ${point.long.toFixed(5)}`;
}

// ---------------------------------------------------------------------------------------------
// Zones

const isGeoRing = (value: unknown): boolean =>
  Array.isArray(value) && value.every((p) => isRecord(p) && isNumber(p.lat) && isNumber(p.lon));

const isZone = (z: TRecord): boolean =>
  typeof z.id === 'string' &&
  typeof z.city === 'string' &&
  isGeoRing(z.points) &&
  Array.isArray(z.holes) &&
  z.holes.every(isGeoRing);

export function isCheckPointResponse(value: unknown): value is TCheckPointResponse {
  return (
    isRecord(value) &&
    isCount(value.all_count) &&
    Array.isArray(value.result) &&
    value.result.every((z) => isRecord(z) && isZone(z))
  );
}

export function isDeliveryZonesResponse(value: unknown): value is TDeliveryZonesResponse {
  return (
    isRecord(value) &&
    isCount(value.count) &&
    Array.isArray(value.zones) &&
    value.zones.every((z) => isRecord(z) && isZone(z))
  );
}

/**
 * What a zone check means (platform shapes): a zone contains the point (deliver, from its branches);
 * zones exist but none contains it (out of the service area); the chain has no zones at all (nothing
 * to check against, delivery is not limited).
 */
export type TZoneVerdict =
  | { kind: 'inside'; zone: TDeliveryZone }
  | { kind: 'outside' }
  | { kind: 'unlimited' };

export function zoneVerdict(response: TCheckPointResponse): TZoneVerdict {
  const zone = response.result[0];
  if (zone) return { kind: 'inside', zone };
  return response.all_count > 0 ? { kind: 'outside' } : { kind: 'unlimited' };
}

export type TZoneState = { kind: 'checking' } | { kind: 'failed' } | TZoneVerdict;

/** The delivery point being chosen: where, its address text (null while looking it up), its zone. */
export type TDeliveryPick = { point: TLatLong; address: string | null; zone: TZoneState };

/**
 * Delivery may be confirmed (spec section 5: coordinates and an address text) once the zone check
 * says a zone serves the point, or that the chain has no zones at all.
 */
export function canConfirmDelivery(pick: TDeliveryPick | null): pick is TDeliveryPick & { address: string } {
  return Boolean(pick?.address) && (pick?.zone.kind === 'inside' || pick?.zone.kind === 'unlimited');
}

export type TPointLookupHandlers = {
  /** The address text: the reverse lookup's first feature, or the coordinates when nothing is there. */
  onAddress: (address: string) => void;
  onZone: (zone: TZoneState) => void;
  /** The reverse lookup failed: the dialog reloads the page (spec section 8). */
  onReverseFailed: (error: unknown) => void;
};

/**
 * What the dialog asks about a chosen point, both at once: its address (a reverse lookup, skipped
 * when the customer chose a search result, whose text is the address) and its zone. A failed zone
 * check is reported as such; it never lets the point through.
 */
export async function lookUpPoint(
  api: Pick<TApiClient, 'get'>,
  point: TLatLong,
  locale: string,
  knownAddress: string | null,
  on: TPointLookupHandlers,
): Promise<void> {
  const address = knownAddress
    ? Promise.resolve()
    : api
        .get('/v1/map/geocoder', { schema: isGeocoderResponse, query: reverseQuery(point, locale) })
        .then((response) => on.onAddress(reverseAddress(response) ?? coordinatesText(point)))
        .catch((error: unknown) => on.onReverseFailed(error));
  const zone = api
    .get('/v1/check_point_delivery_zones', { schema: isCheckPointResponse, query: zoneQuery(point) })
    .then((response) => on.onZone(zoneVerdict(response)))
    .catch((error: unknown) => {
      console.error('map dialog: zone check failed', error);
      on.onZone({ kind: 'failed' });
    });
  await Promise.all([address, zone]);
}

// ---------------------------------------------------------------------------------------------
// Self-pickup

export function isBranchListResponse(value: unknown): value is TBranchListResponse {
  return (
    isRecord(value) &&
    isCount(value.count) &&
    Array.isArray(value.branches) &&
    value.branches.every(
      (b) =>
        isRecord(b) &&
        typeof b.id === 'string' &&
        typeof b.slug === 'string' &&
        typeof b.menu_id === 'string' &&
        typeof b.is_active === 'boolean' &&
        typeof b.work_hour_start === 'string' &&
        typeof b.work_hour_end === 'string' &&
        isRecord(b.location) &&
        isNumber(b.location.lat) &&
        isNumber(b.location.long),
    )
  );
}

export type TPickupLabel = BranchScheduleLabel | { kind: 'inactive' };
export type TPickupRow = { branch: TBranch; label: TPickupLabel; selectable: boolean };

/**
 * The self-pickup list at a Tashkent clock time: every branch with its label (around the clock,
 * open until, opens at, or not working), choosable only when active and open now (spec section 4).
 * Choosable ones first, then by name order as the API gave them.
 */
export function pickupRows(branches: readonly TBranch[], now: string): TPickupRow[] {
  const rows = branches.map((branch) => ({
    branch,
    label: branch.is_active
      ? branchScheduleLabel(branch.work_hour_start, branch.work_hour_end, now)
      : ({ kind: 'inactive' } as const),
    selectable: isBranchSelectable(branch, now),
  }));
  return [...rows.filter((r) => r.selectable), ...rows.filter((r) => !r.selectable)];
}

/** The chosen branch still valid after the list or the clock changed, else null. */
export function stillSelectable(rows: readonly TPickupRow[], id: string | null): TBranch | null {
  if (!id) return null;
  return rows.find((r) => r.branch.id === id && r.selectable)?.branch ?? null;
}
