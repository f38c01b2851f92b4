import type { TBranch } from '@app/contracts';
import { type BranchScheduleLabel, branchScheduleLabel } from '@app/domain';

export type TBranchStatus = BranchScheduleLabel | { kind: 'inactive' };

/** What a branch shows now: not working at all, around the clock, open until, or when it opens. */
export function branchStatus(
  branch: Pick<TBranch, 'is_active' | 'work_hour_start' | 'work_hour_end'>,
  now: string,
): TBranchStatus {
  if (!branch.is_active) return { kind: 'inactive' };
  return branchScheduleLabel(branch.work_hour_start, branch.work_hour_end, now);
}

/** Open to visitors right now. */
export function isOpenStatus(status: TBranchStatus): boolean {
  return status.kind === 'around_the_clock' || status.kind === 'open_until';
}
