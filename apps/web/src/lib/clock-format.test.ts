import { CHAIN_TIME_ZONE } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { CLOCK, DAY_AND_CLOCK } from './clock-format';

const at = new Date('2026-12-06T09:30:00Z'); // 14:30 in Tashkent
const write = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: CHAIN_TIME_ZONE }).format(at);

describe('times of day on the 24-hour clock in every locale', () => {
  it.each(['ru', 'uz', 'en'])('%s: 14:30, not 2:30 PM', (locale) => {
    expect(write(locale, CLOCK)).toBe('14:30');
    expect(write(locale, DAY_AND_CLOCK)).toMatch(/14:30$/);
    expect(write(locale, DAY_AND_CLOCK)).not.toMatch(/PM|AM/);
  });

  it('English alone would say 2:30 PM without it (what the setting is for)', () => {
    expect(write('en', { timeStyle: 'short' })).toMatch(/2:30\sPM/);
  });
});
