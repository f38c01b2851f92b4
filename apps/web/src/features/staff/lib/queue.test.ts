import type { TOrderEvent, TOrderStatus } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  courierLists,
  elapsedClock,
  isLate,
  kitchenColumns,
  mapLinks,
  minutesLate,
  minutesSince,
  sortQueue,
  telLink,
} from './queue';

const NOW = Date.parse('2026-11-28T10:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

type TOrder = {
  id: string;
  status: TOrderStatus;
  created_at: string;
  future_time: string | null;
  allowed_events: TOrderEvent[];
  target_minutes: number;
};
const order = (id: string, minutesAgo: number, status: TOrderStatus = 'new', extra: Partial<TOrder> = {}) =>
  ({
    id,
    status,
    created_at: ago(minutesAgo),
    future_time: null,
    allowed_events: [],
    target_minutes: 40,
    ...extra,
  }) as TOrder;

describe('lateness', () => {
  it('is late once the target minutes since placing have passed, not a moment before', () => {
    expect(isLate(order('a', 40), NOW)).toBe(false);
    expect(isLate(order('a', 40), NOW + 1)).toBe(true);
    // Each order's own target: a pickup's 20 minutes are up when a delivery's 60 are not.
    expect(isLate(order('p', 25, 'new', { target_minutes: 20 }), NOW)).toBe(true);
    expect(isLate(order('d', 25, 'new', { target_minutes: 60 }), NOW)).toBe(false);
    expect(isLate(order('a', 41), NOW)).toBe(true);
    expect(minutesLate(order('a', 55), NOW)).toBe(15);
    expect(minutesLate(order('a', 10), NOW)).toBe(0);
  });

  it('counts a scheduled order from its time, and never a finished, delivered or cancelled one', () => {
    const scheduled = order('f', 120, 'future', { future_time: new Date(NOW + 30 * 60_000).toISOString() });
    expect(isLate(scheduled, NOW)).toBe(false);
    expect(isLate(scheduled, NOW + 31 * 60_000)).toBe(true);
    for (const status of ['delivered', 'finished', 'operator-cancelled', 'payment-awaited'] as const) {
      expect(isLate(order('x', 500, status), NOW), status).toBe(false);
    }
    for (const status of ['vendor-accepted', 'courier-picked'] as const) {
      expect(isLate(order('x', 500, status), NOW), status).toBe(true);
    }
  });

  it('shows time since placed as minutes and a ticking clock', () => {
    expect(minutesSince(ago(7.5), NOW)).toBe(7);
    expect(minutesSince(new Date(NOW + 5_000).toISOString(), NOW)).toBe(0);
    expect(elapsedClock(ago(7.5), NOW)).toBe('7:30');
    expect(elapsedClock(ago(61), NOW)).toBe('1:01:00');
    expect(elapsedClock(new Date(NOW - 5_000).toISOString(), NOW)).toBe('0:05');
  });
});

describe('the operator queue', () => {
  it('puts late orders first (most overdue first), then the rest newest first', () => {
    const orders = [
      order('old-ok', 20),
      order('late', 50),
      order('newest', 1),
      order('later', 90),
      order('mid', 10),
    ];
    const sorted = sortQueue(orders, NOW).map((o) => o.id);
    expect(sorted).toEqual(['later', 'late', 'newest', 'mid', 'old-ok']);
  });

  it("uses each order's own target minutes, as the list gives them", () => {
    const orders = [
      order('delivery', 30, 'new', { target_minutes: 60 }),
      order('pickup', 25, 'new', { target_minutes: 20 }),
      order('slow-pickup', 28, 'new', { target_minutes: 25 }),
    ];
    // pickup is 5 minutes late, slow-pickup 3: most overdue first; the delivery is on time.
    expect(sortQueue(orders, NOW).map((o) => o.id)).toEqual(['pickup', 'slow-pickup', 'delivery']);
  });
});

describe('the kitchen columns', () => {
  it('sorts orders into to accept, cooking and ready, oldest first, leaving the rest out', () => {
    const columns = kitchenColumns([
      order('n', 3, 'new'),
      order('oa2', 2, 'operator-accepted'),
      order('oa1', 9, 'operator-accepted'),
      order('va', 5, 'vendor-accepted'),
      order('vr', 8, 'vendor-ready'),
      order('ca', 12, 'courier-accepted'),
      order('cp', 15, 'courier-picked'),
      order('fin', 15, 'finished'),
    ]);
    expect(columns.toAccept.map((o) => o.id)).toEqual(['oa1', 'n', 'oa2']);
    expect(columns.cooking.map((o) => o.id)).toEqual(['va']);
    expect(columns.ready.map((o) => o.id)).toEqual(['ca', 'vr']);
  });
});

describe('the courier lists', () => {
  it('offers ready orders to take, then his own', () => {
    const lists = courierLists([
      order('take2', 3, 'vendor-ready', { allowed_events: ['courier-accepted'] }),
      order('take1', 9, 'vendor-ready', { allowed_events: ['courier-accepted'] }),
      order('mine-picked', 20, 'courier-picked', { allowed_events: ['delivered'] }),
      order('mine-taken', 10, 'courier-accepted', {
        allowed_events: ['courier-picked', 'courier-cancelled'],
      }),
    ]);
    expect(lists.toTake.map((o) => o.id)).toEqual(['take1', 'take2']);
    expect(lists.mine.map((o) => o.id)).toEqual(['mine-picked', 'mine-taken']);
  });
});

describe('links', () => {
  it('opens a point in a maps app and on the web, and calls a phone', () => {
    expect(mapLinks({ lat: 41.2856, long: 69.2034 })).toEqual({
      geo: 'geo:41.285600,69.203400?q=41.285600,69.203400',
      web: 'https://www.openstreetmap.org/?mlat=41.285600&mlon=69.203400#map=17/41.285600/69.203400',
    });
    expect(telLink('998901234567')).toBe('tel:+998901234567');
  });
});

describe('the screen of a role', () => {
  it('keeps a signed-out visitor on the sign-in and each member on the own screen', async () => {
    const { staffRedirect } = await import('./screens');
    expect(staffRedirect('/staff', null)).toBeNull();
    expect(staffRedirect('/staff/operator', null)).toBe('/staff');
    expect(staffRedirect('/staff', 'operator')).toBe('/staff/operator');
    expect(staffRedirect('/staff/', 'vendor')).toBe('/staff/kitchen');
    expect(staffRedirect('/staff/operator', 'courier')).toBe('/staff/courier');
    expect(staffRedirect('/staff/courier', 'courier')).toBeNull();
    expect(staffRedirect('/staff/manager', 'operator')).toBe('/staff/operator');
    expect(staffRedirect('/staff/manager/stop-list', 'manager')).toBeNull();
    expect(staffRedirect('/staff/kitchen', 'manager')).toBe('/staff/manager');
  });
});

describe('the operator shortcuts', () => {
  it('reads keys outside fields and dialogs only', async () => {
    const { shortcutOf, moveSelection } = await import('./shortcuts');
    const body = { tagName: 'BODY' };
    const key = (k: string, extra: object = {}) =>
      shortcutOf({ key: k, target: body, dialogOpen: false, ...extra });
    expect(['j', 'ArrowDown', 'k', 'ArrowUp', 'Enter', 'a', 'c', '/', 'x'].map((k) => key(k))).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'open',
      'accept',
      'cancel',
      'search',
      null,
    ]);
    expect(key('a', { target: { tagName: 'INPUT' } })).toBeNull();
    expect(key('c', { target: { tagName: 'TEXTAREA' } })).toBeNull();
    expect(key('a', { dialogOpen: true })).toBeNull();
    expect(key('a', { ctrlKey: true })).toBeNull();
    expect(key('Enter', { target: { tagName: 'BUTTON' } })).toBeNull();
    // On the Russian layout the same keys type ф, с, о, л: their places (code) make the shortcut.
    expect(
      [
        ['ф', 'KeyA'],
        ['с', 'KeyC'],
        ['о', 'KeyJ'],
        ['л', 'KeyK'],
      ].map(([k, code]) => key(k as string, { code })),
    ).toEqual(['accept', 'cancel', 'next', 'previous']);
    expect(key('ф', { code: 'KeyA', ctrlKey: true })).toBeNull();
    expect(key('ф', { code: 'KeyA', target: { tagName: 'INPUT' } })).toBeNull();
    expect(key('ф', { code: 'KeyA', dialogOpen: true })).toBeNull();
    expect(key('Ф', { code: 'KeyA' })).toBeNull();
    expect(key('ы', { code: 'KeyS' })).toBeNull();
    // A layout typing Latin letters elsewhere (Dvorak: 'a' at KeyA, 'j' at KeyC) goes by the letter typed.
    expect(key('j', { code: 'KeyC' })).toBe('next');
    expect(key('j', { target: { tagName: 'BUTTON' } })).toBe('next');
    expect([
      moveSelection(-1, 1, 3),
      moveSelection(0, -1, 3),
      moveSelection(2, 1, 3),
      moveSelection(-1, -1, 3),
    ]).toEqual([0, 0, 2, 2]);
    expect(moveSelection(0, 1, 0)).toBe(-1);
  });
});
