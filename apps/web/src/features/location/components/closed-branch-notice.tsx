'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { useOrderingBlocked } from '../hooks/use-ordering-blocked';

/**
 * 'This restaurant is currently closed. Please come back from {time}' (its hours or a manager's
 * pause), or, for a delivery, that deliveries are paused until then: on the menu, the cart and checkout.
 */
export function ClosedBranchNotice({ className }: { className?: string }) {
  const t = useTranslations('location');
  const block = useOrderingBlocked();
  if (!block) return null;
  return (
    <p
      role="status"
      data-testid={block.kind === 'branch_closed' ? 'branch-closed' : 'delivery-paused'}
      className={cn(
        'rounded-card bg-brand-50 p-3 text-sm font-medium text-ink ring-1 ring-paprika-500/40',
        className,
      )}
    >
      {block.kind === 'branch_closed'
        ? t('closedBranch', { time: block.opensAt })
        : t('deliveryPaused', { time: block.until })}
    </p>
  );
}
