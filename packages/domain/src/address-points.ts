import { randomId } from './random-id.ts';

export type LatLong = [number, number];

/** A saved delivery address ("point"); at most one is active at a time. */
export type AddressPoint = {
  id: string;
  /** [lat, long]. */
  location: LatLong;
  address: string;
  name: string;
  city: string;
  isActive: boolean;
};

export type AddressPointsState = {
  points: AddressPoint[];
  /** The current delivery location, [lat, long], or null when none is set. */
  location: LatLong | null;
};

export type AddressPointInput = Omit<AddressPoint, 'id' | 'isActive'>;
export type MakeId = () => string;

const onlyActive = (points: readonly AddressPoint[], id: string): AddressPoint[] =>
  points.map((p) => ({ ...p, isActive: p.id === id }));

/** Saving a point makes it the only active one and sets the location to it. */
export const savePoint = (
  state: AddressPointsState,
  input: AddressPointInput,
  makeId: MakeId = randomId,
): AddressPointsState => {
  const id = makeId();
  if (state.points.some((p) => p.id === id)) throw new Error(`address point id '${id}' is already in use`);
  const point: AddressPoint = { ...input, location: [...input.location], id, isActive: true };
  return { points: [...onlyActive(state.points, id), point], location: [...input.location] };
};

/**
 * Updating a point deactivates all others, which leaves the updated one as the active point; the
 * location follows it, so the delivery location always matches the active address. Unknown id:
 * nothing changes.
 */
export const updatePoint = (
  state: AddressPointsState,
  id: string,
  patch: Partial<AddressPointInput>,
): AddressPointsState => {
  const target = state.points.find((p) => p.id === id);
  if (!target) return state;
  const updated: AddressPoint = { ...target, ...patch, id, isActive: true };
  return {
    points: state.points.map((p) => (p.id === id ? updated : { ...p, isActive: false })),
    location: [...updated.location],
  };
};

/** Makes only this point active and moves the location to it. Unknown id: nothing changes. */
export const activatePoint = (state: AddressPointsState, id: string): AddressPointsState => {
  const target = state.points.find((p) => p.id === id);
  if (!target) return state;
  return { points: onlyActive(state.points, id), location: [...target.location] };
};

/** Removing a point clears the location (the customer must pick where to deliver again). */
export const removePoint = (state: AddressPointsState, id: string): AddressPointsState => {
  if (!state.points.some((p) => p.id === id)) return state;
  return { points: state.points.filter((p) => p.id !== id), location: null };
};

export const activePoint = (state: AddressPointsState): AddressPoint | null =>
  state.points.find((p) => p.isActive) ?? null;

/** Locations closer than this (about 1 m) are the same point. */
const SAME_POINT_DEGREES = 1e-5;
export const sameLocation = (a: Readonly<LatLong>, b: Readonly<LatLong>): boolean =>
  Math.abs(a[0] - b[0]) < SAME_POINT_DEGREES && Math.abs(a[1] - b[1]) < SAME_POINT_DEGREES;

/**
 * The map dialog's delivery confirm (spec section 4): update the address being edited; otherwise
 * select a saved point with the same address text (moving it to the new pin when that lies elsewhere,
 * so the order goes where the customer pointed); otherwise save a new active point.
 */
export const confirmDeliveryPoint = (
  state: AddressPointsState,
  input: AddressPointInput,
  editingId: string | null = null,
  makeId: MakeId = randomId,
): AddressPointsState => {
  if (editingId !== null && state.points.some((p) => p.id === editingId)) {
    return updatePoint(state, editingId, input);
  }
  const sameAddress = state.points.find(
    (p) => normalizeAddress(p.address) === normalizeAddress(input.address),
  );
  if (sameAddress) {
    return sameLocation(sameAddress.location, input.location)
      ? activatePoint(state, sameAddress.id)
      : updatePoint(state, sameAddress.id, { location: [...input.location] });
  }
  return savePoint(state, input, makeId);
};

const normalizeAddress = (address: string): string => address.trim().replace(/\s+/g, ' ').toLowerCase();
