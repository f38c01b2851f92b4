// @vitest-environment jsdom
import type { TLoyaltyMovement } from '@app/contracts';
import { ZLoyaltyHistoryResponse } from '@app/contracts';
import { formatSum } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/stores/auth';
import { mockApi, renderInApp } from '@/test/app';
import { signInNewCustomerEachTest } from '@/test/customer';
import { LoyaltyCard } from './loyalty-card';

vi.mock('@/i18n/navigation', () => import('@/test/navigation-mock'));

const sum = (amount: number) => formatSum(amount, 'ru').replace(/\s+/g, ' ');
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const movement = (n: number, over: Partial<TLoyaltyMovement> = {}): TLoyaltyMovement => ({
  id: uuid(n),
  amount: 1_000,
  reason: 'earned',
  order_id: uuid(100 + n),
  external_order_id: `B-${10_000 + n}`,
  created_at: `2025-03-${String(10 + (n % 18)).padStart(2, '0')}T07:00:00.000Z`,
  ...over,
});

/**
 * Twelve movements, newest first: an order paid partly with bonuses, its earning, a refund, bonuses
 * charged for an order not placed and given back, the welcome gift.
 */
const MOVEMENTS: TLoyaltyMovement[] = [
  movement(1, { amount: -20_000, reason: 'spent', external_order_id: 'B-10234' }),
  movement(2, { amount: 2_600, reason: 'earned' }),
  movement(3, { amount: 5_000, reason: 'refund' }),
  movement(4, { amount: -3_000, reason: 'spent', order_id: null, external_order_id: 'B-10299' }),
  movement(5, { amount: 3_000, reason: 'refund', order_id: null, external_order_id: 'B-10299' }),
  ...Array.from({ length: 6 }, (_, i) => movement(6 + i)),
  movement(12, { amount: 20_000, reason: 'welcome', order_id: null, external_order_id: null }),
];

/** The card's balance; each test answers the history its own way. */
function cardApi(balance = 17_600) {
  return mockApi().on('POST', '/v2/crm/iiko-customer-info', () => ({
    body: { balance, cashback_percent: 5, max_share_percent: 50 },
  }));
}

signInNewCustomerEachTest('card');

describe('the profile’s bonus card (issue 12)', () => {
  it('shows the balance and the chain’s rules', async () => {
    const api = cardApi();
    api.on('GET', '/v2/crm/loyalty-history', () => ({
      body: ZLoyaltyHistoryResponse.parse({ balance: 17_600, count: 0, movements: [] }),
    }));
    renderInApp(<LoyaltyCard />);
    const card = await screen.findByRole('region', { name: 'Бонусная карта' });
    await waitFor(() => expect(within(card).getByTestId('loyalty-balance')).toHaveTextContent(sum(17_600)));
    expect(card).toHaveTextContent('Начисляем 5% от суммы, оплаченной деньгами');
    expect(card).toHaveTextContent('до 50% заказа');
    expect(await within(card).findByText('Движений по карте пока нет.')).toBeInTheDocument();
  });

  it('lists the movements with their sign, reason, order and date, ten at a time', async () => {
    const user = userEvent.setup();
    cardApi();
    // The page asked for decides which movements come back (the API's paging).
    const fetchMock = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (url.pathname !== '/v2/crm/loyalty-history') return fetchMock(input, init);
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      const body = {
        balance: 17_600,
        count: MOVEMENTS.length,
        movements: MOVEMENTS.slice((page - 1) * limit, page * limit),
      };
      return Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      );
    });
    renderInApp(<LoyaltyCard />);

    const list = await screen.findByTestId('loyalty-history');
    const rows = () => within(list).getAllByTestId('loyalty-movement');
    expect(rows()).toHaveLength(10);
    const [spent, earned, refund] = rows();
    expect(spent).toHaveTextContent('Оплата заказа');
    expect(within(spent as HTMLElement).getByTestId('loyalty-movement-amount')).toHaveTextContent(
      `−${sum(20_000)}`,
    );
    expect(within(spent as HTMLElement).getByRole('link', { name: 'Заказ B-10234' })).toHaveAttribute(
      'href',
      `/myorders/${uuid(101)}`,
    );
    expect((spent as HTMLElement).querySelector('time')).toHaveAttribute(
      'dateTime',
      MOVEMENTS[0]?.created_at,
    );
    expect(within(earned as HTMLElement).getByTestId('loyalty-movement-amount')).toHaveTextContent(
      `+${sum(2_600)}`,
    );
    expect(earned).toHaveTextContent('Начислено за заказ');
    expect(refund).toHaveTextContent('Возврат: заказ отменён');
    // Bonuses charged for an order that was then not placed, and given back: its number, no link.
    const [chargedBack, givenBack] = rows().slice(3, 5) as HTMLElement[];
    expect(chargedBack).toHaveTextContent('Оплата заказа');
    expect(givenBack).toHaveTextContent('Возврат: заказ не оформлен');
    for (const row of [chargedBack, givenBack]) {
      expect(row).toHaveTextContent('Заказ B-10299');
      expect(within(row as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(rows()).toHaveLength(12));
    const welcome = rows().at(-1) as HTMLElement;
    expect(welcome).toHaveTextContent('Приветственный бонус');
    expect(within(welcome).getByTestId('loyalty-movement-amount')).toHaveTextContent(`+${sum(20_000)}`);
    // A welcome gift belongs to no order.
    expect(within(welcome).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
    // The button went with the last page: the focus is on the first movement it brought, not lost.
    await waitFor(() => expect(rows()[10]?.contains(document.activeElement)).toBe(true));
  });

  it('shows nothing to a visitor who is not signed in, and asks nothing', () => {
    useAuthStore.setState({ user: null });
    const api = cardApi();
    const { container } = renderInApp(<LoyaltyCard />);
    expect(container).toBeEmptyDOMElement();
    expect(api.calls).toHaveLength(0);
  });
});
