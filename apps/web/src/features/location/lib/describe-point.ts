import type { TLatLong } from '@app/contracts';
import type { TApiClient } from '@/lib/api-client';
import type { TPromptView } from './address-flow';
import { checkPointZones, isOutOfServiceArea, reverseGeocode } from './location-api';

/** The city a detected point belongs to: its zone's, else the default city. */
const FALLBACK_CITY = 'tashkent';

/** Reverse geocode and zone check of a point: what the 'detected address' prompt shows. */
export async function describePoint(
  api: TApiClient,
  location: TLatLong,
  locale: string,
): Promise<Extract<TPromptView, { kind: 'detected' }> | null> {
  const [address, check] = await Promise.all([
    reverseGeocode(api, location, locale),
    checkPointZones(api, location),
  ]);
  if (!address) return null;
  const zone = check.result[0] ?? null;
  return {
    kind: 'detected',
    location,
    address,
    city: zone?.city ?? FALLBACK_CITY,
    zoneId: zone?.id ?? null,
    outOfZone: isOutOfServiceArea(check),
  };
}
