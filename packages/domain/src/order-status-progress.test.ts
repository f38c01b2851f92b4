import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './order-status.ts';
import { orderTimeline } from './order-status-progress.ts';

describe('orderTimeline', () => {
  const h = (...entries: [OrderStatus, string][]) => entries.map(([status, at]) => ({ status, at }));

  it('a delivery being prepared', () => {
    expect(
      orderTimeline(
        'delivery',
        h(['new', '10:00'], ['operator-accepted', '10:01'], ['vendor-accepted', '10:03']),
      ),
    ).toEqual([
      { step: 'received', state: 'done', at: '10:00' },
      { step: 'being_prepared', state: 'current', at: '10:03' },
      { step: 'ready', state: 'upcoming', at: null },
      { step: 'on_the_way', state: 'upcoming', at: null },
      { step: 'delivered', state: 'upcoming', at: null },
    ]);
  });

  it('a courier handing the order back keeps the first time it was ready', () => {
    const timeline = orderTimeline(
      'delivery',
      h(
        ['new', '10:00'],
        ['operator-accepted', '10:01'],
        ['vendor-accepted', '10:03'],
        ['vendor-ready', '10:20'],
        ['courier-accepted', '10:22'],
        ['vendor-ready', '10:25'],
      ),
    );
    expect(timeline[2]).toEqual({ step: 'ready', state: 'current', at: '10:20' });
  });

  it('a finished pickup: every step done, "delivered" at the hand-over', () => {
    expect(
      orderTimeline(
        'self-pickup',
        h(
          ['new', '10:00'],
          ['operator-accepted', '10:01'],
          ['vendor-accepted', '10:03'],
          ['vendor-ready', '10:20'],
          ['finished', '10:40'],
        ),
      ),
    ).toEqual([
      { step: 'received', state: 'done', at: '10:00' },
      { step: 'being_prepared', state: 'done', at: '10:03' },
      { step: 'ready', state: 'done', at: '10:20' },
      { step: 'delivered', state: 'done', at: '10:40' },
    ]);
  });

  it('a delivered delivery: every step done', () => {
    const t = orderTimeline(
      'delivery',
      h(
        ['new', '1'],
        ['operator-accepted', '2'],
        ['vendor-accepted', '3'],
        ['vendor-ready', '4'],
        ['courier-accepted', '5'],
        ['courier-picked', '6'],
        ['delivered', '7'],
      ),
    );
    expect(t.map((e) => [e.state, e.at])).toEqual([
      ['done', '1'],
      ['done', '3'],
      ['done', '4'],
      ['done', '6'],
      ['done', '7'],
    ]);
  });

  it('a cancelled order: steps reached are done, nothing current', () => {
    expect(
      orderTimeline('delivery', h(['new', '1'], ['operator-accepted', '2'], ['vendor-cancelled', '3'])).map(
        (e) => e.state,
      ),
    ).toEqual(['done', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
  });

  it('a scheduled order and an empty history: nothing reached', () => {
    expect(orderTimeline('self-pickup', h(['future', '1'])).map((e) => e.state)).toEqual([
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(orderTimeline('delivery', []).every((e) => e.state === 'upcoming' && e.at === null)).toBe(true);
  });

  it('a paid scheduled order that came due is received', () => {
    const t = orderTimeline('delivery', h(['payment-awaited', '1'], ['future', '2'], ['new', '3']));
    expect(t[0]).toEqual({ step: 'received', state: 'current', at: '3' });
  });

  it('passes Date values through', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    expect(orderTimeline('delivery', [{ status: 'new', at }])[0]?.at).toBe(at);
  });
});
