import { describe, expect, it } from 'vitest';
import { pauseEnd } from '../hooks/use-slot-days';
import { isOfferedSlot, scheduleDays } from './slots';

describe('scheduleDays: half-hour slots a scheduled order may take (Tashkent time)', () => {
  // 12:10 UTC = 17:10 in Tashkent.
  const now = new Date('2026-11-22T12:10:00Z');

  it('starts after now + the lead time and stays inside the hours', () => {
    const days = scheduleDays({
      now,
      workHourStart: '10:00',
      workHourEnd: '22:00',
      leadMinutes: 40,
      daysAhead: 1,
    });
    expect(days.map((d) => d.date)).toEqual(['2026-11-22', '2026-11-23']);
    const today = days[0]?.slots.map((s) => s.time);
    // 17:10 + 40 min = 17:50: the first slot is 18:00; the last one starts before 22:00.
    expect(today?.[0]).toBe('18:00');
    expect(today?.at(-1)).toBe('21:30');
    expect(days[0]?.slots[0]?.value).toBe('2026-11-22T18:00:00+05:00');
    const tomorrow = days[1]?.slots.map((s) => s.time);
    expect(tomorrow?.[0]).toBe('10:00');
    // One day ahead is the whole of tomorrow (calendar days, as the API reads them).
    expect(tomorrow?.at(-1)).toBe('21:30');
  });

  it('offers no slot inside a pause: the first starts at its end (the API refuses one before)', () => {
    const days = scheduleDays({
      now,
      workHourStart: '10:00',
      workHourEnd: '22:00',
      leadMinutes: 40,
      daysAhead: 1,
      // Paused until 20:15 Tashkent time.
      pausedUntil: new Date('2026-11-22T15:15:00Z'),
    });
    expect(days[0]?.slots.map((s) => s.time)).toEqual(['20:30', '21:00', '21:30']);
    // A pause that ended changes nothing.
    const after = scheduleDays({
      now,
      workHourStart: '10:00',
      workHourEnd: '22:00',
      leadMinutes: 40,
      daysAhead: 1,
      pausedUntil: new Date('2026-11-22T11:00:00Z'),
    });
    expect(after[0]?.slots[0]?.time).toBe('18:00');
  });

  it('offers the rest of today with 0 days ahead (today only, as the API takes it), and no later day', () => {
    const days = scheduleDays({
      now,
      workHourStart: '10:00',
      workHourEnd: '22:00',
      leadMinutes: 40,
      daysAhead: 0,
    });
    expect(days.map((d) => d.date)).toEqual(['2026-11-22']);
    expect(days[0]?.slots.map((s) => s.time)).toEqual([
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
    ]);
  });

  it('wraps overnight hours and skips a day without slots', () => {
    const late = new Date('2026-11-22T18:50:00Z'); // 23:50 Tashkent
    const days = scheduleDays({
      now: late,
      workHourStart: '10:00',
      workHourEnd: '03:00',
      leadMinutes: 30,
      daysAhead: 0,
    });
    // 23:50 + 30 = 00:20 tomorrow: today has no slot left, and 0 days ahead allows no tomorrow.
    expect(days).toEqual([]);
    const more = scheduleDays({
      now: late,
      workHourStart: '10:00',
      workHourEnd: '03:00',
      leadMinutes: 30,
      daysAhead: 1,
    });
    expect(more[0]?.date).toBe('2026-11-23');
    expect(more[0]?.slots.slice(0, 5).map((s) => s.time)).toEqual([
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
    ]);
    expect(more[0]?.slots.map((s) => s.time)).not.toContain('03:00');
    expect(more[0]?.slots.map((s) => s.time)).toContain('10:00');
  });

  it('offers every half hour around the clock and knows its own slots', () => {
    const days = scheduleDays({
      now,
      workHourStart: '00:00',
      workHourEnd: '23:59',
      leadMinutes: 45,
      daysAhead: 2,
    });
    expect(days).toHaveLength(3);
    expect(days[1]?.slots).toHaveLength(48);
    expect(isOfferedSlot(days, '2026-11-23T03:30:00+05:00')).toBe(true);
    expect(isOfferedSlot(days, '2026-11-22T17:30:00+05:00')).toBe(false);
    expect(isOfferedSlot(days, null)).toBe(false);
  });
});

describe('pauseEnd: the pauses that hold an order type', () => {
  const pauses = {
    paused_until: '2026-11-22T15:15:00.000Z',
    delivery_paused_until: '2026-11-22T16:00:00.000Z',
  };
  it('is the branch’s pause for pickup, the later of both for a delivery, null without one', () => {
    expect(pauseEnd(pauses, 'self-pickup')).toBe(Date.parse('2026-11-22T15:15:00.000Z'));
    expect(pauseEnd(pauses, 'delivery')).toBe(Date.parse('2026-11-22T16:00:00.000Z'));
    expect(pauseEnd({ paused_until: null, delivery_paused_until: null }, 'delivery')).toBeNull();
    expect(pauseEnd(null, 'delivery')).toBeNull();
  });
});
