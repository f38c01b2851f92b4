import { type BranchScheduleLabel, type Clock, isAroundTheClock, isOpenAt } from './hours.ts';
import type { MoneyLocale } from './money.ts';
import { addDays, type CalendarDay, tashkentClock, tashkentDay, tashkentInstant } from './time-zone.ts';

/**
 * Whether a branch takes orders at an instant, and when it takes them again: its opening hours
 * (hours.ts) together with a manager's pause ('busy kitchen', issue 13). Both apps decide with these
 * functions: the API when it refuses an order or a quote and answers `is_open`, the storefront when
 * it shows a branch closed. A branch answer carries `paused_until` as it is stored, whatever the time,
 * so a cached answer stays true: whoever reads it decides "paused now" with its own clock.
 */

/** An instant as the contracts carry it (ISO 8601) or as the database gives it. */
export type Instant = Date | string;

export type PausableBranch = {
  work_hour_start: Clock;
  work_hour_end: Clock;
  /** The whole branch is paused until then; null, absent or past: not paused. */
  paused_until?: Instant | null | undefined;
};

/** When a closed branch takes orders again: the instant, and Tashkent's day and 'HH:mm' of it. */
export type Reopening = {
  /** On a whole minute: a pause until 12:40:30 reopens at 12:41. */
  at: Date;
  /** Tashkent's calendar day of `at`. */
  day: CalendarDay;
  /** Tashkent's 'HH:mm' of `at`. */
  clock: Clock;
};

export type BranchOpenState =
  | { open: true }
  /** `hours`: outside its opening hours; `paused`: a manager paused it (and it may then be outside them). */
  | { open: false; reason: 'hours' | 'paused'; reopens: Reopening };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const toTime = (instant: Instant): number => {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`expected an instant, got '${String(instant)}'`);
  return ms;
};

/** The instant a pause ends when it has not ended by `now`, else null (no pause, or a past one). */
export function activePause(until: Instant | null | undefined, now: Date): Date | null {
  if (until === null || until === undefined) return null;
  const ms = toTime(until);
  return ms > now.getTime() ? new Date(ms) : null;
}

const ceilToMinute = (ms: number): number => Math.ceil(ms / MINUTE_MS) * MINUTE_MS;

/** A reopening on a whole minute (the instants given here are: hours' starts, pauses' ends rounded up). */
function reopening(ms: number): Reopening {
  const at = new Date(ms);
  return { at, day: tashkentDay(at), clock: tashkentClock(at) };
}

/**
 * The first instant at or after `from` at which the hours are open: `from` itself when they are open
 * then (read on the minute of `from`), else the next start of the hours on Tashkent's clock.
 */
function nextOpenInstant(start: Clock, end: Clock, from: number): number {
  if (isOpenAt(start, end, tashkentClock(new Date(from)))) return from;
  const day = tashkentDay(new Date(from));
  const sameDay = tashkentInstant(day, start).getTime();
  return sameDay > from ? sameDay : tashkentInstant(addDays(day, 1), start).getTime();
}

/**
 * Open at `now`, or closed with the reason and when it reopens:
 * - paused (`paused_until` after `now`): closed; it reopens when the pause ends if its hours are open
 *   then, else at the next opening of its hours after that (a pause to 23:00 of a 10:00-22:00 branch
 *   reopens at 10:00 the next day);
 * - otherwise its hours decide (isOpenAt: overnight and around-the-clock hours), and a closed branch
 *   reopens at its next `work_hour_start`.
 * `is_active` is not read here: an inactive branch is not closed for a while but out of service.
 */
export function branchOpenState(branch: PausableBranch, now: Date): BranchOpenState {
  const { work_hour_start: start, work_hour_end: end } = branch;
  const pause = activePause(branch.paused_until, now);
  if (pause) {
    const ends = ceilToMinute(pause.getTime());
    return { open: false, reason: 'paused', reopens: reopening(nextOpenInstant(start, end, ends)) };
  }
  if (isOpenAt(start, end, tashkentClock(now))) return { open: true };
  return { open: false, reason: 'hours', reopens: reopening(nextOpenInstant(start, end, now.getTime())) };
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * How a reopening (or a pause's end) is written in a text of `locale`: 'HH:mm' when it is less than a
 * day after `now` (as the closed-restaurant message always named the opening time), else with its
 * day, so a pause to tomorrow's noon is never read as today's: '07.12 10:00' in ru and uz, 'Dec 7,
 * 10:00' in en (as the storefront writes dates in English; '07.12' would read as July 12 to many).
 */
export function reopeningText(
  reopens: Pick<Reopening, 'at' | 'day' | 'clock'>,
  now: Date,
  locale: MoneyLocale,
): string {
  if (reopens.at.getTime() - now.getTime() < DAY_MS) return reopens.clock;
  const [, month = '', date = ''] = reopens.day.split('-');
  if (locale === 'en') return `${EN_MONTHS[Number(month) - 1]} ${Number(date)}, ${reopens.clock}`;
  return `${date}.${month} ${reopens.clock}`;
}

/** reopeningText in each of the three languages (for an API message answered in the request's). */
export const reopeningTexts = (
  reopens: Pick<Reopening, 'at' | 'day' | 'clock'>,
  now: Date,
): Record<MoneyLocale, string> => ({
  ru: reopeningText(reopens, now, 'ru'),
  uz: reopeningText(reopens, now, 'uz'),
  en: reopeningText(reopens, now, 'en'),
});

/** Deliveries paused at `now` (pickup goes on), with when they resume; null: not paused. */
export function deliveryPause(until: Instant | null | undefined, now: Date): Reopening | null {
  const pause = activePause(until, now);
  return pause ? reopening(ceilToMinute(pause.getTime())) : null;
}

/**
 * What a branch list shows at `now` (branchScheduleLabel with the pause): a paused branch is closed
 * with the time it reopens (reopeningText in `locale`), whatever its hours.
 */
export function branchScheduleLabelAt(
  branch: PausableBranch,
  now: Date,
  locale: MoneyLocale,
): BranchScheduleLabel {
  const state = branchOpenState(branch, now);
  if (!state.open) return { kind: 'closed', opens_at: reopeningText(state.reopens, now, locale) };
  if (isAroundTheClock(branch.work_hour_start, branch.work_hour_end)) return { kind: 'around_the_clock' };
  return { kind: 'open_until', time: branch.work_hour_end };
}

/** Self-pickup may choose a branch only if it is active and open at `now` (hours and pause). */
export const isBranchOpenNow = (branch: PausableBranch & { is_active: boolean }, now: Date): boolean =>
  branch.is_active && branchOpenState(branch, now).open;

/**
 * Whether a scheduled order's time falls inside the branch's pause (the pause has not ended by then):
 * such an order is refused like an express one during the pause.
 */
export const isPausedAt = (until: Instant | null | undefined, at: Date, now: Date): boolean => {
  const pause = activePause(until, now);
  return pause !== null && at.getTime() < pause.getTime();
};
