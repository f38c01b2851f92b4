// @vitest-environment jsdom
import type { TStaffStreamOrder } from '@app/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from '../hooks';
import { forgetOwnActions, markOwnAction } from '../lib/own-actions';
import { subscribeStaffOrders } from '../use-staff-stream';
import { renderStaffScreen } from './operator.fixtures';
import { ANNOUNCE_BURST_MS, QueueAnnouncer, type TQueueKind } from './queue-announcer';

// The stream's order events, sent by the test (the shell's connection is not mounted here).
vi.mock('../use-staff-stream', () => ({ subscribeStaffOrders: vi.fn(() => () => {}) }));

/** The screen around the region: re-rendered every second, as the boards' timers do. */
function Board({ kind, shown = [] }: { kind: TQueueKind; shown?: readonly string[] }) {
  const now = useNow();
  return (
    <>
      <p data-testid="clock">{now}</p>
      <QueueAnnouncer kind={kind} shown={shown} />
    </>
  );
}

let sequence = 0;
function send(
  events: (Pick<TStaffStreamOrder, 'external_order_id' | 'status' | 'event'> & { order_id?: string })[],
  at?: string,
) {
  const listener = vi.mocked(subscribeStaffOrders).mock.lastCall?.[0];
  if (!listener) throw new Error('the announcer does not listen to the stream');
  act(() => {
    for (const event of events) {
      sequence += 1;
      listener({
        order_id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
        branch_id: '00000000-0000-4000-8000-000000000001',
        at: at ?? new Date(Date.now() + sequence).toISOString(),
        ...event,
      });
    }
  });
}
const placed = (number: string) => ({ external_order_id: number, status: 'new' as const, event: null });
const ready = (number: string) => ({
  external_order_id: number,
  status: 'vendor-ready' as const,
  event: 'vendor-ready' as const,
});
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the queue’s changes said to screen readers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(subscribeStaffOrders).mockClear();
    forgetOwnActions();
  });
  afterEach(() => vi.useRealTimers());

  it('says one new ticket by its number, once the burst window has passed', () => {
    renderStaffScreen(<Board kind="kitchen" />);
    const region = screen.getByRole('status');
    send([placed('B-10001')]);
    expect(region).toBeEmptyDOMElement();
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^Новый заказ B-10001$/);
  });

  it('sums up a replay of many after a reconnection in one message', () => {
    renderStaffScreen(<Board kind="kitchen" />);
    const region = screen.getByRole('status');
    send(Array.from({ length: 24 }, (_, i) => placed(`B-${10_100 + i}`)));
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^24 новых заказа$/);
    expect(region.children).toHaveLength(1);
  });

  it('does not say it again as the screen re-renders every second', () => {
    renderStaffScreen(<Board kind="kitchen" />);
    const region = screen.getByRole('status');
    send([placed('B-10001')]);
    wait(ANNOUNCE_BURST_MS);
    const said = region.firstChild;
    const clock = screen.getByTestId('clock').textContent;
    wait(5_000);
    expect(screen.getByTestId('clock').textContent).not.toBe(clock);
    expect(region.firstChild).toBe(said);
    expect(region).toHaveTextContent(/^Новый заказ B-10001$/);
  });

  it('says a second burst of the same size again (a new node), and a repeated event not at all', () => {
    renderStaffScreen(<Board kind="kitchen" />);
    const region = screen.getByRole('status');
    send([placed('B-10001'), placed('B-10002')]);
    wait(ANNOUNCE_BURST_MS);
    const first = region.firstChild;
    expect(region).toHaveTextContent(/^2 новых заказа$/);

    send([placed('B-10003'), placed('B-10004')]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^2 новых заказа$/);
    expect(region.firstChild).not.toBe(first);

    // The very same event heard twice (the same order, step and time) is said once.
    const listener = vi.mocked(subscribeStaffOrders).mock.lastCall?.[0];
    const event: TStaffStreamOrder = {
      order_id: '00000000-0000-4000-8000-000000000777',
      external_order_id: 'B-10777',
      branch_id: '00000000-0000-4000-8000-000000000001',
      status: 'new',
      event: null,
      at: new Date().toISOString(),
    };
    act(() => listener?.(event));
    wait(ANNOUNCE_BURST_MS);
    const said = region.firstChild;
    act(() => listener?.(event));
    wait(ANNOUNCE_BURST_MS);
    expect(region.firstChild).toBe(said);
  });

  it('leaves the kitchen quiet for orders moving on, and the courier for the kitchen’s steps', () => {
    renderStaffScreen(<Board kind="kitchen" />);
    send([{ external_order_id: 'B-1', status: 'operator-accepted', event: 'operator-accepted' }]);
    send([{ external_order_id: 'B-2', status: 'future', event: null }]);
    wait(ANNOUNCE_BURST_MS);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('tells the courier of orders ready to take, one or several (a given-back one too)', () => {
    renderStaffScreen(<Board kind="courier" />);
    const region = screen.getByRole('status');
    send([{ external_order_id: 'B-3', status: 'vendor-accepted', event: 'vendor-accepted' }]);
    send([ready('B-10001')]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^Заказ B-10001 готов к выдаче$/);

    send([
      ready('B-10002'),
      ready('B-10003'),
      { external_order_id: 'B-10004', status: 'vendor-ready', event: 'courier-cancelled' },
    ]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^3 заказа готовы к выдаче$/);
  });

  const ticket = (n: number) => `00000000-0000-4000-8000-00000000a${String(n).padStart(3, '0')}`;
  const cancelled = (
    n: number,
    status: 'operator-cancelled' | 'vendor-cancelled' | 'server-cancelled' = 'operator-cancelled',
  ) => ({ order_id: ticket(n), external_order_id: `B-${n}`, status, event: status });

  it('tells the kitchen a ticket on its screen was cancelled by someone else', () => {
    renderStaffScreen(<Board kind="kitchen" shown={[ticket(1), ticket(2)]} />);
    const region = screen.getByRole('status');
    send([cancelled(1)]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^Заказ B-1 отменён$/);
  });

  it('says nothing of a cancel of an order not on the screen', () => {
    renderStaffScreen(<Board kind="kitchen" shown={[ticket(1)]} />);
    send([cancelled(9), cancelled(10, 'server-cancelled')]);
    wait(ANNOUNCE_BURST_MS);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('does not repeat this tab’s own cancel (its toast said it), but does another’s of the same order', () => {
    renderStaffScreen(<Board kind="kitchen" shown={[ticket(1)]} />);
    const region = screen.getByRole('status');
    markOwnAction(ticket(1).toUpperCase(), 'vendor-cancelled');
    send([cancelled(1, 'vendor-cancelled')]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toBeEmptyDOMElement();
    // The payment refunded at the same time: the server's cancel is not this tab's.
    send([cancelled(1, 'server-cancelled')]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^Заказ B-1 отменён$/);
  });

  it('says arrivals and cancels of one burst in one message, and several cancels as a count', () => {
    renderStaffScreen(<Board kind="kitchen" shown={[ticket(1), ticket(2), ticket(3), ticket(4)]} />);
    const region = screen.getByRole('status');
    send([placed('B-10001'), cancelled(1)]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^Новый заказ B-10001\. Заказ B-1 отменён$/);
    send([cancelled(2), cancelled(3, 'vendor-cancelled'), cancelled(4, 'server-cancelled')]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^3 заказа отменены$/);
  });

  it('tells the courier his order was cancelled, and not that one he gave back left', () => {
    renderStaffScreen(<Board kind="courier" shown={[ticket(5), ticket(6)]} />);
    const region = screen.getByRole('status');
    send([cancelled(5, 'server-cancelled')]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^Заказ B-5 отменён$/);
    const said = region.firstChild;
    // Delivered or taken by another courier: the card goes, with nothing to say.
    send([
      { order_id: ticket(6), external_order_id: 'B-6', status: 'delivered', event: 'delivered' },
      {
        order_id: ticket(6),
        external_order_id: 'B-6',
        status: 'courier-accepted',
        event: 'courier-accepted',
      },
    ]);
    wait(ANNOUNCE_BURST_MS);
    expect(region.firstChild).toBe(said);
  });

  it('says a cancel that comes right after the order’s arrival, before the list shows it', () => {
    renderStaffScreen(<Board kind="kitchen" shown={[]} />);
    const region = screen.getByRole('status');
    send([{ order_id: ticket(7), external_order_id: 'B-7', status: 'new', event: null }]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^Новый заказ B-7$/);
    send([cancelled(7, 'server-cancelled')]);
    wait(ANNOUNCE_BURST_MS);
    expect(region).toHaveTextContent(/^Заказ B-7 отменён$/);
  });
});
