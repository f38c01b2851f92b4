import { describe, expect, it } from 'vitest';
import { branchStatus, isOpenStatus } from './branch-status';

const branch = (start: string, end: string, is_active = true) => ({
  is_active,
  work_hour_start: start,
  work_hour_end: end,
});

describe('branch status on the branches page', () => {
  it('marks an inactive branch whatever its hours', () => {
    expect(branchStatus(branch('00:00', '23:59', false), '12:00')).toEqual({ kind: 'inactive' });
    expect(isOpenStatus({ kind: 'inactive' })).toBe(false);
  });

  it('shows open-until while open, including past midnight', () => {
    expect(branchStatus(branch('10:00', '03:00'), '01:30')).toEqual({ kind: 'open_until', time: '03:00' });
    expect(isOpenStatus(branchStatus(branch('10:00', '03:00'), '01:30'))).toBe(true);
  });

  it('shows when a closed branch opens', () => {
    expect(branchStatus(branch('10:00', '03:00'), '05:00')).toEqual({ kind: 'closed', opens_at: '10:00' });
    expect(isOpenStatus(branchStatus(branch('10:00', '03:00'), '05:00'))).toBe(false);
  });

  it('shows around the clock for 00:00-23:59', () => {
    expect(branchStatus(branch('00:00', '23:59'), '04:00')).toEqual({ kind: 'around_the_clock' });
  });
});
