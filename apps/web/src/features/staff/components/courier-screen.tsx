'use client';

import type { TOrderEvent, TStaffOrder, TStaffOrderDetail } from '@app/contracts';
import { formatSum } from '@app/domain';
import { useLocale, useTranslations } from 'next-intl';
import type { Ref } from 'react';
import { ClockIcon, PhoneIcon } from '@/components/ui/icons';
import { pick } from '@/lib/localized';
import { formatPhone } from '@/lib/phone';
import { useNow } from '../hooks';
import { courierLists, elapsedClock, telLink } from '../lib/queue';
import { BoardCardActions, BoardCardHeader, ListLoadError, useStaffOrderList } from './board-parts';
import { AddressDetails, MapLinks } from './order-card';
import { OrderLines } from './order-parts';
import { QueueAnnouncer } from './queue-announcer';
import { useFocusKeeper } from './use-focus-keeper';
import { useOrderDetails } from './use-order-details';

type TMoneyLocale = 'ru' | 'uz' | 'en';
const TAKE_EVENTS: readonly TOrderEvent[] = ['courier-accepted'];
const OWN_EVENTS: readonly TOrderEvent[] = ['courier-picked', 'delivered', 'courier-cancelled'];

function DeliveryCard({
  order,
  detail,
  now,
  own,
  itemRef,
}: {
  order: TStaffOrder;
  detail: TStaffOrderDetail | undefined;
  now: number;
  own: boolean;
  itemRef: Ref<HTMLElement>;
}) {
  const t = useTranslations('staff');
  const locale = useLocale() as TMoneyLocale;
  const toCollect = detail ? detail.amount_to_pay : null;
  return (
    <article
      ref={itemRef}
      data-order={order.external_order_id}
      aria-labelledby={`delivery-${order.id}`}
      className="flex flex-col gap-3 rounded-card bg-white p-4 shadow-card"
    >
      <BoardCardHeader headingId={`delivery-${order.id}`} order={order} />
      <p className="text-base text-muted">
        {t('courier.from', { branch: pick(order.branch.name, locale) })} ·{' '}
        <ClockIcon className="inline h-4 w-4 align-[-0.15em]" />{' '}
        <span className="tabular-nums">{elapsedClock(order.created_at, now)}</span>
      </p>
      <div className="text-lg">
        <p className="font-semibold">{order.to_address}</p>
        {detail ? <AddressDetails order={detail} /> : null}
      </div>
      {own ? (
        <>
          {/* The API gives a courier the customer only on an order it carries (null otherwise). */}
          {order.customer ? (
            <>
              <p className="text-lg">{order.customer.name}</p>
              <div className="flex flex-wrap gap-3">
                <a
                  href={telLink(order.customer.phone)}
                  className="inline-flex min-h-12 flex-wrap items-center justify-center gap-x-2 rounded-full bg-herb-600 px-5 py-1 text-lg font-semibold text-white"
                >
                  <PhoneIcon className="h-5 w-5" />
                  {t('courier.callCustomer')}
                  <span className="tabular-nums">{formatPhone(order.customer.phone)}</span>
                </a>
              </div>
            </>
          ) : null}
          {detail?.to_location ? <MapLinks point={detail.to_location} large /> : null}
          {detail ? <OrderLines lines={detail.lines} /> : null}
          {order.comment ? <p className="rounded bg-[#fef9c2] px-2 py-1 italic">“{order.comment}”</p> : null}
          {toCollect !== null ? (
            <p className="text-lg font-bold">
              {toCollect > 0 && !order.paid
                ? t('courier.toPay', { amount: formatSum(toCollect, locale) })
                : t('courier.prepaid')}
              {toCollect > 0 && !order.paid ? ` · ${t(`payment.${order.payment_type}`)}` : ''}
            </p>
          ) : null}
        </>
      ) : null}
      <BoardCardActions order={order} only={own ? OWN_EVENTS : TAKE_EVENTS} />
    </article>
  );
}

/**
 * The courier's screen (issue 13), phone first: ready delivery orders to take, then his own with the
 * address and its details, a call button, links opening the point in a maps app, picked up and
 * delivered.
 */
export function CourierScreen() {
  const t = useTranslations('staff');
  const now = useNow();
  const list = useStaffOrderList();
  const { toTake, mine } = courierLists(list.data?.orders ?? []);
  const details = useOrderDetails([...mine, ...toTake]);
  // Taken (or given back), the order moves to the other list (a new card there) and the focus follows
  // it: the courier's next steps with it (call, map, picked up) are on that card. Delivered, it
  // leaves the screen: the next card of its list, else that list's heading (use-focus-keeper.ts).
  const focus = useFocusKeeper({ take: toTake.map((o) => o.id), mine: mine.map((o) => o.id) }, (list) =>
    document.getElementById(`courier-${list}`),
  );
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('courier.title')}</h1>
      <QueueAnnouncer kind="courier" shown={[...toTake, ...mine].map((o) => o.id)} />
      {list.isError ? <ListLoadError large onRetry={() => void list.refetch()} /> : null}
      <section aria-labelledby="courier-take" data-list="take" className="flex flex-col gap-3">
        <h2 id="courier-take" tabIndex={-1} className="text-xl font-bold">
          {t('courier.toTake')} <span className="tabular-nums">({toTake.length})</span>
        </h2>
        {toTake.length === 0 ? <p className="text-muted">{t('courier.empty')}</p> : null}
        {toTake.map((order) => (
          <DeliveryCard
            key={order.id}
            order={order}
            detail={details.get(order.id)}
            now={now}
            own={false}
            itemRef={focus.item(order.id)}
          />
        ))}
      </section>
      <section aria-labelledby="courier-mine" data-list="mine" className="flex flex-col gap-3">
        <h2 id="courier-mine" tabIndex={-1} className="text-xl font-bold">
          {t('courier.mine')} <span className="tabular-nums">({mine.length})</span>
        </h2>
        {mine.length === 0 ? <p className="text-muted">{t('courier.empty')}</p> : null}
        {mine.map((order) => (
          <DeliveryCard
            key={order.id}
            order={order}
            detail={details.get(order.id)}
            now={now}
            own
            itemRef={focus.item(order.id)}
          />
        ))}
      </section>
    </div>
  );
}
