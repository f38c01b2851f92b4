'use client';

import type { TDeliveryType, TOrderStatus } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { statusLabel, statusTone } from '../lib/order-view';

const TONES = {
  live: 'bg-brand-100 text-brand-800',
  done: 'bg-herb-500/15 text-herb-600',
  cancelled: 'bg-paprika-500/15 text-paprika-700',
} as const;

/** The order's status as the spec labels it (order.statuses). */
export function StatusBadge({
  status,
  deliveryType,
  className,
}: {
  status: TOrderStatus;
  deliveryType: TDeliveryType;
  className?: string;
}) {
  const t = useTranslations('order.statuses');
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap',
        TONES[statusTone(status)],
        className,
      )}
    >
      {t(statusLabel(status, deliveryType))}
    </span>
  );
}
