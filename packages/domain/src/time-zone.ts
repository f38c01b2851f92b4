import { type Clock, clockToMinutes } from './hours.ts';

/**
 * The chain's time zone. Branch hours, scheduled orders, promotions' days, "today" and the footer's
 * year are all read on Tashkent's wall clock, whatever the zone of the server or the browser. This
 * module is the only place that knows it: everything else calls the functions below, which ask
 * `Intl` (the platform's time zone database) instead of assuming an offset.
 */
export const CHAIN_TIME_ZONE = 'Asia/Tashkent';

/** 'YYYY-MM-DD', a calendar day on the chain's wall clock. */
export type CalendarDay = string;

/** An instant as the chain's wall clock shows it. */
export type ZonedParts = {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
  second: number;
};

const MINUTE_MS = 60_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

let formatter: Intl.DateTimeFormat | undefined;
/** Created on first use, so importing the package costs nothing. */
const zoneFormatter = (): Intl.DateTimeFormat => {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: CHAIN_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return formatter;
};

const validTime = (date: Date, caller: string): number => {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`${caller} got an invalid Date`);
  return ms;
};

/** The chain's wall-clock reading of an instant. */
export function tashkentParts(date: Date): ZonedParts {
  validTime(date, 'tashkentParts');
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter().formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    hour: parts.hour ?? Number.NaN,
    minute: parts.minute ?? Number.NaN,
    second: parts.second ?? Number.NaN,
  };
}

const dayOf = (p: Pick<ZonedParts, 'year' | 'month' | 'day'>): CalendarDay =>
  `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;

/** The calendar day in Tashkent at an instant: '2026-03-01'. */
export const tashkentDay = (date: Date): CalendarDay => dayOf(tashkentParts(date));

/** 'HH:mm' in Tashkent at an instant. */
export const tashkentClock = (date: Date): Clock => {
  const p = tashkentParts(date);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

/** The year in Tashkent at an instant (it turns at Tashkent's midnight on 1 January). */
export const tashkentYear = (date: Date): number => tashkentParts(date).year;

/** How far Tashkent's wall clock is ahead of UTC at an instant, in minutes. */
export function tashkentOffsetMinutes(date: Date): number {
  const ms = validTime(date, 'tashkentOffsetMinutes');
  const p = tashkentParts(date);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
}

/** Parses 'YYYY-MM-DD' into its numbers; throws on anything but a real calendar day. */
function parseDay(day: CalendarDay): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const date = Number(match?.[3]);
  const probe = new Date(Date.UTC(year, month - 1, date));
  if (
    !match ||
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== date
  ) {
    throw new RangeError(`expected a 'YYYY-MM-DD' calendar day, got '${day}'`);
  }
  return { year, month, day: date };
}

/** The calendar day `days` after (or before, when negative) a day: '2026-12-31' + 1 = '2027-01-01'. */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  const d = parseDay(day);
  const probe = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return dayOf({ year: probe.getUTCFullYear(), month: probe.getUTCMonth() + 1, day: probe.getUTCDate() });
}

/**
 * The last calendar day (Tashkent) a scheduled order may be placed for: `daysAhead` days after today
 * (a branch's future_delivery_order_time or future_self_pickup_order_time; 0: today only). The API
 * refuses a later day (FUTURE_TIME_TOO_FAR) and the checkout offers none, by this one reading.
 */
export const lastScheduleDay = (now: Date, daysAhead: number): CalendarDay =>
  addDays(tashkentDay(now), Math.max(0, Math.floor(daysAhead)));

/** The instant Tashkent's wall clock shows `clock` on `day`, and the offset that gives it. */
function resolveWallTime(day: CalendarDay, clock: Clock): { ms: number; offset: number } {
  const d = parseDay(day);
  const minutes = clockToMinutes(clock);
  const wall = Date.UTC(d.year, d.month - 1, d.day, Math.floor(minutes / 60), minutes % 60);
  // The offset at the wall time read as UTC is right unless the offset changes between the two;
  // asking once more at the first guess settles it (Tashkent has not changed it since 1992).
  const guess = tashkentOffsetMinutes(new Date(wall));
  const offset = tashkentOffsetMinutes(new Date(wall - guess * MINUTE_MS));
  return { ms: wall - offset * MINUTE_MS, offset };
}

/** The instant at which Tashkent's wall clock shows `clock` on `day`. */
export const tashkentInstant = (day: CalendarDay, clock: Clock): Date =>
  new Date(resolveWallTime(day, clock).ms);

const formatOffset = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
};

/**
 * ISO 8601 date-time with Tashkent's offset, as an order's `future_time` carries it:
 * ('2026-11-23', '12:30') → '2026-11-23T12:30:00+05:00'. `new Date()` of it is tashkentInstant's.
 */
export function tashkentDateTime(day: CalendarDay, clock: Clock): string {
  const { offset } = resolveWallTime(day, clock);
  return `${day}T${clock}:00${formatOffset(offset)}`;
}
