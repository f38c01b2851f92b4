import type { TGeocoderParsedQuery, TGeocoderResponse, TGeoObject, TLocale } from '@app/contracts';

export type GeocoderContext = { shipperId: string };

/**
 * Turns an address text into places (forward) or a point 'lon,lat' into the places there (reverse),
 * always answering in Yandex Geocoder's shape, so the storefront reads one format whoever answers.
 */
export type Geocoder = {
  readonly name: 'local' | 'yandex' | 'nominatim';
  /** Rejects with GeocoderError when the provider cannot answer (the route answers 502/503). */
  geocode: (query: TGeocoderParsedQuery, ctx: GeocoderContext) => Promise<TGeocoderResponse>;
};

/**
 * The provider could not answer: 503 when it is unavailable (no key, unreachable, timed out), 502
 * when it answered with an error or something unreadable. `message` is for the log only.
 */
export class GeocoderError extends Error {
  constructor(
    readonly status: 502 | 503,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GeocoderError';
  }
}

export type LonLat = { lon: number; lat: number };

const LON_LAT = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/** 'lon,lat' as Yandex writes a point (numbers only, any range), or null for an address text. */
export function parseLonLat(text: string): LonLat | null {
  const match = LON_LAT.exec(text);
  if (!match) return null;
  return { lon: Number(match[1]), lat: Number(match[2]) };
}

export const isValidPoint = ({ lon, lat }: LonLat) =>
  Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lon) <= 180 && Math.abs(lat) <= 90;

/** The point of a reverse lookup ('lon,lat'), or null when `geocode` is an address text. */
export const reversePoint = (query: Pick<TGeocoderParsedQuery, 'geocode'>): LonLat | null =>
  parseLonLat(query.geocode);

/**
 * The language of the answer. ru_RU and uk_UA read Russian names, uz_UZ Uzbek (Latin), the others
 * (en_US, en_RU, tr_TR) English.
 */
export function localeOfLang(lang: TGeocoderParsedQuery['lang']): TLocale {
  if (lang === 'ru_RU' || lang === 'uk_UA') return 'ru';
  if (lang === 'uz_UZ') return 'uz';
  return 'en';
}

/** Nominatim's accept-language for the answer's language. */
export const languageTag = (lang: TGeocoderParsedQuery['lang']): string => lang.split('_')[0] ?? 'ru';

export type Box = { minLon: number; minLat: number; maxLon: number; maxLat: number };

/** The search area of ll + spn ('lon,lat' centre, 'dlon,dlat' size), or null when either is missing. */
export function searchBox(query: Pick<TGeocoderParsedQuery, 'll' | 'spn'>): Box | null {
  const centre = query.ll ? parseLonLat(query.ll) : null;
  const span = query.spn ? parseLonLat(query.spn) : null;
  if (!centre || !span) return null;
  const halfLon = Math.abs(span.lon) / 2;
  const halfLat = Math.abs(span.lat) / 2;
  return {
    minLon: centre.lon - halfLon,
    maxLon: centre.lon + halfLon,
    minLat: Math.max(-90, centre.lat - halfLat),
    maxLat: Math.min(90, centre.lat + halfLat),
  };
}

export const inBox = (box: Box, p: LonLat) =>
  p.lon >= box.minLon && p.lon <= box.maxLon && p.lat >= box.minLat && p.lat <= box.maxLat;

/** 'lon lat' (Yandex's order, space-separated). */
export const pos = ({ lon, lat }: LonLat) => `${round(lon)} ${round(lat)}`;
const round = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** '41.311153, 69.279729': how people write a point (latitude first), for places with no name. */
export const coordinatesLabel = ({ lon, lat }: LonLat) => `${lat.toFixed(6)}, ${lon.toFixed(6)}`;

export type FeatureInput = {
  name: string;
  description?: string | undefined;
  point: LonLat;
  kind: string;
  precision: 'exact' | 'number' | 'near' | 'range' | 'street' | 'other';
  /** Outermost first: country, province, locality, district, street, house. */
  components: { kind: string; name: string }[];
  countryCode?: string | undefined;
  uri?: string | undefined;
  box?: Box | undefined;
};

/** One featureMember in Yandex's shape. */
export function geoObject(f: FeatureInput): { GeoObject: TGeoObject } {
  const formatted =
    f.components.map((c) => c.name).join(', ') || [f.description, f.name].filter(Boolean).join(', ');
  const box = f.box ?? {
    minLon: f.point.lon - 0.002,
    maxLon: f.point.lon + 0.002,
    minLat: f.point.lat - 0.002,
    maxLat: f.point.lat + 0.002,
  };
  return {
    GeoObject: {
      name: f.name,
      ...(f.description ? { description: f.description } : {}),
      Point: { pos: pos(f.point) },
      metaDataProperty: {
        GeocoderMetaData: {
          kind: f.kind,
          text: formatted,
          precision: f.precision,
          ...(f.uri ? { uri: f.uri } : {}),
          Address: {
            ...(f.countryCode ? { country_code: f.countryCode } : {}),
            formatted,
            Components: f.components,
          },
        },
      },
      boundedBy: {
        Envelope: {
          lowerCorner: pos({ lon: box.minLon, lat: box.minLat }),
          upperCorner: pos({ lon: box.maxLon, lat: box.maxLat }),
        },
      },
    },
  };
}

/** The whole answer: `found` is how many matched before `results` cut the list. */
export function geocoderResponse(
  query: Pick<TGeocoderParsedQuery, 'geocode' | 'results'>,
  features: FeatureInput[],
  found = features.length,
): TGeocoderResponse {
  const point = reversePoint(query);
  const members = features.slice(0, query.results).map(geoObject);
  return {
    response: {
      GeoObjectCollection: {
        metaDataProperty: {
          GeocoderResponseMetaData: {
            request: query.geocode,
            results: String(query.results),
            found: String(found),
            ...(point ? { Point: { pos: pos(point) } } : {}),
          },
        },
        featureMember: members,
      },
    },
  };
}

/** The country's name, for the outermost component of an address. */
export const UZBEKISTAN: Record<TLocale, string> = { ru: 'Узбекистан', uz: "O'zbekiston", en: 'Uzbekistan' };
