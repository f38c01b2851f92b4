import type { TDeliveryType, TLocale } from '@app/contracts';
import { branchOpenState, deliveryPause, reopeningText } from '@app/domain';
import type { TLivePauses } from '@/lib/live-branch';
import type { TSelectedBranch } from '@/lib/stores/common';

/**
 * Why ordering is blocked right now: the current branch is closed (outside its hours or paused by a
 * manager) until `opensAt`, or its deliveries are paused until `until` (pickup goes on). Both times
 * are Tashkent's 'HH:mm', with the day when a day or more away ('07.12 10:00', 'Dec 7, 10:00': domain
 * reopeningText in the page's locale).
 */
export type TOrderingBlock =
  | { kind: 'branch_closed'; opensAt: string }
  | { kind: 'delivery_paused'; until: string };

/** A branch's pauses as the API answers them (issue 13): instants, past ones included; null: none. */
export type TBranchPauses = TLivePauses;

/**
 * Spec section 5: a closed current branch blocks ordering ('This restaurant is currently closed.
 * Please come back from {time}'). No branch chosen yet: nothing blocks here (checkout asks for one).
 * `pauses`: the branch's pauses as last read (null: not read yet, its hours alone decide); a delivery
 * (`deliveryType`) is also blocked while its deliveries are paused.
 */
export function orderingBlock(
  branch: Pick<TSelectedBranch, 'work_hour_start' | 'work_hour_end'> | null,
  now: Date,
  locale: TLocale,
  pauses: TBranchPauses | null = null,
  deliveryType: TDeliveryType = 'self-pickup',
): TOrderingBlock | null {
  if (!branch?.work_hour_start || !branch.work_hour_end) return null;
  const state = branchOpenState(
    {
      work_hour_start: branch.work_hour_start,
      work_hour_end: branch.work_hour_end,
      paused_until: pauses?.paused_until ?? null,
    },
    now,
  );
  if (!state.open) return { kind: 'branch_closed', opensAt: reopeningText(state.reopens, now, locale) };
  const deliveries = deliveryType === 'delivery' ? deliveryPause(pauses?.delivery_paused_until, now) : null;
  if (deliveries) return { kind: 'delivery_paused', until: reopeningText(deliveries, now, locale) };
  return null;
}
