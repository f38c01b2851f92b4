// @vitest-environment jsdom
import { formatSum } from '@app/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type TSelectedBranch, useCommonStore } from '@/lib/stores/common';
import { renderInApp } from '@/test/app';
import { CartSummary } from './cart-summary';

const checkoutButton = () => screen.getByRole('button', { name: 'Оформить заказ' });

describe('the cart’s way to checkout', () => {
  it('asks to check out while nothing blocks it, and is described by nothing else', async () => {
    const onCheckout = vi.fn();
    const user = userEvent.setup();
    renderInApp(
      <CartSummary quantity={2} subtotal={90_000} discount={0} block={null} onCheckout={onCheckout} />,
    );
    expect(checkoutButton()).not.toHaveAttribute('aria-disabled');
    expect(checkoutButton()).not.toHaveAttribute('aria-describedby');
    await user.click(checkoutButton());
    expect(onCheckout).toHaveBeenCalledTimes(1);
  });

  it('turns off under the focus when a block arrives, keeps the focus, says why and ignores presses', async () => {
    const onCheckout = vi.fn();
    const user = userEvent.setup();
    const view = renderInApp(
      <CartSummary quantity={1} subtotal={30_000} discount={0} block={null} onCheckout={onCheckout} />,
    );
    checkoutButton().focus();
    // The quantity went down elsewhere (another tab), or a dish went on the stop list.
    view.rerender(
      <CartSummary
        quantity={1}
        subtotal={30_000}
        discount={0}
        block={{ kind: 'below_minimum', minimum: 50_000 }}
        onCheckout={onCheckout}
      />,
    );
    const minimum = formatSum(50_000, 'ru');
    expect(screen.getByTestId('checkout-blocked')).toHaveTextContent(minimum.replace(/\s/g, ' '));
    // Not `disabled`: a disabled button would drop the focus to the page.
    expect(checkoutButton()).not.toBeDisabled();
    expect(checkoutButton()).toHaveAttribute('aria-disabled', 'true');
    expect(checkoutButton()).toHaveFocus();
    expect(checkoutButton()).toHaveAccessibleDescription(
      screen.getByTestId('checkout-blocked').textContent ?? '',
    );
    await user.click(checkoutButton());
    await user.keyboard('{Enter}');
    expect(onCheckout).not.toHaveBeenCalled();

    view.rerender(
      <CartSummary
        quantity={1}
        subtotal={30_000}
        discount={0}
        block={{ kind: 'unavailable' }}
        onCheckout={onCheckout}
      />,
    );
    expect(checkoutButton()).toHaveAccessibleDescription(
      'Удалите блюда, которых нет в наличии, чтобы оформить заказ.',
    );
  });

  describe('while the restaurant is closed (spec section 5)', () => {
    /** A branch open 10:00-23:00 Tashkent time that takes orders `daysAhead` days ahead. */
    const branch = (daysAhead: number) =>
      ({
        id: 'b1',
        slug: 'amir',
        menu_id: 'm1',
        name: 'Amir Temur',
        address: 'Amir Temur',
        location: { lat: 41.31, long: 69.28 },
        delivery_time: 40,
        future_delivery_order_time: daysAhead,
        future_self_pickup_order_time: daysAhead,
        work_hour_start: '10:00',
        work_hour_end: '23:00',
      }) as TSelectedBranch;
    const closedAt = async (utc: string, daysAhead: number) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(utc));
      act(() => useCommonStore.setState({ branch: branch(daysAhead), deliveryType: 'delivery' }));
      const onCheckout = vi.fn();
      renderInApp(
        <CartSummary quantity={1} subtotal={90_000} discount={0} block={null} onCheckout={onCheckout} />,
      );
      await waitFor(() => expect(screen.getByTestId('branch-closed')).toBeVisible());
      return onCheckout;
    };
    afterEach(() => {
      act(() => useCommonStore.setState({ branch: null }));
      vi.useRealTimers();
    });

    it('lets the order go on to checkout for a later time when the restaurant takes one, and says so', async () => {
      // 00:00 UTC is 05:00 in Tashkent: closed until 10:00, which a scheduled order may take.
      const onCheckout = await closedAt('2026-11-26T00:00:00Z', 1);
      expect(screen.getByTestId('cart-closed-hint')).toHaveTextContent(
        'Можно оформить заказ на время, когда ресторан открыт.',
      );
      expect(checkoutButton()).not.toHaveAttribute('aria-disabled');
      await userEvent.setup().click(checkoutButton());
      expect(onCheckout).toHaveBeenCalledTimes(1);
    });

    it('blocks checkout when the restaurant takes no orders for later', async () => {
      // 23:30: closed until 10:00 tomorrow, and orders are taken for today only (0 days ahead), whose
      // hours are over: no time is left to order for.
      const onCheckout = await closedAt('2026-11-26T18:30:00Z', 0);
      expect(screen.queryByTestId('cart-closed-hint')).toBeNull();
      expect(checkoutButton()).toHaveAttribute('aria-disabled', 'true');
      expect(checkoutButton()).toHaveAccessibleDescription(
        screen.getByTestId('branch-closed').textContent ?? '',
      );
      await userEvent.setup().click(checkoutButton());
      expect(onCheckout).not.toHaveBeenCalled();
    });
  });
});
