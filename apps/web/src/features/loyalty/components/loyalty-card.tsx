'use client';

import type { TLocale, TLoyaltyMovement } from '@app/contracts';
import { formatSum } from '@app/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useShowMoreFocus } from '@/components/ui/use-show-more-focus';
import { Link } from '@/i18n/navigation';
import { DAY_AND_CLOCK } from '@/lib/clock-format';
import { useApi } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-client';
import { useAuthStore } from '@/lib/stores/auth';
import { fetchLoyaltyHistory, LOYALTY_HISTORY_PAGE_SIZE, loyaltyHistoryKey } from '../api/loyalty-api';
import { useLoyaltyBalance } from '../hooks/use-loyalty-balance';

/** A movement's sum with its sign: '+1 000 sum', '−20 000 sum'. */
export const signedSum = (amount: number, locale: TLocale): string =>
  amount < 0 ? `−${formatSum(-amount, locale)}` : `+${formatSum(amount, locale)}`;

function Movement({ movement }: { movement: TLoyaltyMovement }) {
  const t = useTranslations('common.loyalty');
  const locale = useLocale() as TLocale;
  const format = useFormatter();
  return (
    <li className="flex items-start justify-between gap-3 py-3" data-testid="loyalty-movement">
      <div className="flex flex-col gap-0.5">
        <span className="font-semibold">
          {movement.reason === 'refund' && !movement.order_id
            ? t('reasons.refundNotPlaced')
            : t(`reasons.${movement.reason}`)}
        </span>
        {movement.order_id && movement.external_order_id ? (
          <Link href={paths.order(movement.order_id)} className="text-sm text-brand-700 underline">
            {t('order', { number: movement.external_order_id })}
          </Link>
        ) : movement.external_order_id ? (
          // Bonuses charged for an order that was then not placed (and given back): no page to open.
          <span className="text-sm text-muted">{t('order', { number: movement.external_order_id })}</span>
        ) : null}
        <time dateTime={movement.created_at} className="text-sm text-muted">
          {format.dateTime(new Date(movement.created_at), DAY_AND_CLOCK)}
        </time>
      </div>
      <span
        className={cn(
          'font-bold whitespace-nowrap',
          movement.amount < 0 ? 'text-paprika-700' : 'text-herb-600',
        )}
        data-testid="loyalty-movement-amount"
      >
        {signedSum(movement.amount, locale)}
      </span>
    </li>
  );
}

function History({ customerId }: { customerId: string }) {
  const t = useTranslations('common.loyalty');
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: loyaltyHistoryKey(customerId),
    queryFn: ({ pageParam, signal }) => fetchLoyaltyHistory(api, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * LOYALTY_HISTORY_PAGE_SIZE < last.count && last.movements.length > 0
        ? pages.length + 1
        : undefined,
    staleTime: 0,
  });
  const { list, showMore } = useShowMoreFocus<HTMLUListElement>(
    query.data?.pages.reduce((n, p) => n + p.movements.length, 0) ?? 0,
    query.dataUpdatedAt,
  );
  if (query.isPending) {
    return (
      <p className="text-muted" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p className="text-paprika-600">{t('loadError')}</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  const movements = query.data.pages.flatMap((p) => p.movements);
  if (movements.length === 0) return <p className="text-muted">{t('empty')}</p>;
  return (
    <>
      <ul ref={list} className="divide-y divide-line" data-testid="loyalty-history">
        {movements.map((m) => (
          <Movement key={m.id} movement={m} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button
          size="sm"
          variant="secondary"
          className="self-start"
          onClick={() => void showMore(() => query.fetchNextPage())}
          busy={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? t('loading') : t('showMore')}
        </Button>
      ) : null}
    </>
  );
}

function LoyaltyCardBody({ customerId }: { customerId: string }) {
  const t = useTranslations('common.loyalty');
  const locale = useLocale() as TLocale;
  const id = useId();
  const balance = useLoyaltyBalance(customerId, true);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex max-w-md flex-col gap-3 rounded-card bg-white p-5 shadow-card ring-1 ring-line"
      data-testid="loyalty-card"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {t('title')}
      </h2>
      {balance.status === 'ready' ? (
        <>
          <p className="flex items-baseline justify-between gap-3">
            <span className="text-muted">{t('balance')}</span>
            <span className="text-2xl font-extrabold" data-testid="loyalty-balance">
              {formatSum(balance.card.balance, locale)}
            </span>
          </p>
          <p className="text-sm text-muted">
            {t('rules', {
              cashback: balance.card.cashback_percent,
              share: balance.card.max_share_percent,
            })}
          </p>
        </>
      ) : balance.status === 'error' ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-paprika-600">{t('loadError')}</p>
          <Button size="sm" variant="secondary" onClick={balance.retry}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <p className="text-muted" aria-busy="true">
          {t('loading')}
        </p>
      )}
      <h3 className="pt-2 text-lg font-bold">{t('history')}</h3>
      <History customerId={customerId} />
    </section>
  );
}

/**
 * The profile's accumulative card (issue 12): its balance and every movement (welcome gift, spent on
 * an order, given back, earned), newest first, 'show more' for older ones. Shown to a signed-in
 * customer when the chain offers the card; its texts are `common.loyalty`, which the profile page
 * adds (`<PageMessages commonSections={['loyalty']}>`).
 */
export function LoyaltyCard() {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  return (
    <QueryProvider>
      <LoyaltyCardBody key={user.id} customerId={user.id} />
    </QueryProvider>
  );
}
