import type {
  TCheckPointResponse,
  TCustomerAddress,
  TCustomerAddressImport,
  TCustomerAddressInput,
  TCustomerAddressList,
  TCustomerAddressPatch,
  TLatLong,
  TNearBranch,
  TNearestBranchResponse,
} from '@app/contracts';
import type { TApiClient } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';
import type { TAddressPoint } from '@/lib/stores/common';
import { reverseAddress, reverseQuery, zoneQuery } from './geocoding';

/** The calls of the location flow, each a thin typed wrapper over the one client. */

const ADDRESSES = '/v1/customer-addresses';
/** Every call on the saved addresses answers the whole list. */
const ADDRESS_LIST = contract('ZCustomerAddressList');

export function fetchNearestBranches(
  api: TApiClient,
  location: TLatLong,
  deliveryZoneId: string | null,
): Promise<TNearestBranchResponse> {
  return api.get('/v1/nearest-branch', {
    schema: contract('ZNearestBranchResponse'),
    query: { lat: location.lat, long: location.long, delivery_zone_id: deliveryZoneId ?? undefined },
  });
}

/** The nearest branch that is active (the spec's "nearest active branch"), or null. */
export function firstActiveBranch(response: TNearestBranchResponse): TNearBranch | null {
  return response.branches.find((b) => b.is_active) ?? null;
}

/** The zones holding the point (with their minimum order and free-delivery amounts). */
export function checkPointZones(
  api: TApiClient,
  location: TLatLong,
  signal?: AbortSignal,
): Promise<TCheckPointResponse> {
  return api.get('/v1/check_point_delivery_zones', {
    schema: contract('ZCheckPointResponse'),
    query: zoneQuery(location),
    signal,
  });
}

/** Zones exist but none holds the point: outside the service area. No zones at all: anywhere goes. */
export const isOutOfServiceArea = (check: TCheckPointResponse): boolean =>
  check.all_count > 0 && check.result.length === 0;

/** Reverse geocoding: the first feature's name and description as one line, or null when nothing is there. */
export async function reverseGeocode(
  api: TApiClient,
  location: TLatLong,
  locale: string,
): Promise<string | null> {
  const answer = await api.get('/v1/map/geocoder', {
    schema: contract('ZGeocoderResponse'),
    query: reverseQuery(location, locale),
  });
  return reverseAddress(answer);
}

// --- saved addresses of a signed-in customer ---------------------------------------------------

export const listAddresses = (api: TApiClient): Promise<TCustomerAddressList> =>
  api.get(ADDRESSES, { schema: ADDRESS_LIST });

export const createAddress = (api: TApiClient, input: TCustomerAddressInput): Promise<TCustomerAddressList> =>
  api.post(ADDRESSES, { schema: ADDRESS_LIST, body: input });

export const updateAddress = (
  api: TApiClient,
  id: string,
  patch: TCustomerAddressPatch,
): Promise<TCustomerAddressList> =>
  api.put(`${ADDRESSES}/${encodeURIComponent(id)}`, { schema: ADDRESS_LIST, body: patch });

export const activateAddress = (api: TApiClient, id: string): Promise<TCustomerAddressList> =>
  api.post(`${ADDRESSES}/${encodeURIComponent(id)}/activate`, { schema: ADDRESS_LIST });

export const deleteAddress = (api: TApiClient, id: string): Promise<TCustomerAddressList> =>
  api.delete(`${ADDRESSES}/${encodeURIComponent(id)}`, { schema: ADDRESS_LIST });

export const importAddresses = (
  api: TApiClient,
  points: readonly TAddressPoint[],
): Promise<TCustomerAddressList> =>
  api.post(`${ADDRESSES}/import`, { schema: ADDRESS_LIST, body: toImport(points) });

/** A server address as the store keeps it. */
export const toPoint = (a: TCustomerAddress): TAddressPoint => ({
  id: a.id,
  location: [a.location.lat, a.location.long],
  address: a.address,
  name: a.name,
  city: a.city,
  isActive: a.is_active,
  house: a.house,
  floor: a.floor,
  porch: a.porch,
  apartment: a.apartment,
});

export const toPoints = (list: TCustomerAddressList): TAddressPoint[] => list.addresses.map(toPoint);

/** A store point as the API takes it. */
export const toInput = (p: TAddressPoint): TCustomerAddressInput => ({
  name: p.name,
  address: p.address,
  city: p.city,
  location: { lat: p.location[0], long: p.location[1] },
  house: p.house ?? '',
  floor: p.floor ?? '',
  porch: p.porch ?? '',
  apartment: p.apartment ?? '',
});

export const toImport = (points: readonly TAddressPoint[]): TCustomerAddressImport => ({
  addresses: points
    .filter((p) => p.address.trim() !== '')
    .map((p) => ({ ...toInput(p), is_active: p.isActive })),
});
