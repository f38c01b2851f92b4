import type { DbOrTx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Geocoder } from './geocoder.ts';
import { createLocalGeocoder } from './local.ts';
import { createNominatimGeocoder } from './nominatim.ts';
import { createYandexGeocoder } from './yandex.ts';

export type { Geocoder, GeocoderContext } from './geocoder.ts';
export { GeocoderError, isValidPoint, reversePoint } from './geocoder.ts';

/** The provider GEOCODER_PROVIDER names. */
export function createGeocoder(
  env: Pick<Env, 'GEOCODER_PROVIDER' | 'YANDEX_GEOCODER_URL' | 'NOMINATIM_URL' | 'NOMINATIM_USER_AGENT'>,
  deps: { db: DbOrTx },
): Geocoder {
  switch (env.GEOCODER_PROVIDER) {
    case 'yandex':
      return createYandexGeocoder({ url: env.YANDEX_GEOCODER_URL }, deps);
    case 'nominatim':
      return createNominatimGeocoder({ url: env.NOMINATIM_URL, userAgent: env.NOMINATIM_USER_AGENT });
    default:
      return createLocalGeocoder(deps);
  }
}
