import { addDays, type Clock, isOpenAt, lastScheduleDay, tashkentDateTime, tashkentDay } from '@app/domain';

const MINUTE_MS = 60_000;
/** Scheduled orders are offered in half-hour slots. */
export const SLOT_MINUTES = 30;

export type TTimeSlot = {
  /** ISO date-time with the Tashkent offset, as the order's `future_time`: '2026-11-23T12:30:00+05:00'. */
  value: string;
  /** 'HH:mm' Tashkent time. */
  time: Clock;
};

export type TSlotDay = {
  /** 'YYYY-MM-DD', the Tashkent calendar day. */
  date: string;
  /** 0 today, 1 tomorrow, ... */
  offset: number;
  slots: TTimeSlot[];
};

export type TScheduleInput = {
  now: Date;
  /** The branch's hours, 'HH:mm' Tashkent time (overnight hours wrap past midnight). */
  workHourStart: Clock;
  workHourEnd: Clock;
  /** How long the branch needs (its delivery_time): no slot starts before now + this. */
  leadMinutes: number;
  /** The branch's future_delivery_order_time or future_self_pickup_order_time: days ahead allowed. */
  daysAhead: number;
  /**
   * Until when the branch takes no orders for its time (its pause, and for a delivery its
   * deliveries' pause: the later of the two); null or past: none. The API refuses a scheduled order
   * inside a pause, so no slot starts before its end.
   */
  pausedUntil?: Date | null;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** The clocks of a day's slots: '00:00', '00:30', ... '23:30'. */
const SLOT_CLOCKS: readonly Clock[] = Array.from(
  { length: (24 * 60) / SLOT_MINUTES },
  (_, i) => `${pad(Math.floor((i * SLOT_MINUTES) / 60))}:${pad((i * SLOT_MINUTES) % 60)}`,
);

/**
 * The days and half-hour slots a scheduled order can be placed for (Tashkent time): from today to the
 * domain's lastScheduleDay (`daysAhead` calendar days on, 0: today only, the day the API's
 * FUTURE_TIME_TOO_FAR reads), every slot that starts while the branch is open (domain isOpenAt:
 * overnight and around-the-clock hours too), not before now + the branch's lead time, and not inside a
 * pause (`pausedUntil`). Days without a slot are left out.
 */
export function scheduleDays(input: TScheduleInput): TSlotDay[] {
  const nowMs = input.now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('scheduleDays got an invalid Date');
  const earliest = Math.max(
    nowMs + Math.max(0, input.leadMinutes) * MINUTE_MS,
    input.pausedUntil?.getTime() ?? 0,
  );
  const today = tashkentDay(input.now);
  const lastDay = lastScheduleDay(input.now, input.daysAhead);
  const days: TSlotDay[] = [];
  for (let offset = 0; addDays(today, offset) <= lastDay; offset++) {
    const date = addDays(today, offset);
    const slots: TTimeSlot[] = [];
    for (const time of SLOT_CLOCKS) {
      if (!isOpenAt(input.workHourStart, input.workHourEnd, time)) continue;
      const value = tashkentDateTime(date, time);
      const at = Date.parse(value);
      if (at < earliest) continue;
      slots.push({ value, time });
    }
    if (slots.length > 0) days.push({ date, offset, slots });
  }
  return days;
}

/** Whether a chosen `future_time` is still one of the offered slots (time moves on while the page is open). */
export const isOfferedSlot = (days: readonly TSlotDay[], value: string | null): boolean =>
  value !== null && days.some((d) => d.slots.some((s) => s.value === value));

/** The day a slot value belongs to ('YYYY-MM-DD' prefix of the value). */
export const slotDate = (value: string): string => value.slice(0, 10);
