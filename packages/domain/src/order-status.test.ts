import type { TDeliveryType } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  ACTORS,
  type Actor,
  allowedEvents,
  EVENT_ACTORS,
  initialOrderStatus,
  isActor,
  isOrderEvent,
  isOrderStatus,
  ORDER_EVENTS,
  ORDER_STATUSES,
  type OrderEvent,
  type OrderStatus,
  transition,
} from './order-status.ts';
import { isCancelledStatus, isCurrentStatus, isTerminalStatus } from './order-status-classes.ts';
import { CUSTOMER_PROGRESS_STEPS, customerStep, customerTimeline } from './order-status-progress.ts';

const TYPES: readonly TDeliveryType[] = ['delivery', 'self-pickup'];

/**
 * THE TABLE. Written out by hand, independently of the implementation: for each delivery type and
 * status, the events that are allowed (when sent by their owner) and the status they lead to.
 * Every (status, event) pair missing here must be refused. Changing the machine means changing this.
 */
const ALLOWED: Record<TDeliveryType, Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>>> = {
  delivery: {
    'payment-awaited': {
      'payment-received': 'new',
      'operator-cancelled': 'operator-cancelled',
      'server-cancelled': 'server-cancelled',
    },
    future: {
      'future-due': 'new',
      'operator-cancelled': 'operator-cancelled',
      'server-cancelled': 'server-cancelled',
    },
    new: {
      'operator-accepted': 'operator-accepted',
      'operator-cancelled': 'operator-cancelled',
      'server-cancelled': 'server-cancelled',
    },
    'operator-accepted': {
      'vendor-accepted': 'vendor-accepted',
      'operator-cancelled': 'operator-cancelled',
      'vendor-cancelled': 'vendor-cancelled',
    },
    'vendor-accepted': {
      'vendor-ready': 'vendor-ready',
      'operator-cancelled': 'operator-cancelled',
      'vendor-cancelled': 'vendor-cancelled',
    },
    'vendor-ready': {
      'courier-accepted': 'courier-accepted',
      'operator-cancelled': 'operator-cancelled',
      'vendor-cancelled': 'vendor-cancelled',
    },
    'courier-accepted': {
      'courier-picked': 'courier-picked',
      'courier-cancelled': 'vendor-ready', // the courier gives it back; another courier takes it
      'operator-cancelled': 'operator-cancelled',
      'vendor-cancelled': 'vendor-cancelled',
    },
    'courier-picked': { delivered: 'delivered' }, // no cancelling once it left the kitchen
    delivered: { finished: 'finished' },
    finished: {},
    'operator-cancelled': {},
    'vendor-cancelled': {},
    'courier-cancelled': {},
    'server-cancelled': {},
  },
  'self-pickup': {
    'payment-awaited': {
      'payment-received': 'new',
      'operator-cancelled': 'operator-cancelled',
      'server-cancelled': 'server-cancelled',
    },
    future: {
      'future-due': 'new',
      'operator-cancelled': 'operator-cancelled',
      'server-cancelled': 'server-cancelled',
    },
    new: {
      'operator-accepted': 'operator-accepted',
      'operator-cancelled': 'operator-cancelled',
      'server-cancelled': 'server-cancelled',
    },
    'operator-accepted': {
      'vendor-accepted': 'vendor-accepted',
      'operator-cancelled': 'operator-cancelled',
      'vendor-cancelled': 'vendor-cancelled',
    },
    'vendor-accepted': {
      'vendor-ready': 'vendor-ready',
      'operator-cancelled': 'operator-cancelled',
      'vendor-cancelled': 'vendor-cancelled',
    },
    'vendor-ready': {
      finished: 'finished', // handed over at the counter
      'operator-cancelled': 'operator-cancelled',
      'vendor-cancelled': 'vendor-cancelled',
    },
    // A pickup order never enters these; whatever carries them, nothing moves it.
    'courier-accepted': {},
    'courier-picked': {},
    delivered: {},
    finished: {},
    'operator-cancelled': {},
    'vendor-cancelled': {},
    'courier-cancelled': {},
    'server-cancelled': {},
  },
};

/** Who may send what, by hand. */
const OWNERS: Record<OrderEvent, readonly Actor[]> = {
  'operator-accepted': ['operator'],
  'operator-cancelled': ['operator'],
  'vendor-accepted': ['vendor'],
  'vendor-cancelled': ['vendor'],
  'vendor-ready': ['vendor'],
  'courier-accepted': ['courier'],
  'courier-cancelled': ['courier'],
  'courier-picked': ['courier'],
  delivered: ['courier'],
  finished: ['operator', 'vendor'],
  'server-cancelled': ['server'],
  'future-due': ['server'],
  'payment-received': ['server'],
};

/** Courier steps: refused for self-pickup whatever the status. */
const COURIER_STEPS: readonly OrderEvent[] = [
  'courier-accepted',
  'courier-cancelled',
  'courier-picked',
  'delivered',
];

type Expected = { ok: true; status: OrderStatus } | { ok: false; reason: string };

const expected = (type: TDeliveryType, status: OrderStatus, event: OrderEvent, actor: Actor): Expected => {
  if (!OWNERS[event].includes(actor)) return { ok: false, reason: 'not_allowed_for_actor' };
  if (type === 'self-pickup' && COURIER_STEPS.includes(event)) {
    return { ok: false, reason: 'not_for_delivery_type' };
  }
  const to = ALLOWED[type][status][event];
  return to ? { ok: true, status: to } : { ok: false, reason: 'not_allowed_in_status' };
};

const combos = TYPES.flatMap((type) =>
  ORDER_STATUSES.flatMap((status) =>
    ORDER_EVENTS.flatMap((event) => ACTORS.map((actor) => [type, status, event, actor] as const)),
  ),
);

describe('the lists', () => {
  it('has the platform statuses, events and actors', () => {
    expect(ORDER_STATUSES).toEqual([
      'new',
      'future',
      'operator-accepted',
      'vendor-accepted',
      'vendor-ready',
      'courier-accepted',
      'courier-picked',
      'delivered',
      'finished',
      'operator-cancelled',
      'vendor-cancelled',
      'courier-cancelled',
      'server-cancelled',
      'payment-awaited',
    ]);
    expect(ORDER_EVENTS).toEqual([
      'operator-accepted',
      'operator-cancelled',
      'vendor-accepted',
      'vendor-cancelled',
      'vendor-ready',
      'courier-accepted',
      'courier-cancelled',
      'courier-picked',
      'delivered',
      'finished',
      'server-cancelled',
      'future-due',
      'payment-received',
    ]);
    expect(ACTORS).toEqual(['operator', 'vendor', 'courier', 'server']);
  });

  it('the test table covers every status and event', () => {
    for (const type of TYPES) expect(Object.keys(ALLOWED[type]).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(Object.keys(OWNERS).sort()).toEqual([...ORDER_EVENTS].sort());
    expect(EVENT_ACTORS).toEqual(OWNERS);
  });
});

describe('transition: every (delivery type, status, event, actor)', () => {
  it('checks all 1456 combinations', () => {
    expect(combos).toHaveLength(2 * 14 * 13 * 4);
  });

  it.each(combos)('%s: %s + %s by %s', (type, status, event, actor) => {
    expect(transition({ status, delivery_type: type }, event, actor)).toEqual(
      expected(type, status, event, actor),
    );
  });

  it('allows exactly 44 (status, event, actor) combinations: 25 for delivery and 19 for pickup', () => {
    const ok = (type: TDeliveryType) =>
      combos.filter(([t, s, e, a]) => t === type && transition({ status: s, delivery_type: t }, e, a).ok)
        .length;
    // finished is sent by two actors, so it counts twice per status it applies in.
    expect(ok('delivery')).toBe(25);
    expect(ok('self-pickup')).toBe(19);
  });
});

describe('transition: a refund (the payment provider gave the money back)', () => {
  const refund = (status: OrderStatus, type: TDeliveryType) =>
    transition({ status, delivery_type: type }, 'server-cancelled', 'server', { refund: true });

  it('lets the server cancel whatever staff still could, and nothing picked up or over', () => {
    for (const type of TYPES) {
      for (const status of ORDER_STATUSES) {
        const staffCould =
          expected(type, status, 'operator-cancelled', 'operator').ok ||
          expected(type, status, 'vendor-cancelled', 'vendor').ok;
        expect(refund(status, type).ok, `${type} ${status}`).toBe(staffCould);
      }
    }
    expect(refund('courier-picked', 'delivery')).toEqual({ ok: false, reason: 'not_allowed_in_status' });
  });

  it('is the only way: without it the server cancels only what nobody took on', () => {
    for (const status of [
      'operator-accepted',
      'vendor-accepted',
      'vendor-ready',
      'courier-accepted',
    ] as const) {
      expect(transition({ status, delivery_type: 'delivery' }, 'server-cancelled', 'server').ok).toBe(false);
      expect(refund(status, 'delivery')).toEqual({ ok: true, status: 'server-cancelled' });
    }
  });

  it('gives nobody else more', () => {
    const options = { refund: true };
    expect(
      transition(
        { status: 'vendor-accepted', delivery_type: 'delivery' },
        'server-cancelled',
        'operator',
        options,
      ),
    ).toEqual({ ok: false, reason: 'not_allowed_for_actor' });
    expect(
      transition({ status: 'courier-picked', delivery_type: 'delivery' }, 'delivered', 'courier', options),
    ).toEqual({ ok: true, status: 'delivered' });
  });
});

describe('transition: the paths a real kitchen has', () => {
  const walk = (type: TDeliveryType, start: OrderStatus, steps: [OrderEvent, Actor][]) => {
    const seen: OrderStatus[] = [start];
    let status = start;
    for (const [event, actor] of steps) {
      const result = transition({ status, delivery_type: type }, event, actor);
      if (!result.ok) throw new Error(`${status} + ${event} by ${actor}: ${result.reason}`);
      status = result.status;
      seen.push(status);
    }
    return seen;
  };

  it('delivery, start to finish', () => {
    expect(
      walk('delivery', 'new', [
        ['operator-accepted', 'operator'],
        ['vendor-accepted', 'vendor'],
        ['vendor-ready', 'vendor'],
        ['courier-accepted', 'courier'],
        ['courier-picked', 'courier'],
        ['delivered', 'courier'],
        ['finished', 'operator'],
      ]),
    ).toEqual([
      'new',
      'operator-accepted',
      'vendor-accepted',
      'vendor-ready',
      'courier-accepted',
      'courier-picked',
      'delivered',
      'finished',
    ]);
  });

  it('self-pickup skips the courier: ready, then handed over by the branch', () => {
    expect(
      walk('self-pickup', 'new', [
        ['operator-accepted', 'operator'],
        ['vendor-accepted', 'vendor'],
        ['vendor-ready', 'vendor'],
        ['finished', 'vendor'],
      ]),
    ).toEqual(['new', 'operator-accepted', 'vendor-accepted', 'vendor-ready', 'finished']);
  });

  it('a courier giving the order back returns it to vendor-ready for another courier', () => {
    expect(
      walk('delivery', 'vendor-ready', [
        ['courier-accepted', 'courier'],
        ['courier-cancelled', 'courier'],
        ['courier-accepted', 'courier'],
        ['courier-picked', 'courier'],
      ]),
    ).toEqual(['vendor-ready', 'courier-accepted', 'vendor-ready', 'courier-accepted', 'courier-picked']);
  });

  it('a scheduled order becomes new when due; a paid order becomes new, or future when scheduled', () => {
    expect(transition({ status: 'future', delivery_type: 'delivery' }, 'future-due', 'server')).toEqual({
      ok: true,
      status: 'new',
    });
    expect(
      transition(
        { status: 'payment-awaited', delivery_type: 'delivery', future_time: null },
        'payment-received',
        'server',
      ),
    ).toEqual({ ok: true, status: 'new' });
    for (const type of TYPES) {
      expect(
        transition(
          { status: 'payment-awaited', delivery_type: type, future_time: '2026-11-23T12:00:00+05:00' },
          'payment-received',
          'server',
        ),
      ).toEqual({ ok: true, status: 'future' });
    }
  });

  it('future_time changes nothing but payment-received', () => {
    for (const [type, status, event, actor] of combos) {
      if (event === 'payment-received') continue;
      expect(
        transition({ status, delivery_type: type, future_time: '2026-11-23T12:00:00+05:00' }, event, actor),
      ).toEqual(transition({ status, delivery_type: type }, event, actor));
    }
  });

  it('refusal reasons come in a fixed order: actor, then delivery type, then status', () => {
    // vendor sending a courier step on a pickup order in a wrong status: the actor is named first
    expect(transition({ status: 'finished', delivery_type: 'self-pickup' }, 'delivered', 'vendor')).toEqual({
      ok: false,
      reason: 'not_allowed_for_actor',
    });
    // the courier's own step on a pickup order, even in a status where it would not apply anyway
    expect(transition({ status: 'finished', delivery_type: 'self-pickup' }, 'delivered', 'courier')).toEqual({
      ok: false,
      reason: 'not_for_delivery_type',
    });
    expect(transition({ status: 'new', delivery_type: 'delivery' }, 'delivered', 'courier')).toEqual({
      ok: false,
      reason: 'not_allowed_in_status',
    });
  });

  it('no cancellation after pickup, by anyone', () => {
    for (const status of ['courier-picked', 'delivered', 'finished'] as const) {
      for (const event of [
        'operator-cancelled',
        'vendor-cancelled',
        'courier-cancelled',
        'server-cancelled',
      ] as const) {
        for (const actor of ACTORS) {
          expect(transition({ status, delivery_type: 'delivery' }, event, actor).ok).toBe(false);
        }
      }
    }
  });

  it('delivery orders cannot skip the courier; pickup orders cannot be delivered', () => {
    expect(transition({ status: 'vendor-ready', delivery_type: 'delivery' }, 'finished', 'vendor')).toEqual({
      ok: false,
      reason: 'not_allowed_in_status',
    });
    expect(
      transition({ status: 'vendor-ready', delivery_type: 'self-pickup' }, 'courier-accepted', 'courier'),
    ).toEqual({
      ok: false,
      reason: 'not_for_delivery_type',
    });
  });
});

describe('allowedEvents', () => {
  it('is exactly the events transition accepts, for every status, type and actor', () => {
    for (const type of TYPES) {
      for (const status of ORDER_STATUSES) {
        for (const actor of ACTORS) {
          const fromTable = ORDER_EVENTS.filter((e) => expected(type, status, e, actor).ok);
          expect(allowedEvents(status, type, actor)).toEqual(fromTable);
        }
      }
    }
  });

  it.each([
    ['new', 'delivery', 'operator', ['operator-accepted', 'operator-cancelled']],
    ['new', 'delivery', 'vendor', []],
    ['new', 'delivery', 'server', ['server-cancelled']],
    ['operator-accepted', 'delivery', 'vendor', ['vendor-accepted', 'vendor-cancelled']],
    ['vendor-ready', 'delivery', 'courier', ['courier-accepted']],
    ['vendor-ready', 'self-pickup', 'vendor', ['vendor-cancelled', 'finished']],
    ['vendor-ready', 'self-pickup', 'courier', []],
    ['courier-accepted', 'delivery', 'courier', ['courier-cancelled', 'courier-picked']],
    ['courier-picked', 'delivery', 'operator', []],
    ['delivered', 'delivery', 'operator', ['finished']],
    ['future', 'self-pickup', 'server', ['server-cancelled', 'future-due']],
    ['payment-awaited', 'delivery', 'server', ['server-cancelled', 'payment-received']],
  ] as const)('%s (%s) for %s: %j', (status, type, actor, events) => {
    expect(allowedEvents(status, type, actor)).toEqual(events);
  });

  it('an actor is only ever offered its own events', () => {
    for (const type of TYPES) {
      for (const status of ORDER_STATUSES) {
        for (const actor of ACTORS) {
          for (const event of allowedEvents(status, type, actor))
            expect(EVENT_ACTORS[event]).toContain(actor);
        }
      }
    }
  });
});

describe('status classes', () => {
  it.each([
    ['new', true],
    ['future', true],
    ['operator-accepted', true],
    ['vendor-accepted', true],
    ['vendor-ready', true],
    ['courier-accepted', true],
    ['courier-picked', true],
    ['payment-awaited', true], // decision: an unpaid order is still live
    ['delivered', false],
    ['finished', false],
    ['operator-cancelled', false],
    ['vendor-cancelled', false],
    ['courier-cancelled', false],
    ['server-cancelled', false],
  ] as const)('%s current = %s', (status, current) => {
    expect(isCurrentStatus(status)).toBe(current);
  });

  it('terminal statuses are finished and the cancellations, and accept nothing from anyone', () => {
    expect(ORDER_STATUSES.filter(isTerminalStatus)).toEqual([
      'finished',
      'operator-cancelled',
      'vendor-cancelled',
      'courier-cancelled',
      'server-cancelled',
    ]);
    expect(ORDER_STATUSES.filter(isCancelledStatus)).toEqual([
      'operator-cancelled',
      'vendor-cancelled',
      'courier-cancelled',
      'server-cancelled',
    ]);
    for (const [type, status, event, actor] of combos) {
      if (isTerminalStatus(status))
        expect(transition({ status, delivery_type: type }, event, actor).ok).toBe(false);
    }
  });

  it('every non-terminal status accepts something (for delivery)', () => {
    for (const status of ORDER_STATUSES.filter((s) => !isTerminalStatus(s))) {
      expect(ACTORS.some((a) => allowedEvents(status, 'delivery', a).length > 0)).toBe(true);
    }
  });

  it('type guards', () => {
    expect(isOrderStatus('vendor-ready')).toBe(true);
    expect(isOrderStatus('ready')).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
    expect(isOrderEvent('future-due')).toBe(true);
    expect(isOrderEvent('new')).toBe(false);
    expect(isActor('courier')).toBe(true);
    expect(isActor('customer')).toBe(false);
    expect(isActor(null)).toBe(false);
  });

  it('initialOrderStatus: payment first, then schedule', () => {
    expect(initialOrderStatus({ awaits_payment: false })).toBe('new');
    expect(initialOrderStatus({ awaits_payment: false, future_time: null })).toBe('new');
    expect(initialOrderStatus({ awaits_payment: false, future_time: '2026-11-23T12:00:00+05:00' })).toBe(
      'future',
    );
    expect(initialOrderStatus({ awaits_payment: true, future_time: '2026-11-23T12:00:00+05:00' })).toBe(
      'payment-awaited',
    );
    expect(initialOrderStatus({ awaits_payment: true })).toBe('payment-awaited');
  });
});

const STARTS: readonly OrderStatus[] = ['new', 'future', 'payment-awaited'];

/** Every status some sequence of accepted events leads to from where orders start. */
const reachable = (type: TDeliveryType, starts: readonly OrderStatus[] = STARTS): Set<OrderStatus> => {
  const seen = new Set<OrderStatus>(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    const status = queue.shift() as OrderStatus;
    for (const event of ORDER_EVENTS) {
      for (const actor of ACTORS) {
        for (const future_time of [null, 'later']) {
          const r = transition({ status, delivery_type: type, future_time }, event, actor);
          if (r.ok && !seen.has(r.status)) {
            seen.add(r.status);
            queue.push(r.status);
          }
        }
      }
    }
  }
  return seen;
};

describe('reachability (graph properties)', () => {
  it('delivery reaches every status but courier-cancelled (a courier hands the order back instead)', () => {
    expect([...reachable('delivery')].sort()).toEqual(
      ORDER_STATUSES.filter((s) => s !== 'courier-cancelled').sort(),
    );
  });

  it('self-pickup never reaches a courier status or delivered', () => {
    expect([...reachable('self-pickup')].sort()).toEqual(
      [
        'new',
        'future',
        'payment-awaited',
        'operator-accepted',
        'vendor-accepted',
        'vendor-ready',
        'finished',
        'operator-cancelled',
        'vendor-cancelled',
        'server-cancelled',
      ].sort(),
    );
  });
});

/** Small seeded PRNG (mulberry32), so the random walks are the same on every run. */
const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

describe('random walks (property style)', () => {
  const stepIndex = (s: OrderStatus) => CUSTOMER_PROGRESS_STEPS.indexOf(customerStep(s) as never);

  it('2000 seeded walks keep every invariant', () => {
    const random = prng(20261122);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    // Broken invariants are collected (thousands of expect() calls are slow) and expected empty.
    const failures: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok && failures.length < 5) failures.push(what);
    };
    for (let walk = 0; walk < 2000; walk++) {
      const type = pick(TYPES);
      const future_time = random() < 0.5 ? null : '2026-11-23T12:00:00+05:00';
      let status: OrderStatus = pick(STARTS);
      let pickedUp = false;
      for (let i = 0; i < 40; i++) {
        const event = pick(ORDER_EVENTS);
        const actor = pick(ACTORS);
        const before = status;
        const r = transition({ status, delivery_type: type, future_time }, event, actor);
        const what = `walk ${walk} (${type}): ${before} + ${event} by ${actor}`;
        check(
          r.ok === allowedEvents(status, type, actor).includes(event),
          `${what}: allowedEvents disagrees`,
        );
        if (!r.ok) continue;
        status = r.status;
        check(EVENT_ACTORS[event].includes(actor), `${what}: not the actor's event`);
        check(!isTerminalStatus(before), `${what}: left a terminal status`);
        check(
          type === 'delivery' || !['courier-accepted', 'courier-picked', 'delivered'].includes(status),
          `${what}: pickup entered a courier status`,
        );
        check(!(pickedUp && isCancelledStatus(status)), `${what}: cancelled after pickup`);
        check(status !== 'courier-cancelled', `${what}: entered courier-cancelled`);
        // The customer's progress never goes back (a courier handing the order back stays at "ready").
        check(
          stepIndex(before) < 0 || stepIndex(status) < 0 || stepIndex(status) >= stepIndex(before),
          `${what}: progress went back`,
        );
        if (status === 'courier-picked') pickedUp = true;
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('customer steps', () => {
  it.each([
    ['new', 'received'],
    ['operator-accepted', 'received'],
    ['vendor-accepted', 'being_prepared'],
    ['vendor-ready', 'ready'],
    ['courier-accepted', 'ready'],
    ['courier-picked', 'on_the_way'],
    ['delivered', 'delivered'],
    ['finished', 'delivered'],
    ['future', 'scheduled'],
    ['payment-awaited', 'payment_awaited'],
    ['operator-cancelled', 'cancelled'],
    ['vendor-cancelled', 'cancelled'],
    ['courier-cancelled', 'cancelled'],
    ['server-cancelled', 'cancelled'],
  ] as const)('%s -> %s', (status, step) => {
    expect(customerStep(status)).toBe(step);
  });

  it('timelines per delivery type', () => {
    expect(customerTimeline('delivery')).toEqual([
      'received',
      'being_prepared',
      'ready',
      'on_the_way',
      'delivered',
    ]);
    expect(customerTimeline('self-pickup')).toEqual(['received', 'being_prepared', 'ready', 'delivered']);
  });

  it('the timeline of a type is exactly the progress steps its reachable statuses show', () => {
    for (const type of TYPES) {
      const shown = new Set([...reachable(type)].map(customerStep));
      expect(customerTimeline(type)).toEqual(CUSTOMER_PROGRESS_STEPS.filter((step) => shown.has(step)));
    }
  });

  it('every order that can still move can still end (no dead ends)', () => {
    for (const type of TYPES) {
      for (const status of reachable(type)) {
        if (isTerminalStatus(status)) continue;
        expect([...reachable(type, [status])].some(isTerminalStatus)).toBe(true);
      }
    }
  });
});
