'use client';

import type { TOrderEvent, TStaffOrder } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useStaffApi } from '../api';
import { useNow, useOrderEvent, useStaffId } from '../hooks';
import { sortQueue } from '../lib/queue';
import { fetchStaffOrders, staffKeys, type TStaffListFilter } from '../lib/staff-queries';
import { ListLoadError } from './board-parts';
import { CancelDialog } from './event-actions';
import { OperatorFilters } from './operator-filters';
import { OperatorQueueTable } from './operator-queue-table';
import { OrderCardDialog } from './order-card';
import { useNewOrderAlert } from './use-new-order-alert';
import { useOperatorKeys } from './use-operator-keys';

/**
 * The operator's live queue (issue 13): every current order of the chain, late ones first, then the
 * newest; the time since placed ticking; filters by branch and status and a search by number or
 * phone; a toast, a highlighted row and (once enabled) a beep for each new order; the order's card
 * in a dialog; keyboard shortcuts.
 */
export function OperatorScreen() {
  const t = useTranslations('staff');
  const api = useStaffApi();
  const staffId = useStaffId();
  const now = useNow();
  const [filter, setFilter] = useState<TStaffListFilter>({});
  const list = useQuery({
    queryKey: staffKeys.list(staffId, filter),
    queryFn: ({ signal }) => fetchStaffOrders(api, filter, signal),
    placeholderData: (previous) => previous,
  });
  const alert = useNewOrderAlert(now);
  const [selected, setSelected] = useState(-1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [cardCancel, setCardCancel] = useState<TOrderEvent | null>(null);
  const [quickCancel, setQuickCancel] = useState<TStaffOrder | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rowRefs = useRef(new Map<string, HTMLButtonElement>());
  const accept = useOrderEvent();

  // Each order counts against its own branch's minutes (`target_minutes` of the list).
  const orders = useMemo(() => sortQueue(list.data?.orders ?? [], now), [list.data, now]);

  const choose = (index: number) => {
    setSelected(index);
    const order = orders[index];
    if (!order) return;
    rowRefs.current.get(order.id)?.focus();
    rowRefs.current.get(order.id)?.scrollIntoView({ block: 'nearest' });
  };
  const open = (order: TStaffOrder) => {
    alert.seen(order.id);
    setCardCancel(null);
    setOpenId(order.id);
  };
  useOperatorKeys({
    orders,
    selected,
    dialogOpen: openId !== null || quickCancel !== null,
    choose,
    focusSearch: () => searchRef.current?.focus(),
    open,
    accept: (order) => accept.mutate({ order, event: 'operator-accepted' }),
    cancel: setQuickCancel,
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
          variant={alert.soundOn ? 'primary' : 'secondary'}
          aria-pressed={alert.soundOn}
          onClick={alert.toggleSound}
        >
          {alert.soundOn ? t('operator.soundOn') : t('operator.soundOff')}
        </Button>
      </div>
      <OperatorFilters filter={filter} onChange={setFilter} searchRef={searchRef} />
      <p className="text-sm text-muted" id="operator-shortcuts">
        {t('operator.shortcuts')}
      </p>
      {list.isError ? <ListLoadError onRetry={() => void list.refetch()} /> : null}
      <OperatorQueueTable
        orders={orders}
        now={now}
        selected={selected}
        onSelect={setSelected}
        onOpen={open}
        isFresh={alert.isFresh}
        rowRefs={rowRefs}
        empty={Boolean(list.data) && orders.length === 0}
      />
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
