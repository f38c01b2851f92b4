import type { TGeocoderQuery, TGeocoderResponse, TGeoObject, TLatLong } from '@app/contracts';
import { DEFAULT_MAP_CENTER, GEOCODER_LANG, GEOCODER_RESULTS, GEOCODER_SPAN } from '@app/domain';

/**
 * How the storefront talks to GET /v1/map/geocoder and GET /v1/check_point_delivery_zones (the map
 * dialog and the address flow on load share it): the query parameters of the spec (section 7: format
 * json, lang by locale, results 5, a 6.5 x 6.5 degree span around Tashkent) and how an answer in
 * Yandex's shape becomes an address text.
 */

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const GEOCODER_LANGS: Record<string, NonNullable<TGeocoderQuery['lang']>> = {
  ru: 'ru_RU',
  uz: 'uz_UZ',
  en: 'en_US',
};

/**
 * The geocoder's language for a page locale (docs/decisions/006: the page's language rather than
 * always the spec's ru_RU, which stays the language of anything else).
 */
export function geocoderLang(locale: string): NonNullable<TGeocoderQuery['lang']> {
  return GEOCODER_LANGS[locale] ?? GEOCODER_LANG;
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
  return {
    geocode: lonLat(point),
    format: 'json',
    lang: geocoderLang(locale),
    results: GEOCODER_RESULTS,
    type: 'geo',
  };
}

/** Worth asking the geocoder: two letters at least (one letter finds half the city). */
export function shouldGeocode(text: string): boolean {
  return text.trim().length >= 2;
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
