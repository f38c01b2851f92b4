'use client';

import type { TOrderEvent, TStaffOrder } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { apiErrorMessage, isApiFailure } from '@/lib/api-client';
import { useStaffApi } from '../api';
import { useNow, useOrderEvent, useStaffId } from '../hooks';
import { sortQueue } from '../lib/queue';
import { fetchStaffOrders, staffKeys, type TStaffListFilter } from '../lib/staff-queries';
import { ListLoadError } from './board-parts';
import { CancelDialog } from './event-actions';
import { OperatorFilters } from './operator-filters';
import { OperatorQueueTable } from './operator-queue-table';
import { OrderCardDialog } from './order-card';
import { useFocusKeeper } from './use-focus-keeper';
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
    // A new filter or search keeps the last list on screen while it loads.
    placeholderData: keepPreviousData,
  });
  // ...and when it fails (a search the API refuses): the table never empties under the operator.
  const lastList = useRef(list.data);
  if (list.data) lastList.current = list.data;
  const shown = list.data ?? lastList.current;
  // A 400 for a search is about what was typed: the API's words go by the search field, no retry.
  const searchError =
    list.isError && filter.q !== undefined && isApiFailure(list.error) && list.error.status === 400
      ? apiErrorMessage(list.error, t('operator.searchInvalid'))
      : null;
  const alert = useNewOrderAlert(now);
  // The chosen order by id: the list re-sorts every second and as orders come, under any position.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [cardCancel, setCardCancel] = useState<TOrderEvent | null>(null);
  const [quickCancel, setQuickCancel] = useState<TStaffOrder | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const rowRefs = useRef(new Map<string, HTMLButtonElement>());
  const accept = useOrderEvent();
  // Orders whose accept is on its way: a second `a` sends nothing until the first is answered.
  const accepting = useRef(new Set<string>());

  // Each order counts against its own branch's minutes (`target_minutes` of the list).
  const orders = useMemo(() => sortQueue(shown?.orders ?? [], now), [shown, now]);
  // An order that leaves the queue (cancelled here, taken by another operator) hands the focus to the
  // row below it, else the one above, else the heading (use-focus-keeper.ts); so do the dialogs
  // opened from its row, closing after it left. That row gets the focus only, it is not chosen: a
  // key never acts on an order the operator did not choose (`a` right after the chosen one left
  // accepts nothing); the next j or k chooses the focused row.
  const focus = useFocusKeeper({ queue: orders.map((o) => o.id) }, () =>
    document.getElementById('operator-title'),
  );

  const choose = (order: TStaffOrder) => {
    setSelectedId(order.id);
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
    selectedId,
    dialogOpen: openId !== null || quickCancel !== null,
    focusedId: () => {
      for (const [id, button] of rowRefs.current) if (button === document.activeElement) return id;
      return null;
    },
    choose,
    focusSearch: () => searchRef.current?.focus(),
    open,
    accept: (order) => {
      if (accepting.current.has(order.id)) return;
      accepting.current.add(order.id);
      // The refusal is told by the hook (a toast); here only the way is cleared again.
      accept
        .mutateAsync({ order, event: 'operator-accepted' })
        .catch(() => undefined)
        .finally(() => accepting.current.delete(order.id));
    },
    cancel: setQuickCancel,
  });

  const openOrder = orders.find((o) => o.id === openId) ?? null;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="operator-title">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="operator-title" tabIndex={-1} className="mr-auto text-2xl font-bold">
          {t('operator.title')}
          {shown ? (
            <span className="ml-2 text-base font-normal text-muted" data-testid="operator-count">
              {/* The list is capped (STAFF_LIST_LIMIT): when more match, the heading says the table is not all. */}
              {shown.count > shown.orders.length
                ? t('operator.countPartial', { shown: shown.orders.length, count: shown.count })
                : t('operator.count', { count: shown.count })}
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
      <OperatorFilters filter={filter} onChange={setFilter} searchRef={searchRef} searchError={searchError} />
      <p className="text-sm text-muted" id="operator-shortcuts">
        {t('operator.shortcuts')}
      </p>
      {list.isError && searchError === null ? <ListLoadError onRetry={() => void list.refetch()} /> : null}
      <OperatorQueueTable
        orders={orders}
        now={now}
        selected={selectedId}
        onSelect={setSelectedId}
        isPlacedFocus={focus.isPlacing}
        onOpen={open}
        isFresh={alert.isFresh}
        rowRefs={rowRefs}
        itemRef={focus.item}
        empty={Boolean(shown) && orders.length === 0}
      />
      <OrderCardDialog
        orderId={openId}
        number={openOrder?.external_order_id ?? ''}
        onClose={() => setOpenId(null)}
        cancelFor={cardCancel}
        onCancelChange={setCardCancel}
        fallbackFocus={focus.fallback}
      />
      {quickCancel ? (
        <CancelDialog
          order={quickCancel}
          event="operator-cancelled"
          open
          onOpenChange={(isOpen) => {
            if (!isOpen) setQuickCancel(null);
          }}
          fallbackFocus={focus.fallback}
        />
      ) : null}
    </section>
  );
}
