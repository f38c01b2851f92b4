import type {
  TCheckPointResponse,
  TCustomerAddressList,
  TGeocoderResponse,
  TNearestBranchResponse,
} from '@app/contracts';

/**
 * Browser-side shape checks of the location endpoints (see `lib/response-guards.ts` for why the
 * browser does not parse with zod): just enough to turn a wrong answer into a `BAD_RESPONSE` failure.
 */
type TRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is TRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const isLatLong = (value: unknown): boolean =>
  isRecord(value) && typeof value.lat === 'number' && typeof value.long === 'number';
const isArrayOf = (value: unknown, item: (entry: TRecord) => boolean): boolean =>
  Array.isArray(value) && value.every((entry) => isRecord(entry) && item(entry));

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

/** GET /v1/check_point_delivery_zones. */
export function isCheckPointResponse(value: unknown): value is TCheckPointResponse {
  return (
    isRecord(value) && isCount(value.all_count) && isArrayOf(value.result, (z) => typeof z.id === 'string')
  );
}

/** GET /v1/map/geocoder. */
export function isGeocoderResponse(value: unknown): value is TGeocoderResponse {
  if (!isRecord(value) || !isRecord(value.response)) return false;
  const collection = value.response.GeoObjectCollection;
  return (
    isRecord(collection) &&
    isArrayOf(collection.featureMember, (m) => isRecord(m.GeoObject) && typeof m.GeoObject.name === 'string')
  );
}
