// @vitest-environment jsdom
import type { TStaffStreamOrder } from '@app/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from '../hooks';
import { subscribeStaffOrders } from '../use-staff-stream';
import { ARRIVAL_BURST_MS, ArrivalAnnouncer, type TArrivalKind } from './arrival-announcer';
import { renderStaffScreen } from './operator.fixtures';

// The stream's order events, sent by the test (the shell's connection is not mounted here).
vi.mock('../use-staff-stream', () => ({ subscribeStaffOrders: vi.fn(() => () => {}) }));

/** The screen around the region: re-rendered every second, as the boards' timers do. */
function Board({ kind }: { kind: TArrivalKind }) {
  const now = useNow();
  return (
    <>
      <p data-testid="clock">{now}</p>
      <ArrivalAnnouncer kind={kind} />
    </>
  );
}

let sequence = 0;
function send(events: Pick<TStaffStreamOrder, 'external_order_id' | 'status' | 'event'>[], at?: string) {
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

describe('the arrivals said to screen readers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(subscribeStaffOrders).mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('says one new ticket by its number, once the burst window has passed', () => {
    renderStaffScreen(<Board kind="kitchen" />);
    const region = screen.getByRole('status');
    send([placed('B-10001')]);
    expect(region).toBeEmptyDOMElement();
    wait(ARRIVAL_BURST_MS);
    expect(region).toHaveTextContent(/^Новый заказ B-10001$/);
  });

  it('sums up a replay of many after a reconnection in one message', () => {
    renderStaffScreen(<Board kind="kitchen" />);
    const region = screen.getByRole('status');
    send(Array.from({ length: 24 }, (_, i) => placed(`B-${10_100 + i}`)));
    wait(ARRIVAL_BURST_MS);
    expect(region).toHaveTextContent(/^24 новых заказа$/);
    expect(region.children).toHaveLength(1);
  });

  it('does not say it again as the screen re-renders every second', () => {
    renderStaffScreen(<Board kind="kitchen" />);
    const region = screen.getByRole('status');
    send([placed('B-10001')]);
    wait(ARRIVAL_BURST_MS);
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
    wait(ARRIVAL_BURST_MS);
    const first = region.firstChild;
    expect(region).toHaveTextContent(/^2 новых заказа$/);

    send([placed('B-10003'), placed('B-10004')]);
    wait(ARRIVAL_BURST_MS);
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
    wait(ARRIVAL_BURST_MS);
    const said = region.firstChild;
    act(() => listener?.(event));
    wait(ARRIVAL_BURST_MS);
    expect(region.firstChild).toBe(said);
  });

  it('leaves the kitchen quiet for orders moving on, and the courier for the kitchen’s steps', () => {
    renderStaffScreen(<Board kind="kitchen" />);
    send([{ external_order_id: 'B-1', status: 'operator-accepted', event: 'operator-accepted' }]);
    send([{ external_order_id: 'B-2', status: 'future', event: null }]);
    wait(ARRIVAL_BURST_MS);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('tells the courier of orders ready to take, one or several (a given-back one too)', () => {
    renderStaffScreen(<Board kind="courier" />);
    const region = screen.getByRole('status');
    send([{ external_order_id: 'B-3', status: 'vendor-accepted', event: 'vendor-accepted' }]);
    send([ready('B-10001')]);
    wait(ARRIVAL_BURST_MS);
    expect(region).toHaveTextContent(/^Заказ B-10001 готов к выдаче$/);

    send([
      ready('B-10002'),
      ready('B-10003'),
      { external_order_id: 'B-10004', status: 'vendor-ready', event: 'courier-cancelled' },
    ]);
    wait(ARRIVAL_BURST_MS);
    expect(region).toHaveTextContent(/^3 заказа готовы к выдаче$/);
  });
});
