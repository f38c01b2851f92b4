import { describe, expect, it } from 'vitest';
import { branchStatus, isOpenStatus } from './branch-status';

const branch = (start: string, end: string, is_active = true, paused_until: string | null = null) => ({
  is_active,
  work_hour_start: start,
  work_hour_end: end,
  paused_until,
});
/** An instant on Tashkent's clock (UTC+5). */
const at = (time: string) => new Date(`2026-11-28T${time}:00+05:00`);

describe('branch status on the branches page', () => {
  it('marks an inactive branch whatever its hours', () => {
    expect(branchStatus(branch('00:00', '23:59', false), at('12:00'), 'ru')).toEqual({ kind: 'inactive' });
    expect(isOpenStatus({ kind: 'inactive' })).toBe(false);
  });

  it('shows open-until while open, including past midnight', () => {
    expect(branchStatus(branch('10:00', '03:00'), at('01:30'), 'ru')).toEqual({
      kind: 'open_until',
      time: '03:00',
    });
    expect(isOpenStatus(branchStatus(branch('10:00', '03:00'), at('01:30'), 'ru'))).toBe(true);
  });

  it('shows when a closed branch opens', () => {
    expect(branchStatus(branch('10:00', '03:00'), at('05:00'), 'ru')).toEqual({
      kind: 'closed',
      opens_at: '10:00',
    });
    expect(isOpenStatus(branchStatus(branch('10:00', '03:00'), at('05:00'), 'ru'))).toBe(false);
  });

  it('shows around the clock for 00:00-23:59', () => {
    expect(branchStatus(branch('00:00', '23:59'), at('04:00'), 'ru')).toEqual({ kind: 'around_the_clock' });
  });

  it('shows a paused branch closed until the pause ends, and its hours again after it', () => {
    const paused = branch('10:00', '22:00', true, at('12:40').toISOString());
    expect(branchStatus(paused, at('12:00'), 'ru')).toEqual({ kind: 'closed', opens_at: '12:40' });
    expect(isOpenStatus(branchStatus(paused, at('12:00'), 'ru'))).toBe(false);
    expect(branchStatus(paused, at('12:40'), 'ru')).toEqual({ kind: 'open_until', time: '22:00' });
  });
});
