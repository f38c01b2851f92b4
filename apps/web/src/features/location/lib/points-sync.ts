import type { TLatLong } from '@app/contracts';
import type { TApiClient } from '@/lib/api-client';
import { useCommonStore } from '@/lib/stores/common';
import { importAddresses, listAddresses, toPoints } from './location-api';

import { pointsOwner, safeLocal, setPointsOwner, type TKeyValue } from './points-owner';

// The points' owner and the sign-out's drop live apart (issue 11): the slot needs them on every page
// without the location API this sync uses.
export { dropCustomerPoints, pointsOwner, setPointsOwner } from './points-owner';

/**
 * A customer is signed in: anonymous points join the account (POST .../import; same address text is
 * not duplicated, the imported active one becomes active), otherwise the account's list is read. The
 * store takes the server's list, and the location follows its active address. An import refused
 * (too many addresses) falls back to the account's list. Returns the active location, if any.
 */
export async function syncPointsForCustomer(
  api: TApiClient,
  userId: string,
  storage: TKeyValue | undefined = safeLocal(),
): Promise<TLatLong | null> {
  const owner = pointsOwner(storage);
  const local = useCommonStore.getState().points;
  let list = null;
  if (owner === null && local.length > 0) {
    list = await importAddresses(api, local).catch(() => null);
  }
  list ??= await listAddresses(api);
  const points = toPoints(list);
  const store = useCommonStore.getState();
  store.setPoints(points);
  setPointsOwner(userId, storage);
  const active = points.find((p) => p.isActive);
  if (!active) return null;
  const location = { lat: active.location[0], long: active.location[1] };
  store.setLocation(location);
  return location;
}
