import { getTranslations } from 'next-intl/server';
import { cn } from '@/components/ui/cn';
import { isOpenStatus, type TBranchStatus } from '../lib/branch-status';

export async function BranchStatusBadge({ status }: { status: TBranchStatus }) {
  const t = await getTranslations('branches');
  const text =
    status.kind === 'inactive'
      ? t('inactive')
      : status.kind === 'around_the_clock'
        ? t('aroundTheClock')
        : status.kind === 'open_until'
          ? t('openUntil', { time: status.time })
          : t('opensAt', { time: status.opens_at });
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
        isOpenStatus(status) ? 'bg-herb-500/15 text-herb-600' : 'bg-paprika-500/10 text-paprika-600',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('h-2 w-2 rounded-full', isOpenStatus(status) ? 'bg-herb-500' : 'bg-paprika-500')}
      />
      {text}
    </span>
  );
}
