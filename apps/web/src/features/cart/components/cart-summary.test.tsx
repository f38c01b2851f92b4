// @vitest-environment jsdom
import { formatSum } from '@app/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
});
