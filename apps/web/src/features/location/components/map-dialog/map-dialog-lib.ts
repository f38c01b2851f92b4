import type { TBranch, TCheckPointResponse, TDeliveryZone, TLatLong, TLocale } from '@app/contracts';
import { type BranchScheduleLabel, branchScheduleLabelAt, isBranchOpenNow } from '@app/domain';
import type { TApiClient } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';
import { coordinatesText, reverseAddress, reverseQuery, zoneQuery } from '../../lib/geocoding';

/**
 * The map dialog's rules without React: what a zone check means, which branches self-pickup may
 * choose, how a chosen point is looked up. The geocoder's queries and answers are shared with the
 * address flow (`lib/geocoding.ts`); answers are parsed with the contracts (`lib/browser-contracts.ts`).
 */

// ---------------------------------------------------------------------------------------------
// Zones

/**
 * What a zone check means (platform shapes): a zone contains the point (deliver, from its branches);
 * zones exist but none contains it (out of the service area); the chain has no zones at all (nothing
 * to check against, delivery is not limited).
 */
export type TZoneVerdict =
  | { kind: 'inside'; zone: TDeliveryZone }
  | { kind: 'outside' }
  | { kind: 'unlimited' };

export function zoneVerdict(response: TCheckPointResponse): TZoneVerdict {
  const zone = response.result[0];
  if (zone) return { kind: 'inside', zone };
  return response.all_count > 0 ? { kind: 'outside' } : { kind: 'unlimited' };
}

export type TZoneState = { kind: 'checking' } | { kind: 'failed' } | TZoneVerdict;

/** The delivery point being chosen: where, its address text (null while looking it up), its zone. */
export type TDeliveryPick = { point: TLatLong; address: string | null; zone: TZoneState };

/**
 * Delivery may be confirmed (spec section 5: coordinates and an address text) once the zone check
 * says a zone serves the point, or that the chain has no zones at all.
 */
export function canConfirmDelivery(pick: TDeliveryPick | null): pick is TDeliveryPick & { address: string } {
  return Boolean(pick?.address) && (pick?.zone.kind === 'inside' || pick?.zone.kind === 'unlimited');
}

export type TPointLookupHandlers = {
  /** The address text: the reverse lookup's first feature, or the coordinates when nothing is there. */
  onAddress: (address: string) => void;
  onZone: (zone: TZoneState) => void;
  /** The reverse lookup failed: the dialog reloads the page (spec section 8). */
  onReverseFailed: (error: unknown) => void;
};

/**
 * What the dialog asks about a chosen point, both at once: its address (a reverse lookup, skipped
 * when the customer chose a search result, whose text is the address) and its zone. A failed zone
 * check is reported as such; it never lets the point through.
 */
export async function lookUpPoint(
  api: Pick<TApiClient, 'get'>,
  point: TLatLong,
  locale: string,
  knownAddress: string | null,
  on: TPointLookupHandlers,
): Promise<void> {
  const address = knownAddress
    ? Promise.resolve()
    : api
        .get('/v1/map/geocoder', {
          schema: contract('ZGeocoderResponse'),
          query: reverseQuery(point, locale),
        })
        .then((response) => on.onAddress(reverseAddress(response) ?? coordinatesText(point)))
        .catch((error: unknown) => on.onReverseFailed(error));
  const zone = api
    .get('/v1/check_point_delivery_zones', {
      schema: contract('ZCheckPointResponse'),
      query: zoneQuery(point),
    })
    .then((response) => on.onZone(zoneVerdict(response)))
    .catch((error: unknown) => {
      console.error('map dialog: zone check failed', error);
      on.onZone({ kind: 'failed' });
    });
  await Promise.all([address, zone]);
}

// ---------------------------------------------------------------------------------------------
// Self-pickup

export type TPickupLabel = BranchScheduleLabel | { kind: 'inactive' };
export type TPickupRow = { branch: TBranch; label: TPickupLabel; selectable: boolean };

/**
 * The self-pickup list at an instant: every branch with its label (around the clock, open until,
 * opens at, or not working), choosable only when active and open now (spec section 4: its hours, and
 * no manager's pause, issue 13: a paused branch is closed with the time it reopens). Choosable ones
 * first, then by name order as the API gave them.
 */
export function pickupRows(branches: readonly TBranch[], now: Date, locale: TLocale): TPickupRow[] {
  const rows = branches.map((branch) => ({
    branch,
    label: branch.is_active ? branchScheduleLabelAt(branch, now, locale) : ({ kind: 'inactive' } as const),
    selectable: isBranchOpenNow(branch, now),
  }));
  return [...rows.filter((r) => r.selectable), ...rows.filter((r) => !r.selectable)];
}

/** The chosen branch still valid after the list or the clock changed, else null. */
export function stillSelectable(rows: readonly TPickupRow[], id: string | null): TBranch | null {
  if (!id) return null;
  return rows.find((r) => r.branch.id === id && r.selectable)?.branch ?? null;
}
