// @vitest-environment jsdom
import type { TOrderDetail } from '@app/contracts';
import { formatSum } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderInApp } from '@/test/app';
import { signInNewCustomerEachTest } from '@/test/customer';
import { ORDER_ID, sampleOrder } from '@/test/order-fixtures';
import { OrderDetailView } from './order-detail';
import { OrderStatusView } from './order-status-view';

vi.mock('@/i18n/navigation', () => import('@/test/navigation-mock'));
vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));

const sum = (amount: number) => formatSum(amount, 'ru').replace(/\s+/g, ' ');
const PAYMENT_LINK = `http://api.test/dev/pay/payme?order_id=${ORDER_ID}`;
const DEADLINE = '2025-03-01T09:30:00.000Z';

/** An online order waiting for its payment (the API's answer while the customer has not paid). */
const awaiting = (over: Partial<TOrderDetail> = {}) =>
  sampleOrder({
    status: 'payment-awaited',
    payment_type: 'payme',
    paid: false,
    payment_link: PAYMENT_LINK,
    payment_deadline: DEADLINE,
    history: [{ status: 'payment-awaited', at: '2025-03-01T09:00:00.000Z' }],
    ...over,
  });

/** The same order once Payme performed the payment. */
const paidOrder = (over: Partial<TOrderDetail> = {}) =>
  sampleOrder({
    status: 'new',
    payment_type: 'payme',
    paid: true,
    history: [
      { status: 'payment-awaited', at: '2025-03-01T09:00:00.000Z' },
      { status: 'new', at: '2025-03-01T09:05:00.000Z' },
    ],
    ...over,
  });

/**
 * The status stream (GET /v2/orders/{id}/status-stream): held open, its messages sent by the test;
 * every other call goes to the mocked API (set up first: this wraps its fetch).
 */
function withStatusStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const apiFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (!String(input).includes('/status-stream')) return apiFetch(input, init);
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
  });
  return {
    opened: () => controller !== null,
    send: (status: TOrderDetail['status'], at: string) =>
      controller?.enqueue(
        encoder.encode(
          `event: status\ndata: ${JSON.stringify({ order_id: ORDER_ID, status, at, courier: null })}\n\n`,
        ),
      ),
  };
}

function serveOrder(order: () => TOrderDetail) {
  return mockApi().on('GET', `/v2/orders/${ORDER_ID}`, () => ({ body: order() }));
}

/**
 * The pages keep the browser's one query cache (lib/query-client.tsx), keyed by customer: each test
 * signs in as a new one, so no test sees another's order.
 */
signInNewCustomerEachTest('customer');

const paymentBlock = () => screen.findByTestId('order-payment');

describe('an order’s page: how it is paid (issue 12)', () => {
  it('paid online with a bonus part: paid, the method, the bonus part and what the provider took', async () => {
    serveOrder(() => paidOrder({ total_price: 52_000, loyalty_amount: 10_000, amount_to_pay: 42_000 }));
    renderInApp(<OrderDetailView orderId={ORDER_ID} menu={null} />);
    expect(await paymentBlock()).toHaveTextContent('Оплачен');
    expect(screen.getByTestId('order-payment')).toHaveAttribute('data-payment', 'paid');
    expect(screen.queryByTestId('order-pay')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-paid')).toHaveTextContent('Да');
    expect(screen.getByText('Способ оплаты').nextElementSibling).toHaveTextContent('Payme');
    expect(screen.getByTestId('order-bonus')).toHaveTextContent(`−${sum(10_000)}`);
    expect(screen.getByTestId('order-to-pay')).toHaveTextContent(sum(42_000));
    expect(screen.getByText('Оплачено: Payme')).toBeInTheDocument();
    // Bonuses are earned once the order is delivered: none yet.
    expect(screen.queryByTestId('order-bonus-earned')).not.toBeInTheDocument();
  });

  it('shows the bonuses a delivered order earned, and no bonus rows for an order without a bonus part', async () => {
    serveOrder(() => paidOrder({ status: 'delivered', payment_type: 'cash', loyalty_earned: 2_600 }));
    renderInApp(<OrderDetailView orderId={ORDER_ID} menu={null} />);
    expect(await screen.findByTestId('order-bonus-earned')).toHaveTextContent(`+${sum(2_600)}`);
    expect(screen.queryByTestId('order-bonus')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-to-pay')).not.toBeInTheDocument();
  });

  it('awaiting payment: a Pay link to the provider’s page and the time the order is cancelled unpaid', async () => {
    serveOrder(() => awaiting());
    withStatusStream();
    renderInApp(<OrderDetailView orderId={ORDER_ID} menu={null} />);
    const block = await paymentBlock();
    expect(block).toHaveAttribute('data-payment', 'awaited');
    expect(block).toHaveTextContent('Ожидает оплаты');
    const pay = within(block).getByRole('link', { name: 'Оплатить через Payme' });
    expect(pay).toHaveAttribute('href', PAYMENT_LINK);
    // 09:30 UTC is 14:30 in Tashkent.
    expect(screen.getByTestId('order-payment-deadline')).toHaveTextContent(
      'Оплатите до 14:30, иначе заказ будет отменён.',
    );
    expect(screen.getByTestId('order-status')).toHaveTextContent('Ожидает оплаты');
    expect(screen.queryByTestId('order-payment-started')).toBeNull();
  });

  it('a Payme payment begun and not finished: says to finish it on Payme’s page, and keeps the link', async () => {
    serveOrder(() => awaiting({ payment_started: true }));
    withStatusStream();
    renderInApp(<OrderDetailView orderId={ORDER_ID} menu={null} />);
    const block = await paymentBlock();
    expect(within(block).getByTestId('order-payment-started')).toHaveTextContent(
      'Оплата через Payme уже начата. Завершите её на странице Payme: другой платёж Payme не примет, пока этот не завершён или не отменён.',
    );
    expect(within(block).getByRole('link', { name: 'Оплатить через Payme' })).toHaveAttribute(
      'href',
      PAYMENT_LINK,
    );
  });

  it('awaiting payment with a bonus part: the rest is to pay with the provider, not said paid', async () => {
    serveOrder(() => awaiting({ total_price: 52_000, loyalty_amount: 10_000, amount_to_pay: 42_000 }));
    withStatusStream();
    renderInApp(<OrderDetailView orderId={ORDER_ID} menu={null} />);
    expect(await paymentBlock()).toHaveAttribute('data-payment', 'awaited');
    expect(screen.getByTestId('order-to-pay')).toHaveTextContent(sum(42_000));
    expect(screen.getByText('К оплате: Payme')).toBeInTheDocument();
    expect(screen.queryByText(/Оплачено: /)).not.toBeInTheDocument();
  });

  it('follows an order awaiting payment live: paid and received show without a reload', async () => {
    let current = awaiting();
    serveOrder(() => current);
    const stream = withStatusStream();
    renderInApp(<OrderDetailView orderId={ORDER_ID} menu={null} />);
    await screen.findByRole('link', { name: 'Оплатить через Payme' });
    await waitFor(() => expect(stream.opened()).toBe(true));

    current = paidOrder();
    stream.send('new', '2025-03-01T09:05:00.000Z');
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', 'new'));
    await waitFor(() => expect(screen.getByTestId('order-payment')).toHaveAttribute('data-payment', 'paid'));
    expect(screen.queryByRole('link', { name: 'Оплатить через Payme' })).not.toBeInTheDocument();
  });

  it('cancelled unpaid (the payment timed out): cancelled, and nothing to pay any more', async () => {
    serveOrder(() =>
      awaiting({
        status: 'server-cancelled',
        payment_link: null,
        payment_deadline: null,
        history: [
          { status: 'payment-awaited', at: '2025-03-01T09:00:00.000Z' },
          { status: 'server-cancelled', at: '2025-03-01T09:31:00.000Z' },
        ],
      }),
    );
    renderInApp(<OrderDetailView orderId={ORDER_ID} menu={null} />);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Отменён');
    expect(screen.queryByTestId('order-payment')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Оплатить/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-paid')).toHaveTextContent('Ещё нет');
  });

  it('cancelled after it was paid: the money is to be returned', async () => {
    serveOrder(() => paidOrder({ status: 'operator-cancelled', refund_due: true }));
    renderInApp(<OrderDetailView orderId={ORDER_ID} menu={null} />);
    const block = await paymentBlock();
    expect(block).toHaveAttribute('data-payment', 'refund-due');
    expect(block).toHaveTextContent('Заказ отменён после оплаты: деньги будут возвращены вам.');
  });
});

describe('the status page of an order awaiting payment (issue 12)', () => {
  it('offers the Pay link, says it once, and shows the order received once paid', async () => {
    let current = awaiting();
    serveOrder(() => current);
    const stream = withStatusStream();
    renderInApp(<OrderStatusView orderId={ORDER_ID} />);
    const pay = await screen.findByRole('link', { name: 'Оплатить через Payme' });
    expect(pay).toHaveAttribute('href', PAYMENT_LINK);
    expect(screen.getAllByText('Ожидает оплаты')).toHaveLength(2); // the badge and the payment block
    expect(screen.queryByTestId('status-aside')).not.toBeInTheDocument();

    await waitFor(() => expect(stream.opened()).toBe(true));
    current = paidOrder();
    stream.send('new', '2025-03-01T09:05:00.000Z');
    await waitFor(() => expect(screen.getByTestId('order-payment')).toHaveAttribute('data-payment', 'paid'));
    const received = screen.getAllByTestId('status-step').find((s) => s.dataset.step === 'received');
    expect(received).toHaveAttribute('data-state', 'current');
  });
});
