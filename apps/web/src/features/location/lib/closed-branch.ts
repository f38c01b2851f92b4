import { isOpenAt, tashkentClock } from '@app/domain';
import type { TSelectedBranch } from '@/lib/stores/common';

/** The current branch is closed right now: ordering is blocked until `opensAt` (Tashkent 'HH:mm'). */
export type TOrderingBlock = { kind: 'branch_closed'; opensAt: string };

/**
 * Spec section 5: a closed current branch blocks ordering ('This restaurant is currently closed.
 * Please come back from {time}'). No branch chosen yet: nothing blocks here (checkout asks for one).
 */
export function orderingBlock(
  branch: Pick<TSelectedBranch, 'work_hour_start' | 'work_hour_end'> | null,
  now: Date,
): TOrderingBlock | null {
  if (!branch?.work_hour_start || !branch.work_hour_end) return null;
  if (isOpenAt(branch.work_hour_start, branch.work_hour_end, tashkentClock(now))) return null;
  return { kind: 'branch_closed', opensAt: branch.work_hour_start };
}
