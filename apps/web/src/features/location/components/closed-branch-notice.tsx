'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { useOrderingBlocked } from '../hooks/use-ordering-blocked';

/** 'This restaurant is currently closed. Please come back from {time}': on the menu and the cart. */
export function ClosedBranchNotice({ className }: { className?: string }) {
  const t = useTranslations('location');
  const block = useOrderingBlocked();
  if (!block) return null;
  return (
    <p
      role="status"
      data-testid="branch-closed"
      className={cn(
        'rounded-card bg-brand-50 p-3 text-sm font-medium text-ink ring-1 ring-paprika-500/40',
        className,
      )}
    >
      {t('closedBranch', { time: block.opensAt })}
    </p>
  );
}
