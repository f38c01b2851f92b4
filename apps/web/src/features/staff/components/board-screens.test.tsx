// @vitest-environment jsdom
import type { TOrderEvent, TStaffOrder, TStaffStreamOrder } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/components/ui/toasts';
import type { TApiReply } from '@/test/app';
import { useStaffSession } from '../session';
import { CourierScreen } from './courier-screen';
import { KitchenScreen } from './kitchen-screen';
import { renderStaffScreen, signInStaff, staffOrder } from './operator.fixtures';

vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));
// The stream's order events, sent by the test (the shell's connection is not mounted here).
const streamListeners = vi.hoisted(() => new Set<(event: TStaffStreamOrder) => void>());
vi.mock('../use-staff-stream', () => ({
  subscribeStaffOrders: (listener: (event: TStaffStreamOrder) => void) => {
    streamListeners.add(listener);
    return () => streamListeners.delete(listener);
  },
}));

/**
 * The staff API at the fetch level: the list answers `orders()` as they stand; an event runs `onEvent`
 * (which moves the orders) and answers the new status; the cards are not served (the boards show
 * the listed fields then).
 */
function stubApi(
  orders: () => TStaffOrder[],
  onEvent: (orderId: string, event: TOrderEvent) => TStaffOrder['status'] | TApiReply = () => 'new',
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const events = /^\/v1\/staff\/orders\/([^/]+)\/events$/.exec(url.pathname);
      let reply: TApiReply;
      if (method === 'GET' && url.pathname === '/v1/staff/orders') {
        const list = orders();
        reply = { body: { count: list.length, orders: list } };
      } else if (method === 'POST' && events?.[1] && typeof init?.body === 'string') {
        const orderId = decodeURIComponent(events[1]);
        const { event } = JSON.parse(init.body) as { event: TOrderEvent };
        const answer = onEvent(orderId, event);
        reply =
          typeof answer === 'string'
            ? { body: { order_id: orderId, status: answer, at: new Date().toISOString() } }
            : answer;
      } else reply = { status: 501, body: { statusCode: 501, code: 'NOT_MOCKED', message: url.pathname } };
      return new Response(JSON.stringify(reply.body ?? {}), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

const ticketHeading = (number: string) => screen.getByRole('heading', { level: 3, name: number });
const sectionOf = (element: Element) => element.closest('section');

// The kitchen's tickets, oldest first in each column.
const toAccept = (n: number, minutesAgo: number) =>
  staffOrder(n, minutesAgo, {
    status: 'operator-accepted',
    allowed_events: ['vendor-accepted', 'vendor-cancelled'],
  });
const readyPickup = (n: number, minutesAgo: number) =>
  staffOrder(n, minutesAgo, {
    status: 'vendor-ready',
    delivery_type: 'self-pickup',
    allowed_events: ['finished', 'vendor-cancelled'],
  });
// The courier's: ready to take, and his own on the way.
const toTake = (n: number, minutesAgo: number) =>
  staffOrder(n, minutesAgo, { status: 'vendor-ready', allowed_events: ['courier-accepted'] });
const onTheWay = (n: number, minutesAgo: number) =>
  staffOrder(n, minutesAgo, { status: 'courier-picked', allowed_events: ['delivered', 'courier-cancelled'] });

function sendStream(
  events: (Pick<TStaffStreamOrder, 'external_order_id' | 'status' | 'event'> & { order_id?: string })[],
) {
  act(() => {
    for (const [i, event] of events.entries()) {
      for (const listener of streamListeners) {
        listener({
          order_id: `00000000-0000-4000-8000-${String(900 + i).padStart(12, '0')}`,
          branch_id: '00000000-0000-4000-8000-000000000001',
          at: new Date().toISOString(),
          ...event,
        });
      }
    }
  });
}

/** A keyboard user's press: the focus on the button, then Enter (the focus is kept for them only). */
async function pressByKeyboard(button: HTMLElement) {
  button.focus();
  await userEvent.keyboard('{Enter}');
}

describe('the kitchen and courier boards', { timeout: 30_000 }, () => {
  beforeEach(() => vi.mocked(notify).mockClear());
  afterEach(() => useStaffSession.getState().signOut());

  describe('kitchen', () => {
    beforeEach(() => signInStaff('vendor'));

    it('names each action button with its order’s number, the visible word kept', async () => {
      stubApi(() => [toAccept(1, 5), toAccept(2, 3)]);
      renderStaffScreen(<KitchenScreen />);
      const first = await screen.findByRole('button', { name: 'Принять: заказ B-10001' });
      expect(first).toHaveTextContent(/^Принять$/);
      expect(screen.getByRole('button', { name: 'Принять: заказ B-10002' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Отменить: заказ B-10002' })).toBeInTheDocument();
    });

    it('keeps the focus on a ticket an action moved to the next column (its heading, not a button)', async () => {
      let orders = [toAccept(1, 5), toAccept(2, 3)];
      stubApi(
        () => orders,
        (orderId) => {
          orders = orders.map((o) =>
            o.id === orderId
              ? { ...o, status: 'vendor-accepted', allowed_events: ['vendor-ready', 'vendor-cancelled'] }
              : o,
          );
          return 'vendor-accepted';
        },
      );
      renderStaffScreen(<KitchenScreen />);
      await pressByKeyboard(await screen.findByRole('button', { name: 'Принять: заказ B-10001' }));
      await waitFor(() =>
        expect(sectionOf(ticketHeading('B-10001'))).toHaveAttribute('data-column', 'cooking'),
      );
      await waitFor(() => expect(ticketHeading('B-10001')).toHaveFocus());
    });

    it('leaves the focus alone for a tap: nothing scrolls under the cook’s hand', async () => {
      let orders = [toAccept(1, 5), toAccept(2, 3)];
      stubApi(
        () => orders,
        (orderId) => {
          orders = orders.map((o) =>
            o.id === orderId
              ? { ...o, status: 'vendor-accepted', allowed_events: ['vendor-ready', 'vendor-cancelled'] }
              : o,
          );
          return 'vendor-accepted';
        },
      );
      renderStaffScreen(<KitchenScreen />);
      await userEvent.click(await screen.findByRole('button', { name: 'Принять: заказ B-10001' }));
      await waitFor(() =>
        expect(sectionOf(ticketHeading('B-10001'))).toHaveAttribute('data-column', 'cooking'),
      );
      expect(ticketHeading('B-10001')).not.toHaveFocus();
    });

    it('moves the focus to the next ticket of the column when one leaves the board, then to the column’s heading', async () => {
      let orders = [readyPickup(1, 20), readyPickup(2, 15)];
      stubApi(
        () => orders,
        (orderId) => {
          orders = orders.filter((o) => o.id !== orderId);
          return 'finished';
        },
      );
      renderStaffScreen(<KitchenScreen />);
      await pressByKeyboard(await screen.findByRole('button', { name: 'Завершить: заказ B-10001' }));
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'B-10001' })).toBeNull());
      await waitFor(() => expect(ticketHeading('B-10002')).toHaveFocus());

      await pressByKeyboard(screen.getByRole('button', { name: 'Завершить: заказ B-10002' }));
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'B-10002' })).toBeNull());
      await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /^Готовы/ })).toHaveFocus());
    });

    it('announces a new ticket politely, and a burst of them (a replay) as one count', async () => {
      stubApi(() => []);
      renderStaffScreen(<KitchenScreen />);
      const region = screen.getByTestId('arrivals');
      expect(region).toHaveAttribute('role', 'status');
      expect(region).toBeEmptyDOMElement();

      sendStream([{ external_order_id: 'B-10001', status: 'new', event: null }]);
      await waitFor(() => expect(region).toHaveTextContent(/^Новый заказ B-10001$/), { timeout: 5_000 });

      sendStream(
        [2, 3, 4, 5, 6].map((n) => ({ external_order_id: `B-1000${n}`, status: 'new', event: null })),
      );
      await waitFor(() => expect(region).toHaveTextContent(/^5 новых заказов$/), { timeout: 5_000 });
    });
    it('says a ticket cancelled by someone else, not the cook’s own cancel that a toast already said', async () => {
      // The list still shows the ticket: the stream's echo comes before the list is read again.
      stubApi(
        () => [toAccept(1, 5), toAccept(2, 3)],
        () => 'vendor-cancelled',
      );
      renderStaffScreen(<KitchenScreen />);
      const region = screen.getByTestId('arrivals');
      await userEvent.click(await screen.findByRole('button', { name: 'Отменить: заказ B-10001' }));
      await userEvent.type(await screen.findByLabelText('Причина'), 'Нет продуктов');
      await userEvent.click(screen.getByRole('button', { name: 'Отменить заказ' }));
      await waitFor(() => expect(notify).toHaveBeenCalledWith('success', expect.stringContaining('B-10001')));
      const own = staffOrder(1, 5);
      sendStream([
        {
          order_id: own.id,
          external_order_id: own.external_order_id,
          status: 'vendor-cancelled',
          event: 'vendor-cancelled',
        },
      ]);
      await act(() => new Promise((resolve) => setTimeout(resolve, 1_700)));
      expect(region).toBeEmptyDOMElement();

      const other = staffOrder(2, 3);
      sendStream([
        {
          order_id: other.id,
          external_order_id: other.external_order_id,
          status: 'operator-cancelled',
          event: 'operator-cancelled',
        },
      ]);
      await waitFor(() => expect(region).toHaveTextContent(/^Заказ B-10002 отменён$/), { timeout: 5_000 });
    });
    it('says the cancel of the tablet that was first when this one’s own cancel was refused', async () => {
      stubApi(
        () => [toAccept(1, 5)],
        () => ({
          status: 409,
          body: { statusCode: 409, code: 'EVENT_NOT_ALLOWED', message: 'Заказ уже отменён' },
        }),
      );
      renderStaffScreen(<KitchenScreen />);
      const region = screen.getByTestId('arrivals');
      await userEvent.click(await screen.findByRole('button', { name: 'Отменить: заказ B-10001' }));
      await userEvent.type(await screen.findByLabelText('Причина'), 'Нет продуктов');
      await userEvent.click(screen.getByRole('button', { name: 'Отменить заказ' }));
      await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Заказ уже отменён'));
      // The other tablet's cancel, the same event, reaches this one through the stream.
      const order = staffOrder(1, 5);
      sendStream([
        {
          order_id: order.id,
          external_order_id: order.external_order_id,
          status: 'vendor-cancelled',
          event: 'vendor-cancelled',
        },
      ]);
      await waitFor(() => expect(region).toHaveTextContent(/^Заказ B-10001 отменён$/), { timeout: 5_000 });
    });
  });

  describe('courier', () => {
    beforeEach(() => signInStaff('courier'));

    it('names the take buttons with the order’s number', async () => {
      stubApi(() => [toTake(1, 30), toTake(2, 25)]);
      renderStaffScreen(<CourierScreen />);
      expect(await screen.findByRole('button', { name: 'Взять: заказ B-10001' })).toHaveTextContent(
        /^Взять$/,
      );
      expect(screen.getByRole('button', { name: 'Взять: заказ B-10002' })).toBeInTheDocument();
    });

    it('follows a taken order to “my orders”', async () => {
      let orders = [toTake(1, 30), toTake(2, 25)];
      stubApi(
        () => orders,
        (orderId) => {
          orders = orders.map((o) =>
            o.id === orderId
              ? { ...o, status: 'courier-accepted', allowed_events: ['courier-picked', 'courier-cancelled'] }
              : o,
          );
          return 'courier-accepted';
        },
      );
      renderStaffScreen(<CourierScreen />);
      await pressByKeyboard(await screen.findByRole('button', { name: 'Взять: заказ B-10001' }));
      await waitFor(() => expect(sectionOf(ticketHeading('B-10001'))).toHaveAttribute('data-list', 'mine'));
      await waitFor(() => expect(ticketHeading('B-10001')).toHaveFocus());
    });

    it('moves to the next own order after a delivery, and to the list’s heading after the last', async () => {
      let orders = [onTheWay(1, 40), onTheWay(2, 35)];
      stubApi(
        () => orders,
        (orderId) => {
          orders = orders.filter((o) => o.id !== orderId);
          return 'delivered';
        },
      );
      renderStaffScreen(<CourierScreen />);
      await pressByKeyboard(await screen.findByRole('button', { name: 'Доставлен: заказ B-10001' }));
      await waitFor(() => expect(ticketHeading('B-10002')).toHaveFocus());
      await pressByKeyboard(screen.getByRole('button', { name: 'Доставлен: заказ B-10002' }));
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 2, name: /^Мои заказы/ })).toHaveFocus(),
      );
    });

    it('announces an order ready to take, not the kitchen’s earlier steps', async () => {
      stubApi(() => []);
      renderStaffScreen(<CourierScreen />);
      const region = screen.getByTestId('arrivals');
      sendStream([{ external_order_id: 'B-10007', status: 'vendor-accepted', event: 'vendor-accepted' }]);
      sendStream([{ external_order_id: 'B-10008', status: 'vendor-ready', event: 'vendor-ready' }]);
      await waitFor(() => expect(region).toHaveTextContent(/^Заказ B-10008 готов к выдаче$/), {
        timeout: 5_000,
      });
      expect(within(region).queryByText(/B-10007/)).toBeNull();
    });
  });
});
