import type { TLatLong } from '@app/contracts';
import type { TApiClient } from '@/lib/api-client';
import { useCommonStore } from '@/lib/stores/common';
import { importAddresses, listAddresses, toPoints } from './location-api';

/**
 * Saved points and the account (spec section 4 with the saved-addresses API): anonymous points live
 * in the common store; signed in, the server list is the truth. Which account the stored points are
 * a copy of is kept beside them ('' or absent: they are the browser's own, anonymous ones), so a
 * sign-in imports only anonymous points, and a sign-out drops the account's copy.
 */
const OWNER_KEY = 'location.points_owner';

type TKeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function safeLocal(): TKeyValue | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function pointsOwner(storage: TKeyValue | undefined = safeLocal()): string | null {
  return storage?.getItem(OWNER_KEY) || null;
}

export function setPointsOwner(owner: string | null, storage: TKeyValue | undefined = safeLocal()): void {
  if (owner) storage?.setItem(OWNER_KEY, owner);
  else storage?.removeItem(OWNER_KEY);
}

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

/** Signed out: the account's addresses leave the browser with it (anonymous points stay). */
export function dropCustomerPoints(storage: TKeyValue | undefined = safeLocal()): void {
  if (pointsOwner(storage) === null) return;
  useCommonStore.getState().setPoints([]);
  setPointsOwner(null, storage);
}
