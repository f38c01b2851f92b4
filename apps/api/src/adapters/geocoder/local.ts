import type { TGeocoderParsedQuery, TLocale } from '@app/contracts';
import { distanceMeters, searchKey, searchRank } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cities, type GeoPlaceKind, type GeoPlaceRow, geoPlaces } from '../../db/schema/index.ts';
import {
  coordinatesLabel,
  type FeatureInput,
  type Geocoder,
  geocoderResponse,
  inBox,
  type LonLat,
  localeOfLang,
  parseLonLat,
  reversePoint,
  searchBox,
  UZBEKISTAN,
} from './geocoder.ts';

/** How far from a point a place still names it in a reverse lookup, by kind, in metres. */
export const REVERSE_REACH: Record<GeoPlaceKind, number> = {
  house: 300,
  landmark: 700,
  metro: 700,
  street: 1_000,
  district: 6_000,
  locality: 40_000,
};

/** Yandex's toponym kind of a gazetteer kind (Yandex has no 'landmark': its sights are 'other'). */
const YANDEX_KIND: Record<GeoPlaceKind, string> = {
  house: 'house',
  street: 'street',
  metro: 'metro',
  district: 'district',
  locality: 'locality',
  landmark: 'other',
};

const PRECISION: Record<GeoPlaceKind, FeatureInput['precision']> = {
  house: 'exact',
  landmark: 'exact',
  metro: 'exact',
  street: 'street',
  district: 'other',
  locality: 'other',
};

/** Which gazetteer kinds a reverse lookup's `kind` asks for. */
const KINDS_OF: Record<NonNullable<TGeocoderParsedQuery['kind']>, GeoPlaceKind[]> = {
  house: ['house', 'landmark'],
  street: ['street'],
  metro: ['metro'],
  district: ['district'],
  locality: ['locality'],
};

const STREET_LEVEL: GeoPlaceKind[] = ['house', 'landmark', 'metro', 'street'];

export const LOCAL_URI_PREFIX = 'local://place/';

type Place = GeoPlaceRow & { distance: number };
type CityNames = Map<string, Record<TLocale, string>>;

const lonLatOf = (row: GeoPlaceRow): LonLat => ({ lon: row.long, lat: row.lat });
const distanceTo = (point: LonLat | null, row: GeoPlaceRow) =>
  point ? distanceMeters({ lat: point.lat, long: point.lon }, { lat: row.lat, long: row.long }) : 0;

function feature(row: GeoPlaceRow, locale: TLocale, cityNames: CityNames): FeatureInput {
  const name = row.name[locale];
  const city = cityNames.get(row.city)?.[locale];
  const components = [{ kind: 'country', name: UZBEKISTAN[locale] }];
  if (row.kind !== 'locality' && city) components.push({ kind: 'locality', name: city });
  components.push({ kind: YANDEX_KIND[row.kind], name });
  return {
    name,
    description: row.description[locale] || undefined,
    point: lonLatOf(row),
    kind: YANDEX_KIND[row.kind],
    precision: PRECISION[row.kind],
    components,
    countryCode: 'UZ',
    uri: `${LOCAL_URI_PREFIX}${row.id}`,
  };
}

/** A house number ('12', '12a', '5/3', 'д. 7') among other words: the gazetteer has streets, not houses. */
const HOUSE_NUMBER = /(^|[\s,])(?:д\.?\s*|uy\s+)?\d+[\p{L}]?(?:\/\d+)?(?=$|[\s,])/giu;

/** The text without house numbers, unless nothing else is left ('Навои 12' -> 'Навои'). */
export function withoutHouseNumbers(text: string): string {
  const rest = text.replace(HOUSE_NUMBER, '$1').trim();
  return searchKey(rest) ? rest : text;
}

/**
 * How well typed text names a place: -1 the whole name, 0-2 the name (domain searchRank: prefix,
 * every word, by skeleton), 3-5 the same only counting the description ('Амир Темур Ташкент');
 * null no match. Names are compared in all three languages and either script.
 */
export function matchRank(text: string, row: Pick<GeoPlaceRow, 'name' | 'description'>): number | null {
  const names = [row.name.ru, row.name.uz, row.name.en];
  const query = withoutHouseNumbers(text);
  const key = searchKey(query);
  if (!key) return null;
  if (names.some((n) => searchKey(n) === key)) return -1;
  const byName = searchRank(query, names);
  if (byName !== null) return byName;
  const described = (['ru', 'uz', 'en'] as const).map((l) => `${row.name[l]} ${row.description[l]}`);
  const byDescription = searchRank(query, described);
  return byDescription === null ? null : 3 + byDescription;
}

/**
 * The gazetteer in the database (geo_places, loaded with the seed). Forward: places whose name in
 * any language matches the text, best match first, then nearest to `ll`; `rspn=1` keeps only those
 * inside ll/spn. Reverse: the nearest street-level places (streets, metro, landmarks), then the
 * district and the city around the point; a point near none of them is named by its coordinates,
 * so an address text always exists.
 */
export function createLocalGeocoder(deps: { db: DbOrTx }): Geocoder {
  async function load(shipperId: string) {
    const [rows, cityRows] = await Promise.all([
      deps.db.select().from(geoPlaces).where(eq(geoPlaces.shipperId, shipperId)),
      deps.db
        .select({ slug: cities.slug, name: cities.name })
        .from(cities)
        .where(eq(cities.shipperId, shipperId)),
    ]);
    const cityNames: CityNames = new Map(cityRows.map((c) => [c.slug, c.name]));
    return { rows, cityNames };
  }

  return {
    name: 'local',
    geocode: async (query, { shipperId }) => {
      const locale = localeOfLang(query.lang);
      const { rows, cityNames } = await load(shipperId);
      const point = reversePoint(query);
      const toFeature = (row: GeoPlaceRow) => feature(row, locale, cityNames);

      if (point) {
        const places: Place[] = rows
          .map((row) => ({ ...row, distance: distanceTo(point, row) }))
          .filter((p) => p.distance <= REVERSE_REACH[p.kind])
          .sort((a, b) => a.distance - b.distance);
        let found: Place[];
        if (query.kind) {
          const kinds = KINDS_OF[query.kind];
          found = places.filter((p) => kinds.includes(p.kind));
        } else {
          const nearest = (kind: GeoPlaceKind) => places.find((p) => p.kind === kind);
          found = [
            ...places.filter((p) => STREET_LEVEL.includes(p.kind)),
            ...[nearest('district'), nearest('locality')].filter((p): p is Place => p !== undefined),
          ];
        }
        const features = found.map(toFeature);
        const hasStreetLevel = found.some((p) => STREET_LEVEL.includes(p.kind));
        if (!hasStreetLevel && (!query.kind || features.length === 0)) {
          // Nothing nearby has a name of its own: the point's coordinates are its name, and the
          // district or city around it (when any) the description.
          const around = found[0];
          features.unshift({
            name: coordinatesLabel(point),
            description: around
              ? [around.name[locale], around.description[locale]].filter(Boolean).join(', ')
              : UZBEKISTAN[locale],
            point,
            kind: 'other',
            precision: 'other',
            components: [
              { kind: 'country', name: UZBEKISTAN[locale] },
              ...[...found].reverse().map((p) => ({ kind: YANDEX_KIND[p.kind], name: p.name[locale] })),
            ],
            countryCode: around ? 'UZ' : undefined,
          });
        }
        return geocoderResponse(query, features);
      }

      if (query.uri?.startsWith(LOCAL_URI_PREFIX)) {
        const id = query.uri.slice(LOCAL_URI_PREFIX.length);
        const row = rows.find((r) => r.id === id);
        return geocoderResponse(query, row ? [toFeature(row)] : []);
      }

      const box = searchBox(query);
      const centre = query.ll ? parseLonLat(query.ll) : null;
      const matches = rows
        .filter((row) => !(box && query.rspn === '1') || inBox(box, lonLatOf(row)))
        .map((row) => ({ row, rank: matchRank(query.geocode, row), distance: distanceTo(centre, row) }))
        .filter((m): m is { row: GeoPlaceRow; rank: number; distance: number } => m.rank !== null)
        .sort(
          (a, b) =>
            a.rank - b.rank ||
            a.distance - b.distance ||
            a.row.name[locale].localeCompare(b.row.name[locale]),
        );
      return geocoderResponse(
        query,
        matches.map((m) => toFeature(m.row)),
        matches.length,
      );
    },
  };
}
