import { ZGeocoderResponse } from '@app/contracts';
import { type Geocoder, GeocoderError } from './geocoder.ts';
import { getJson } from './http.ts';

export type YandexConfig = {
  /** e.g. https://geocode-maps.yandex.ru/1.x/ */
  url: string;
  timeoutMs?: number;
};

/** The storefront's parameters Yandex reads, passed on as given ('type' is the storefront's own). */
const PASSED = ['geocode', 'format', 'lang', 'results', 'kind', 'll', 'spn', 'rspn', 'uri'] as const;

/** The chain's key for the geocoder (app.ts: its newest 'geocoder' key in api_keys), or undefined. */
export type GeocoderKeySource = (shipperId: string) => Promise<string | undefined>;

/**
 * Yandex Geocoder HTTP API: the query goes through unchanged with the chain's key (none: 503), and
 * the answer, already in the shape the storefront reads, is checked against the contract and passed
 * back.
 */
export function createYandexGeocoder(config: YandexConfig, deps: { apiKey: GeocoderKeySource }): Geocoder {
  return {
    name: 'yandex',
    geocode: async (query, { shipperId }) => {
      const key = await deps.apiKey(shipperId);
      if (!key) throw new GeocoderError(503, "no api key of type 'geocoder' for this chain");
      const url = new URL(config.url);
      url.searchParams.set('apikey', key);
      for (const name of PASSED) {
        const value = query[name];
        if (value !== undefined) url.searchParams.set(name, String(value));
      }
      const body = await getJson('Yandex Geocoder', url, { timeoutMs: config.timeoutMs });
      const parsed = ZGeocoderResponse.safeParse(body);
      if (!parsed.success) {
        throw new GeocoderError(502, `Yandex Geocoder answered an unexpected shape: ${parsed.error.message}`);
      }
      return parsed.data;
    },
  };
}
