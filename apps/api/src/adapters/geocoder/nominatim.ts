import type { TGeocoderParsedQuery } from '@app/contracts';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import { z } from 'zod';
import {
  coordinatesLabel,
  type FeatureInput,
  type Geocoder,
  GeocoderError,
  geocoderResponse,
  type LonLat,
  languageTag,
  reversePoint,
  searchBox,
} from './geocoder.ts';
import { getJson } from './http.ts';

export type NominatimConfig = {
  /** e.g. https://nominatim.openstreetmap.org (no trailing slash). */
  url: string;
  /** Nominatim's usage policy asks for one that identifies the application. */
  userAgent: string;
  timeoutMs?: number;
  /** Start-to-start gap between two upstream calls; the public server allows 1 a second. */
  minIntervalMs?: number;
  /** Upstream calls waiting for their turn or under way; one more gets a 503 at once instead of a long wait. */
  maxQueue?: number;
  /** Answers kept in memory (the least recently used is dropped first) and for how long. */
  cacheSize?: number;
  cacheTtlMs?: number;
};

const ZPlace = z.object({
  lat: z.string(),
  lon: z.string(),
  display_name: z.string(),
  name: z.string().nullish(),
  category: z.string().nullish(),
  type: z.string().nullish(),
  addresstype: z.string().nullish(),
  osm_type: z.string().nullish(),
  osm_id: z.number().nullish(),
  address: z.record(z.string(), z.string()).nullish(),
  boundingbox: z.array(z.string()).length(4).nullish(),
});
type NominatimPlace = z.infer<typeof ZPlace>;
const ZSearchAnswer = z.array(ZPlace);
/** /reverse answers one place, or `{error}` when there is nothing there (the sea, the desert). */
const ZReverseAnswer = z.union([ZPlace, z.object({ error: z.string() })]);

/** Nominatim's reverse zoom for a Yandex `kind`: 18 building, 17 streets, 14 suburbs, 10 cities. */
const ZOOM: Record<NonNullable<TGeocoderParsedQuery['kind']>, number> = {
  house: 18,
  street: 17,
  metro: 18,
  district: 14,
  locality: 10,
};

const DISTRICT_TYPES = ['suburb', 'city_district', 'district', 'borough', 'quarter', 'neighbourhood'];
const LOCALITY_TYPES = ['city', 'town', 'village', 'hamlet'];
const PROVINCE_TYPES = ['state', 'region', 'province'];

function kindOf(p: NominatimPlace): string {
  const type = p.addresstype ?? p.type ?? '';
  if (p.address?.house_number && (p.category === 'building' || ['building', 'house'].includes(type))) {
    return 'house';
  }
  if (p.category === 'railway' && ['station', 'subway_entrance'].includes(p.type ?? '')) return 'metro';
  if (p.category === 'highway' || type === 'road') return 'street';
  if (DISTRICT_TYPES.includes(type)) return 'district';
  if (LOCALITY_TYPES.includes(type)) return 'locality';
  if (PROVINCE_TYPES.includes(type)) return 'province';
  if (type === 'country') return 'country';
  return 'other';
}

const first = (...values: (string | null | undefined)[]) => values.find((v) => v?.trim());

/** One Nominatim place in Yandex's shape: name is the street and house or the place's own name. */
export function featureOf(p: NominatimPlace): FeatureInput {
  const a = p.address ?? {};
  const kind = kindOf(p);
  const road = first(a.road, a.pedestrian, a.footway, a.street);
  const locality = first(a.city, a.town, a.village, a.hamlet);
  const district = first(a.city_district, a.suburb, a.district, a.borough);
  const province = first(a.state, a.region);
  const name =
    (kind === 'house' && road && a.house_number ? `${road}, ${a.house_number}` : undefined) ??
    first(p.name, road, p.display_name.split(',')[0]) ??
    p.display_name;
  const description = [district, locality, a.country].filter((x) => x && x !== name).join(', ');
  const components = [
    ['country', a.country],
    ['province', province],
    ['locality', locality],
    ['district', district],
    ['street', road],
    ['house', a.house_number],
  ]
    .filter((c): c is [string, string] => Boolean(c[1]))
    .map(([k, n]) => ({ kind: k, name: n }));
  if (!['house', 'street', 'country', 'province', 'locality', 'district'].includes(kind)) {
    components.push({ kind, name });
  }
  const [minLat, maxLat, minLon, maxLon] = (p.boundingbox ?? []).map(Number);
  const box =
    minLat !== undefined && maxLat !== undefined && minLon !== undefined && maxLon !== undefined
      ? { minLat, maxLat, minLon, maxLon }
      : undefined;
  return {
    name,
    description: description || undefined,
    point: { lon: Number(p.lon), lat: Number(p.lat) },
    kind,
    precision: kind === 'house' ? 'exact' : kind === 'street' ? 'street' : 'other',
    components,
    countryCode: a.country_code?.toUpperCase(),
    uri:
      p.osm_type && p.osm_id ? `nominatim://${p.osm_type.slice(0, 1).toUpperCase()}${p.osm_id}` : undefined,
    box: box && Object.values(box).every(Number.isFinite) ? box : undefined,
  };
}

const URI = /^nominatim:\/\/([NWR]\d+)$/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * OpenStreetMap's Nominatim (search, reverse and lookup), converted to Yandex's shape. The public
 * server's policy is followed: an identifying User-Agent, at most one call a second, and answers
 * cached, so the same text or point asked twice costs one call.
 *
 * Callers queue for their turn one at a time (p-limit), and each turn waits until `minIntervalMs`
 * after the previous call actually started. (p-throttle was tried: it fixes every queued call's
 * start time in advance, so one late timer on a busy machine brings the next calls closer together
 * than the interval.) lru-cache keeps the answers and makes a question asked again
 * while its call is under way wait for that call.
 */
export function createNominatimGeocoder(config: NominatimConfig): Geocoder {
  const minInterval = config.minIntervalMs ?? 1_000;
  const maxQueue = config.maxQueue ?? 20;
  const turns = pLimit(1);
  let lastStart = Number.NEGATIVE_INFINITY;
  /**
   * Starts `send` in its turn: the start time is taken and the call made in the same synchronous
   * step, so a busy event loop cannot put time between the two (which would let the next call start
   * less than the interval after this one actually did).
   */
  const inTurn = async <T>(send: () => Promise<T>): Promise<T> => {
    let sent: Promise<T> | undefined;
    await turns(async () => {
      // Node's timers run on the event loop's cached clock and can fire a millisecond or two before
      // performance.now() says the time is up; the wait is measured again until it really is.
      for (let wait = lastStart + minInterval - performance.now(); wait > 0; ) {
        await sleep(wait);
        wait = lastStart + minInterval - performance.now();
      }
      lastStart = performance.now();
      sent = send();
      // The turn ends when the call has started, not when it answers; its failure is the caller's.
      sent.catch(() => undefined);
    });
    if (!sent) throw new Error('Nominatim: the turn ended without a call');
    return sent;
  };
  const upstream = async (url: URL): Promise<unknown> => {
    if (turns.activeCount + turns.pendingCount >= maxQueue) {
      throw new GeocoderError(503, 'Nominatim queue is full');
    }
    return inTurn(() =>
      getJson('Nominatim', url, {
        headers: { 'user-agent': config.userAgent },
        timeoutMs: config.timeoutMs,
      }),
    );
  };
  // lru-cache keeps no undefined values, so an answer is stored inside an object.
  const cache = new LRUCache<string, { body: unknown }>({
    max: config.cacheSize ?? 500,
    ttl: config.cacheTtlMs ?? 60 * 60_000,
    fetchMethod: async (key) => ({ body: await upstream(new URL(key)) }),
  });

  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${config.url}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return (await cache.fetch(url.toString()))?.body;
  }

  function parse<T>(schema: z.ZodType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new GeocoderError(502, `Nominatim answered an unexpected shape: ${parsed.error.message}`);
    return parsed.data;
  }

  return {
    name: 'nominatim',
    geocode: async (query) => {
      const common = { format: 'jsonv2', addressdetails: '1', 'accept-language': languageTag(query.lang) };
      const point: LonLat | null = reversePoint(query);
      if (point) {
        const zoom = ZOOM[query.kind ?? 'house'];
        const answer = parse(
          ZReverseAnswer,
          await get('/reverse', {
            lat: String(point.lat),
            lon: String(point.lon),
            zoom: String(zoom),
            ...common,
          }),
        );
        // Nothing mapped there: the point is named by its coordinates, so an address text exists.
        const feature: FeatureInput =
          'error' in answer
            ? { name: coordinatesLabel(point), point, kind: 'other', precision: 'other', components: [] }
            : featureOf(answer);
        return geocoderResponse(query, [feature]);
      }
      const byUri = query.uri ? URI.exec(query.uri) : null;
      if (byUri?.[1]) {
        const places = parse(ZSearchAnswer, await get('/lookup', { osm_ids: byUri[1], ...common }));
        return geocoderResponse(query, places.map(featureOf));
      }
      const params: Record<string, string> = {
        q: query.geocode,
        ...common,
        countrycodes: 'uz',
        limit: String(query.results),
      };
      const box = searchBox(query);
      if (box) {
        params.viewbox = [box.minLon, box.maxLat, box.maxLon, box.minLat].join(',');
        if (query.rspn === '1') params.bounded = '1';
      }
      const places = parse(ZSearchAnswer, await get('/search', params));
      return geocoderResponse(query, places.map(featureOf));
    },
  };
}
