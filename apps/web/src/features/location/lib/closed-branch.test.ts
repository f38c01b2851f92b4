import { describe, expect, it } from 'vitest';
import { orderingBlock } from './closed-branch';

/** An instant on Tashkent's clock (UTC+5). */
const at = (time: string, day = '2026-11-28') => new Date(`${day}T${time}:00+05:00`);
const DAYTIME = { work_hour_start: '10:00', work_hour_end: '22:00' };
const none = { paused_until: null, delivery_paused_until: null };

describe('orderingBlock', () => {
  it('blocks nothing without a branch or hours, and nothing while open and not paused', () => {
    expect(orderingBlock(null, at('12:00'))).toBeNull();
    expect(orderingBlock(DAYTIME, at('12:00'), none, 'delivery')).toBeNull();
  });

  it('outside the hours: closed until the opening', () => {
    expect(orderingBlock(DAYTIME, at('23:00'))).toEqual({ kind: 'branch_closed', opensAt: '10:00' });
  });

  it('a paused branch is closed until the pause ends, for pickup and delivery; open again after it', () => {
    const pauses = { ...none, paused_until: at('12:40').toISOString() };
    for (const type of ['self-pickup', 'delivery'] as const) {
      expect(orderingBlock(DAYTIME, at('12:00'), pauses, type)).toEqual({
        kind: 'branch_closed',
        opensAt: '12:40',
      });
    }
    expect(orderingBlock(DAYTIME, at('12:40'), pauses, 'delivery')).toBeNull();
    // A pause beyond closing time: back at the next opening.
    const late = { ...none, paused_until: at('23:00').toISOString() };
    expect(orderingBlock(DAYTIME, at('12:00'), late)).toEqual({ kind: 'branch_closed', opensAt: '10:00' });
  });

  it('paused deliveries block a delivery only, until they resume', () => {
    const pauses = { ...none, delivery_paused_until: at('13:15').toISOString() };
    expect(orderingBlock(DAYTIME, at('12:00'), pauses, 'delivery')).toEqual({
      kind: 'delivery_paused',
      until: '13:15',
    });
    expect(orderingBlock(DAYTIME, at('12:00'), pauses, 'self-pickup')).toBeNull();
    expect(orderingBlock(DAYTIME, at('13:15'), pauses, 'delivery')).toBeNull();
  });
});
