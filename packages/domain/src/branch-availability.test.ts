import { describe, expect, it } from 'vitest';
import {
  activePause,
  branchOpenState,
  branchScheduleLabelAt,
  deliveryPause,
  isBranchOpenNow,
  isPausedAt,
  reopeningText,
  reopeningTexts,
} from './branch-availability.ts';

/** An instant on Tashkent's wall clock (UTC+5, no daylight saving since 1992). */
const at = (day: string, time: string) => new Date(`${day}T${time}+05:00`);
const DAY = '2026-11-28';
const NEXT = '2026-11-29';

const DAYTIME = { work_hour_start: '10:00', work_hour_end: '22:00' };
const OVERNIGHT = { work_hour_start: '10:00', work_hour_end: '03:00' };
const ALWAYS = { work_hour_start: '00:00', work_hour_end: '23:59' };

describe('activePause', () => {
  const now = at(DAY, '12:00:00');
  it.each([
    ['no pause', null, null],
    ['absent', undefined, null],
    ['ended before now', at(DAY, '11:59:59'), null],
    ['ending exactly now (ended)', at(DAY, '12:00:00'), null],
    ['ending a second later', at(DAY, '12:00:01'), at(DAY, '12:00:01')],
    ['an ISO string', '2026-11-28T07:40:00.000Z', at(DAY, '12:40:00')],
  ] as const)('%s', (_, until, expected) => {
    expect(activePause(until, now)).toEqual(expected);
  });

  it('refuses a text that is no instant', () => {
    expect(() => activePause('tomorrow', now)).toThrow(RangeError);
  });
});

describe('branchOpenState without a pause: the opening hours', () => {
  it.each([
    [DAYTIME, '09:59:30', { open: false, reason: 'hours', day: DAY, clock: '10:00' }],
    [DAYTIME, '10:00:00', { open: true }],
    [DAYTIME, '21:59:59', { open: true }],
    [DAYTIME, '22:00:00', { open: false, reason: 'hours', day: NEXT, clock: '10:00' }],
    [DAYTIME, '23:30:00', { open: false, reason: 'hours', day: NEXT, clock: '10:00' }],
    [DAYTIME, '00:10:00', { open: false, reason: 'hours', day: DAY, clock: '10:00' }],
    [OVERNIGHT, '02:59:00', { open: true }],
    [OVERNIGHT, '03:00:00', { open: false, reason: 'hours', day: DAY, clock: '10:00' }],
    [OVERNIGHT, '23:59:00', { open: true }],
    [ALWAYS, '23:59:59', { open: true }],
    [ALWAYS, '00:00:00', { open: true }],
  ] as const)('%o at %s', (hours, time, expected) => {
    const state = branchOpenState(hours, at(DAY, time));
    if (expected.open) {
      expect(state).toEqual({ open: true });
      return;
    }
    expect(state).toMatchObject({ open: false, reason: expected.reason });
    if (state.open) return;
    expect(state.reopens).toEqual({
      at: at(expected.day, `${expected.clock}:00`),
      day: expected.day,
      clock: expected.clock,
    });
  });
});

describe('branchOpenState with a pause', () => {
  const now = at(DAY, '12:00:00');

  it('a paused branch is closed inside its hours, and reopens when the pause ends', () => {
    expect(branchOpenState({ ...DAYTIME, paused_until: at(DAY, '12:40:00') }, now)).toEqual({
      open: false,
      reason: 'paused',
      reopens: { at: at(DAY, '12:40:00'), day: DAY, clock: '12:40' },
    });
  });

  it('a pause ending within a minute reopens at the next whole minute', () => {
    const state = branchOpenState({ ...DAYTIME, paused_until: at(DAY, '12:40:30') }, now);
    expect(state).toMatchObject({ open: false, reopens: { at: at(DAY, '12:41:00'), clock: '12:41' } });
  });

  it('a pause that ended (or ends now) leaves the hours to decide', () => {
    expect(branchOpenState({ ...DAYTIME, paused_until: at(DAY, '11:00:00') }, now)).toEqual({ open: true });
    expect(branchOpenState({ ...DAYTIME, paused_until: now }, now)).toEqual({ open: true });
    expect(branchOpenState({ ...DAYTIME, paused_until: null }, now)).toEqual({ open: true });
    const night = at(DAY, '23:00:00');
    expect(branchOpenState({ ...DAYTIME, paused_until: at(DAY, '12:40:00') }, night)).toMatchObject({
      open: false,
      reason: 'hours',
      reopens: { day: NEXT, clock: '10:00' },
    });
  });

  it('the same branch is open again once the clock passes the pause', () => {
    const branch = { ...DAYTIME, paused_until: at(DAY, '12:40:00') };
    expect(branchOpenState(branch, at(DAY, '12:39:59')).open).toBe(false);
    expect(branchOpenState(branch, at(DAY, '12:40:00')).open).toBe(true);
  });

  it('a pause ending after closing time reopens at the next opening', () => {
    const state = branchOpenState({ ...DAYTIME, paused_until: at(DAY, '23:00:00') }, now);
    expect(state).toEqual({
      open: false,
      reason: 'paused',
      reopens: { at: at(NEXT, '10:00:00'), day: NEXT, clock: '10:00' },
    });
  });

  it('a pause ending exactly at closing time reopens at the next opening', () => {
    const state = branchOpenState({ ...DAYTIME, paused_until: at(DAY, '22:00:00') }, now);
    expect(state).toMatchObject({ reason: 'paused', reopens: { day: NEXT, clock: '10:00' } });
  });

  it('a pause ending before opening time (set during the night) reopens at the opening', () => {
    const state = branchOpenState({ ...DAYTIME, paused_until: at(DAY, '08:00:00') }, at(DAY, '07:00:00'));
    expect(state).toMatchObject({ reason: 'paused', reopens: { day: DAY, clock: '10:00' } });
  });

  it('overnight hours: a pause ending past midnight inside the hours reopens then', () => {
    const state = branchOpenState({ ...OVERNIGHT, paused_until: at(NEXT, '01:30:00') }, at(DAY, '23:00:00'));
    expect(state).toMatchObject({ reason: 'paused', reopens: { day: NEXT, clock: '01:30' } });
  });

  it('overnight hours: a pause ending after 03:00 reopens at 10:00', () => {
    const state = branchOpenState({ ...OVERNIGHT, paused_until: at(NEXT, '04:00:00') }, at(DAY, '23:00:00'));
    expect(state).toMatchObject({ reason: 'paused', reopens: { day: NEXT, clock: '10:00' } });
  });

  it('around the clock: a pause is the only thing that closes it, and it reopens when it ends', () => {
    const state = branchOpenState({ ...ALWAYS, paused_until: at(NEXT, '03:15:00') }, now);
    expect(state).toMatchObject({ reason: 'paused', reopens: { day: NEXT, clock: '03:15' } });
  });

  it('a pause of several days reopens at the first opening after it', () => {
    const state = branchOpenState({ ...DAYTIME, paused_until: at('2026-12-01', '09:00:00') }, now);
    expect(state).toMatchObject({ reopens: { day: '2026-12-01', clock: '10:00' } });
  });
});

describe('reopeningText', () => {
  const now = at(DAY, '12:00:00');
  it('is the clock when the reopening is less than a day away', () => {
    for (const locale of ['ru', 'uz', 'en'] as const) {
      expect(reopeningText({ at: at(DAY, '12:40:00'), day: DAY, clock: '12:40' }, now, locale)).toBe('12:40');
      expect(reopeningText({ at: at(NEXT, '11:59:00'), day: NEXT, clock: '11:59' }, now, locale)).toBe(
        '11:59',
      );
    }
  });
  it('adds the day when it is a day or more away: DD.MM in ru and uz, the month by name in en', () => {
    const tomorrow = { at: at(NEXT, '12:00:00'), day: NEXT, clock: '12:00' } as const;
    expect(reopeningText(tomorrow, now, 'ru')).toBe('29.11 12:00');
    expect(reopeningText(tomorrow, now, 'uz')).toBe('29.11 12:00');
    expect(reopeningText(tomorrow, now, 'en')).toBe('Nov 29, 12:00');
    const newYear = { at: at('2027-01-02', '10:00:00'), day: '2027-01-02', clock: '10:00' } as const;
    expect(reopeningText(newYear, now, 'ru')).toBe('02.01 10:00');
    expect(reopeningText(newYear, now, 'en')).toBe('Jan 2, 10:00');
    expect(reopeningTexts(newYear, now)).toEqual({
      ru: '02.01 10:00',
      uz: '02.01 10:00',
      en: 'Jan 2, 10:00',
    });
  });
  it('writes every month of the year in en', () => {
    const months = Array.from({ length: 12 }, (_, i) => {
      const day = `2027-${String(i + 1).padStart(2, '0')}-15` as const;
      return reopeningText({ at: at(day, '10:00:00'), day, clock: '10:00' }, now, 'en').split(' ')[0];
    });
    expect(months).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
  });
});

describe('deliveryPause', () => {
  const now = at(DAY, '12:00:00');
  it('is when deliveries resume while paused, else null', () => {
    expect(deliveryPause(at(DAY, '13:00:00'), now)).toEqual({
      at: at(DAY, '13:00:00'),
      day: DAY,
      clock: '13:00',
    });
    expect(deliveryPause(at(DAY, '12:59:10'), now)?.clock).toBe('13:00');
    expect(deliveryPause(at(DAY, '11:00:00'), now)).toBeNull();
    expect(deliveryPause(now, now)).toBeNull();
    expect(deliveryPause(null, now)).toBeNull();
  });
});

describe('branchScheduleLabelAt', () => {
  const now = at(DAY, '12:00:00');
  it.each([
    ['open', DAYTIME, null, { kind: 'open_until', time: '22:00' }],
    ['around the clock', ALWAYS, null, { kind: 'around_the_clock' }],
    [
      'closed by hours',
      { work_hour_start: '18:00', work_hour_end: '23:00' },
      null,
      { kind: 'closed', opens_at: '18:00' },
    ],
    ['paused', DAYTIME, at(DAY, '12:40:00'), { kind: 'closed', opens_at: '12:40' }],
    ['paused around the clock', ALWAYS, at(DAY, '12:40:00'), { kind: 'closed', opens_at: '12:40' }],
    [
      'paused for two days',
      DAYTIME,
      at('2026-11-30', '12:40:00'),
      { kind: 'closed', opens_at: '30.11 12:40' },
    ],
    ['a pause that ended', DAYTIME, at(DAY, '11:00:00'), { kind: 'open_until', time: '22:00' }],
  ] as const)('%s', (_, hours, until, expected) => {
    expect(branchScheduleLabelAt({ ...hours, paused_until: until }, now, 'ru')).toEqual(expected);
  });
  it('writes the reopening day in the given language', () => {
    const paused = { ...DAYTIME, paused_until: at('2026-11-30', '12:40:00') };
    expect(branchScheduleLabelAt(paused, now, 'en')).toEqual({ kind: 'closed', opens_at: 'Nov 30, 12:40' });
  });
});

describe('isBranchOpenNow', () => {
  const now = at(DAY, '12:00:00');
  it('needs the branch active, within its hours and not paused', () => {
    expect(isBranchOpenNow({ ...DAYTIME, is_active: true }, now)).toBe(true);
    expect(isBranchOpenNow({ ...DAYTIME, is_active: false }, now)).toBe(false);
    expect(isBranchOpenNow({ ...DAYTIME, is_active: true }, at(DAY, '23:00:00'))).toBe(false);
    expect(isBranchOpenNow({ ...DAYTIME, is_active: true, paused_until: at(DAY, '12:01:00') }, now)).toBe(
      false,
    );
    expect(isBranchOpenNow({ ...DAYTIME, is_active: true, paused_until: at(DAY, '11:00:00') }, now)).toBe(
      true,
    );
  });
});

describe('isPausedAt: a scheduled time inside a pause', () => {
  const now = at(DAY, '12:00:00');
  const until = at(DAY, '13:00:00');
  it.each([
    [at(DAY, '12:30:00'), true],
    [at(DAY, '12:59:59'), true],
    [at(DAY, '13:00:00'), false],
    [at(NEXT, '12:00:00'), false],
  ])('at %s: %s', (time, paused) => {
    expect(isPausedAt(until, time, now)).toBe(paused);
  });
  it('a pause that ended pauses nothing', () => {
    expect(isPausedAt(at(DAY, '11:00:00'), at(DAY, '10:30:00'), now)).toBe(false);
    expect(isPausedAt(null, now, now)).toBe(false);
  });
});
