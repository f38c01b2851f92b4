'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '@/components/ui/toasts';
import { beep, enableSound } from '../lib/beep';
import { subscribeStaffOrders } from '../use-staff-stream';

/** How long a new order's row stays highlighted (or until it is chosen). */
const HIGHLIGHT_MS = 60_000;

/**
 * The operator's alert for each new order from the stream (placed, its payment arrived, or a scheduled
 * one whose time has come: 'future-due' puts it in the queue as new): a toast, its row highlighted for a minute
 * (or until opened) and, once the operator turned the sound on (a click: browsers allow audio only
 * after one), a beep.
 */
export function useNewOrderAlert(now: number) {
  const t = useTranslations('staff');
  const [soundOn, setSoundOn] = useState(false);
  const soundRef = useRef(false);
  soundRef.current = soundOn;
  const [fresh, setFresh] = useState<ReadonlyMap<string, number>>(new Map());

  useEffect(
    () =>
      subscribeStaffOrders((event) => {
        const due = event.event === 'future-due';
        const arrived = event.event === null || event.event === 'payment-received' || due;
        if (!arrived || event.status !== 'new') return;
        setFresh((current) => new Map(current).set(event.order_id, Date.now()));
        const number = event.external_order_id;
        notify('success', due ? t('operator.dueOrder', { number }) : t('operator.newOrder', { number }));
        if (soundRef.current) beep();
      }),
    [t],
  );

  const isFresh = (id: string) => {
    const at = fresh.get(id);
    return at !== undefined && now - at < HIGHLIGHT_MS;
  };
  /** The order was opened: no longer new. */
  const seen = useCallback((id: string) => {
    setFresh((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);
  const toggleSound = () => {
    if (soundOn) setSoundOn(false);
    else if (enableSound()) {
      setSoundOn(true);
      beep();
    }
  };
  return { isFresh, seen, soundOn, toggleSound };
}
