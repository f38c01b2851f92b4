import type {
  TCheckPointResponse,
  TCustomerAddressList,
  TDeliveryZonesResponse,
  TGeocoderResponse,
  TNearestBranchResponse,
} from '@app/contracts';
import { isArrayOf, isCount, isLatLong, isNumber, isRecord, type TRecord } from '@/lib/guard-primitives';

/**
 * Browser-side shape checks of the location endpoints (see `lib/response-guards.ts` for why the
 * browser does not parse with zod): just enough to turn a wrong answer into a `BAD_RESPONSE` failure.
 */

/** GET /v1/nearest-branch. */
export function isNearestBranchResponse(value: unknown): value is TNearestBranchResponse {
  return (
    isRecord(value) &&
    isArrayOf(
      value.branches,
      (b) =>
        typeof b.id === 'string' &&
        typeof b.slug === 'string' &&
        typeof b.menu_id === 'string' &&
        typeof b.is_active === 'boolean' &&
        isLatLong(b.location),
    )
  );
}

/** GET/POST/PUT/DELETE /v1/customer-addresses...: the whole list. */
export function isCustomerAddressList(value: unknown): value is TCustomerAddressList {
  return (
    isRecord(value) &&
    isCount(value.count) &&
    isArrayOf(
      value.addresses,
      (a) =>
        typeof a.id === 'string' &&
        typeof a.address === 'string' &&
        typeof a.is_active === 'boolean' &&
        isLatLong(a.location),
    )
  );
}

const isGeoRing = (value: unknown): boolean =>
  Array.isArray(value) && value.every((p) => isRecord(p) && isNumber(p.lat) && isNumber(p.lon));

const isZone = (z: TRecord): boolean =>
  typeof z.id === 'string' &&
  typeof z.city === 'string' &&
  isCount(z.min_order_amount) &&
  isCount(z.free_delivery_order_amount) &&
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

/** GET /v1/map/geocoder: every feature has a name and a point. */
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
