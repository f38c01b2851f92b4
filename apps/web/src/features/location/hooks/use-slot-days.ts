'use client';

import type { TDeliveryType } from '@app/contracts';
import { useEffect, useMemo, useState } from 'react';
import { type TLivePauses, useLivePauses } from '@/lib/live-branch';
import type { TSelectedBranch } from '@/lib/stores/common';
import { scheduleDays, type TSlotDay } from '../lib/slots';

/** How often the offered slots are worked out again while the page stays open. */
const SLOT_RECHECK_MS = 30_000;

/** The time now, ticking every SLOT_RECHECK_MS (the clock is outside React). */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), SLOT_RECHECK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

/**
 * The days and half-hour slots a scheduled order may take at this branch (lib/slots.ts), for delivery
 * or pickup (each has its own days-ahead limit), none inside the branch's pauses as the live poller
 * last read them; none without a branch. Slots that pass while the page is open leave it.
 */
export function useSlotDays(branch: TSelectedBranch | null, deliveryType: TDeliveryType): TSlotDay[] {
  const now = useNow();
  const pauses = useLivePauses(branch?.id ?? null);
  const pausedUntil = pauseEnd(pauses, deliveryType);
  return useMemo(
    () =>
      branch
        ? scheduleDays({
            now,
            workHourStart: branch.work_hour_start,
            workHourEnd: branch.work_hour_end,
            leadMinutes: branch.delivery_time,
            daysAhead:
              deliveryType === 'delivery'
                ? branch.future_delivery_order_time
                : branch.future_self_pickup_order_time,
            pausedUntil: pausedUntil === null ? null : new Date(pausedUntil),
          })
        : [],
    [branch, now, deliveryType, pausedUntil],
  );
}

/** When the branch's pauses that hold this order type end (ms), the later of them; null: none known. */
export function pauseEnd(pauses: TLivePauses | null, deliveryType: TDeliveryType): number | null {
  const ends = [pauses?.paused_until, deliveryType === 'delivery' ? pauses?.delivery_paused_until : null]
    .filter((end): end is string => typeof end === 'string')
    .map((end) => Date.parse(end))
    .filter((end) => !Number.isNaN(end));
  return ends.length > 0 ? Math.max(...ends) : null;
}
