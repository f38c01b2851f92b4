'use client';

import type { TOrderEvent, TStaffOrder } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { notify } from '@/components/ui/toasts';
import { apiErrorMessage } from '@/lib/api-client';
import { useStaffApi } from './api';
import { forgetOwnAction, markOwnAction } from './lib/own-actions';
import { sendStaffEvent, staffKeys } from './lib/staff-queries';
import { useStaffSession } from './session';

/** `Date.now()` that ticks every `intervalMs` (the timers of the queue and the tickets). */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The signed-in member's id (the screens only render signed in). */
export function useStaffId(): string {
  return useStaffSession((state) => state.session?.staff.id ?? '');
}

type TSend = { order: Pick<TStaffOrder, 'id' | 'external_order_id'>; event: TOrderEvent; reason?: string };

/**
 * Sends an order event. Success: a toast with the new status, the lists and the card read again (the
 * stream brings the same change to every other screen). Refusal: the API's message as it says it,
 * e.g. a 409 naming who already accepted the order; the lists are read again to show its real state.
 */
export function useOrderEvent(onDone?: () => void) {
  const api = useStaffApi();
  const staffId = useStaffId();
  const queryClient = useQueryClient();
  const t = useTranslations('staff');
  return useMutation({
    mutationFn: ({ order, event, reason }: TSend) => {
      markOwnAction(order.id, event);
      return sendStaffEvent(api, order, event, reason);
    },
    onSuccess: (answer, { order }) => {
      notify(
        'success',
        t('eventSent', { number: order.external_order_id, status: t(`status.${answer.status}`) }),
      );
      onDone?.();
    },
    onError: (error, { order, event }) => {
      // Refused (another tablet was first): that tablet's event is the one the stream brings, and is said.
      forgetOwnAction(order.id, event);
      notify('error', apiErrorMessage(error, t('errors.action')));
    },
    onSettled: (_answer, _error, { order }) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.lists(staffId) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.order(staffId, order.id) });
    },
  });
}
