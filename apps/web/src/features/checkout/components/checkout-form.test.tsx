// @vitest-environment jsdom
import type { TCreateOrderRequest } from '@app/contracts';
import { formatSum } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_DEFAULTS, useCheckoutStore } from '@/lib/stores/checkout';
import { COMMON_DEFAULTS, useCommonStore } from '@/lib/stores/common';
import { mockApi, renderInApp } from '@/test/app';
import {
  BRANCH,
  CHANGE_BELOW_TOTAL,
  cartLine,
  PLOV_PRICE,
  PROMO_NOT_FOUND,
  quoteOf,
  WELCOME_DISCOUNT,
  zonesAnswer,
} from '@/test/checkout-fixtures';
import { CheckoutForm } from './checkout-form';

vi.mock('@/i18n/navigation', () => import('@/test/navigation-mock'));
vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));

const GOODS = PLOV_PRICE * 3;
/** A sum as Testing Library reads it (its text matchers fold the no-break spaces of formatSum). */
const sum = (amount: number) => formatSum(amount, 'ru').replace(/\s+/g, ' ');

/** The API of the checkout: the quote (quoteOf), and the zone check for delivery. */
function checkoutApi({ insideZone = true } = {}) {
  return mockApi()
    .on('POST', '/v2/ondemand-order/quote', ({ body }) => ({ body: quoteOf(body as TCreateOrderRequest) }))
    .on('GET', '/v1/check_point_delivery_zones', () => ({ body: zonesAnswer(insideZone) }));
}

const quoteBodies = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('POST', '/v2/ondemand-order/quote').map((c) => c.body as TCreateOrderRequest);

function pickup() {
  useCommonStore.setState({ ...COMMON_DEFAULTS, deliveryType: 'self-pickup', branch: BRANCH });
}

function delivery(location = { lat: 41.31, long: 69.28 }) {
  useCommonStore.setState({
    ...COMMON_DEFAULTS,
    deliveryType: 'delivery',
    branch: BRANCH,
    location,
    points: [
      {
        id: 'p-1',
        location: [location.lat, location.long],
        address: 'проспект Амира Темура, 1',
        name: '',
        city: 'tashkent',
        isActive: true,
      },
    ],
  });
}

function renderForm() {
  const user = userEvent.setup();
  renderInApp(<CheckoutForm lines={[cartLine()]} paymentTypes={['cash', 'card']} onPlaced={vi.fn()} />);
  return user;
}

const placeButton = () => screen.getByRole('button', { name: 'Оформить заказ' });
const totalShown = () =>
  waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent(sum(GOODS)));

beforeEach(() => {
  useCheckoutStore.setState(CHECKOUT_DEFAULTS);
});

describe('checkout form: validation messages', () => {
  it('asks for apartment, entrance and floor when the courier does not call, and drops the error once filled', async () => {
    delivery();
    checkoutApi();
    const user = renderForm();
    const apartment = await screen.findByRole('textbox', { name: 'Квартира' });
    expect(apartment).not.toHaveAttribute('aria-required', 'true');

    await user.click(screen.getByRole('checkbox', { name: /Курьер позвонит мне по приезде/ }));
    expect(apartment).toHaveAttribute('aria-required', 'true');
    // Nothing is said before the customer has been in the field.
    expect(screen.queryByText('Заполните это поле')).not.toBeInTheDocument();
    await user.click(apartment);
    await user.tab();
    expect(apartment).toHaveAttribute('aria-invalid', 'true');
    expect(apartment).toHaveAccessibleDescription('Заполните это поле');

    await user.type(apartment, '12');
    expect(apartment).not.toHaveAttribute('aria-invalid');
    expect(apartment).not.toHaveAccessibleDescription();
    // The entrance, left on the way back to the apartment, now says it is needed.
    expect(screen.getByRole('textbox', { name: 'Подъезд' })).toHaveAccessibleDescription(
      'Заполните это поле',
    );
    // The session's checkout store keeps what was typed (a reload keeps the form).
    expect(useCheckoutStore.getState()).toMatchObject({ apartment: '12', is_courier_call: false });
  });

  it('says a change that is not a number is not one, and sends no change then', async () => {
    pickup();
    const api = checkoutApi();
    const user = renderForm();
    await totalShown();
    const change = screen.getByRole('textbox', { name: 'Сдача с' });
    await user.type(change, 'много');
    await user.tab();
    expect(change).toHaveAccessibleDescription(expect.stringContaining('Введите целую сумму в сумах'));
    expect(quoteBodies(api).every((b) => b.change_from === undefined)).toBe(true);
  });

  it('shows the change field for cash only', async () => {
    pickup();
    checkoutApi();
    const user = renderForm();
    await totalShown();
    expect(screen.getByRole('textbox', { name: 'Сдача с' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Картой при получении' }));
    expect(screen.queryByRole('textbox', { name: 'Сдача с' })).not.toBeInTheDocument();
    expect(useCheckoutStore.getState().payment_type).toBe('card');
  });
});

describe('checkout form: the cash change rule (spec section 5)', () => {
  it('refuses a change below the total, with the server, and takes one that covers it', async () => {
    pickup();
    const api = checkoutApi();
    const user = renderForm();
    await totalShown();
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));

    const change = screen.getByRole('textbox', { name: 'Сдача с' });
    await user.type(change, String(GOODS - 1_000));
    await user.tab();
    expect(change).toHaveAttribute('aria-invalid', 'true');
    expect(change).toHaveAccessibleDescription(expect.stringContaining(CHANGE_BELOW_TOTAL));
    // The server's quote of that order refuses it too: placing is not offered.
    await waitFor(() => expect(quoteBodies(api).at(-1)?.change_from).toBe(GOODS - 1_000));
    await waitFor(() => expect(placeButton()).toHaveAttribute('aria-disabled', 'true'));

    await user.clear(change);
    await user.type(change, '200 000');
    // The server's refusal of the previous amount stays until the new amount is quoted.
    await waitFor(() => expect(change).not.toHaveAttribute('aria-invalid'));
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
    expect(quoteBodies(api).at(-1)?.change_from).toBe(200_000);
    expect(useCheckoutStore.getState().change_from).toBe(200_000);
  });

  it('checks the change against the new total when a promo code lowers it', async () => {
    pickup();
    checkoutApi();
    const user = renderForm();
    await totalShown();
    const change = screen.getByRole('textbox', { name: 'Сдача с' });
    // Exactly the total after WELCOME, below the total before it.
    await user.type(change, String(GOODS - WELCOME_DISCOUNT));
    await user.tab();
    expect(change).toHaveAccessibleDescription(expect.stringContaining(CHANGE_BELOW_TOTAL));

    await user.type(screen.getByRole('textbox', { name: 'Промокод' }), 'welcome');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await screen.findByText('Промокод WELCOME применён');
    await waitFor(() => expect(change).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText(CHANGE_BELOW_TOTAL)).not.toBeInTheDocument();
  });
});

describe('checkout form: a refused time', () => {
  it('focuses the time select when the chosen slot is no longer offered and Place order is pressed', async () => {
    pickup();
    // A slot kept from an earlier visit, long past: no longer among the times offered.
    useCheckoutStore.setState({ is_preorder: true, future_time: '2020-01-01T12:00:00+05:00' });
    const api = checkoutApi();
    const user = renderForm();
    await totalShown();
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
    await user.click(placeButton());
    const time = screen.getByRole('combobox', { name: 'Время' });
    await waitFor(() => expect(time).toHaveFocus());
    expect(time).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/v2/ondemand-order')).toHaveLength(0);
  });
});

describe('checkout form: the promo code', () => {
  it('shows the refusal of an unknown code and keeps the order priced without it', async () => {
    pickup();
    checkoutApi();
    const user = renderForm();
    await totalShown();
    const field = screen.getByRole('textbox', { name: 'Промокод' });

    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Введите промокод');

    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROMO_NOT_FOUND);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('promo-applied')).not.toBeInTheDocument();
    expect(useCheckoutStore.getState().promo_code).toBe('');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(sum(GOODS));
  });

  it('applies a code as the chain wrote it, prices the order with it, and removes it', async () => {
    pickup();
    const api = checkoutApi();
    const user = renderForm();
    await totalShown();
    await user.type(screen.getByRole('textbox', { name: 'Промокод' }), 'welcome{Enter}');

    expect(await screen.findByText('Промокод WELCOME применён')).toBeInTheDocument();
    expect(useCheckoutStore.getState().promo_code).toBe('WELCOME');
    expect(screen.getByTestId('checkout-discount')).toHaveTextContent(`−${sum(WELCOME_DISCOUNT)}`);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent(sum(GOODS - WELCOME_DISCOUNT));
    // Enter applied the code; it did not ask to place the order.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Убрать промокод WELCOME' }));
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent(sum(GOODS)));
    expect(useCheckoutStore.getState().promo_code).toBe('');
    // The code was tried as typed; the order is quoted with it as the chain wrote it.
    expect(quoteBodies(api).map((b) => b.promo_code)).toEqual([undefined, 'welcome']);
  });

  it('drops an applied code the order no longer qualifies for, and says why', async () => {
    pickup();
    useCheckoutStore.setState({ promo_code: 'WELCOME' });
    const notForCard = 'Промокод действует только при оплате наличными.';
    mockApi().on('POST', '/v2/ondemand-order/quote', ({ body }) => {
      const order = body as TCreateOrderRequest;
      const refused = order.payment_type === 'card' && order.promo_code === 'WELCOME';
      const quote = quoteOf({ ...order, promo_code: refused ? undefined : order.promo_code }, []);
      return {
        body: refused
          ? {
              ...quote,
              errors: [{ code: 'PROMO_CODE_NOT_APPLICABLE', message: notForCard, field: 'promo_code' }],
            }
          : quote,
      };
    });
    const user = renderForm();
    expect(await screen.findByText('Промокод WELCOME применён')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Картой при получении' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(notForCard);
    expect(screen.queryByTestId('promo-applied')).not.toBeInTheDocument();
    await waitFor(() => expect(useCheckoutStore.getState().promo_code).toBe(''));
    // The message stays while the order is quoted again without the code.
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByRole('alert')).toHaveTextContent(notForCard);
  });
});

describe('checkout form: outside every delivery zone (spec section 5)', () => {
  it('offers pickup, which opens the map on its pickup tab, or another address on the delivery tab', async () => {
    delivery({ lat: 41.31, long: 68.94 });
    checkoutApi({ insideZone: false });
    const user = renderForm();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Адрес не входит в зону обслуживания');

    await user.click(within(notice).getByRole('button', { name: 'Оформить самовывоз' }));
    expect(useCommonStore.getState()).toMatchObject({ isMapModal: true, mapTab: 'self-pickup' });

    useCommonStore.getState().setMapModal(false);
    await user.click(within(notice).getByRole('button', { name: 'Другой адрес' }));
    expect(useCommonStore.getState()).toMatchObject({ isMapModal: true, mapTab: 'delivery' });
  });
});
