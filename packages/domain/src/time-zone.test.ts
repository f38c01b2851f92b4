import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  lastScheduleDay,
  tashkentClock,
  tashkentDateTime,
  tashkentDay,
  tashkentInstant,
  tashkentOffsetMinutes,
  tashkentParts,
  tashkentYear,
} from './time-zone.ts';

const machineZone = process.env.TZ;
/** Runs `check` as if the machine stood in `zone` (Node re-reads TZ when it changes). */
function inMachineZone(zone: string, check: () => void) {
  process.env.TZ = zone;
  check();
}
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe('tashkentDay: the calendar day turns at Tashkent midnight (19:00 UTC)', () => {
  it.each([
    ['2026-02-28T18:59:59.999Z', '2026-02-28'],
    ['2026-02-28T19:00:00.000Z', '2026-03-01'],
    ['2026-03-01T00:00:00.000Z', '2026-03-01'],
    ['2026-03-01T18:59:00.000Z', '2026-03-01'],
    // A leap day.
    ['2028-02-28T19:00:00.000Z', '2028-02-29'],
    // Another zone's notation of the same instant.
    ['2026-03-01T02:30:00+07:30', '2026-03-01'],
  ])('%s is %s', (instant, day) => {
    expect(tashkentDay(new Date(instant))).toBe(day);
  });
});

describe('the year turns at Tashkent midnight on 1 January', () => {
  it('is still the old year one millisecond before', () => {
    const before = new Date('2026-12-31T18:59:59.999Z');
    expect(tashkentYear(before)).toBe(2026);
    expect(tashkentDay(before)).toBe('2026-12-31');
    expect(tashkentClock(before)).toBe('23:59');
  });

  it('is the new year at 19:00 UTC on 31 December', () => {
    const after = new Date('2026-12-31T19:00:00.000Z');
    expect(tashkentYear(after)).toBe(2027);
    expect(tashkentDay(after)).toBe('2027-01-01');
    expect(tashkentClock(after)).toBe('00:00');
    expect(tashkentParts(after)).toEqual({ year: 2027, month: 1, day: 1, hour: 0, minute: 0, second: 0 });
  });
});

describe('tashkentClock', () => {
  it.each([
    ['2026-01-15T00:00:00Z', '05:00'],
    ['2026-07-15T18:59:59Z', '23:59'],
    ['2026-07-15T19:00:00Z', '00:00'],
    ['2026-03-29T21:30:00+03:00', '23:30'],
  ])('%s is %s', (instant, clock) => {
    expect(tashkentClock(new Date(instant))).toBe(clock);
  });

  it('has no daylight saving time: summer and winter agree', () => {
    expect(tashkentClock(new Date('2026-01-01T07:15:00Z'))).toBe('12:15');
    expect(tashkentClock(new Date('2026-06-01T07:15:00Z'))).toBe('12:15');
    expect(tashkentOffsetMinutes(new Date('2026-01-01T07:15:00Z'))).toBe(300);
    expect(tashkentOffsetMinutes(new Date('2026-06-01T07:15:00Z'))).toBe(300);
  });

  it('rejects an invalid date', () => {
    expect(() => tashkentClock(new Date('nope'))).toThrow(RangeError);
    expect(() => tashkentDay(new Date('nope'))).toThrow(RangeError);
  });
});

describe('the machine zone does not matter', () => {
  it.each(['America/New_York', 'Pacific/Kiritimati', 'UTC', 'Asia/Kolkata'])('in %s', (zone) => {
    inMachineZone(zone, () => {
      const instant = new Date('2026-12-31T19:30:00Z');
      expect(tashkentDay(instant)).toBe('2027-01-01');
      expect(tashkentClock(instant)).toBe('00:30');
      expect(tashkentInstant('2027-01-01', '00:30').toISOString()).toBe('2026-12-31T19:30:00.000Z');
      expect(tashkentDateTime('2027-01-01', '00:30')).toBe('2027-01-01T00:30:00+05:00');
    });
  });
});

describe('tashkentInstant: a wall-clock time in Tashkent as an instant', () => {
  it.each([
    ['2026-11-23', '12:30', '2026-11-23T07:30:00.000Z'],
    ['2027-01-01', '00:00', '2026-12-31T19:00:00.000Z'],
    ['2026-03-01', '04:59', '2026-02-28T23:59:00.000Z'],
    ['2026-07-01', '23:59', '2026-07-01T18:59:00.000Z'],
  ])('%s %s is %s', (day, clock, iso) => {
    expect(tashkentInstant(day, clock).toISOString()).toBe(iso);
  });

  it('reads back as the same day and clock, every half hour of a year', () => {
    for (let day = '2026-01-01'; day < '2027-01-01'; day = addDays(day, 7)) {
      for (let minute = 0; minute < 24 * 60; minute += 30) {
        const clock = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        const instant = tashkentInstant(day, clock);
        expect([tashkentDay(instant), tashkentClock(instant)]).toEqual([day, clock]);
      }
    }
  });

  it.each([
    ['2026-02-30', '12:00'],
    ['2026-13-01', '12:00'],
    ['26-01-01', '12:00'],
    ['2026-01-01', '24:00'],
    ['2026-01-01', '9:00'],
  ])('rejects %s %s', (day, clock) => {
    expect(() => tashkentInstant(day, clock)).toThrow(RangeError);
  });
});

describe('tashkentDateTime: the ISO form an order carries', () => {
  it('writes the offset of that moment', () => {
    expect(tashkentDateTime('2026-11-23', '12:30')).toBe('2026-11-23T12:30:00+05:00');
    expect(new Date(tashkentDateTime('2026-11-23', '12:30')).getTime()).toBe(
      tashkentInstant('2026-11-23', '12:30').getTime(),
    );
  });
});

describe('lastScheduleDay: how far ahead a scheduled order may go, in Tashkent calendar days', () => {
  it('is today for 0 and N days after today otherwise, turning at Tashkent midnight', () => {
    // 18:59 UTC is 23:59 in Tashkent; 19:00 UTC is already the next day there.
    expect(lastScheduleDay(new Date('2026-12-31T18:59:00Z'), 0)).toBe('2026-12-31');
    expect(lastScheduleDay(new Date('2026-12-31T19:00:00Z'), 0)).toBe('2027-01-01');
    expect(lastScheduleDay(new Date('2026-12-31T12:00:00Z'), 2)).toBe('2027-01-02');
  });

  it('reads a negative or fractional number of days as whole days, never before today', () => {
    expect(lastScheduleDay(new Date('2026-06-10T12:00:00Z'), -3)).toBe('2026-06-10');
    expect(lastScheduleDay(new Date('2026-06-10T12:00:00Z'), 1.9)).toBe('2026-06-11');
  });
});

describe('addDays', () => {
  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2026-03-10', 0, '2026-03-10'],
    ['2026-01-31', 30, '2026-03-02'],
  ])('%s + %i is %s', (day, days, result) => {
    expect(addDays(day, days)).toBe(result);
  });

  it('rejects a day that does not exist', () => {
    expect(() => addDays('2026-02-29', 1)).toThrow(RangeError);
  });
});
