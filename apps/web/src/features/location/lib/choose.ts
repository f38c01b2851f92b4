import type { TBranch, TDeliveryType, TLatLong } from '@app/contracts';
import { type AddressPointInput, activatePoint, confirmDeliveryPoint, sameLocation } from '@app/domain';
import type { TApiClient } from '@/lib/api-client';
import { documentCookieJar, type TCookieJar } from '@/lib/cookies';
import { pick } from '@/lib/localized';
import { useAuthStore } from '@/lib/stores/auth';
import { type TAddressPoint, type TSelectedBranch, useCommonStore } from '@/lib/stores/common';
import { writeBranchCookies, writeDeliveryTypeCookie } from './cookies';
import {
  activateAddress,
  checkPointZones,
  createAddress,
  fetchNearestBranches,
  firstActiveBranch,
  isOutOfServiceArea,
  toPoints,
  updateAddress,
} from './location-api';
import { locationContext } from './location-context';
import { setPointsOwner } from './points-sync';

/**
 * The two confirms of the map dialog (spec section 4, "Map dialog") and the other ways a delivery
 * point becomes current (a saved point picked from the list, the detected location of the address
 * flow). Each saves, sets the store and the cookies the server reads, and reloads the page so the
 * server renders the chosen branch's menu.
 *
 * They are plain functions so the lazily loaded map dialog can call them without a provider: the
 * API client and locale come from `<LocationSlot>` (always mounted), which registers them with
 * `registerLocationContext`. Tests (or a caller with its own client) pass `deps` instead.
 */
export type TLocationDeps = {
  api: TApiClient;
  /** Page locale: the stored branch name and address are kept in it. */
  locale: string;
  reload: () => void;
  cookies: TCookieJar;
};

export { registerLocationContext } from './location-context';

function resolveDeps(deps: Partial<TLocationDeps> = {}): TLocationDeps {
  const context = locationContext();
  const api = deps.api ?? context?.api;
  if (!api) throw new Error('location: no API client (is <LocationSlot> mounted?)');
  return {
    api,
    locale:
      deps.locale ??
      context?.locale ??
      (typeof document === 'undefined' ? 'ru' : document.documentElement.lang),
    reload: deps.reload ?? (() => window.location.reload()),
    cookies: deps.cookies ?? documentCookieJar,
  };
}

const isSignedIn = (): boolean => useAuthStore.getState().user !== null;

/** The server answered the account's list: the stored points are now that account's copy. */
function serverPoints(list: Parameters<typeof toPoints>[0]): TAddressPoint[] {
  setPointsOwner(useAuthStore.getState().user?.id ?? null);
  return toPoints(list);
}

/** The branch fields kept in the common store (spec: id, menu id, address, name, location, slug, times). */
export function toSelectedBranch(branch: TBranch, locale: string): TSelectedBranch {
  return {
    id: branch.id,
    slug: branch.slug,
    menu_id: branch.menu_id,
    name: pick(branch.name, locale),
    address: pick(branch.address, locale) || pick(branch.destination, locale),
    location: { lat: branch.location.lat, long: branch.location.long },
    delivery_time: branch.delivery_time,
    future_delivery_order_time: branch.future_delivery_order_time,
    future_self_pickup_order_time: branch.future_self_pickup_order_time,
    work_hour_start: branch.work_hour_start,
    work_hour_end: branch.work_hour_end,
  };
}

/** Current branch in the store and cookies `branch_id`, `branch_slug`, `menu_id`; null clears them. */
function applyBranch(branch: TBranch | null, deps: TLocationDeps): void {
  useCommonStore.getState().setBranch(branch ? toSelectedBranch(branch, deps.locale) : null);
  writeBranchCookies(branch, deps.cookies);
}

function applyDeliveryType(type: TDeliveryType, deps: TLocationDeps): void {
  useCommonStore.getState().setDeliveryType(type);
  writeDeliveryTypeCookie(type, deps.cookies);
}

export type TLocationInput = TLatLong | readonly [lat: number, long: number];
const toLatLong = (location: TLocationInput): TLatLong =>
  'lat' in location ? { lat: location.lat, long: location.long } : { lat: location[0], long: location[1] };

export type TConfirmDeliveryInput = {
  location: TLocationInput;
  /** The address text (reverse-geocoded or chosen from the search). */
  address: string;
  /** City slug. */
  city: string;
  /** The zone the point is in (from the zone check), or null when no zones are configured. */
  deliveryZoneId: string | null;
  /** The saved point being edited, if the dialog was opened to edit one. */
  editingId?: string | null;
  /** A label for a new point ('Home'); empty by default. */
  name?: string;
};

/** A placeholder id: tells "a new point would be saved" apart from the domain's other outcomes. */
const NEW_POINT = '\u0000new';

/**
 * Saves the point by the domain's rules (update the edited point, else select the one with the
 * same address, moved to the new pin if it lies elsewhere, else save a new active one). Signed in:
 * the same decision made on the server's list (`/v1/customer-addresses`), whose answer replaces the
 * store's points. Anonymous: in the store.
 */
export async function savePointByRules(
  input: AddressPointInput,
  editingId: string | null,
  api: TApiClient,
  signedIn: boolean = isSignedIn(),
): Promise<TAddressPoint[]> {
  const points = useCommonStore.getState().points;
  if (!signedIn) return confirmDeliveryPoint({ points, location: null }, input, editingId).points;
  const planned = confirmDeliveryPoint({ points, location: null }, input, editingId, () => NEW_POINT);
  const active = planned.points.find((p) => p.isActive);
  const body = {
    address: input.address,
    city: input.city,
    location: { lat: input.location[0], long: input.location[1] },
  };
  if (!active || active.id === NEW_POINT)
    return toPoints(await createAddress(api, { ...body, name: input.name }));
  if (active.id === editingId) return toPoints(await updateAddress(api, active.id, body));
  // The same address text at a pin elsewhere: the saved address moves there (a PUT also makes it the
  // only active one), or the account's list would send the order to the old place.
  const saved = points.find((p) => p.id === active.id);
  if (saved && !sameLocation(saved.location, active.location))
    return toPoints(await updateAddress(api, active.id, { location: body.location }));
  return toPoints(await activateAddress(api, active.id));
}

/**
 * The delivery confirm. Looks up the nearest branch first (a failure rejects before anything is
 * saved), saves the point, sets location, zone, branch (first active of the nearest, or none),
 * `delivery_type=delivery`, then reloads. Rejects with the API failure (`{ status, data }`) on error.
 */
export async function confirmDelivery(
  input: TConfirmDeliveryInput,
  deps?: Partial<TLocationDeps>,
): Promise<void> {
  const d = resolveDeps(deps);
  const location = toLatLong(input.location);
  const address = input.address.trim();
  if (address === '') throw new Error('confirmDelivery: the address text is empty');
  const nearest = await fetchNearestBranches(d.api, location, input.deliveryZoneId);
  const points = await savePointByRules(
    { location: [location.lat, location.long], address, city: input.city, name: input.name ?? '' },
    input.editingId ?? null,
    d.api,
  );
  const store = useCommonStore.getState();
  store.setPoints(points);
  store.setLocation(location);
  store.setDeliveryZoneId(input.deliveryZoneId);
  applyBranch(firstActiveBranch(nearest), d);
  applyDeliveryType('delivery', d);
  d.reload();
}

/**
 * The nearest active branch for a location becomes current (store and cookies) without a reload:
 * used when the saved addresses arrive from the account and no branch is chosen yet. As when a saved
 * point is picked, the zones are checked first and the zone is stored, so the branch is one serving
 * the address's zone; zones exist but none holds the point: no zone and no branch are set.
 */
export async function applyNearestBranch(location: TLatLong, deps?: Partial<TLocationDeps>): Promise<void> {
  const d = resolveDeps(deps);
  const check = await checkPointZones(d.api, location);
  if (isOutOfServiceArea(check)) {
    useCommonStore.getState().setDeliveryZoneId(null);
    return;
  }
  const zoneId = check.result[0]?.id ?? null;
  const nearest = await fetchNearestBranches(d.api, location, zoneId);
  useCommonStore.getState().setDeliveryZoneId(zoneId);
  applyBranch(firstActiveBranch(nearest), d);
}

/** The self-pickup confirm: the branch's fields and cookies, `delivery_type=self-pickup`, reload. */
export function confirmPickup(branch: TBranch, deps?: Partial<TLocationDeps>): void {
  const d = resolveDeps(deps);
  applyBranch(branch, d);
  applyDeliveryType('self-pickup', d);
  d.reload();
}

export type TSelectPointResult = 'selected' | 'out-of-zone' | 'unknown';

/**
 * Picking a saved point from the list (spec section 4): zone check first; zones exist but none holds
 * the point -> 'out-of-zone' (the caller shows 'address_not_in_service_area'), nothing changes.
 * Otherwise it becomes the only active point, the nearest active branch is set, and the page reloads.
 */
export async function selectSavedPoint(
  id: string,
  deps?: Partial<TLocationDeps>,
): Promise<TSelectPointResult> {
  const d = resolveDeps(deps);
  const point = useCommonStore.getState().points.find((p) => p.id === id);
  if (!point) return 'unknown';
  const location: TLatLong = { lat: point.location[0], long: point.location[1] };
  const check = await checkPointZones(d.api, location);
  if (isOutOfServiceArea(check)) return 'out-of-zone';
  const zoneId = check.result[0]?.id ?? null;
  const nearest = await fetchNearestBranches(d.api, location, zoneId);
  const points = isSignedIn()
    ? serverPoints(await activateAddress(d.api, id))
    : activatePoint({ points: useCommonStore.getState().points, location: null }, id).points;
  const store = useCommonStore.getState();
  store.setPoints(points);
  store.setLocation(location);
  store.setDeliveryZoneId(zoneId);
  applyBranch(firstActiveBranch(nearest), d);
  applyDeliveryType('delivery', d);
  d.reload();
  return 'selected';
}
