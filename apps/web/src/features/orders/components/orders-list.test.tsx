// @vitest-environment jsdom
import type { TCustomerOrderSummary } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderInApp } from '@/test/app';
import { signInNewCustomerEachTest } from '@/test/customer';
import { ORDER_ID, text } from '@/test/order-fixtures';
import { OrdersList } from './orders-list';

vi.mock('@/i18n/navigation', () => import('@/test/navigation-mock'));

const PAYMENT_LINK = `http://api.test/dev/pay/payme?order_id=${ORDER_ID}`;
const OTHER_ID = '11111111-2222-4333-8444-666666666666';

/** One card of the customer's list as GET /v2/orders answers it. */
const listItem = (over: Partial<TCustomerOrderSummary> = {}): TCustomerOrderSummary => ({
  id: ORDER_ID,
  external_order_id: 'B-10001',
  status: 'new',
  created_at: '2025-03-01T09:00:00.000Z',
  delivery_type: 'delivery',
  branch: { id: ORDER_ID, slug: 'chilonzor', name: text('Chilonzor') },
  total_price: 52_000,
  items_count: 2,
  payment_link: null,
  ...over,
});

signInNewCustomerEachTest('list');

const cardOf = async (id: string) => {
  const cards = await screen.findAllByTestId('order-card');
  const card = cards.find((c) => c.getAttribute('data-order-id') === id);
  if (!card) throw new Error(`no card of ${id}`);
  return card;
};

describe('My orders: Pay on the card of an order awaiting its online payment (issue 12)', () => {
  it('shows Pay, the link to the provider’s page, only on the card awaiting payment with a link', async () => {
    mockApi().on('GET', '/v2/orders', () => ({
      body: {
        count: 3,
        next_before: null,
        orders: [
          listItem({ status: 'payment-awaited', payment_link: PAYMENT_LINK }),
          listItem({ id: OTHER_ID, external_order_id: 'B-10002' }),
          // Awaiting payment but no link (the provider's settings were removed): nothing to pay at.
          listItem({
            id: '11111111-2222-4333-8444-777777777777',
            external_order_id: 'B-10003',
            status: 'payment-awaited',
          }),
        ],
      },
    }));
    renderInApp(<OrdersList />);
    const awaiting = await cardOf(ORDER_ID);
    // Each card is headed one level below the page's h1 ('My orders'): no level skipped.
    expect(within(awaiting).getByRole('heading', { level: 2 })).toHaveTextContent('B-10001');
    const pay = within(awaiting).getByRole('link', { name: 'Оплатить заказ B-10001' });
    expect(pay).toHaveAttribute('href', PAYMENT_LINK);
    expect(pay).toHaveTextContent('Оплатить');
    expect(within(await cardOf(OTHER_ID)).queryByTestId('order-card-pay')).not.toBeInTheDocument();
    expect(
      within(await cardOf('11111111-2222-4333-8444-777777777777')).queryByTestId('order-card-pay'),
    ).not.toBeInTheDocument();
  });

  it('shows no Pay once the order is no longer awaiting payment, even if a link came with it', async () => {
    mockApi().on('GET', '/v2/orders', () => ({
      body: {
        count: 1,
        orders: [listItem({ status: 'new', payment_link: PAYMENT_LINK })],
        next_before: null,
      },
    }));
    renderInApp(<OrdersList />);
    expect(within(await cardOf(ORDER_ID)).queryByTestId('order-card-pay')).not.toBeInTheDocument();
  });
});

describe('My orders: Show more', () => {
  it('reads the next page after the last order shown (by key), and offers no more after the last', async () => {
    const order = (n: number) =>
      listItem({ id: `11111111-2222-4333-8444-${String(n).padStart(12, '0')}`, external_order_id: `B-${n}` });
    const api = mockApi().on('GET', '/v2/orders', (call) =>
      call.query.get('before') === order(10).id
        ? { body: { count: 11, orders: [order(11)], next_before: null } }
        : {
            body: {
              count: 11,
              orders: Array.from({ length: 10 }, (_, i) => order(i + 1)),
              next_before: order(10).id,
            },
          },
    );
    renderInApp(<OrdersList />);
    expect(await screen.findAllByTestId('order-card')).toHaveLength(10);
    screen.getByRole('button', { name: 'Показать ещё' }).click();
    await vi.waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(11));
    const reads = api.callsTo('GET', '/v2/orders');
    expect(reads.map((c) => c.query.get('before'))).toEqual([null, order(10).id]);
    // Paged by key only: no position is sent that could shift under an order moving between tabs.
    expect(reads.some((c) => c.query.has('page'))).toBe(false);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });

  it('shows an order once should two pages both carry it', async () => {
    const order = (n: number) =>
      listItem({ id: `11111111-2222-4333-8444-${String(n).padStart(12, '0')}`, external_order_id: `B-${n}` });
    let reads = 0;
    mockApi().on('GET', '/v2/orders', () => {
      reads += 1;
      return reads === 1
        ? {
            body: {
              count: 11,
              orders: Array.from({ length: 10 }, (_, i) => order(i + 1)),
              next_before: order(10).id,
            },
          }
        : { body: { count: 12, orders: [order(10), order(11)], next_before: null } };
    });
    renderInApp(<OrdersList />);
    expect(await screen.findAllByTestId('order-card')).toHaveLength(10);
    screen.getByRole('button', { name: 'Показать ещё' }).click();
    await vi.waitFor(() => expect(screen.getAllByTestId('order-card')).toHaveLength(11));
    const ids = screen.getAllByTestId('order-card').map((card) => card.getAttribute('data-order-id'));
    expect(new Set(ids).size).toBe(11);
  });
});
