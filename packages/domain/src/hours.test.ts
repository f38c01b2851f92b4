import { describe, expect, it } from 'vitest';
import {
  branchScheduleLabel,
  clockToMinutes,
  isAroundTheClock,
  isBranchSelectable,
  isOpenAt,
} from './hours.ts';

describe('isOpenAt, same-day hours 10:00-22:00', () => {
  it.each([
    ['09:59', false],
    ['10:00', true], // start inclusive
    ['15:30', true],
    ['21:59', true],
    ['22:00', false], // end exclusive
    ['23:59', false],
    ['00:00', false],
  ])('at %s open = %s', (now, open) => {
    expect(isOpenAt('10:00', '22:00', now)).toBe(open);
  });
});

describe('isOpenAt, overnight hours 10:00-03:00', () => {
  it.each([
    ['09:59', false],
    ['10:00', true],
    ['18:00', true],
    ['23:59', true],
    ['00:00', true],
    ['02:59', true],
    ['03:00', false],
    ['05:00', false],
  ])('at %s open = %s', (now, open) => {
    expect(isOpenAt('10:00', '03:00', now)).toBe(open);
  });

  it('an overnight range ending at 00:00 closes at midnight', () => {
    expect(isOpenAt('18:00', '00:00', '23:59')).toBe(true);
    expect(isOpenAt('18:00', '00:00', '00:00')).toBe(false);
  });
});

describe('isOpenAt, around the clock 00:00-23:59', () => {
  it.each(['00:00', '00:01', '03:00', '12:00', '23:58', '23:59'])('is open at %s', (now) => {
    expect(isOpenAt('00:00', '23:59', now)).toBe(true);
  });

  it('equal start and end is around the clock too', () => {
    expect(isAroundTheClock('09:00', '09:00')).toBe(true);
    expect(isOpenAt('09:00', '09:00', '08:59')).toBe(true);
  });

  it('00:00-23:58 is not around the clock', () => {
    expect(isAroundTheClock('00:00', '23:58')).toBe(false);
    expect(isOpenAt('00:00', '23:58', '23:58')).toBe(false);
  });
});

describe('isOpenAt, closing at 23:59 means midnight', () => {
  it('keeps the last minute of the day open', () => {
    expect(isOpenAt('08:00', '23:59', '23:59')).toBe(true);
    expect(isOpenAt('08:00', '23:59', '00:00')).toBe(false);
    expect(isOpenAt('08:00', '23:59', '07:59')).toBe(false);
  });
});

describe('clock parsing', () => {
  it('converts HH:mm to minutes', () => {
    expect(clockToMinutes('00:00')).toBe(0);
    expect(clockToMinutes('23:59')).toBe(1439);
    expect(clockToMinutes('10:30')).toBe(630);
  });

  it.each(['24:00', '9:00', '10:60', '', '10:00:00', 'ab:cd'])('rejects %j', (bad) => {
    expect(() => clockToMinutes(bad)).toThrow(RangeError);
    expect(() => isOpenAt(bad, '22:00', '12:00')).toThrow(RangeError);
    expect(() => isOpenAt('10:00', '22:00', bad)).toThrow(RangeError);
  });
});

describe('branchScheduleLabel', () => {
  it('says around the clock for 00:00-23:59', () => {
    expect(branchScheduleLabel('00:00', '23:59', '04:00')).toEqual({ kind: 'around_the_clock' });
  });

  it('says open until the closing time when open', () => {
    expect(branchScheduleLabel('10:00', '22:00', '12:00')).toEqual({ kind: 'open_until', time: '22:00' });
    expect(branchScheduleLabel('10:00', '03:00', '01:00')).toEqual({ kind: 'open_until', time: '03:00' });
  });

  it('says when it opens when closed', () => {
    expect(branchScheduleLabel('10:00', '22:00', '22:00')).toEqual({ kind: 'closed', opens_at: '10:00' });
    expect(branchScheduleLabel('10:00', '03:00', '05:00')).toEqual({ kind: 'closed', opens_at: '10:00' });
  });
});

describe('isBranchSelectable', () => {
  const branch = { is_active: true, work_hour_start: '10:00', work_hour_end: '03:00' };

  it('an active branch open now is selectable', () => {
    expect(isBranchSelectable(branch, '01:00')).toBe(true);
  });

  it('a closed branch is not', () => {
    expect(isBranchSelectable(branch, '05:00')).toBe(false);
  });

  it('an inactive branch is not, even when open', () => {
    expect(isBranchSelectable({ ...branch, is_active: false }, '12:00')).toBe(false);
  });
});
