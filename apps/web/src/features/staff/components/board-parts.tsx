'use client';

import type { TOrderEvent, TStaffOrder } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useStaffApi } from '../api';
import { useStaffId } from '../hooks';
import { fetchStaffOrders, staffKeys } from '../lib/staff-queries';
import { EventActions } from './event-actions';
import { StatusBadge } from './order-parts';

/** The staff member's whole order list, unfiltered (the kitchen's and the courier's boards). */
export function useStaffOrderList() {
  const api = useStaffApi();
  const staffId = useStaffId();
  return useQuery({
    queryKey: staffKeys.list(staffId, {}),
    queryFn: ({ signal }) => fetchStaffOrders(api, {}, signal),
  });
}

/** The order list failed to load: the reason in words and a retry button. */
export function ListLoadError({ onRetry, large }: { onRetry: () => void; large?: boolean }) {
  const t = useTranslations('staff');
  return (
    <div role="alert" className={cn('flex items-center gap-3', large && 'text-lg')}>
      {t('errors.load')}
      <Button variant="secondary" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </div>
  );
}

/**
 * A board card's heading: the order's number (naming the card) and its status. The heading takes the
 * focus when the card moves to another column after an action (use-focus-keeper.ts).
 */
export function BoardCardHeader({
  headingId,
  order,
  large,
}: {
  headingId: string;
  order: Pick<TStaffOrder, 'external_order_id' | 'status'>;
  large?: boolean;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-2">
      <h3
        id={headingId}
        tabIndex={-1}
        data-focus-target
        className={cn(large ? 'text-3xl' : 'text-2xl', 'font-extrabold tabular-nums')}
      >
        {order.external_order_id}
      </h3>
      <StatusBadge status={order.status} large />
    </header>
  );
}

/** A board card's large action buttons, with the cancelling event's reason form kept open here. */
export function BoardCardActions({
  order,
  only,
}: {
  order: Pick<TStaffOrder, 'id' | 'external_order_id' | 'allowed_events'>;
  only: readonly TOrderEvent[];
}) {
  const [cancelFor, setCancelFor] = useState<TOrderEvent | null>(null);
  return (
    <EventActions
      order={order}
      only={only}
      large
      numbered
      cancelFor={cancelFor}
      onCancelChange={setCancelFor}
    />
  );
}
