import { describe, expect, it } from 'vitest';
import { activePause, clockOf, pauseUntilClock, pauseUntilIn } from './pause';

// 10:00 in Tashkent (UTC+5).
const NOW = new Date('2026-11-28T05:00:00.000Z');

describe('pauses of a branch', () => {
  it('end the chosen number of minutes from now', () => {
    expect(pauseUntilIn(15, NOW)).toBe('2026-11-28T05:15:00.000Z');
    expect(pauseUntilIn(60, NOW)).toBe('2026-11-28T06:00:00.000Z');
    // On a whole minute, rounded up: the screen's 'until 10:31' is when the customer may order again.
    expect(pauseUntilIn(30, new Date('2026-11-28T05:00:35.000Z'))).toBe('2026-11-28T05:31:00.000Z');
  });

  it("end at the next time Tashkent's clock shows the chosen time", () => {
    expect(pauseUntilClock('12:40', NOW)).toBe('2026-11-28T12:40:00+05:00');
    // Already past today: tomorrow.
    expect(pauseUntilClock('09:30', NOW)).toBe('2026-11-29T09:30:00+05:00');
    expect(pauseUntilClock('00:15', NOW)).toBe('2026-11-29T00:15:00+05:00');
  });

  it('refuse a time that is not HH:mm, or now itself', () => {
    expect(pauseUntilClock('', NOW)).toBeNull();
    expect(pauseUntilClock('24:00', NOW)).toBeNull();
    expect(pauseUntilClock('7:05', NOW)).toBeNull();
    expect(pauseUntilClock('10:00', NOW)).toBeNull();
  });

  it('count only while they run', () => {
    expect(activePause(null, NOW)).toBeNull();
    expect(activePause('2026-11-28T04:59:59.000Z', NOW)).toBeNull();
    expect(activePause('2026-11-28T05:00:00.000Z', NOW)).toBeNull();
    expect(activePause('2026-11-28T07:40:00.000Z', NOW)).toBe('2026-11-28T07:40:00.000Z');
  });

  it("show their end on Tashkent's clock", () => {
    expect(clockOf('2026-11-28T07:40:00.000Z')).toBe('12:40');
    expect(clockOf('2026-11-28T12:40:00+05:00')).toBe('12:40');
  });
});
