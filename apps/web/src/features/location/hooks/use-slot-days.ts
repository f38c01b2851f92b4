'use client';

import type { TDeliveryType } from '@app/contracts';
import { useEffect, useMemo, useState } from 'react';
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
 * or pickup (each has its own days-ahead limit); none without a branch. Slots that pass while the
 * page is open leave it.
 */
export function useSlotDays(branch: TSelectedBranch | null, deliveryType: TDeliveryType): TSlotDay[] {
  const now = useNow();
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
          })
        : [],
    [branch, now, deliveryType],
  );
}
