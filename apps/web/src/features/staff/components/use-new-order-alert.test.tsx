// @vitest-environment jsdom
import type { TStaffStreamOrder } from '@app/contracts';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/components/ui/toasts';
import { subscribeStaffOrders } from '../use-staff-stream';
import { renderStaffScreen } from './operator.fixtures';
import { useNewOrderAlert } from './use-new-order-alert';

vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));
// The stream's order events, sent by the test (the shell's connection is not mounted here).
vi.mock('../use-staff-stream', () => ({ subscribeStaffOrders: vi.fn(() => () => {}) }));

const ORDER_ID = '00000000-0000-4000-8000-000000000007';

function Probe() {
  const alert = useNewOrderAlert(Date.now());
  return <p>{alert.isFresh(ORDER_ID) ? 'highlighted' : 'plain'}</p>;
}

function streamEvent(event: Pick<TStaffStreamOrder, 'status' | 'event'>) {
  const listener = vi.mocked(subscribeStaffOrders).mock.lastCall?.[0];
  if (!listener) throw new Error('the alert does not listen to the stream');
  act(() =>
    listener({
      order_id: ORDER_ID,
      external_order_id: 'B-10007',
      branch_id: '00000000-0000-4000-8000-000000000001',
      at: new Date().toISOString(),
      ...event,
    }),
  );
}

describe('the new-order alert', () => {
  beforeEach(() => {
    vi.mocked(notify).mockClear();
    vi.mocked(subscribeStaffOrders).mockClear();
  });

  it('alerts for an order just placed: a toast and its row highlighted', () => {
    renderStaffScreen(<Probe />);
    streamEvent({ status: 'new', event: null });
    expect(notify).toHaveBeenCalledWith('success', 'Новый заказ B-10007');
    expect(screen.getByText('highlighted')).toBeInTheDocument();
  });

  it('alerts for a scheduled order whose time has come (future-due), as for a new one', () => {
    renderStaffScreen(<Probe />);
    streamEvent({ status: 'new', event: 'future-due' });
    expect(notify).toHaveBeenCalledWith('success', 'Запланированный заказ B-10007: пора в работу');
    expect(screen.getByText('highlighted')).toBeInTheDocument();
  });

  it('stays quiet for an order moving on (accepted) or only scheduled', () => {
    renderStaffScreen(<Probe />);
    streamEvent({ status: 'operator-accepted', event: 'operator-accepted' });
    streamEvent({ status: 'future', event: null });
    expect(notify).not.toHaveBeenCalled();
    expect(screen.getByText('plain')).toBeInTheDocument();
  });
});
