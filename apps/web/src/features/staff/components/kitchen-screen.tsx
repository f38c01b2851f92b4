'use client';

import type { TOrderEvent, TStaffOrder, TStaffOrderDetail } from '@app/contracts';
import { useTranslations } from 'next-intl';
import type { Ref } from 'react';
import { cn } from '@/components/ui/cn';
import { ClockIcon } from '@/components/ui/icons';
import { useNow } from '../hooks';
import { elapsedClock, isLate, kitchenColumns, minutesLate, type TKitchenColumn } from '../lib/queue';
import { BoardCardActions, BoardCardHeader, ListLoadError, useStaffOrderList } from './board-parts';
import { LateMark, OrderLines } from './order-parts';
import { QueueAnnouncer } from './queue-announcer';
import { useFocusKeeper } from './use-focus-keeper';
import { useOrderDetails } from './use-order-details';

const COLUMNS: readonly TKitchenColumn[] = ['toAccept', 'cooking', 'ready'];
/** What the kitchen does: accept, ready, cancel (with a reason), and hand a pickup order over. */
const KITCHEN_EVENTS: readonly TOrderEvent[] = [
  'vendor-accepted',
  'vendor-ready',
  'finished',
  'vendor-cancelled',
];

function Ticket({
  order,
  detail,
  now,
  itemRef,
}: {
  order: TStaffOrder;
  detail: TStaffOrderDetail | undefined;
  now: number;
  itemRef: Ref<HTMLElement>;
}) {
  const t = useTranslations('staff');
  const late = isLate(order, now);
  return (
    <article
      ref={itemRef}
      data-order={order.external_order_id}
      data-late={late || undefined}
      aria-labelledby={`ticket-${order.id}`}
      className={cn(
        'flex flex-col gap-3 rounded-card border-4 bg-white p-4 shadow-card',
        late ? 'border-[#bf000f]' : 'border-transparent',
      )}
    >
      <BoardCardHeader headingId={`ticket-${order.id}`} order={order} large />
      <p className="flex flex-wrap items-center gap-2 text-lg">
        <span className="text-2xl font-bold tabular-nums" aria-label={undefined}>
          <ClockIcon className="mr-1 inline h-6 w-6 align-[-0.2em]" />
          {elapsedClock(order.created_at, now)}
        </span>
        <span className="text-muted">{t('order.target', { minutes: order.target_minutes })}</span>
        {late ? <LateMark minutes={minutesLate(order, now)} large /> : null}
      </p>
      <p className="text-lg font-semibold">{t(`deliveryType.${order.delivery_type}`)}</p>
      {detail ? (
        <OrderLines lines={detail.lines} large />
      ) : (
        <p className="text-lg">{t('order.items', { count: order.items_count })}</p>
      )}
      {order.comment ? (
        <p className="rounded bg-[#fef9c2] px-2 py-1 text-lg italic">“{order.comment}”</p>
      ) : null}
      {order.status === 'new' ? <p className="text-lg text-muted">{t('kitchen.waitsOperator')}</p> : null}
      {order.status === 'vendor-ready' && order.delivery_type === 'delivery' ? (
        <p className="text-lg text-muted">{t('kitchen.waitsCourier')}</p>
      ) : null}
      {order.courier ? (
        <p className="text-lg">{t('kitchen.courierTaken', { name: order.courier.name })}</p>
      ) : null}
      <BoardCardActions order={order} only={KITCHEN_EVENTS} />
    </article>
  );
}

/**
 * The kitchen display (issue 13), tablet first: the branch's orders in three columns, tickets in
 * large type with the items, their variants, modifiers and comments, and a timer against the
 * branch's target minutes that turns late in colour and in words.
 */
export function KitchenScreen() {
  const t = useTranslations('staff');
  const now = useNow();
  const list = useStaffOrderList();
  const columns = kitchenColumns(list.data?.orders ?? []);
  const details = useOrderDetails([...columns.toAccept, ...columns.cooking, ...columns.ready]);
  // An action moves the ticket to the next column (a new element there) or off the board: the focus
  // follows it to its new place, or goes to the next ticket of its column (use-focus-keeper.ts).
  const focus = useFocusKeeper(
    {
      toAccept: columns.toAccept.map((o) => o.id),
      cooking: columns.cooking.map((o) => o.id),
      ready: columns.ready.map((o) => o.id),
    },
    (column) => document.getElementById(`column-${column}`),
  );
  return (
    <section aria-labelledby="kitchen-title" className="flex flex-col gap-4">
      <h1 id="kitchen-title" className="text-2xl font-bold">
        {t('kitchen.title')}
      </h1>
      <QueueAnnouncer
        kind="kitchen"
        shown={[...columns.toAccept, ...columns.cooking, ...columns.ready].map((o) => o.id)}
      />
      {list.isError ? <ListLoadError large onRetry={() => void list.refetch()} /> : null}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {COLUMNS.map((column) => (
          <section
            key={column}
            aria-labelledby={`column-${column}`}
            data-column={column}
            className="flex flex-col gap-3"
          >
            <h2
              id={`column-${column}`}
              tabIndex={-1}
              className="rounded-xl bg-ink px-4 py-2 text-xl font-bold text-white"
            >
              {t(`kitchen.${column}`)} <span className="tabular-nums">({columns[column].length})</span>
            </h2>
            {columns[column].length === 0 ? (
              <p className="px-2 text-lg text-muted">{t('kitchen.empty')}</p>
            ) : null}
            {columns[column].map((order) => (
              <Ticket
                key={order.id}
                order={order}
                detail={details.get(order.id)}
                now={now}
                itemRef={focus.item(order.id)}
              />
            ))}
          </section>
        ))}
      </div>
    </section>
  );
}
