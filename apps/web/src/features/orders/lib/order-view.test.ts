import type { TOrderDetail, TOrderStatus } from '@app/contracts';
import { ORDER_STATUSES } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { loadMessages } from '@/i18n/messages';
import { routing } from '@/i18n/routing';
import { ORDER_ID, sampleOrder } from '@/test/order-fixtures';
import {
  addressLine,
  applyStatusEvent,
  isLive,
  orderTime,
  statusLabel,
  statusPageModel,
  statusTone,
} from './order-view';

const ID = ORDER_ID;

const event = (status: TOrderStatus, at: string, courier: TOrderDetail['courier'] = null) => ({
  order_id: ID,
  status,
  at,
  courier,
});

describe('status labels', () => {
  it.each(routing.locales)(
    'give every status of either order type a label the %s messages have',
    async (locale) => {
      const labels = ((await loadMessages(locale)).order as { statuses: Record<string, unknown> }).statuses;
      const unlabelled = ORDER_STATUSES.flatMap((status) =>
        (['delivery', 'self-pickup'] as const)
          .map((type) => statusLabel(status, type))
          .filter((label) => typeof labels[label] !== 'string' || labels[label] === ''),
      );
      expect(unlabelled).toEqual([]);
    },
  );

  it('use the spec’s labels; pickup handed over reads completed', () => {
    expect(statusLabel('vendor-accepted', 'delivery')).toBe('gettingReady');
    expect(statusLabel('courier-picked', 'delivery')).toBe('onTheWay');
    expect(statusLabel('finished', 'self-pickup')).toBe('completed');
    expect(statusLabel('finished', 'delivery')).toBe('finished');
    expect(statusLabel('server-cancelled', 'delivery')).toBe('cancelled');
    expect(statusTone('vendor-cancelled')).toBe('cancelled');
    expect(statusTone('delivered')).toBe('done');
    expect(statusTone('vendor-ready')).toBe('live');
    expect(isLive('courier-picked')).toBe(true);
    expect(isLive('payment-awaited')).toBe(true);
    // Delivered is the end of the road for the customer: no live updates are promised after it.
    expect(isLive('delivered')).toBe(false);
    expect(isLive('finished')).toBe(false);
    expect(isLive('operator-cancelled')).toBe(false);
  });
});

describe('a status event applied to the order', () => {
  it('adds a new status to the history, with its time and the courier', () => {
    const courier = { name: 'Sardor', phone: '998901234567' };
    const next = applyStatusEvent(
      sampleOrder(),
      event('operator-accepted', '2025-03-01T09:01:00.000Z', courier),
    );
    expect(next.status).toBe('operator-accepted');
    expect(next.courier).toEqual(courier);
    expect(next.history.map((h) => h.status)).toEqual(['new', 'operator-accepted']);
  });

  it('ignores the stream’s first message repeating the current status, duplicates and older events', () => {
    const order = sampleOrder({
      status: 'vendor-accepted',
      history: [
        { status: 'new', at: '2025-03-01T09:00:00.000Z' },
        { status: 'vendor-accepted', at: '2025-03-01T09:05:00.000Z' },
      ],
    });
    expect(applyStatusEvent(order, event('vendor-accepted', '2025-03-01T09:05:00.000Z'))).toBe(order);
    expect(applyStatusEvent(order, event('new', '2025-03-01T09:00:00.000Z'))).toBe(order);
    expect(applyStatusEvent(order, event('operator-accepted', '2025-03-01T09:02:00.000Z'))).toBe(order);
    expect(
      applyStatusEvent(order, { ...event('vendor-ready', '2025-03-01T09:09:00.000Z'), order_id: 'other' }),
    ).toBe(order);
    // The same status again, later: no second entry.
    expect(
      applyStatusEvent(order, event('vendor-accepted', '2025-03-01T09:06:00.000Z')).history,
    ).toHaveLength(2);
  });
});

describe('the status page', () => {
  it('walks a delivery through every customer step with the times they were reached', () => {
    let order = sampleOrder();
    const at = (m: number) => `2025-03-01T09:${String(m).padStart(2, '0')}:00.000Z`;
    const steps: TOrderStatus[] = [
      'operator-accepted',
      'vendor-accepted',
      'vendor-ready',
      'courier-accepted',
      'courier-picked',
      'delivered',
    ];
    steps.forEach((s, i) => {
      order = applyStatusEvent(order, event(s, at(i + 1)));
    });
    const model = statusPageModel(order);
    expect(model.aside).toBeNull();
    expect(model.steps.map((s) => [s.step, s.state, s.at])).toEqual([
      ['received', 'done', at(0)],
      ['being_prepared', 'done', at(2)],
      ['ready', 'done', at(3)],
      ['on_the_way', 'done', at(5)],
      ['delivered', 'done', at(6)],
    ]);
  });

  it('has no "on its way" for pickup, and marks the current step', () => {
    const model = statusPageModel(
      sampleOrder({
        delivery_type: 'self-pickup',
        status: 'vendor-accepted',
        history: [
          { status: 'new', at: '2025-03-01T09:00:00.000Z' },
          { status: 'operator-accepted', at: '2025-03-01T09:01:00.000Z' },
          { status: 'vendor-accepted', at: '2025-03-01T09:02:00.000Z' },
        ],
      }),
    );
    expect(model.steps.map((s) => [s.step, s.state])).toEqual([
      ['received', 'done'],
      ['being_prepared', 'current'],
      ['ready', 'upcoming'],
      ['delivered', 'upcoming'],
    ]);
  });

  it('shows a cancelled or scheduled order off the line', () => {
    const cancelled = statusPageModel(
      sampleOrder({
        status: 'vendor-cancelled',
        history: [
          { status: 'new', at: '2025-03-01T09:00:00.000Z' },
          { status: 'vendor-cancelled', at: '2025-03-01T09:03:00.000Z' },
        ],
      }),
    );
    expect(cancelled.aside).toBe('cancelled');
    expect(cancelled.steps.filter((s) => s.state === 'current')).toEqual([]);
    expect(statusPageModel(sampleOrder({ status: 'future', history: [] })).aside).toBe('scheduled');
  });
});

describe('order card details', () => {
  it('shows the scheduled time first, else the expected one', () => {
    expect(
      orderTime({ future_time: '2025-03-02T10:00:00.000Z', expected_at: '2025-03-02T10:30:00.000Z' }),
    ).toBe('2025-03-02T10:00:00.000Z');
    expect(orderTime({ future_time: null, expected_at: null })).toBeNull();
  });

  it('writes the address with the details given', () => {
    const labels = { building: 'bldg.', floor: 'floor', apartment: 'apt.' };
    expect(addressLine(sampleOrder(), labels)).toBe('Bunyodkor 1, Home, bldg. 3, apt. 12');
    expect(addressLine(sampleOrder({ to_address: null }), labels)).toBeNull();
  });
});
