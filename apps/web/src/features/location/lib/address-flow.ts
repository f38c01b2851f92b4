import type { TDeliveryType, TLatLong } from '@app/contracts';
import { sameLocation } from '@app/domain';
import type { TAddressPoint } from '@/lib/stores/common';

/**
 * The decisions of the address flow on load (spec section 4, "Address flow on load"), pure so each
 * is tested without a browser.
 */
export type TFlowState = {
  points: readonly TAddressPoint[];
  location: TLatLong | null;
  deliveryType: TDeliveryType;
  /** The address prompt already opened in this browser session (or the popover is open now). */
  promptShown: boolean;
};

const activeOf = (points: readonly TAddressPoint[]) => points.find((p) => p.isActive) ?? null;

/** With no active address, not in self-pickup and no popover yet: ask for the browser location. */
export const shouldAskLocation = (s: TFlowState): boolean =>
  activeOf(s.points) === null && s.deliveryType !== 'self-pickup' && !s.promptShown;

/** Locations closer than about 1 m are the same point (the domain's tolerance). */
export const samePoint = (a: readonly [number, number], b: TLatLong): boolean =>
  sameLocation(a, [b.lat, b.long]);

/**
 * A location exists, there are no points, and the active point is missing or differs: the location
 * is reverse-geocoded and saved as the active point (then the nearest active branch is chosen). Part
 * of the address flow, so not in self-pickup (saving it would switch the customer to delivery).
 */
export const needsPointFromLocation = (
  s: Pick<TFlowState, 'points' | 'location' | 'deliveryType'>,
): boolean => {
  if (s.location === null || s.points.length > 0 || s.deliveryType === 'self-pickup') return false;
  const active = activeOf(s.points);
  return active === null || !samePoint(active.location, s.location);
};

/** What the prompt shows: the detected address (No / Yes) or the 'enter delivery address' one. */
export type TPromptView =
  | {
      kind: 'detected';
      location: TLatLong;
      address: string;
      city: string;
      zoneId: string | null;
      outOfZone: boolean;
    }
  | { kind: 'enter' };

/** Session flag: the prompt opens once per browser session. */
const PROMPT_KEY = 'location.address_prompt_shown';

export function promptAlreadyShown(storage: Pick<Storage, 'getItem'> | undefined = safeSession()): boolean {
  return storage?.getItem(PROMPT_KEY) === '1';
}

export function markPromptShown(storage: Pick<Storage, 'setItem'> | undefined = safeSession()): void {
  storage?.setItem(PROMPT_KEY, '1');
}

function safeSession(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage blocked (private mode settings): the prompt may then show once per page load.
    return undefined;
  }
}

/** `GeolocationPositionError` codes, as the spec only logs them. */
export const geolocationErrorName = (code: number): string =>
  code === 1 ? 'permission denied' : code === 2 ? 'position unavailable' : code === 3 ? 'timeout' : 'unknown';
