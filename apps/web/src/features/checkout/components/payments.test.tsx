// @vitest-environment jsdom
import type { TCreateOrderRequest } from '@app/contracts';
import { formatSum } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '@/features/cart';
import { CHECKOUT_DEFAULTS, useCheckoutStore } from '@/lib/stores/checkout';
import { COMMON_DEFAULTS, useCommonStore } from '@/lib/stores/common';
import { mockApi, renderInApp } from '@/test/app';
import { BRANCH, cartLine, PLOV_PRICE, quoteOf, uuid } from '@/test/checkout-fixtures';
import type { TCheckoutPaymentType } from '../lib/payment-types';
import { CheckoutForm } from './checkout-form';

const router = vi.hoisted(() => ({ replace: vi.fn(), push: vi.fn() }));
const leave = vi.hoisted(() => ({ leavePageFor: vi.fn() }));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
  useRouter: () => router,
}));
vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));
vi.mock('../lib/leave-page', () => leave);

/** Three plov: 120 000; bonuses may pay half of it, so at most 20 000 of the welcome balance. */
const GOODS = PLOV_PRICE * 3;
const BALANCE = 20_000;
const sum = (amount: number) => formatSum(amount, 'ru').replace(/\s+/g, ' ');
/** A text as accessible names and descriptions read it (formatSum's no-break spaces kept). */
const exactly = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);
const PAYMENT_LINK =
  'http://api.test/dev/pay/payme?order_id=x&return_url=http%3A%2F%2Fsite.test%2Fmyorders%2Fx';
const ORDER = { order_id: uuid(50), external_order_id: 'B-10234' };

const quoteBodies = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('POST', '/v2/ondemand-order/quote').map((c) => c.body as TCreateOrderRequest);
const orderCalls = (api: ReturnType<typeof mockApi>) => api.callsTo('POST', '/v2/ondemand-order');

function setUp({
  paymentTypes = ['cash', 'card', 'payme', 'click'],
  loyalty = false,
  balance = BALANCE,
}: {
  paymentTypes?: TCheckoutPaymentType[];
  loyalty?: boolean;
  balance?: number;
} = {}) {
  useCommonStore.setState({ ...COMMON_DEFAULTS, deliveryType: 'self-pickup', branch: BRANCH });
  const api = mockApi()
    .on('POST', '/v2/ondemand-order/quote', ({ body }) => ({
      body: quoteOf(body as TCreateOrderRequest, [], { loyaltyBalance: balance }),
    }))
    .on('POST', '/v2/crm/iiko-customer-info', () => ({
      body: { balance, cashback_percent: 5, max_share_percent: 50 },
    }));
  const onPlaced = vi.fn();
  const user = userEvent.setup();
  renderInApp(
    <CheckoutForm
      lines={[cartLine()]}
      paymentTypes={paymentTypes}
      loyalty={loyalty}
      customerId="customer-1"
      onPlaced={onPlaced}
    />,
  );
  return { api, user, onPlaced };
}

const placeButton = () => screen.getByRole('button', { name: /Оформить заказ|Оформляем заказ…/ });
const bonusSwitch = () => screen.getByRole('switch', { name: 'Оплатить бонусами' });
const bonusField = () => screen.getByRole('textbox', { name: 'Сколько бонусов списать' });

/** Presses 'Place order' and confirms; returns what the confirmation said. */
async function placeAndConfirm(user: ReturnType<typeof userEvent.setup>): Promise<string> {
  await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
  await user.click(placeButton());
  const dialog = await screen.findByRole('alertdialog', { name: 'Оформить заказ?' });
  const said = (dialog.textContent ?? '').replace(/\s+/g, ' ');
  await user.click(within(dialog).getByRole('button', { name: 'Оформить заказ' }));
  return said;
}

beforeEach(() => {
  router.replace.mockClear();
  leave.leavePageFor.mockClear();
  useCheckoutStore.setState(CHECKOUT_DEFAULTS);
  cartStore.getState().clear();
  sessionStorage.clear();
});

describe('payment methods (issue 12)', () => {
  it('offers exactly the methods the shipper takes, each a radio named by the method with its mark', async () => {
    setUp();
    const group = await screen.findByRole('group', { name: 'Оплата' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['cash', 'card', 'payme', 'click']);
    for (const name of ['Наличными при получении', 'Картой при получении', 'Payme', 'Click']) {
      expect(within(group).getByRole('radio', { name })).toBeInTheDocument();
    }
    // The marks are drawn inline, sized, and hidden from assistive technology (the label names the method).
    for (const type of ['cash', 'card', 'payme', 'click']) {
      const svg = screen.getByTestId(`payment-mark-${type}`).querySelector('svg');
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg).toHaveAttribute('width', '40');
      expect(svg).toHaveAttribute('height', '24');
    }
    expect(document.querySelector('img')).toBeNull();
    // Online methods are described as paid right after placing.
    expect(within(group).getByRole('radio', { name: 'Payme' })).toHaveAccessibleDescription(
      'Онлайн: оплата сразу после оформления заказа',
    );
  });

  it('leaves out the methods the shipper does not take', async () => {
    const { api, user } = setUp({ paymentTypes: ['card', 'click'] });
    const group = await screen.findByRole('group', { name: 'Оплата' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['card', 'click']);
    expect(screen.queryByTestId('payment-mark-payme')).not.toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: 'Click' }));
    await waitFor(() => expect(quoteBodies(api).at(-1)?.payment_type).toBe('click'));
    expect(useCheckoutStore.getState().payment_type).toBe('click');
  });

  it('shows no bonus card when the chain does not offer it, and never asks its balance', async () => {
    const { api } = setUp({ loyalty: false });
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
    expect(screen.queryByTestId('checkout-bonus-control')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/v2/crm/iiko-customer-info')).toHaveLength(0);
  });
});

describe('paying with bonuses (issue 12)', () => {
  it('shows the balance and how much the order may use, and pays the most when no sum is typed', async () => {
    const { api, user } = setUp({ loyalty: true });
    expect(await screen.findByTestId('checkout-bonus-balance')).toHaveTextContent(`Баланс: ${sum(BALANCE)}`);
    await waitFor(() => expect(bonusSwitch()).toBeEnabled());
    expect(bonusSwitch()).not.toBeChecked();
    expect(bonusSwitch()).toHaveAccessibleDescription(
      exactly(`Бонусами можно оплатить до ${sum(BALANCE)} этого заказа.`),
    );
    expect(quoteBodies(api).every((b) => b.loyalty_amount === undefined)).toBe(true);

    await user.click(bonusSwitch());
    expect(bonusSwitch()).toBeChecked();
    await waitFor(() => expect(quoteBodies(api).at(-1)?.loyalty_amount).toBe(BALANCE));
    // The summary shows the bonus part and what is left to pay, from the server's quote.
    await waitFor(() => expect(screen.getByTestId('checkout-bonus')).toHaveTextContent(`−${sum(BALANCE)}`));
    expect(screen.getByTestId('checkout-order-total')).toHaveTextContent(sum(GOODS));
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(sum(GOODS - BALANCE));
    expect(screen.getByTestId('checkout-place-bar')).toHaveTextContent('К оплате');
  });

  it('rounds a typed sum down to the hundred, and caps it at what the order may use', async () => {
    const { api, user } = setUp({ loyalty: true });
    await waitFor(() => expect(bonusSwitch()).toBeEnabled());
    await user.click(bonusSwitch());

    await user.type(bonusField(), '12345');
    await user.tab();
    expect(bonusField()).toHaveValue('12300');
    await waitFor(() => expect(quoteBodies(api).at(-1)?.loyalty_amount).toBe(12_300));
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent(sum(GOODS - 12_300)));
    expect(screen.getByTestId('checkout-bonus-applied')).toHaveTextContent(
      `Бонусами будет оплачено ${sum(12_300)}.`,
    );

    await user.clear(bonusField());
    await user.type(bonusField(), '99999');
    await user.tab();
    expect(bonusField()).toHaveValue(String(BALANCE));
    // (That order was quoted when the switch went on: the page may show it from the cache.)
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent(sum(GOODS - BALANCE)));
    // Never more than the server allowed.
    expect(Math.max(...quoteBodies(api).map((b) => b.loyalty_amount ?? 0))).toBe(BALANCE);
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
  });

  it('says a sum that is not a number is not one, and uses no bonuses then', async () => {
    const { api, user } = setUp({ loyalty: true });
    await waitFor(() => expect(bonusSwitch()).toBeEnabled());
    await user.click(bonusSwitch());
    await user.type(bonusField(), 'много');
    await user.tab();
    expect(bonusField()).toHaveAttribute('aria-invalid', 'true');
    expect(bonusField()).toHaveAccessibleDescription(expect.stringContaining('Введите целую сумму в сумах'));
    await waitFor(() => expect(quoteBodies(api).at(-1)?.loyalty_amount).toBeUndefined());
  });

  it('offers no bonuses when the order may use none (an empty card)', async () => {
    setUp({ loyalty: true, balance: 0 });
    expect(await screen.findByTestId('checkout-bonus-balance')).toHaveTextContent(`Баланс: ${sum(0)}`);
    await waitFor(() =>
      expect(bonusSwitch()).toHaveAccessibleDescription('Для этого заказа бонусы использовать нельзя.'),
    );
    expect(bonusSwitch()).toBeDisabled();
  });

  it('checks cash change against what is left to pay after bonuses', async () => {
    const { api, user } = setUp({ loyalty: true });
    await waitFor(() => expect(bonusSwitch()).toBeEnabled());
    await user.click(bonusSwitch());
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent(sum(GOODS - BALANCE)));
    const change = screen.getByRole('textbox', { name: 'Сдача с' });
    // Below the total, but it covers the amount to pay.
    await user.type(change, String(GOODS - BALANCE));
    await user.tab();
    expect(change).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(quoteBodies(api).at(-1)?.change_from).toBe(GOODS - BALANCE));
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));

    await user.clear(change);
    await user.type(change, String(GOODS - BALANCE - 1_000));
    await user.tab();
    expect(change).toHaveAttribute('aria-invalid', 'true');
  });

  it('places the order with its bonus part, and the confirmation names it', async () => {
    const { api, user } = setUp({ loyalty: true });
    api.on('POST', '/v2/ondemand-order', () => ({ body: ORDER }));
    await waitFor(() => expect(bonusSwitch()).toBeEnabled());
    await user.click(bonusSwitch());
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent(sum(GOODS - BALANCE)));
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
    await user.click(placeButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Оформить заказ?' });
    expect(dialog).toHaveTextContent(`Бонусами ${sum(BALANCE)}, к оплате ${sum(GOODS - BALANCE)}.`);
    await user.click(within(dialog).getByRole('button', { name: 'Оформить заказ' }));
    await waitFor(() => expect(orderCalls(api)).toHaveLength(1));
    expect(orderCalls(api)[0]?.body).toMatchObject({ payment_type: 'cash', loyalty_amount: BALANCE });
  });
});

describe('placing an online order (issue 12)', () => {
  it('goes to the payment link the API answers, once, under an Idempotency-Key', async () => {
    const { api, user, onPlaced } = setUp();
    api.on('POST', '/v2/ondemand-order', () => ({ body: { ...ORDER, payment_link: PAYMENT_LINK } }));
    await user.click(await screen.findByRole('radio', { name: 'Payme' }));
    await waitFor(() => expect(quoteBodies(api).at(-1)?.payment_type).toBe('payme'));
    expect(await placeAndConfirm(user)).toContain('Далее оплата через Payme.');

    await waitFor(() => expect(leave.leavePageFor).toHaveBeenCalledTimes(1));
    expect(leave.leavePageFor).toHaveBeenCalledWith(PAYMENT_LINK);
    expect(router.replace).not.toHaveBeenCalled();
    expect(onPlaced).toHaveBeenCalledWith(true);
    expect(orderCalls(api)).toHaveLength(1);
    expect(orderCalls(api)[0]?.body).toMatchObject({ payment_type: 'payme' });
    expect(orderCalls(api)[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The order is the customer's, the cart is empty, the attempt is closed.
    expect(useCommonStore.getState().orderIds).toEqual([ORDER.order_id]);
    expect(cartStore.getState().lines).toEqual([]);
    expect(sessionStorage.getItem('checkout.order_attempt')).toBeNull();
  });

  it('goes to the success screen, not to a payment page, for cash', async () => {
    const { api, user, onPlaced } = setUp();
    api.on('POST', '/v2/ondemand-order', () => ({ body: ORDER }));
    await placeAndConfirm(user);
    await waitFor(() => expect(router.replace).toHaveBeenCalledTimes(1));
    expect(router.replace).toHaveBeenCalledWith(`/checkout/success?order=${ORDER.order_id}&number=B-10234`);
    expect(leave.leavePageFor).not.toHaveBeenCalled();
    expect(onPlaced).toHaveBeenCalledWith(false);
    expect(orderCalls(api)[0]?.body).toMatchObject({ payment_type: 'cash' });
  });
});
