import { documentCookieJar, type TCookieJar } from '@/lib/cookies';
import { useCommonStore } from '@/lib/stores/common';
import { writeBranchCookies } from './cookies';

/**
 * Saved points and the account (spec section 4 with the saved-addresses API): anonymous points live
 * in the common store; signed in, the server list is the truth. Which account the stored points are
 * a copy of is kept beside them ('' or absent: they are the browser's own, anonymous ones), so a
 * sign-in imports only anonymous points, and a sign-out drops the account's copy.
 */
const OWNER_KEY = 'location.points_owner';

export type TKeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function safeLocal(): TKeyValue | undefined {
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
 * Signed out: the account's addresses leave the browser with it (anonymous points stay), and so do
 * the location and zone taken from them, and the branch when it was chosen for delivery there: else
 * the next load would save the former customer's address as an anonymous point and deliver to it.
 */
export function dropCustomerPoints(
  storage: TKeyValue | undefined = safeLocal(),
  jar: TCookieJar = documentCookieJar,
): void {
  if (pointsOwner(storage) === null) return;
  const store = useCommonStore.getState();
  store.setPoints([]);
  store.setLocation(null);
  store.setDeliveryZoneId(null);
  if (store.deliveryType === 'delivery' && store.branch !== null) {
    store.setBranch(null);
    writeBranchCookies(null, jar);
  }
  setPointsOwner(null, storage);
}
