// @vitest-environment jsdom
import type { TStaffOrder } from '@app/contracts';
import { act, screen, waitFor } from '@testing-library/react';
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
}: {
  list: (q: string | null) => TApiReply | Promise<TApiReply>;
  accept?: (orderId: string) => TApiReply | Promise<TApiReply>;
}) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      const events = /^\/v1\/staff\/orders\/([^/]+)\/events$/.exec(url.pathname);
      let reply: TApiReply;
      if (method === 'GET' && url.pathname === '/v1/staff/orders')
        reply = await list(url.searchParams.get('q'));
      else if (method === 'GET' && url.pathname === '/v1/branches')
        reply = { body: { count: 0, branches: [] } };
      else if (method === 'POST' && events?.[1]) reply = await accept(decodeURIComponent(events[1]));
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

const listOf = (orders: TStaffOrder[]): TApiReply => ({ body: { count: orders.length, orders } });
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
});
