import { describe, expect, it } from 'vitest';
import { orderingBlock } from './closed-branch';

/** An instant on Tashkent's clock (UTC+5). */
const at = (time: string, day = '2026-11-28') => new Date(`${day}T${time}:00+05:00`);
const DAYTIME = { work_hour_start: '10:00', work_hour_end: '22:00' };
const none = { paused_until: null, delivery_paused_until: null };

describe('orderingBlock', () => {
  it('blocks nothing without a branch or hours, and nothing while open and not paused', () => {
    expect(orderingBlock(null, at('12:00'), 'ru')).toBeNull();
    expect(orderingBlock(DAYTIME, at('12:00'), 'ru', none, 'delivery')).toBeNull();
  });

  it('outside the hours: closed until the opening', () => {
    expect(orderingBlock(DAYTIME, at('23:00'), 'ru')).toEqual({ kind: 'branch_closed', opensAt: '10:00' });
  });

  it('a paused branch is closed until the pause ends, for pickup and delivery; open again after it', () => {
    const pauses = { ...none, paused_until: at('12:40').toISOString() };
    for (const type of ['self-pickup', 'delivery'] as const) {
      expect(orderingBlock(DAYTIME, at('12:00'), 'ru', pauses, type)).toEqual({
        kind: 'branch_closed',
        opensAt: '12:40',
      });
    }
    expect(orderingBlock(DAYTIME, at('12:40'), 'ru', pauses, 'delivery')).toBeNull();
    // A pause beyond closing time: back at the next opening.
    const late = { ...none, paused_until: at('23:00').toISOString() };
    expect(orderingBlock(DAYTIME, at('12:00'), 'ru', late)).toEqual({
      kind: 'branch_closed',
      opensAt: '10:00',
    });
  });

  it('paused deliveries block a delivery only, until they resume', () => {
    const pauses = { ...none, delivery_paused_until: at('13:15').toISOString() };
    expect(orderingBlock(DAYTIME, at('12:00'), 'ru', pauses, 'delivery')).toEqual({
      kind: 'delivery_paused',
      until: '13:15',
    });
    expect(orderingBlock(DAYTIME, at('12:00'), 'ru', pauses, 'self-pickup')).toBeNull();
    expect(orderingBlock(DAYTIME, at('13:15'), 'ru', pauses, 'delivery')).toBeNull();
  });

  it("names the day of a pause a day or more away the page's way", () => {
    const pauses = {
      paused_until: at('15:00', '2026-11-30').toISOString(),
      delivery_paused_until: at('12:00', '2026-12-01').toISOString(),
    };
    expect(orderingBlock(DAYTIME, at('12:00'), 'ru', pauses)).toEqual({
      kind: 'branch_closed',
      opensAt: '30.11 15:00',
    });
    expect(orderingBlock(DAYTIME, at('12:00'), 'en', pauses)).toEqual({
      kind: 'branch_closed',
      opensAt: 'Nov 30, 15:00',
    });
    const deliveries = { ...none, delivery_paused_until: pauses.delivery_paused_until };
    expect(orderingBlock(DAYTIME, at('12:00'), 'uz', deliveries, 'delivery')).toEqual({
      kind: 'delivery_paused',
      until: '01.12 12:00',
    });
    expect(orderingBlock(DAYTIME, at('12:00'), 'en', deliveries, 'delivery')).toEqual({
      kind: 'delivery_paused',
      until: 'Dec 1, 12:00',
    });
  });
});
