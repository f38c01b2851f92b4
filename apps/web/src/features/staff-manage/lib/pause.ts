import {
  addDays,
  type Clock,
  clockToMinutes,
  tashkentClock,
  tashkentDateTime,
  tashkentDay,
} from '@app/domain';

/** The pause lengths the branches screen offers, minutes ('busy kitchen' for a while). */
export const PAUSE_MINUTES = [15, 30, 60] as const;

const MINUTE_MS = 60_000;

/**
 * The end of a pause of `minutes` from now, as the API takes it (ISO 8601, UTC), on a whole minute
 * (rounded up): 'paused until 12:40' on the screen and 'come back from 12:40' for the customer agree.
 */
export function pauseUntilIn(minutes: number, now: Date): string {
  return new Date(Math.ceil((now.getTime() + minutes * MINUTE_MS) / MINUTE_MS) * MINUTE_MS).toISOString();
}

/**
 * The next time Tashkent's clock shows `clock`: today, or tomorrow when that time has passed (a pause
 * 'until 02:00' chosen at 23:00 ends in the night). Null for a time that is not HH:mm, or now itself.
 */
export function pauseUntilClock(clock: string, now: Date): string | null {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(clock)) return null;
  const today = tashkentDay(now);
  const nowMinutes = clockToMinutes(tashkentClock(now));
  const wanted = clockToMinutes(clock);
  if (wanted === nowMinutes) return null;
  const day = wanted > nowMinutes ? today : addDays(today, 1);
  return tashkentDateTime(day, clock);
}

/** The end of a pause still running at `now`, else null (a pause that ended is no pause). */
export function activePause(until: string | null, now: Date): string | null {
  if (!until) return null;
  return Date.parse(until) > now.getTime() ? until : null;
}

/** '12:40': when a pause ends, on Tashkent's clock (the chain's, whatever the device's zone). */
export const clockOf = (iso: string): Clock => tashkentClock(new Date(iso));
