import type { TLocale, TOrderDetail, TShipper } from '@app/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  branchBySlug,
  confirmDialog as confirmCheckout,
  dishFor,
  placeButton as placeCheckout,
  prepareCheckout,
  storedBranch,
} from '../support/checkout.ts';
import { expect, formatSum, localePath, t, test, tf } from '../support/fixtures.ts';
import { API_URL, DEMO_SHIPPER_ID } from '../support/urls.ts';

/**
 * Paying online and with bonuses (issue 12). Outside production, with the demo provider settings,
 * the API answers an online order's `payment_link` with its own sandbox page (/dev/pay/payme,
 * /dev/pay/click), which calls the API's merchant endpoints over HTTP exactly as Payme and Click do
 * and sends the customer back to the order's page. A new customer's bonus card starts with the demo
 * welcome balance.
 */

const locale: TLocale = 'en';
const o = (key: string) => t(locale, key, 'order');
const of = (key: string, values: Record<string, string | number>) => tf(locale, key, values, 'order');
const c = (key: string) => t(locale, key, 'common');
const sum = (amount: number) => formatSum(amount, locale);

/** Open around the clock (the demo's Chilonzor branch), so the journeys pass at any hour. */
const BRANCH_SLUG = 'tashkent-chilonzor';
/** The demo customer's welcome balance outside production (apps/api/src/env.ts DEMO_LOYALTY_WELCOME_BONUS). */
const WELCOME_BONUS = 20_000;
/** PAYMENT_TIMEOUT_MIN's default, and a minute more. */
const PAST_PAYMENT_TIMEOUT_MS = 31 * 60_000;
/** The job that cancels unpaid orders runs every 30 s (with the scheduled-orders job). */
const JOB_ROUND_MS = 45_000;

type TProvider = 'payme' | 'click';

/**
 * A new customer (signed up through the API: the welcome balance is on their card) with a cart of
 * the dish for pickup from the round-the-clock branch, stored before the first page load and only
 * once, so reloads keep the app's own changes.
 */
async function prepare(page: Page, api: APIRequestContext, amount = 60_000) {
  const branch = await branchBySlug(api, BRANCH_SLUG);
  const { product, quantity } = await dishFor(api, branch, amount);
  const auth = await prepareCheckout(page, api, {
    common: { deliveryType: 'self-pickup', branch: storedBranch(branch) },
    product,
    quantity,
    name: 'Dilnoza',
    lineKey: 'payments-line-1',
  });
  return { auth, product, quantity };
}

async function readOrder(api: APIRequestContext, token: string, orderId: string): Promise<TOrderDetail> {
  const response = await api.get(`/v2/orders/${orderId}`, { headers: { Authorization: token } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TOrderDetail;
}

const placeButton = (page: Page): Locator => placeCheckout(page, locale);
const confirmDialog = (page: Page): Locator => confirmCheckout(page, locale);

/** The sandbox page's buttons (served by the API in the order's language). */
const sandboxPay = (page: Page): Locator => page.getByRole('button', { name: /^\s*pay\b/i });
const sandboxCancel = (page: Page): Locator => page.getByRole('button', { name: /^\s*cancel\b/i });

/** The digits of a sum as shown ('60,000 sum' → 60000). */
const amountOf = async (locator: Locator): Promise<number> =>
  Number(((await locator.textContent()) ?? '').replace(/\D/g, ''));

/**
 * At the checkout: chooses `provider`, places and confirms the order, and follows the browser to the
 * API's sandbox page of that provider. Returns the order's id and its payment link.
 */
async function placeOnline(page: Page, provider: TProvider): Promise<{ orderId: string; link: string }> {
  await page.goto(localePath(locale, '/checkout'));
  await expect(page.getByRole('heading', { level: 1, name: o('checkout.title') })).toBeVisible();
  await page.getByRole('radio', { name: o(`checkout.payment.${provider}`), exact: true }).check();
  await expect(page.getByTestId('checkout-total')).toBeVisible();
  await expect(placeButton(page)).toBeEnabled();
  // The API's answer, kept as it passes (the page leaves for the link at once, taking the response's
  // body with it).
  let answer: { order_id: string; payment_link?: string } | null = null;
  await page.route(
    (url) => url.pathname === '/v2/ondemand-order',
    async (route) => {
      const response = await route.fetch();
      if (route.request().method() === 'POST') answer = await response.json();
      await route.fulfill({ response });
    },
  );
  await placeButton(page).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText(
    of('checkout.confirm.online', { provider: o(`checkout.payment.${provider}`) }),
  );
  await dialog.getByRole('button', { name: o('checkout.confirm.confirm') }).click();
  await page.waitForURL((url) => url.href.startsWith(`${API_URL}/dev/pay/${provider}`));
  const placed = answer as { order_id: string; payment_link?: string } | null;
  if (!placed) throw new Error('POST /v2/ondemand-order was not answered');
  // The demo settings: the link is the API's own sandbox page, not the provider's.
  expect(placed.payment_link ?? '', 'an online order is answered with its payment link').toMatch(
    new RegExp(`^${API_URL}/dev/pay/${provider}\\b`),
  );
  return { orderId: placed.order_id, link: placed.payment_link ?? '' };
}

/** The order's page the provider sends the customer back to. */
const orderPath = (orderId: string) => localePath(locale, `/myorders/${orderId}`);

for (const provider of ['payme', 'click'] as const) {
  test(`pays an order with ${provider} through the sandbox: back on the order's page it is paid and received`, async ({
    page,
    api,
  }) => {
    const { auth } = await prepare(page, api);
    // The checkout offers the shipper's methods, each named, the online ones among them.
    const shipper = (await (await api.get(`/v1/shippers/${DEMO_SHIPPER_ID}`)).json()) as TShipper;
    expect(shipper.payment_types).toEqual(expect.arrayContaining(['payme', 'click']));

    const { orderId } = await placeOnline(page, provider);
    // Until it is paid the kitchen does not see it.
    expect((await readOrder(api, auth.access_token, orderId)).status).toBe('payment-awaited');

    await sandboxPay(page).click();
    await page.waitForURL((url) => url.pathname === orderPath(orderId));
    await expect(page.getByTestId('order-payment')).toHaveAttribute('data-payment', 'paid');
    await expect(page.getByTestId('order-payment')).toContainText(o('payment.paid'));
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'new');
    await expect(page.getByTestId('order-status')).toHaveText(o('statuses.new'));
    await expect(page.getByTestId('order-paid')).toContainText(o('orders.paidYes'));
    await expect(page.getByTestId('order-pay')).toHaveCount(0);

    const order = await readOrder(api, auth.access_token, orderId);
    expect(order).toMatchObject({ status: 'new', paid: true, payment_type: provider, payment_link: null });

    // The status page says the same, and the order is received.
    await page.getByRole('link', { name: o('orders.watchStatus') }).click();
    await expect(page.getByTestId('order-status-page')).toBeVisible();
    await expect(page.getByTestId('order-payment')).toHaveAttribute('data-payment', 'paid');
    await expect(page.locator('[data-testid="status-step"][data-state="current"]')).toHaveAttribute(
      'data-step',
      'received',
    );
  });
}

test('cancelled on the sandbox: payment awaited with a Pay button, then cancelled once the timeout passes', async ({
  page,
  api,
  serverClock,
}) => {
  test.setTimeout(150_000);
  const { auth } = await prepare(page, api);
  const { orderId, link } = await placeOnline(page, 'payme');

  await sandboxCancel(page).click();
  await page.waitForURL((url) => url.pathname === orderPath(orderId));
  const payment = page.getByTestId('order-payment');
  await expect(payment).toHaveAttribute('data-payment', 'awaited');
  await expect(payment).toContainText(o('payment.awaited'));
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'payment-awaited');
  const pay = page.getByRole('link', { name: of('payment.payWith', { provider: 'Payme' }) });
  await expect(pay).toHaveAttribute('href', link);
  await expect(page.getByTestId('order-payment-deadline')).toBeVisible();
  const awaiting = await readOrder(api, auth.access_token, orderId);
  expect(awaiting).toMatchObject({ status: 'payment-awaited', paid: false });
  expect(awaiting.payment_deadline).not.toBeNull();

  // My orders: the order's card offers the same Pay link.
  await page.goto(localePath(locale, '/myorders'));
  const orderCard = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`);
  await expect(orderCard).toBeVisible();
  const cardPay = orderCard.getByRole('link', {
    name: of('orders.payLabel', { number: awaiting.external_order_id }),
  });
  await expect(cardPay).toHaveAttribute('href', link);
  await expect(cardPay).toHaveText(o('payment.pay'));
  await page.goto(orderPath(orderId));
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'payment-awaited');

  // Half an hour and a minute later the job cancels it; the open page follows without a reload.
  await serverClock.advance(PAST_PAYMENT_TIMEOUT_MS);
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'server-cancelled', {
    timeout: JOB_ROUND_MS,
  });
  await expect(page.getByTestId('order-status')).toHaveText(o('statuses.cancelled'));
  await expect(page.getByTestId('order-pay')).toHaveCount(0);
  expect(await readOrder(api, auth.access_token, orderId)).toMatchObject({
    status: 'server-cancelled',
    paid: false,
    payment_link: null,
  });
});

test('pays part of an order with bonuses: rounded down to the hundred, and the card’s balance drops', async ({
  page,
  api,
}) => {
  const { auth } = await prepare(page, api);
  const card = page.getByTestId('loyalty-card');
  const balance = page.getByTestId('loyalty-balance');

  // A new customer's card: the welcome bonus, in the history too.
  await page.goto(localePath(locale, '/profile'));
  await expect(card.getByRole('heading', { name: c('loyalty.title') })).toBeVisible();
  await expect(balance).toHaveText(sum(WELCOME_BONUS));
  const welcome = card.getByTestId('loyalty-movement').first();
  await expect(welcome).toContainText(c('loyalty.reasons.welcome'));
  await expect(welcome.getByTestId('loyalty-movement-amount')).toHaveText(`+${sum(WELCOME_BONUS)}`);

  await page.goto(localePath(locale, '/checkout'));
  await expect(page.getByTestId('checkout-bonus-balance')).toHaveText(
    of('checkout.payment.bonus.balance', { amount: sum(WELCOME_BONUS) }),
  );
  const use = page.getByRole('switch', { name: o('checkout.payment.bonus.use') });
  await expect(use).toBeEnabled();
  // A 60 000+ order may take half its total: the whole welcome balance.
  await expect(page.getByTestId('checkout-bonus-limit')).toHaveText(
    of('checkout.payment.bonus.upTo', { amount: sum(WELCOME_BONUS) }),
  );
  await use.check();
  const field = page.getByRole('textbox', { name: o('checkout.payment.bonus.amount') });
  await field.fill('12345');
  await field.blur();
  await expect(field).toHaveValue('12300');
  await expect(page.getByTestId('checkout-bonus')).toHaveText(`−${sum(12_300)}`);
  const total = await amountOf(page.getByTestId('checkout-order-total'));
  await expect(page.getByTestId('checkout-total')).toHaveText(sum(total - 12_300));
  await expect(page.getByTestId('checkout-place-bar')).toContainText(o('checkout.summary.toPay'));

  // Cash on receipt for the rest.
  await page.getByRole('radio', { name: o('checkout.payment.cash') }).check();
  await expect(placeButton(page)).toBeEnabled();
  const request = page.waitForRequest((r) => r.url().endsWith('/v2/ondemand-order') && r.method() === 'POST');
  await placeButton(page).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText(
    of('checkout.confirm.withBonus', { bonus: sum(12_300), toPay: sum(total - 12_300) }),
  );
  await dialog.getByRole('button', { name: o('checkout.confirm.confirm') }).click();
  expect((await request).postDataJSON()).toMatchObject({ payment_type: 'cash', loyalty_amount: 12_300 });
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/checkout/success'));
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';

  const order = await readOrder(api, auth.access_token, orderId);
  expect(order).toMatchObject({ loyalty_amount: 12_300, amount_to_pay: total - 12_300, total_price: total });

  // The order's page shows the bonus part and what is left for cash.
  await page.goto(orderPath(orderId));
  await expect(page.getByTestId('order-bonus')).toHaveText(`−${sum(12_300)}`);
  await expect(page.getByTestId('order-to-pay')).toHaveText(sum(total - 12_300));

  // The profile: the balance dropped by what the order used, and the history says where it went.
  await page.goto(localePath(locale, '/profile'));
  await expect(balance).toHaveText(sum(WELCOME_BONUS - 12_300));
  const spent = card.getByTestId('loyalty-movement').first();
  await expect(spent).toContainText(c('loyalty.reasons.spent'));
  await expect(spent.getByTestId('loyalty-movement-amount')).toHaveText(`−${sum(12_300)}`);
  await expect(
    spent.getByRole('link', { name: tf(locale, 'loyalty.order', { number: order.external_order_id }) }),
  ).toHaveAttribute('href', orderPath(orderId));
});
