import { describe, expect, it } from 'vitest';
import { tashkentYear } from './format';

describe('shell formatting', () => {
  it('dates the copyright by the Tashkent calendar', () => {
    expect(tashkentYear(new Date('2026-12-31T18:59:00Z'))).toBe(2026);
    expect(tashkentYear(new Date('2026-12-31T19:00:00Z'))).toBe(2027);
  });
});
