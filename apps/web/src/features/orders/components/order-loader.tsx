'use client';

import type { TOrderDetail } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { isApiFailure } from '@/lib/api-client';
import { useApi } from '@/lib/config-provider';
import { paths } from '@/lib/paths';
import { isLive } from '../lib/order-view';
import { fetchOrder, orderQueryKey } from '../lib/orders-api';

/**
 * How often an order still moving is read again while the order page is open; the status page
 * streams instead (pass `refresh={false}`).
 */
const LIVE_REFRESH_MS = 30_000;

/** The order, read for the signed-in customer; a stranger's or unknown order is 'not found'. */
export function OrderLoader({
  orderId,
  customerId,
  refresh = true,
  children,
}: {
  orderId: string;
  customerId: string;
  refresh?: boolean;
  children: (order: TOrderDetail) => ReactNode;
}) {
  const t = useTranslations('order.orders');
  const api = useApi();
  const query = useQuery({
    queryKey: orderQueryKey(orderId, customerId),
    queryFn: ({ signal }) => fetchOrder(api, orderId, signal),
    staleTime: 0,
    refetchInterval: (q) =>
      refresh && q.state.data && isLive(q.state.data.status) ? LIVE_REFRESH_MS : false,
  });
  if (query.isPending) {
    return (
      <p className="py-8 text-muted" aria-busy="true">
        {t('loading')}
      </p>
    );
  }
  if (query.isError) {
    const missing = isApiFailure(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <section role="alert" className="flex flex-col items-start gap-3 rounded-card bg-white p-5 shadow-card">
        <h2 className="text-xl font-bold">{missing ? t('notFound') : t('loadError')}</h2>
        {missing && <p className="text-muted">{t('notFoundText')}</p>}
        <div className="flex flex-wrap gap-3">
          {!missing && (
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )}
          <Link href={paths.myOrders()} className={buttonClasses('primary')}>
            {t('backToOrders')}
          </Link>
        </div>
      </section>
    );
  }
  return <>{children(query.data)}</>;
}
