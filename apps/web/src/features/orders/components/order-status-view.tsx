'use client';

import type { TOrderDetail } from '@app/contracts';
import type { TimelineEntry } from '@app/domain';
import { useFormatter, useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Link } from '@/i18n/navigation';
import { CLOCK, DAY_AND_CLOCK } from '@/lib/clock-format';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-client';
import { useOrderStatusFeed } from '../hooks/use-order-status-feed';
import { isLive, statusPageModel } from '../lib/order-view';
import { CustomerGate } from './customer-gate';
import { OrderLoader } from './order-loader';
import { OrderPayment } from './order-payment';
import { StatusBadge } from './status-badge';

type TStepKey =
  | 'received'
  | 'being_prepared'
  | 'ready'
  | 'readyPickup'
  | 'on_the_way'
  | 'delivered'
  | 'deliveredPickup';

/** Pickup reads "ready, waiting for you" and "collected" where delivery reads "being shipped", "delivered". */
const stepKey = (step: TimelineEntry<string>['step'], pickup: boolean): TStepKey => {
  if (pickup && step === 'ready') return 'readyPickup';
  if (pickup && step === 'delivered') return 'deliveredPickup';
  return step;
};

const MARKERS = {
  done: 'bg-brand-700 text-white',
  current: 'bg-white text-brand-700 ring-4 ring-brand-600 animate-pulse',
  upcoming: 'bg-white text-muted ring-2 ring-line',
} as const;

function StatusTimeline({ order, customerId }: { order: TOrderDetail; customerId: string }) {
  const t = useTranslations('order.status');
  const tOrders = useTranslations('order.orders');
  const format = useFormatter();
  const live = isLive(order.status);
  const feed = useOrderStatusFeed(order.id, customerId, live);
  const { steps, aside } = statusPageModel(order);
  const pickup = order.delivery_type === 'self-pickup';
  const time = (iso: string) => format.dateTime(new Date(iso), CLOCK);
  const dayAndTime = (iso: string) => format.dateTime(new Date(iso), DAY_AND_CLOCK);

  return (
    <div className="flex max-w-xl flex-col gap-5" data-testid="order-status-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold" data-testid="order-number">
          {t('heading', { number: order.external_order_id })}
        </h2>
        {/* Announced as it changes: the page updates without the customer doing anything. */}
        <span aria-live="polite">
          <StatusBadge status={order.status} deliveryType={order.delivery_type} />
        </span>
      </div>

      <OrderPayment order={order} />

      {aside && aside !== 'payment_awaited' && (
        <p
          role="status"
          data-testid="status-aside"
          className={cn(
            'rounded-card p-3 font-semibold',
            aside === 'cancelled' ? 'bg-paprika-500/10 text-paprika-700' : 'bg-brand-50',
          )}
        >
          {aside === 'scheduled'
            ? order.future_time
              ? t('scheduled', { time: dayAndTime(order.future_time) })
              : t('scheduledNoTime')
            : t(aside)}
        </p>
      )}

      <ol aria-label={t('stepsLabel')} className="flex flex-col" data-testid="status-steps">
        {steps.map((entry, i) => {
          const label = t(`steps.${stepKey(entry.step, pickup)}`);
          const stateText =
            entry.state === 'done'
              ? t('stateDone')
              : entry.state === 'current'
                ? t('stateCurrent')
                : t('stateUpcoming');
          return (
            <li
              key={entry.step}
              className="relative flex gap-4 pb-6 last:pb-0"
              data-testid="status-step"
              data-step={entry.step}
              data-state={entry.state}
              aria-current={entry.state === 'current' ? 'step' : undefined}
            >
              {i < steps.length - 1 && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-8 left-[0.9375rem] h-[calc(100%-2rem)] w-0.5',
                    entry.state === 'done' ? 'bg-brand-700' : 'bg-line',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={cn(
                  'relative z-10 flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold motion-reduce:animate-none',
                  MARKERS[entry.state],
                )}
              >
                {entry.state === 'done' ? '✓' : i + 1}
              </span>
              <div className="flex flex-col pt-1">
                <span className={cn('font-semibold', entry.state === 'upcoming' && 'text-muted')}>
                  {label}
                </span>
                <span className="sr-only">{stateText}</span>
                {entry.at && (
                  <time dateTime={entry.at} className="text-sm text-muted">
                    {time(entry.at)}
                  </time>
                )}
              </div>
            </li>
          );
        })}
      </ol>

      {live && order.expected_at && (
        <p className="text-muted">{t('expected', { time: dayAndTime(order.expected_at) })}</p>
      )}

      {/* Live updates are promised only while the order moves; a delivered or finished one is complete
          (its stream is closed), a cancelled one says so above. */}
      {(live || aside !== 'cancelled') && (
        <p
          role="status"
          aria-live="polite"
          className="text-sm text-muted"
          data-testid="status-feed"
          data-feed={live ? (feed ?? 'connecting') : 'off'}
        >
          {!live
            ? t('finished')
            : feed === 'live'
              ? t('live')
              : feed === 'polling'
                ? t('polling')
                : t('connecting')}
        </p>
      )}

      <div className="flex flex-wrap gap-3">
        <Link href={paths.order(order.id)} className={buttonClasses('primary')}>
          {t('toOrder')}
        </Link>
        <Link href={paths.myOrders()} className={buttonClasses('secondary')}>
          {tOrders('backToOrders')}
        </Link>
      </div>
    </div>
  );
}

/** `/myorders/{id}/status`: the customer's steps with times, kept current by the status stream. */
export function OrderStatusView({ orderId }: { orderId: string }) {
  return (
    <QueryProvider>
      <CustomerGate>
        {(user) => (
          <OrderLoader key={user.id} orderId={orderId} customerId={user.id} refresh={false}>
            {(order) => <StatusTimeline order={order} customerId={user.id} />}
          </OrderLoader>
        )}
      </CustomerGate>
    </QueryProvider>
  );
}
