'use client';

import type { TOrderStatus, TStaffStreamOrder } from '@app/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { isOwnAction } from '../lib/own-actions';
import { subscribeStaffOrders } from '../use-staff-stream';

/** Whose screen: the kitchen's tickets, or the courier's orders to take and his own. */
export type TQueueKind = 'kitchen' | 'courier';

/**
 * How long the changes are gathered before they are said: the replay after a reconnection brings
 * its events within milliseconds, so it is said as one summary ("3 новых заказа"), never one by one.
 */
export const ANNOUNCE_BURST_MS = 1_500;
/** The events already said are remembered (a repeated one is not said again), the latest this many. */
const HEARD_LIMIT = 500;

/**
 * An arrival for the screen: the kitchen hears of an order reaching the queues (placed, paid, or a
 * scheduled one whose time came: 'new' appears under "to accept"), the courier of a delivery order
 * becoming ready to take (the kitchen made it ready, or another courier gave it back).
 */
export function isArrival(kind: TQueueKind, event: TStaffStreamOrder): boolean {
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

/** The statuses an order ends in when it is cancelled (a courier's give-back is not one: it stays). */
const CANCELLED: readonly TOrderStatus[] = ['operator-cancelled', 'vendor-cancelled', 'server-cancelled'];

/**
 * A departure worth saying: an order on this screen cancelled by someone else (the operator, another
 * tablet, the customer's payment refunded or timed out). Sighted staff see its card go; a screen
 * reader user would not know the ticket they are cooking or the order they are carrying is off.
 * This tab's own cancel is not said again: its toast said it (lib/own-actions.ts).
 */
export function isDeparture(event: TStaffStreamOrder, onScreen: (orderId: string) => boolean): boolean {
  if (!CANCELLED.includes(event.status)) return false;
  if (event.event !== null && isOwnAction(event.order_id, event.event)) return false;
  return onScreen(event.order_id.toLowerCase());
}

/**
 * The kitchen's and the courier's queue changes said to screen readers (the operator has toasts and
 * a beep): a polite live region, in place from the first render (a region added with its text is
 * often not read), whose text changes only when orders arrive or are cancelled: "Новый заказ B-1",
 * "3 новых заказа", "Заказ B-2 отменён", both in one message when one burst brings both. The
 * screen's every-second re-renders leave it as it is, so nothing is read again. `shown`: the ids of
 * the orders on the screen now (a cancel of another branch's or courier's order is not said).
 */
export function QueueAnnouncer({ kind, shown }: { kind: TQueueKind; shown: readonly string[] }) {
  const t = useTranslations('staff');
  const tRef = useRef(t);
  tRef.current = t;
  // Read when an event arrives: the screen as it was before the change (it re-renders after).
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const [said, setSaid] = useState<{ key: number; text: string } | null>(null);
  const sequence = useRef(0);

  useEffect(() => {
    const heard = new Set<string>();
    // Orders said to have arrived: on the screen as far as a cancel goes, even before the list that
    // shows them has been read again (a cancel right after its arrival is said too).
    const arrivedIds = new Set<string>();
    const onScreen = (orderId: string) =>
      arrivedIds.has(orderId) || shownRef.current.some((shownId) => shownId.toLowerCase() === orderId);
    let arrived: string[] = [];
    let left: string[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const parts: string[] = [];
      const [firstIn] = arrived;
      if (firstIn !== undefined) {
        parts.push(
          arrived.length === 1
            ? tRef.current(`${kind}.announceOne`, { number: firstIn })
            : tRef.current(`${kind}.announceMany`, { count: arrived.length }),
        );
      }
      const [firstOut] = left;
      if (firstOut !== undefined) {
        parts.push(
          left.length === 1
            ? tRef.current('announce.cancelledOne', { number: firstOut })
            : tRef.current('announce.cancelledMany', { count: left.length }),
        );
      }
      arrived = [];
      left = [];
      if (parts.length === 0) return;
      sequence.current += 1;
      // A new node each time: the same words said again (two bursts of two) are read again too.
      setSaid({ key: sequence.current, text: parts.join('. ') });
    };
    const unsubscribe = subscribeStaffOrders((event) => {
      const into = isArrival(kind, event) ? arrived : isDeparture(event, onScreen) ? left : null;
      if (!into) return;
      if (into === arrived) {
        arrivedIds.add(event.order_id.toLowerCase());
        if (arrivedIds.size > HEARD_LIMIT) {
          const [oldest] = arrivedIds;
          if (oldest !== undefined) arrivedIds.delete(oldest);
        }
      }
      const id = `${event.order_id} ${event.event ?? ''} ${event.at}`;
      if (heard.has(id)) return;
      heard.add(id);
      if (heard.size > HEARD_LIMIT) {
        const [oldest] = heard;
        if (oldest !== undefined) heard.delete(oldest);
      }
      if (!into.includes(event.external_order_id)) into.push(event.external_order_id);
      timer ??= setTimeout(flush, ANNOUNCE_BURST_MS);
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
