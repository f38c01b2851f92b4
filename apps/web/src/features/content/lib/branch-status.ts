import type { TBranch, TLocale } from '@app/contracts';
import { type BranchScheduleLabel, branchScheduleLabelAt } from '@app/domain';

export type TBranchStatus = BranchScheduleLabel | { kind: 'inactive' };

/**
 * What a branch shows at `now`: not working at all, around the clock, open until, or when it opens
 * (after its hours' close, or a manager's pause: issue 13), written for `locale`.
 */
export function branchStatus(
  branch: Pick<TBranch, 'is_active' | 'work_hour_start' | 'work_hour_end' | 'paused_until'>,
  now: Date,
  locale: TLocale,
): TBranchStatus {
  if (!branch.is_active) return { kind: 'inactive' };
  return branchScheduleLabelAt(branch, now, locale);
}

/** Open to visitors right now. */
export function isOpenStatus(status: TBranchStatus): boolean {
  return status.kind === 'around_the_clock' || status.kind === 'open_until';
}
