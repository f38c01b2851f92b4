import type { DbOrTx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Geocoder } from './geocoder.ts';
import { createLocalGeocoder } from './local.ts';
import { createNominatimGeocoder } from './nominatim.ts';
import { createYandexGeocoder, type GeocoderKeySource } from './yandex.ts';

export type { Geocoder, GeocoderContext } from './geocoder.ts';
export { GeocoderError, isValidPoint, reversePoint } from './geocoder.ts';
export type { GeocoderKeySource } from './yandex.ts';

/**
 * The provider GEOCODER_PROVIDER names. `db` holds the local gazetteer; `apiKey` gives Yandex the
 * chain's key (the caller reads it from its api_keys, so no adapter reaches into a module).
 */
export function createGeocoder(
  env: Pick<Env, 'GEOCODER_PROVIDER' | 'YANDEX_GEOCODER_URL' | 'NOMINATIM_URL' | 'NOMINATIM_USER_AGENT'>,
  deps: { db: DbOrTx; apiKey: GeocoderKeySource },
): Geocoder {
  switch (env.GEOCODER_PROVIDER) {
    case 'yandex':
      return createYandexGeocoder({ url: env.YANDEX_GEOCODER_URL }, deps);
    case 'nominatim':
      return createNominatimGeocoder({ url: env.NOMINATIM_URL, userAgent: env.NOMINATIM_USER_AGENT });
    default:
      return createLocalGeocoder({ db: deps.db });
  }
}
