'use client';

import type { TOrderEvent, TOrderStatus, TStaffOrder, TStaffOrderDetail } from '@app/contracts';
import { formatSum } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { inputClass } from '@/components/ui/field-classes';
import { notify } from '@/components/ui/toasts';
import { pick } from '@/lib/localized';
import { useStaffApi } from '../api';
import { useNow, useOrderEvent, useStaffId } from '../hooks';
import { beep, enableSound } from '../lib/beep';
import { elapsedClock, isLate, minutesLate, sortQueue } from '../lib/queue';
import { moveSelection, shortcutOf } from '../lib/shortcuts';
import { fetchBranches, fetchStaffOrders, staffKeys, type TStaffListFilter } from '../lib/staff-queries';
import { subscribeStaffOrders } from '../use-staff-stream';
import { ListLoadError } from './board-parts';
import { CancelDialog } from './event-actions';
import { OrderCardDialog } from './order-card';
import { LateMark, StatusBadge } from './order-parts';

/** The statuses of current orders the operator can filter by (delivered waits for the operator's finish). */
const FILTER_STATUSES: readonly TOrderStatus[] = [
  'new',
  'future',
  'operator-accepted',
  'vendor-accepted',
  'vendor-ready',
  'courier-accepted',
  'courier-picked',
  'delivered',
];

/** Minutes an order's clock counts against when its branch's time is not known yet. */
const FALLBACK_TARGET_MINUTES = 45;
/** How long a new order's row stays highlighted (or until it is chosen). */
const HIGHLIGHT_MS = 60_000;

type TMoneyLocale = 'ru' | 'uz' | 'en';

function Filters({
  filter,
  onChange,
  searchRef,
}: {
  filter: TStaffListFilter;
  onChange: (filter: TStaffListFilter) => void;
  searchRef: React.RefObject<HTMLInputElement | null>;
}) {
  const t = useTranslations('staff');
  const locale = useLocale();
  const api = useStaffApi();
  const id = useId();
  const branches = useQuery({
    queryKey: staffKeys.branches(),
    queryFn: ({ signal }) => fetchBranches(api, signal),
  });
  const [text, setText] = useState(filter.q ?? '');
  // The search is sent when typing pauses (the API answers a number or a phone's digits).
  useEffect(() => {
    const timer = setTimeout(() => {
      const q = text.trim() || undefined;
      if (q !== filter.q) onChange({ ...filter, q });
    }, 300);
    return () => clearTimeout(timer);
  }, [text, filter, onChange]);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${id}-branch`} className="text-sm font-semibold">
          {t('operator.branch')}
        </label>
        <select
          id={`${id}-branch`}
          className={cn(inputClass, 'min-w-44')}
          value={filter.branch_id ?? ''}
          onChange={(e) => onChange({ ...filter, branch_id: e.target.value || undefined })}
        >
          <option value="">{t('operator.allBranches')}</option>
          {(branches.data ?? []).map((b) => (
            <option key={b.id} value={b.id}>
              {pick(b.name, locale)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-status`} className="text-sm font-semibold">
          {t('operator.status')}
        </label>
        <select
          id={`${id}-status`}
          className={cn(inputClass, 'min-w-44')}
          value={filter.status ?? ''}
          onChange={(e) =>
            onChange({ ...filter, status: (e.target.value || undefined) as TOrderStatus | undefined })
          }
        >
          <option value="">{t('operator.allStatuses')}</option>
          {FILTER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-56 flex-1">
        <label htmlFor={`${id}-search`} className="text-sm font-semibold">
          {t('operator.search')}
        </label>
        <input
          id={`${id}-search`}
          ref={searchRef}
          type="search"
          className={inputClass}
          placeholder={t('operator.searchPlaceholder')}
          value={text}
          maxLength={40}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
    </div>
  );
}

/**
 * The operator's live queue (issue 13): every current order of the chain, late ones first, then the
 * newest; the time since placed ticking; filters by branch and status and a search by number or
 * phone; a toast, a highlighted row and (once enabled) a beep for each new order; the order's card
 * in a dialog; keyboard shortcuts.
 */
export function OperatorScreen() {
  const t = useTranslations('staff');
  const locale = useLocale() as TMoneyLocale;
  const api = useStaffApi();
  const staffId = useStaffId();
  const queryClient = useQueryClient();
  const now = useNow();
  const [filter, setFilter] = useState<TStaffListFilter>({});
  const list = useQuery({
    queryKey: staffKeys.list(staffId, filter),
    queryFn: ({ signal }) => fetchStaffOrders(api, filter, signal),
    placeholderData: (previous) => previous,
  });
  const branches = useQuery({
    queryKey: staffKeys.branches(),
    queryFn: ({ signal }) => fetchBranches(api, signal),
  });
  const [soundOn, setSoundOn] = useState(false);
  const soundRef = useRef(false);
  soundRef.current = soundOn;
  const [fresh, setFresh] = useState<ReadonlyMap<string, number>>(new Map());
  const [selected, setSelected] = useState(-1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [cardCancel, setCardCancel] = useState<TOrderEvent | null>(null);
  const [quickCancel, setQuickCancel] = useState<TStaffOrder | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rowRefs = useRef(new Map<string, HTMLButtonElement>());
  const accept = useOrderEvent();

  const targetOf = useCallback(
    (order: TStaffOrder): number => {
      const detail = queryClient.getQueryData<TStaffOrderDetail>(staffKeys.order(staffId, order.id));
      if (detail) return detail.target_minutes;
      const branch = branches.data?.find((b) => b.id === order.branch.id);
      return branch && branch.delivery_time > 0 ? branch.delivery_time : FALLBACK_TARGET_MINUTES;
    },
    [queryClient, staffId, branches.data],
  );
  const orders = useMemo(() => sortQueue(list.data?.orders ?? [], targetOf, now), [list.data, targetOf, now]);

  // A new order: a toast, its row highlighted, and the beep when the operator turned the sound on.
  useEffect(
    () =>
      subscribeStaffOrders((event) => {
        const arrived = event.event === null || event.event === 'payment-received';
        if (!arrived || event.status !== 'new') return;
        setFresh((current) => new Map(current).set(event.order_id, Date.now()));
        notify('success', t('operator.newOrder', { number: event.external_order_id }));
        if (soundRef.current) beep();
      }),
    [t],
  );
  const isFresh = (id: string) => {
    const at = fresh.get(id);
    return at !== undefined && now - at < HIGHLIGHT_MS;
  };

  const selectedOrder = orders[selected] ?? null;
  const choose = (index: number) => {
    setSelected(index);
    const order = orders[index];
    if (!order) return;
    rowRefs.current.get(order.id)?.focus();
    rowRefs.current.get(order.id)?.scrollIntoView({ block: 'nearest' });
  };
  const open = (order: TStaffOrder) => {
    setFresh((current) => {
      const next = new Map(current);
      next.delete(order.id);
      return next;
    });
    setCardCancel(null);
    setOpenId(order.id);
  };

  const keyState = useRef({ orders, selected, selectedOrder, dialogOpen: false });
  keyState.current = { orders, selected, selectedOrder, dialogOpen: openId !== null || quickCancel !== null };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const state = keyState.current;
      const shortcut = shortcutOf({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        target: target ? { tagName: target.tagName, isContentEditable: target.isContentEditable } : null,
        dialogOpen: state.dialogOpen || document.querySelector('[role="dialog"]') !== null,
      });
      if (!shortcut) return;
      const order = state.selectedOrder;
      if (shortcut === 'next' || shortcut === 'previous') {
        event.preventDefault();
        choose(moveSelection(state.selected, shortcut === 'next' ? 1 : -1, state.orders.length));
      } else if (shortcut === 'search') {
        event.preventDefault();
        searchRef.current?.focus();
      } else if (order && shortcut === 'open') {
        event.preventDefault();
        open(order);
      } else if (order && shortcut === 'accept' && order.allowed_events.includes('operator-accepted')) {
        accept.mutate({ order, event: 'operator-accepted' });
      } else if (order && shortcut === 'cancel' && order.allowed_events.includes('operator-cancelled')) {
        event.preventDefault();
        setQuickCancel(order);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const openOrder = orders.find((o) => o.id === openId) ?? null;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="operator-title">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="operator-title" className="mr-auto text-2xl font-bold">
          {t('operator.title')}
          {list.data ? (
            <span className="ml-2 text-base font-normal text-muted">
              {t('operator.count', { count: list.data.count })}
            </span>
          ) : null}
        </h1>
        <Button
          variant={soundOn ? 'primary' : 'secondary'}
          aria-pressed={soundOn}
          onClick={() => {
            if (soundOn) setSoundOn(false);
            else if (enableSound()) {
              setSoundOn(true);
              beep();
            }
          }}
        >
          {soundOn ? t('operator.soundOn') : t('operator.soundOff')}
        </Button>
      </div>
      <Filters filter={filter} onChange={setFilter} searchRef={searchRef} />
      <p className="text-sm text-muted" id="operator-shortcuts">
        {t('operator.shortcuts')}
      </p>
      {list.isError ? <ListLoadError onRetry={() => void list.refetch()} /> : null}
      <div className="overflow-x-auto rounded-card bg-white shadow-card">
        <table className="w-full min-w-[56rem] text-left" aria-describedby="operator-shortcuts">
          <caption className="sr-only">{t('operator.table')}</caption>
          <thead className="border-b border-line text-sm text-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('operator.number')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('operator.since')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('order.branch')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('order.type')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('order.payment')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('order.status')}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t('order.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order, index) => {
              const target = targetOf(order);
              const late = isLate(order, target, now);
              const highlighted = isFresh(order.id);
              return (
                <tr
                  key={order.id}
                  data-order={order.external_order_id}
                  data-fresh={highlighted || undefined}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => setSelected(index)}
                  className={cn(
                    'border-b border-line last:border-0',
                    highlighted && 'bg-[#fef9c2]',
                    late && !highlighted && 'bg-[#fef2f2]',
                    index === selected && 'outline-2 -outline-offset-2 outline-brand-700',
                  )}
                >
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      ref={(el) => {
                        if (el) rowRefs.current.set(order.id, el);
                        else rowRefs.current.delete(order.id);
                      }}
                      onFocus={() => setSelected(index)}
                      onClick={() => open(order)}
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
                        <LateMark minutes={minutesLate(order, target, now)} />
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
                  <td className="px-3 py-2 text-right tabular-nums">
                    {formatSum(order.total_price, locale)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {list.data && orders.length === 0 ? (
          <p className="p-6 text-center text-muted">{t('operator.empty')}</p>
        ) : null}
      </div>
      <OrderCardDialog
        orderId={openId}
        number={openOrder?.external_order_id ?? ''}
        onClose={() => setOpenId(null)}
        cancelFor={cardCancel}
        onCancelChange={setCardCancel}
      />
      {quickCancel ? (
        <CancelDialog
          order={quickCancel}
          event="operator-cancelled"
          open
          onOpenChange={(isOpen) => {
            if (!isOpen) setQuickCancel(null);
          }}
        />
      ) : null}
    </section>
  );
}
