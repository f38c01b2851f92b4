'use client';

import type { TStaffOrder } from '@app/contracts';
import { formatSum } from '@app/domain';
import { useLocale, useTranslations } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { pick } from '@/lib/localized';
import { elapsedClock, isLate, minutesLate } from '../lib/queue';
import { LateMark, StatusBadge } from './order-parts';

type TMoneyLocale = 'ru' | 'uz' | 'en';

/** The rows' buttons by order id, for the keyboard's selection to focus and scroll to. */
export type TRowRefs = React.RefObject<Map<string, HTMLButtonElement>>;

function QueueRow({
  order,
  now,
  selected,
  highlighted,
  onSelect,
  onOpen,
  rowRefs,
  itemRef,
  isPlacedFocus,
}: {
  order: TStaffOrder;
  now: number;
  selected: boolean;
  highlighted: boolean;
  onSelect: () => void;
  isPlacedFocus?: (target: EventTarget) => boolean;
  onOpen: () => void;
  rowRefs: TRowRefs;
  itemRef?: React.Ref<HTMLTableRowElement>;
}) {
  const t = useTranslations('staff');
  const locale = useLocale() as TMoneyLocale;
  const late = isLate(order, now);
  return (
    <tr
      ref={itemRef}
      data-order={order.external_order_id}
      data-fresh={highlighted || undefined}
      data-late={late || undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      className={cn(
        'border-b border-line last:border-0',
        highlighted && 'bg-[#fef9c2]',
        late && !highlighted && 'bg-[#fef2f2]',
        selected && 'outline-2 -outline-offset-2 outline-brand-700',
      )}
    >
      <td className="px-3 py-2">
        <button
          type="button"
          ref={(el) => {
            if (el) rowRefs.current.set(order.id, el);
            else rowRefs.current.delete(order.id);
          }}
          onFocus={(event) => {
            if (!isPlacedFocus?.(event.currentTarget)) onSelect();
          }}
          onClick={onOpen}
          data-focus-target
          aria-label={t('order.open', { number: order.external_order_id })}
          className="min-h-11 rounded-lg px-2 font-bold text-brand-700 underline"
        >
          {order.external_order_id}
        </button>
        {highlighted ? (
          <span className="ml-2 rounded-full bg-[#ffe02a] px-2 py-0.5 text-xs font-bold text-ink">
            {t('operator.newBadge')}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2 tabular-nums">
        <span className="font-semibold">{elapsedClock(order.created_at, now)}</span>
        {late ? (
          <span className="ml-2">
            <LateMark minutes={minutesLate(order, now)} />
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2">{pick(order.branch.name, locale)}</td>
      <td className="px-3 py-2">{t(`deliveryType.${order.delivery_type}`)}</td>
      <td className="px-3 py-2">
        {t(`payment.${order.payment_type}`)}{' '}
        <span className={order.paid ? 'font-semibold text-[#005f46]' : 'text-muted'}>
          ({order.paid ? t('payment.paid') : t('payment.unpaid')})
        </span>
      </td>
      <td className="px-3 py-2">
        <StatusBadge status={order.status} />
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{formatSum(order.total_price, locale)}</td>
    </tr>
  );
}

/**
 * The operator's queue as a table: number (opens the card), time since placed and how late, branch,
 * type, payment and paid flag, status, total. A new order's row is highlighted, a late one tinted.
 */
export function OperatorQueueTable({
  orders,
  now,
  selected,
  onSelect,
  onOpen,
  isPlacedFocus,
  isFresh,
  rowRefs,
  itemRef,
  empty,
}: {
  orders: readonly TStaffOrder[];
  now: number;
  /** The chosen order's id, or null. */
  selected: string | null;
  onSelect: (orderId: string) => void;
  /** The focus arriving at a row's button was moved there for an order that left: it does not choose it. */
  isPlacedFocus?: (target: EventTarget) => boolean;
  onOpen: (order: TStaffOrder) => void;
  isFresh: (orderId: string) => boolean;
  rowRefs: TRowRefs;
  /** The ref of a row by order id (the screen's focus keeper: use-focus-keeper.ts). */
  itemRef?: (orderId: string) => React.Ref<HTMLTableRowElement>;
  /** The list is read and nothing matches. */
  empty: boolean;
}) {
  const t = useTranslations('staff');
  const headings = [
    t('operator.number'),
    t('operator.since'),
    t('order.branch'),
    t('order.type'),
    t('order.payment'),
    t('order.status'),
  ];
  return (
    <div className="overflow-x-auto rounded-card bg-white shadow-card">
      <table className="w-full min-w-[56rem] text-left" aria-describedby="operator-shortcuts">
        <caption className="sr-only">{t('operator.table')}</caption>
        <thead className="border-b border-line text-sm text-muted">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2">
                {heading}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right">
              {t('order.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <QueueRow
              key={order.id}
              order={order}
              now={now}
              selected={order.id === selected}
              highlighted={isFresh(order.id)}
              onSelect={() => onSelect(order.id)}
              isPlacedFocus={isPlacedFocus}
              onOpen={() => onOpen(order)}
              rowRefs={rowRefs}
              itemRef={itemRef?.(order.id)}
            />
          ))}
        </tbody>
      </table>
      {empty ? <p className="p-6 text-center text-muted">{t('operator.empty')}</p> : null}
    </div>
  );
}
