'use client';

import type { TStaffStreamOrder } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { subscribeStaffOrders } from '../use-staff-stream';

/** Whose arrivals: the kitchen's new tickets, or the courier's orders ready to take. */
export type TArrivalKind = 'kitchen' | 'courier';

/**
 * How long the arrivals are gathered before they are said: the replay after a reconnection brings
 * its events within milliseconds, so it is said as one summary ("3 новых заказа"), never one by one.
 */
export const ARRIVAL_BURST_MS = 1_500;
/** The events already said are remembered (a repeated one is not said again), the latest this many. */
const HEARD_LIMIT = 500;

/**
 * An arrival for the screen: the kitchen hears of an order reaching the queues (placed, paid, or a
 * scheduled one whose time came: 'new' appears under "to accept"), the courier of a delivery order
 * becoming ready to take (the kitchen made it ready, or another courier gave it back).
 */
export function isArrival(kind: TArrivalKind, event: TStaffStreamOrder): boolean {
  if (kind === 'kitchen') {
    return (
      event.status === 'new' &&
      (event.event === null || event.event === 'payment-received' || event.event === 'future-due')
    );
  }
  return (
    event.status === 'vendor-ready' && (event.event === 'vendor-ready' || event.event === 'courier-cancelled')
  );
}

/**
 * The kitchen's and the courier's arrivals said to screen readers (the operator has toasts and a
 * beep): a polite live region, in place from the first render (a region added with its text is often
 * not read), whose text changes only when orders arrive: "Новый заказ B-1" for one, "3 новых заказа"
 * for several at once. The screen's every-second re-renders leave it as it is, so nothing is read again.
 */
export function ArrivalAnnouncer({ kind }: { kind: TArrivalKind }) {
  const t = useTranslations('staff');
  const tRef = useRef(t);
  tRef.current = t;
  const [said, setSaid] = useState<{ key: number; text: string } | null>(null);
  const sequence = useRef(0);

  useEffect(() => {
    const heard = new Set<string>();
    let burst: string[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const numbers = burst;
      burst = [];
      const [first] = numbers;
      if (first === undefined) return;
      sequence.current += 1;
      const text =
        numbers.length === 1
          ? tRef.current(`${kind}.announceOne`, { number: first })
          : tRef.current(`${kind}.announceMany`, { count: numbers.length });
      // A new node each time: the same words said again (two bursts of two) are read again too.
      setSaid({ key: sequence.current, text });
    };
    const unsubscribe = subscribeStaffOrders((event) => {
      if (!isArrival(kind, event)) return;
      const id = `${event.order_id} ${event.event ?? ''} ${event.at}`;
      if (heard.has(id)) return;
      heard.add(id);
      if (heard.size > HEARD_LIMIT) {
        const [oldest] = heard;
        if (oldest !== undefined) heard.delete(oldest);
      }
      if (!burst.includes(event.external_order_id)) burst.push(event.external_order_id);
      timer ??= setTimeout(flush, ARRIVAL_BURST_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [kind]);

  return (
    <div role="status" className="sr-only" data-testid="arrivals">
      {said ? <span key={said.key}>{said.text}</span> : null}
    </div>
  );
}
