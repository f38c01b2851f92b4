import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref, tashkentYear } from './format';

describe('shell formatting', () => {
  it('formats Uzbek numbers and keeps short ones', () => {
    expect(formatPhone('998712005050')).toBe('+998 71 200 50 50');
    expect(phoneHref('998712005050')).toBe('tel:+998712005050');
    expect(formatPhone('1234')).toBe('1234');
    expect(phoneHref('1234')).toBe('tel:1234');
  });

  it('dates the copyright by the Tashkent calendar', () => {
    expect(tashkentYear(new Date('2026-12-31T18:59:00Z'))).toBe(2026);
    expect(tashkentYear(new Date('2026-12-31T19:00:00Z'))).toBe(2027);
  });
});
