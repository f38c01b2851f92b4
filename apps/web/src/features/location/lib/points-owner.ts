import { useCommonStore } from '@/lib/stores/common';

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

/** Signed out: the account's addresses leave the browser with it (anonymous points stay). */
export function dropCustomerPoints(storage: TKeyValue | undefined = safeLocal()): void {
  if (pointsOwner(storage) === null) return;
  useCommonStore.getState().setPoints([]);
  setPointsOwner(null, storage);
}
