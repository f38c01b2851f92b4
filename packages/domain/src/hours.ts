/** 'HH:mm' on a 24-hour clock (Tashkent's wall clock wherever a branch's hours are meant: time-zone.ts). */
export type Clock = string;

const MINUTES_PER_DAY = 24 * 60;
/** Shop hours ending at '23:59' mean "until midnight": the minute 23:59 itself is still open. */
const END_OF_DAY = '23:59';

/** Minutes since midnight; throws on anything but a valid 'HH:mm'. */
export const clockToMinutes = (clock: Clock): number => {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  if (!match) throw new RangeError(`expected an 'HH:mm' clock, got '${clock}'`);
  return Number(match[1]) * 60 + Number(match[2]);
};

/**
 * Open around the clock: the spec's 00:00-23:59. Equal start and end ('09:00-09:00') is read the
 * same way, because a zero-length working day is never what a restaurant means by it.
 */
export const isAroundTheClock = (start: Clock, end: Clock): boolean => {
  const s = clockToMinutes(start);
  const e = clockToMinutes(end);
  return s === e || (s === 0 && end === END_OF_DAY);
};

/**
 * Whether a branch with hours start-end is open at `now` (all 'HH:mm', Tashkent time).
 * - start is inclusive, end exclusive: 10:00-22:00 is open at 10:00 and at 21:59, closed at 22:00;
 * - an end of 23:59 means midnight, so 23:59 itself is open (otherwise the last minute of the day
 *   would be closed for every branch working "until 23:59", and 00:00-23:59 would not be 24 hours);
 * - end before start wraps past midnight: 10:00-03:00 is open 10:00..23:59 and 00:00..02:59;
 * - around the clock (see isAroundTheClock) is open every minute.
 */
export const isOpenAt = (start: Clock, end: Clock, now: Clock): boolean => {
  if (isAroundTheClock(start, end)) return true;
  const s = clockToMinutes(start);
  const e = end === END_OF_DAY ? MINUTES_PER_DAY : clockToMinutes(end);
  const n = clockToMinutes(now);
  return s < e ? n >= s && n < e : n >= s || n < e;
};

export type BranchScheduleLabel =
  | { kind: 'around_the_clock' }
  /** Open now; closes at `time`. */
  | { kind: 'open_until'; time: Clock }
  /** Closed now; opens again at `opens_at`. */
  | { kind: 'closed'; opens_at: Clock };

/** What a branch list shows: around the clock, open until its closing time, or when it reopens. */
export const branchScheduleLabel = (start: Clock, end: Clock, now: Clock): BranchScheduleLabel => {
  if (isAroundTheClock(start, end)) return { kind: 'around_the_clock' };
  return isOpenAt(start, end, now) ? { kind: 'open_until', time: end } : { kind: 'closed', opens_at: start };
};

export type SchedulableBranch = { is_active: boolean; work_hour_start: Clock; work_hour_end: Clock };

/** Self-pickup may choose a branch only if it is active and open right now. */
export const isBranchSelectable = (branch: SchedulableBranch, now: Clock): boolean =>
  branch.is_active && isOpenAt(branch.work_hour_start, branch.work_hour_end, now);
