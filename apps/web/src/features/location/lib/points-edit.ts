import { removePoint, updatePoint } from '@app/domain';
import type { TApiClient } from '@/lib/api-client';
import { useAuthStore } from '@/lib/stores/auth';
import { type TAddressPoint, useCommonStore } from '@/lib/stores/common';
import { deleteAddress, toPoints, updateAddress } from './location-api';
import { setPointsOwner } from './points-sync';

/** The details form of a saved address (spec section 3, "Address"): name, house, floor, porch, apartment. */
export type TPointDetails = Required<Pick<TAddressPoint, 'name' | 'house' | 'floor' | 'porch' | 'apartment'>>;

export const POINT_DETAIL_FIELDS = ['name', 'house', 'floor', 'porch', 'apartment'] as const;
/** Longest value of each field, as the API accepts it. */
export const POINT_DETAIL_MAX: Record<keyof TPointDetails, number> = {
  name: 60,
  house: 20,
  floor: 20,
  porch: 20,
  apartment: 20,
};

export const detailsOf = (p: TAddressPoint): TPointDetails => ({
  name: p.name,
  house: p.house ?? '',
  floor: p.floor ?? '',
  porch: p.porch ?? '',
  apartment: p.apartment ?? '',
});

const trimDetails = (d: TPointDetails): TPointDetails => ({
  name: d.name.trim().slice(0, POINT_DETAIL_MAX.name),
  house: d.house.trim().slice(0, POINT_DETAIL_MAX.house),
  floor: d.floor.trim().slice(0, POINT_DETAIL_MAX.floor),
  porch: d.porch.trim().slice(0, POINT_DETAIL_MAX.porch),
  apartment: d.apartment.trim().slice(0, POINT_DETAIL_MAX.apartment),
});

const signedInUser = () => useAuthStore.getState().user;

/**
 * Saves the details of a point. Updating a point deactivates all others (spec section 4), so it
 * becomes the active one and the location follows it. Signed in: PUT, the answer replaces the list.
 */
export async function savePointDetails(api: TApiClient, id: string, details: TPointDetails): Promise<void> {
  const clean = trimDetails(details);
  const store = useCommonStore.getState();
  const user = signedInUser();
  let points: TAddressPoint[];
  if (user) {
    points = toPoints(await updateAddress(api, id, clean));
    setPointsOwner(user.id);
  } else {
    const next = updatePoint({ points: store.points, location: null }, id, { name: clean.name });
    points = next.points.map((p) => (p.id === id ? { ...p, ...clean } : p));
  }
  store.setPoints(points);
  const active = points.find((p) => p.id === id && p.isActive);
  if (active) store.setLocation({ lat: active.location[0], long: active.location[1] });
}

/** Removes a point; removing a point clears the location (spec section 4). */
export async function removeSavedPoint(api: TApiClient, id: string): Promise<void> {
  const store = useCommonStore.getState();
  const user = signedInUser();
  if (user) {
    store.setPoints(toPoints(await deleteAddress(api, id)));
    setPointsOwner(user.id);
  } else {
    store.setPoints(removePoint({ points: store.points, location: null }, id).points);
  }
  store.setLocation(null);
}
