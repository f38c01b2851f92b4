// @vitest-environment jsdom
import type { TCreateOrderRequest, TOrderQuoteError } from '@app/contracts';
import { formatSum } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { notify } from '@/components/ui/toasts';
import { cartStore } from '@/features/cart';
import { CHECKOUT_DEFAULTS, useCheckoutStore } from '@/lib/stores/checkout';
import { COMMON_DEFAULTS, useCommonStore } from '@/lib/stores/common';
import { apiError, deferred, mockApi, renderInApp, type TApiReply } from '@/test/app';
import { BRANCH, cartLine, PLOV_PRICE, quoteOf, uuid } from '@/test/checkout-fixtures';
import { CheckoutForm } from './checkout-form';

const router = vi.hoisted(() => ({ replace: vi.fn(), push: vi.fn() }));
vi.mock('@/i18n/navigation', () => ({
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
  useRouter: () => router,
}));
vi.mock('@/components/ui/toasts', () => ({ notify: vi.fn() }));

const ORDER = { order_id: uuid(50), external_order_id: 'B-10234' };
const total = formatSum(PLOV_PRICE * 3, 'ru').replace(/\s+/g, ' ');
const placeButton = () => screen.getByRole('button', { name: /Оформить заказ|Оформляем заказ…/ });
const orderCalls = (api: ReturnType<typeof mockApi>) => api.callsTo('POST', '/v2/ondemand-order');

/**
 * Pickup from an around-the-clock branch; the quote answers at once unless `quote` holds it, and
 * refuses with `refuse`.
 */
function setUp({ quote, refuse = [] }: { quote?: Promise<void>; refuse?: TOrderQuoteError[] } = {}) {
  useCommonStore.setState({ ...COMMON_DEFAULTS, deliveryType: 'self-pickup', branch: BRANCH });
  useCheckoutStore.setState(CHECKOUT_DEFAULTS);
  const api = mockApi().on('POST', '/v2/ondemand-order/quote', async ({ body }) => {
    await quote;
    return { body: quoteOf(body as TCreateOrderRequest, refuse) };
  });
  const onPlaced = vi.fn();
  const user = userEvent.setup();
  renderInApp(<CheckoutForm lines={[cartLine()]} paymentTypes={['cash', 'card']} onPlaced={onPlaced} />);
  return { api, user, onPlaced };
}

/** Presses 'Place order' and confirms in the dialog, which names the branch, the time and the total. */
async function placeAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(placeButton());
  const dialog = await screen.findByRole('alertdialog', { name: 'Оформить заказ?' });
  expect(dialog).toHaveTextContent(
    `Самовывоз из ресторана ${BRANCH.name}, как можно скорее. Итого ${total}.`,
  );
  await user.click(within(dialog).getByRole('button', { name: 'Оформить заказ' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

beforeEach(() => {
  router.replace.mockClear();
  vi.mocked(notify).mockClear();
  cartStore.getState().clear();
});

describe('the place-order button', () => {
  it('waits for the quote of the order as it stands, and is described by its total', async () => {
    const held = deferred<void>();
    setUp({ quote: held.promise });
    expect(placeButton()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Считаем сумму…')).toBeInTheDocument();
    // Off, it still takes the focus, so it says why: the page's own message.
    expect(placeButton()).toHaveAccessibleDescription('Считаем сумму…');
    held.resolve();
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
    expect(placeButton()).toHaveAttribute('type', 'submit');
    // Screen readers hear the total with the button (formatSum's spaces are no-break ones).
    expect(placeButton()).toHaveAccessibleDescription(new RegExp(`^Итого ${total.replace(/ /g, '\\s')}$`));
  });

  it('while the quote refuses the order, is described by the refusals before its total', async () => {
    const refusal = { code: 'PRODUCT_UNAVAILABLE', message: 'Плов сегодня не готовят' } as TOrderQuoteError;
    setUp({ refuse: [refusal] });
    await waitFor(() =>
      expect(screen.getByTestId('checkout-quote-errors')).toHaveTextContent(refusal.message),
    );
    expect(placeButton()).toHaveAttribute('aria-disabled', 'true');
    // The list's heading is part of its message.
    expect(placeButton()).toHaveAccessibleDescription(
      new RegExp(`^Заказ пока нельзя оформить:\\s*${refusal.message}\\s+Итого\\s`),
    );
  });

  it('asks first: cancelling sends nothing', async () => {
    const { api, user } = setUp();
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
    await user.click(placeButton());
    const dialog = await screen.findByRole('alertdialog', { name: 'Оформить заказ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(orderCalls(api)).toHaveLength(0);
  });

  it('places the order once however often it is pressed, then goes to the success screen', async () => {
    const answer = deferred<TApiReply>();
    const { api, user, onPlaced } = setUp();
    api.on('POST', '/v2/ondemand-order', () => answer.promise);
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));

    await placeAndConfirm(user);
    // While the order is on its way the button says so and takes no second press.
    expect(placeButton()).toHaveTextContent('Оформляем заказ…');
    // It is off with aria-disabled, not disabled: it keeps the focus the dialog gave back to it (a
    // disabled button would drop it to the page), and Enter on it places nothing more.
    expect(placeButton()).toHaveAttribute('aria-disabled', 'true');
    expect(placeButton()).toHaveFocus();
    await user.click(placeButton());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(orderCalls(api)).toHaveLength(1);
    const sent = orderCalls(api)[0];
    expect(sent?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.body).toMatchObject({
      delivery_type: 'self-pickup',
      payment_type: 'cash',
      is_preorder: false,
    });
    expect(JSON.stringify(sent?.body)).not.toMatch(/price/);

    answer.resolve({ body: ORDER });
    await waitFor(() => expect(router.replace).toHaveBeenCalledTimes(1));
    expect(router.replace).toHaveBeenCalledWith(`/checkout/success?order=${ORDER.order_id}&number=B-10234`);
    expect(onPlaced).toHaveBeenCalledTimes(1);
    expect(useCommonStore.getState().orderIds).toEqual([ORDER.order_id]);
    expect(sessionStorage.getItem('checkout.order_attempt')).toBeNull();
  });

  it('tries again under the same Idempotency-Key after a lost answer, and a new one after a refusal', async () => {
    const replies: TApiReply[] = [
      apiError(503, 'UNAVAILABLE', 'Сервис временно недоступен.'),
      apiError(422, 'BRANCH_CLOSED', 'Ресторан закрыт.'),
      { body: ORDER },
    ];
    const { api, user } = setUp();
    api.on('POST', '/v2/ondemand-order', () => replies.shift() ?? apiError(500, 'NO_MORE', 'no more'));
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));

    // jsdom has no scrollIntoView: a stand-in for this test only.
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    await placeAndConfirm(user);
    const shown = await screen.findByTestId('checkout-refusal');
    expect(shown).toHaveTextContent('Сервис временно недоступен.');
    // Said once, as an alert by the button and brought into view, not as a toast too; the focus stays.
    expect(shown).toHaveAttribute('role', 'alert');
    expect(scrolled.mock.contexts).toContain(shown);
    expect(notify).not.toHaveBeenCalled();
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
    expect(placeButton()).toHaveFocus();
    await placeAndConfirm(user);
    expect(await screen.findByTestId('checkout-refusal')).toHaveTextContent('Ресторан закрыт.');
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
    await placeAndConfirm(user);
    await waitFor(() => expect(router.replace).toHaveBeenCalled());

    const keys = orderCalls(api).map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('continues an attempt a reload left open (sessionStorage)', async () => {
    const { api, user } = setUp();
    api.on('POST', '/v2/ondemand-order', () => ({ body: ORDER }));
    await waitFor(() => expect(placeButton()).not.toHaveAttribute('aria-disabled'));
    // The body this page is about to send, under a key a previous page load stored for it.
    await user.click(placeButton());
    await screen.findByRole('alertdialog');
    const body = quoteBodies(api).at(-1);
    sessionStorage.setItem(
      'checkout.order_attempt',
      JSON.stringify({ key: 'key-from-before-the-reload', fingerprint: JSON.stringify(body) }),
    );
    await user.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    await waitFor(() => expect(orderCalls(api)).toHaveLength(1));
    expect(orderCalls(api)[0]?.headers.get('Idempotency-Key')).toBe('key-from-before-the-reload');
  });
});

const quoteBodies = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('POST', '/v2/ondemand-order/quote').map((c) => c.body as TCreateOrderRequest);
