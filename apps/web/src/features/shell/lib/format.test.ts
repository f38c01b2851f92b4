import { describe, expect, it } from 'vitest';
import { tashkentYear, truncate } from './format';

describe('shell formatting', () => {
  it('cuts the mobile address at 40 characters with an ellipsis', () => {
    const long = 'Toshkent shahri, Chilonzor tumani, Bunyodkor ko‘chasi, 12-uy';
    expect(truncate(long, 40)).toBe(`${long.slice(0, 40).trimEnd()}…`);
    expect(truncate('short', 40)).toBe('short');
  });

  it('dates the copyright by the Tashkent calendar', () => {
    expect(tashkentYear(new Date('2026-12-31T18:59:00Z'))).toBe(2026);
    expect(tashkentYear(new Date('2026-12-31T19:00:00Z'))).toBe(2027);
  });
});
