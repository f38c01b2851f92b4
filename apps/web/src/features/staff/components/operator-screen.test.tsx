// @vitest-environment jsdom
import type { TStaffOrder, TStaffOrderDetail } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/components/ui/toasts';
import { deferred, type TApiReply } from '@/test/app';
import { useStaffSession } from '../session';
import { renderStaffScreen, signInStaff, staffOrder } from './operator.fixtures';
import { OperatorScreen } from './operator-screen';

vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));

type TCall = { method: string; url: URL; body: unknown };

/**
 * The staff API at the fetch level, with the query string (the search) in view: the list answers
 * `list(q)`, an event `accept(orderId)`; the branches are none.
 */
function stubApi({
  list,
  accept = () => ({ body: { order_id: 'x', status: 'operator-accepted', at: new Date().toISOString() } }),
  detail,
}: {
  list: (q: string | null) => TApiReply | Promise<TApiReply>;
  accept?: (orderId: string) => TApiReply | Promise<TApiReply>;
  /** GET /v1/staff/orders/{id}: the order's card. */
  detail?: (orderId: string) => TApiReply;
}) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const events = /^\/v1\/staff\/orders\/([^/]+)\/events$/.exec(url.pathname);
      const card = /^\/v1\/staff\/orders\/([^/]+)$/.exec(url.pathname);
      let reply: TApiReply;
      if (method === 'GET' && url.pathname === '/v1/staff/orders')
        reply = await list(url.searchParams.get('q'));
      else if (method === 'GET' && url.pathname === '/v1/branches')
        reply = { body: { count: 0, branches: [] } };
      else if (method === 'POST' && events?.[1]) reply = await accept(decodeURIComponent(events[1]));
      else if (method === 'GET' && card?.[1] && detail) reply = detail(decodeURIComponent(card[1]));
      else reply = { status: 501, body: { statusCode: 501, code: 'NOT_MOCKED', message: url.pathname } };
      return new Response(JSON.stringify(reply.body ?? {}), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    accepts: () => calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname),
    searches: () =>
      calls.filter((c) => c.url.pathname === '/v1/staff/orders').map((c) => c.url.searchParams.get('q')),
  };
}

const listOf = (orders: TStaffOrder[], count = orders.length): TApiReply => ({ body: { count, orders } });
/** The order's card as GET /v1/staff/orders/{id} answers it (no lines, no history: enough here). */
const detailOf = (order: TStaffOrder, extra: Partial<TStaffOrderDetail> = {}): TApiReply => ({
  body: {
    ...order,
    updated_at: order.created_at,
    to_location: null,
    accommodation: '',
    apartment: '',
    building: '',
    floor: '',
    description: '',
    is_courier_call: false,
    goods_price: order.total_price,
    delivery_price: 0,
    discount_price: 0,
    promo_code: null,
    change_from: null,
    amount_to_pay: order.total_price,
    lines: [],
    history: [],
    ...extra,
  } satisfies TStaffOrderDetail,
});
const cancelled = (order: TStaffOrder): TApiReply => ({
  body: { order_id: order.id, status: 'operator-cancelled', at: new Date().toISOString() },
});
const eventsOf = (order: TStaffOrder) => `/v1/staff/orders/${order.id}/events`;
const row = (number: string) => {
  const cell = screen.getByRole('button', { name: new RegExp(number) });
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${number}`);
  return tr;
};

// Newest first: `placed` (5 minutes ago) above `older` (10); `arriving` (1) goes above both.
const placed = staffOrder(1, 5);
const older = staffOrder(2, 10);
const arriving = staffOrder(3, 1);

describe('the operator queue', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // jsdom lays nothing out: the chosen row is scrolled to in the browser only.
    Element.prototype.scrollIntoView = vi.fn();
    signInStaff('operator');
    vi.mocked(notify).mockClear();
  });
  afterEach(() => useStaffSession.getState().signOut());

  describe('keyboard', () => {
    it('keeps the chosen order when the list re-sorts under it, and `a` accepts that order', async () => {
      let orders = [placed, older];
      const api = stubApi({ list: () => listOf(orders) });
      const { queryClient } = renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      await userEvent.keyboard('j');
      expect(row('B-10001')).toHaveAttribute('aria-current', 'true');

      // A new order arrives: it is listed first, where the chosen one was.
      orders = [arriving, placed, older];
      await act(() => queryClient.invalidateQueries());
      await screen.findByRole('button', { name: /B-10003/ });
      expect(row('B-10001')).toHaveAttribute('aria-current', 'true');
      expect(row('B-10003')).not.toHaveAttribute('aria-current');

      await userEvent.keyboard('a');
      await waitFor(() => expect(api.accepts()).toEqual([eventsOf(placed)]));
    });

    it('works on the Russian layout: the keys of j and a (о, ф) choose and accept', async () => {
      const api = stubApi({ list: () => listOf([placed, older]) });
      renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      fireEvent.keyDown(document.body, { key: 'о', code: 'KeyJ' });
      await waitFor(() => expect(row('B-10001')).toHaveAttribute('aria-current', 'true'));
      fireEvent.keyDown(document.body, { key: 'ф', code: 'KeyA' });
      await waitFor(() => expect(api.accepts()).toEqual([eventsOf(placed)]));
    });

    it('leaves nothing chosen when the chosen order has left the list: `a` accepts no other order', async () => {
      let orders = [placed, older];
      const api = stubApi({ list: () => listOf(orders) });
      const { queryClient } = renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      await userEvent.keyboard('j');
      expect(row('B-10001')).toHaveAttribute('aria-current', 'true');

      // Another operator took it; a new one came in at the top.
      orders = [arriving, older];
      await act(() => queryClient.invalidateQueries());
      await waitFor(() => expect(screen.queryByRole('button', { name: /B-10001/ })).toBeNull());
      expect(screen.getByRole('table').querySelector('[aria-current]')).toBeNull();

      await userEvent.keyboard('a');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.accepts()).toEqual([]);
    });

    it('sends one accept when `a` is pressed again while the first is on its way', async () => {
      const answer = deferred<TApiReply>();
      const api = stubApi({ list: () => listOf([placed, older]), accept: () => answer.promise });
      renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      await userEvent.keyboard('j');
      await userEvent.keyboard('a');
      await userEvent.keyboard('a');
      await waitFor(() => expect(api.accepts()).toEqual([eventsOf(placed)]));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.accepts()).toEqual([eventsOf(placed)]);
      await act(async () =>
        answer.resolve({
          body: { order_id: placed.id, status: 'operator-accepted', at: new Date().toISOString() },
        }),
      );
      await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Заказ B-10001: Принят'));
    });
  });

  describe('search', () => {
    const REFUSED = 'Поиск: номер заказа (B-10001 или 10001) или цифры телефона (API)';

    it('does not send a half-typed search: the field says what it takes, the list stays', async () => {
      const api = stubApi({
        list: (q) =>
          q === null
            ? listOf([placed, older])
            : { status: 400, body: { statusCode: 400, code: 'STAFF_ORDERS_BAD_QUERY', message: REFUSED } },
      });
      renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      const search = screen.getByRole('searchbox', { name: 'Поиск' });
      await userEvent.type(search, 'B-');
      await waitFor(() =>
        expect(search).toHaveAccessibleDescription(
          'Поиск: номер заказа (B-10001 или 10001) или цифры телефона',
        ),
      );
      expect(search).toHaveAttribute('aria-invalid', 'true');
      expect(api.searches()).toEqual([null]);
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('button', { name: /B-10002/ })).toBeInTheDocument();

      // Typed on to a number: sent, and the note goes.
      await userEvent.type(search, '10002');
      await waitFor(() => expect(api.searches()).toEqual([null, 'B-10002']));
    });

    it('keeps the list and says the API’s words by the field (no alert, no retry) when it refuses a search', async () => {
      const answer = deferred<TApiReply>();
      const api = stubApi({ list: (q) => (q === null ? listOf([placed, older]) : answer.promise) });
      renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      const search = screen.getByRole('searchbox', { name: 'Поиск' });
      await userEvent.type(search, '99');
      await waitFor(() => expect(api.searches()).toEqual([null, '99']));
      // While it loads, the last list stays.
      expect(screen.getByRole('button', { name: /B-10001/ })).toBeInTheDocument();

      await act(async () =>
        answer.resolve({
          status: 400,
          body: { statusCode: 400, code: 'STAFF_ORDERS_BAD_QUERY', message: REFUSED },
        }),
      );
      await waitFor(() => expect(search).toHaveAccessibleDescription(REFUSED));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
      expect(screen.getByRole('button', { name: /B-10001/ })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /B-10002/ })).toBeInTheDocument();
    });
  });
  describe('focus when an order leaves the queue', () => {
    const numberButton = (number: string) => screen.getByRole('button', { name: `Открыть заказ ${number}` });
    const cancelThroughForm = async () => {
      const dialog = await screen.findByRole('dialog', { name: /Отмена заказа/ });
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Причина' }), 'Клиент передумал');
      // By keyboard, as the queue is worked: the focus is kept for keyboard users only.
      within(dialog).getByRole('button', { name: 'Отменить заказ' }).focus();
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: /Отмена заказа/ })).toBeNull());
    };

    it('moves to the next row after a quick cancel (`c`) removes the chosen one', async () => {
      // As in a browser: the form closes and gives the focus back to the row before the list is read again.
      const refreshed = deferred<TApiReply>();
      let cancelledYet = false;
      stubApi({
        list: () => (cancelledYet ? refreshed.promise : listOf([placed, older])),
        accept: () => {
          cancelledYet = true;
          return cancelled(placed);
        },
      });
      renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      await userEvent.keyboard('j');
      expect(numberButton('B-10001')).toHaveFocus();

      await userEvent.keyboard('c');
      await cancelThroughForm();
      await waitFor(() => expect(numberButton('B-10001')).toHaveFocus());
      await act(async () => refreshed.resolve(listOf([older])));
      await waitFor(() => expect(screen.queryByRole('button', { name: /B-10001/ })).toBeNull());
      await waitFor(() => expect(numberButton('B-10002')).toHaveFocus());
      // Focused, not chosen: a key acts on no order the operator did not choose; `j` chooses it.
      expect(screen.getByRole('table').querySelector('[aria-current]')).toBeNull();
      await userEvent.keyboard('j');
      expect(row('B-10002')).toHaveAttribute('aria-current', 'true');
      expect(numberButton('B-10002')).toHaveFocus();
    });

    it('hands the focus to the next row when the focused order is taken by another operator', async () => {
      let orders = [arriving, placed, older];
      stubApi({ list: () => listOf(orders) });
      const { queryClient } = renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      act(() => numberButton('B-10001').focus());
      expect(row('B-10001')).toHaveAttribute('aria-current', 'true');

      orders = [arriving, older];
      await act(() => queryClient.invalidateQueries());
      await waitFor(() => expect(screen.queryByRole('button', { name: /B-10001/ })).toBeNull());
      expect(numberButton('B-10002')).toHaveFocus();
      expect(screen.getByRole('table').querySelector('[aria-current]')).toBeNull();
    });

    it('goes to the queue’s heading when the last order is cancelled', async () => {
      // Here the list is read again before the form has closed: the form's own fallback places the focus.
      let orders = [placed];
      stubApi({
        list: () => listOf(orders),
        accept: () => {
          orders = [];
          return cancelled(placed);
        },
      });
      renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      await userEvent.keyboard('j');
      await userEvent.keyboard('c');
      await cancelThroughForm();
      await screen.findByText('Заказов нет.');
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
    });

    it('moves to the next row when the card of an order cancelled in it is closed', async () => {
      let orders = [placed, older];
      let status: TStaffOrder['status'] = 'new';
      stubApi({
        list: () => listOf(orders),
        accept: () => {
          orders = [older];
          status = 'operator-cancelled';
          return cancelled(placed);
        },
        detail: () => detailOf(placed, status === 'new' ? {} : { status, allowed_events: [] }),
      });
      renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      await userEvent.keyboard('j');
      await userEvent.keyboard('{Enter}');
      const card = await screen.findByRole('dialog', { name: 'Заказ B-10001' });
      await userEvent.click(await within(card).findByRole('button', { name: 'Отменить' }));
      await cancelThroughForm();
      await waitFor(() => expect(screen.queryByRole('button', { name: /B-10001/ })).toBeNull());

      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(numberButton('B-10002')).toHaveFocus());
    });
  });

  describe('cancel reason', () => {
    it('sends a reason typed on two lines as one line (the API takes one line)', async () => {
      const api = stubApi({ list: () => listOf([placed]), accept: () => cancelled(placed) });
      renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      await userEvent.keyboard('j');
      await userEvent.keyboard('c');
      const dialog = await screen.findByRole('dialog', { name: /Отмена заказа/ });
      await userEvent.type(
        within(dialog).getByRole('textbox', { name: 'Причина' }),
        '  Клиент передумал{Enter}{Enter}перезвонит завтра ',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Отменить заказ' }));
      await waitFor(() => expect(api.accepts()).toEqual([eventsOf(placed)]));
      const sent = api.calls.find((c) => c.method === 'POST')?.body;
      expect(sent).toEqual({ event: 'operator-cancelled', reason: 'Клиент передумал перезвонит завтра' });
    });
  });

  describe('count', () => {
    it('says the table shows only part of the orders when more match than were listed', async () => {
      stubApi({ list: () => listOf([placed, older], 134) });
      renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      expect(screen.getByTestId('operator-count')).toHaveTextContent('показаны 2 из 134 заказов');
    });

    it('gives the plain count when every order is listed', async () => {
      stubApi({ list: () => listOf([placed, older]) });
      renderStaffScreen(<OperatorScreen />);
      await screen.findByRole('button', { name: /B-10001/ });
      expect(screen.getByTestId('operator-count')).toHaveTextContent(/^2 заказа$/);
    });
  });
});
