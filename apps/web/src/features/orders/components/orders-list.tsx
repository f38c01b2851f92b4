'use client';

import type { TCustomerOrderSummary, TLocale } from '@app/contracts';
import { formatSum } from '@app/domain';
import * as Tabs from '@radix-ui/react-tabs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useShowMoreFocus } from '@/components/ui/use-show-more-focus';
import { Link } from '@/i18n/navigation';
import { DAY_AND_CLOCK } from '@/lib/clock-format';
import { useApi } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { QueryProvider } from '@/lib/query-client';
import { isLive } from '../lib/order-view';
import { fetchOrders, ordersQueryKey, type TOrdersTab } from '../lib/orders-api';
import { CustomerGate } from './customer-gate';
import { StatusBadge } from './status-badge';

const TABS: readonly TOrdersTab[] = ['current', 'history'];

function OrderCard({ order }: { order: TCustomerOrderSummary }) {
  const t = useTranslations('order.orders');
  const tPayment = useTranslations('order.payment');
  const locale = useLocale() as TLocale;
  const format = useFormatter();
  return (
    <li
      className="flex flex-col gap-2 rounded-card bg-white p-4 shadow-card"
      data-testid="order-card"
      data-order-id={order.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">
          <Link href={paths.order(order.id)} className="hover:underline">
            {t('number', { number: order.external_order_id })}
          </Link>
        </h2>
        <StatusBadge status={order.status} deliveryType={order.delivery_type} />
      </div>
      <p className="text-sm text-muted">
        <time dateTime={order.created_at}>{format.dateTime(new Date(order.created_at), DAY_AND_CLOCK)}</time>
        {' · '}
        {order.branch.name[locale]}
        {' · '}
        {order.delivery_type === 'delivery' ? t('typeDelivery') : t('typePickup')}
      </p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p>
          <span className="text-muted">{t('itemsCount', { count: order.items_count })}</span>
          {' · '}
          <span className="font-bold">{formatSum(order.total_price, locale)}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          {/* Still awaiting its online payment: Pay, the provider's page, as on the order's page. */}
          {order.status === 'payment-awaited' && order.payment_link ? (
            <a
              href={order.payment_link}
              className={buttonClasses('primary', 'sm')}
              aria-label={t('payLabel', { number: order.external_order_id })}
              data-testid="order-card-pay"
            >
              {tPayment('pay')}
            </a>
          ) : null}
          {isLive(order.status) && (
            <Link href={paths.orderStatus(order.id)} className={buttonClasses('secondary', 'sm')}>
              {t('watchStatus')}
            </Link>
          )}
          <Link
            href={paths.order(order.id)}
            className={buttonClasses('primary', 'sm')}
            aria-label={`${t('details')}: ${t('number', { number: order.external_order_id })}`}
          >
            {t('details')}
          </Link>
        </div>
      </div>
    </li>
  );
}

/** The list without repeats, each order where it first came. */
export const uniqueById = <T extends { id: string }>(items: readonly T[]): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
};

function OrdersTab({ tab, customerId }: { tab: TOrdersTab; customerId: string }) {
  const t = useTranslations('order.orders');
  const api = useApi();
  const query = useInfiniteQuery({
    queryKey: ordersQueryKey(tab, customerId),
    queryFn: ({ pageParam, signal }) => fetchOrders(api, tab, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before ?? undefined,
    // Orders move on their own: always read them again when the tab opens.
    staleTime: 0,
  });
  // Pages are read by key (fetchOrders), so none repeats another; each order is still shown once
  // should a refetch of the first page meet a later one already read.
  const orders = uniqueById(query.data?.pages.flatMap((p) => p.orders) ?? []);
  const { list, showMore } = useShowMoreFocus<HTMLUListElement>(orders.length, query.dataUpdatedAt);

  if (query.isPending) {
    return (
      <p className="py-8 text-center text-muted" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 py-6">
        <p className="text-paprika-600">{t('loadError')}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center" data-testid="orders-empty">
        <p className="text-lg font-bold">{tab === 'current' ? t('emptyCurrent') : t('emptyHistory')}</p>
        <Link href={paths.home()} className={buttonClasses('primary')}>
          {t('toMenu')}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul ref={list} className="flex flex-col gap-3" data-testid="orders-list">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => void showMore(() => query.fetchNextPage())}
          busy={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? t('loading') : t('showMore')}
        </Button>
      )}
    </div>
  );
}

/** `/myorders`: the signed-in customer's orders, current and history (spec: "Orders"). */
function OrdersListContent() {
  const t = useTranslations('order.orders');
  const [tab, setTab] = useState<TOrdersTab>('current');
  return (
    <CustomerGate>
      {(user) => (
        <Tabs.Root
          value={tab}
          onValueChange={(value) => setTab(value === 'history' ? 'history' : 'current')}
          className="flex flex-col gap-4"
        >
          <Tabs.List
            aria-label={t('tabsLabel')}
            className="grid max-w-sm grid-cols-2 gap-1 rounded-full bg-brand-50 p-1"
          >
            {TABS.map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className={cn(
                  'h-10 rounded-full px-3 font-semibold text-ink transition-colors',
                  'data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-card',
                )}
              >
                {t(value)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((value) => (
            <Tabs.Content key={value} value={value} className="focus:outline-none">
              <OrdersTab tab={value} customerId={user.id} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </CustomerGate>
  );
}

export function OrdersList() {
  return (
    <QueryProvider>
      <OrdersListContent />
    </QueryProvider>
  );
}
