'use client';

import { useTranslations } from 'next-intl';
import { useOrderingBlocked } from '../hooks/use-ordering-blocked';

/**
 * 'This restaurant is currently closed. Please come back from {time}' (its hours or a manager's
 * pause), or, for a delivery, that deliveries are paused until then: on the menu, the cart and checkout.
 *
 * The status region is on the page from the start and the notice comes into it, so a screen reader
 * announces a pause that begins while the page is open (a region added with its text is often not
 * announced). `className` places the region; while it is empty it should take no space, e.g. the
 * caller's `empty:` margin taking back a flex gap.
 */
export function ClosedBranchNotice({ id, className }: { id?: string; className?: string }) {
  const t = useTranslations('location');
  const block = useOrderingBlocked();
  return (
    <div id={id} role="status" className={className} data-testid="closed-branch-status">
      {block ? (
        <p
          data-testid={block.kind === 'branch_closed' ? 'branch-closed' : 'delivery-paused'}
          className="rounded-card bg-brand-50 p-3 text-sm font-medium text-ink ring-1 ring-paprika-500/40"
        >
          {block.kind === 'branch_closed'
            ? t('closedBranch', { time: block.opensAt })
            : t('deliveryPaused', { time: block.until })}
        </p>
      ) : null}
    </div>
  );
}
