import type { TLocale, TOrderDetail, TOrderEvent, TOrderStatus } from '@app/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { randomPhone, registerThroughApi, signUpThroughDialog, storedUser } from '../support/auth.ts';
import { expect, formatSum, literal, localePath, t, test, tf } from '../support/fixtures.ts';
import { chooseAddressBySearch, cookie, serveTiles } from '../support/location.ts';

/**
 * The whole order journey (issue 5): an address in a zone served by the demo's round-the-clock
 * Chilonzor branch (its kitchen has the seeded vendor account), sign-in, a dish with modifiers and
 * more in the cart, checkout with a promo code, the order placed; its status page follows every
 * step the staff API sends without a reload; then a dish is rated and the order repeated.
 */

const locale: TLocale = 'en';
const o = (key: string) => t(locale, key, 'order');
const of = (key: string, values: Record<string, string | number>) => tf(locale, key, values, 'order');

/** Seeded staff (apps/api/src/db/seed/data/staff.ts); the password is STAFF_DEMO_PASSWORD or its default. */
const STAFF_PASSWORD = process.env.STAFF_DEMO_PASSWORD || 'baraka-staff-demo';
const STAFF = { operator: 'operator', vendor: 'vendor-chilonzor', courier: 'courier' } as const;
/** The local gazetteer's 'Chilonzor Bazaar' lies in the zone of the Chilonzor branch. */
const ADDRESS_QUERY = 'Chilonzor Bazaar';
const BRANCH_SLUG = 'tashkent-chilonzor';
/** The demo promo code anyone may use: 20 000 off an order from 100 000. */
/** The status page's poll interval and its longest wait before trying the stream again (status-feed.ts). */
const POLL_INTERVAL_MS = 10_000;
const LONGEST_RECONNECT_DELAY_MS = 60_000;

const PROMO = 'WELCOME';
const PROMO_MINIMUM = 100_000;

/** The `other` form of a simple ICU plural ('{count, plural, one {# star} other {# stars}}'), for count > 1. */
const plural = (message: string, count: number): string =>
  (/other \{([^}]*)\}/.exec(message)?.[1] ?? message).replace('#', String(count));

async function staffToken(api: APIRequestContext, login: string): Promise<string> {
  const response = await api.post('/v1/staff/login', { data: { login, password: STAFF_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function sendEvent(api: APIRequestContext, token: string, orderId: string, event: TOrderEvent) {
  const response = await api.post(`/v1/staff/orders/${orderId}/events`, {
    data: { event },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `${event}: ${await response.text()}`).toBe(true);
}

async function readOrder(api: APIRequestContext, token: string, orderId: string): Promise<TOrderDetail> {
  const response = await api.get(`/v2/orders/${orderId}`, { headers: { Authorization: token } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TOrderDetail;
}

async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('cart-badge');
  await expect(badge).toHaveAttribute('data-count', /^\d+$/);
  return Number(await badge.getAttribute('data-count'));
}

/** The status page: which step is current (or none) and the order's status. */
async function expectStatus(page: Page, status: TOrderStatus, currentStep: string | null) {
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', status);
  const current = page.locator('[data-testid="status-step"][data-state="current"]');
  if (currentStep) await expect(current).toHaveAttribute('data-step', currentStep);
  else await expect(current).toHaveCount(0);
}

function step(page: Page, name: string): Locator {
  return page.locator(`[data-testid="status-step"][data-step="${name}"]`);
}

test('order journey: address, sign-in, modifiers, promo code, live status through every step, rating, repeat', async ({
  page,
  api,
  demoMenu,
}) => {
  test.setTimeout(240_000);
  await serveTiles(page);

  // 1. An address in a zone: the nearest branch, Chilonzor, becomes the current one.
  await page.goto(localePath(locale));
  await chooseAddressBySearch(page, locale, ADDRESS_QUERY);
  const branchId = await cookie(page, 'branch_id');
  const branches = (await (await api.get('/v1/branches', { params: { limit: 100 } })).json()) as {
    branches: { id: string; slug: string }[];
  };
  expect(branches.branches.find((b) => b.id === branchId)?.slug).toBe(BRANCH_SLUG);

  // 2. Sign in.
  await signUpThroughDialog(page, api, locale, randomPhone(), 'Malika');
  const user = await storedUser(page);
  if (!user) throw new Error('signed in');

  // 3. A dish with a required modifier group, chosen on its page.
  const { product: withModifiers, modifiers } = await demoMenu.productWithRequiredModifier();
  const group = modifiers.product_modifiers.group_modifiers.find((g) => g.min_amount >= 1);
  const variant = group?.variants[0];
  if (!group || !variant) throw new Error('a required group with a variant');
  await page.goto(localePath(locale, `/product/${withModifiers.slug}`));
  const groupBox = page.getByRole('group', { name: group.name[locale] });
  const increase = groupBox.getByRole('button', {
    name: tf(locale, 'product.increaseNamed', { name: variant.title[locale] }),
  });
  const addButton = page.getByRole('button', { name: literal(t(locale, 'product.addToCart')) });
  while (!(await addButton.isEnabled())) await increase.click();
  await addButton.click();
  await expect(
    page.getByText(tf(locale, 'product.added', { name: withModifiers.title[locale] })),
  ).toBeVisible();

  // ... and a simple dish, enough portions for the promo code's minimum.
  const simple = demoMenu.simpleProduct([withModifiers.id]);
  await page.goto(localePath(locale));
  const addSimple = page.getByRole('button', {
    name: tf(locale, 'menu.addNamed', { name: simple.title[locale] }),
  });
  const portions = Math.max(1, Math.ceil(PROMO_MINIMUM / Math.max(simple.out_price, 1)));
  for (let i = 0; i < portions; i++) {
    const before = await badgeCount(page);
    await addSimple.click();
    await expect.poll(() => badgeCount(page)).toBeGreaterThan(before);
  }

  // 4. Cart -> checkout, with the promo code.
  await page.getByTestId('cart-badge').click();
  await page.getByRole('button', { name: o('cart.checkout'), exact: true }).click();
  await page
    .getByRole('alertdialog', { name: o('cart.checkoutTitle') })
    .getByRole('button', { name: o('cart.checkoutConfirm') })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/checkout'));
  const form = page.getByTestId('checkout-form');
  await expect(form.getByTestId('checkout-total')).toBeVisible();
  await form.getByRole('radio', { name: o('checkout.payment.cash') }).check();
  await form.getByTestId('promo-input').fill(PROMO);
  await form.getByRole('button', { name: o('checkout.promo.apply') }).click();
  await expect(form.getByTestId('promo-applied')).toContainText(PROMO);
  await expect(form.getByTestId('checkout-discount')).toBeVisible();
  const shownTotal = (await form.getByTestId('checkout-total').textContent())?.trim();

  // 5. Place it (confirmed first): the success screen leads to the order.
  await form.getByTestId('checkout-place').click();
  await page
    .getByRole('alertdialog', { name: o('checkout.confirm.title') })
    .getByRole('button', { name: o('checkout.confirm.confirm') })
    .click();
  await expect(page.getByText(o('orderCreated')).first()).toBeVisible();
  await page.getByRole('link', { name: o('checkout.success.toOrder') }).click();
  await expect(page).toHaveURL(/\/myorders\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1) as string;

  // The order page: every field, the server's prices.
  const order = await readOrder(api, user.access_token, orderId);
  expect(order.promo_code).toBe(PROMO);
  expect(order.discount_price).toBeGreaterThan(0);
  const detail = page.getByTestId('order-detail');
  // Its own title, not My orders' (the two pages would read alike in tabs and history).
  await expect(page).toHaveTitle(new RegExp(`^${o('orders.detailTitle')} \\| `));
  // And its own heading: the page is one order, not the list of them.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(o('orders.detailTitle'));
  await expect(detail.getByTestId('order-number')).toHaveText(
    of('orders.number', { number: order.external_order_id }),
  );
  await expect(detail.getByTestId('order-status')).toHaveText(o('statuses.new'));
  await expect(detail.getByTestId('order-total')).toHaveText(formatSum(order.total_price, locale));
  expect(shownTotal).toBe(formatSum(order.total_price, locale));
  await expect(detail.getByTestId('order-goods')).toHaveText(formatSum(order.goods_price, locale));
  await expect(detail.getByTestId('order-discount')).toContainText(formatSum(order.discount_price, locale));
  await expect(detail.getByText(of('orders.promoCode', { code: PROMO }))).toBeVisible();
  await expect(detail.getByTestId('order-courier')).toContainText(o('orders.courierNotAssigned'));
  await expect(detail.getByTestId('order-paid')).toContainText(o('orders.paidNo'));
  await expect(detail.getByText(o('orders.paymentTypes.cash'))).toBeVisible();
  await expect(detail.getByTestId('order-line')).toHaveCount(order.lines.length);

  // The list: the order is current.
  await page.goto(localePath(locale, '/myorders'));
  await expect(page).toHaveTitle(new RegExp(`^${o('orders.title')} \\| `));
  await expect(page.getByRole('tab', { name: o('orders.current') })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`)).toBeVisible();

  // 6. The status page, live: each staff event moves it without a reload.
  await page.goto(localePath(locale, `/myorders/${orderId}/status`));
  await expectStatus(page, 'new', 'received');
  await expect(page.getByTestId('status-feed')).toHaveAttribute('data-feed', 'live');
  await expect(step(page, 'on_the_way')).toHaveAttribute('data-state', 'upcoming');
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const operator = await staffToken(api, STAFF.operator);
  const vendor = await staffToken(api, STAFF.vendor);
  const courier = await staffToken(api, STAFF.courier);

  await sendEvent(api, operator, orderId, 'operator-accepted');
  await expectStatus(page, 'operator-accepted', 'received');
  await sendEvent(api, vendor, orderId, 'vendor-accepted');
  await expectStatus(page, 'vendor-accepted', 'being_prepared');
  await expect(step(page, 'received')).toHaveAttribute('data-state', 'done');
  await expect(step(page, 'received').locator('time')).toBeVisible();
  await sendEvent(api, vendor, orderId, 'vendor-ready');
  await expectStatus(page, 'vendor-ready', 'ready');
  await sendEvent(api, courier, orderId, 'courier-accepted');
  await expectStatus(page, 'courier-accepted', 'ready');
  await sendEvent(api, courier, orderId, 'courier-picked');
  await expectStatus(page, 'courier-picked', 'on_the_way');
  await expect(page.getByText(o('status.steps.on_the_way'))).toBeVisible();
  await sendEvent(api, courier, orderId, 'delivered');
  await expectStatus(page, 'delivered', null);
  for (const name of ['received', 'being_prepared', 'ready', 'on_the_way', 'delivered']) {
    await expect(step(page, name)).toHaveAttribute('data-state', 'done');
    await expect(step(page, name).locator('time')).toBeVisible();
  }
  // Delivered is final for the customer: the page says the order is complete, no longer 'live'.
  await expect(page.getByTestId('status-feed')).toHaveText(o('status.finished'));
  await expect(page.getByTestId('status-feed')).toHaveAttribute('data-feed', 'off');
  await expect(page.getByText(o('status.live'))).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // The operator closes the order afterwards; the status page, read again, shows it finished.
  await sendEvent(api, operator, orderId, 'finished');
  await page.reload();
  await expectStatus(page, 'finished', null);
  await expect(page.getByTestId('status-feed')).toHaveText(o('status.finished'));

  // 7. Rate a dish from the order page: once.
  await page.getByRole('link', { name: o('status.toOrder') }).click();
  await expect(page.getByTestId('order-detail')).toBeVisible();
  await expect(page.getByTestId('order-courier')).toContainText('Sardor');
  await expect(page.getByTestId('order-paid')).toContainText(o('orders.paidYes'));
  const dishName = withModifiers.title[locale];
  await page.getByRole('button', { name: of('review.rateNamed', { name: dishName }) }).click();
  const rateDialog = page.getByRole('dialog', {
    name: tf(locale, 'product.reviewForm.title', { name: dishName }),
  });
  await rateDialog.getByRole('button', { name: t(locale, 'product.reviewForm.submit') }).click();
  await expect(rateDialog.getByText(t(locale, 'product.reviewForm.chooseRating'))).toBeVisible();
  await rateDialog.getByRole('radio', { name: plural(t(locale, 'product.reviewForm.stars'), 5) }).check();
  const reviewText = `Hot and fresh ${Date.now()}`;
  await rateDialog.getByRole('textbox').fill(reviewText);
  await rateDialog.getByRole('button', { name: t(locale, 'product.reviewForm.submit') }).click();
  await expect(page.getByText(t(locale, 'product.reviewForm.submitted'))).toBeVisible();
  await expect(rateDialog).toBeHidden();
  const ratedLine = page.locator(`[data-testid="order-line"][data-product-id="${withModifiers.id}"]`);
  await expect(ratedLine.getByTestId('line-rated')).toBeVisible();
  // The button the dialog came from is gone: the focus lands on what replaced it, not on the page.
  await expect(ratedLine.getByTestId('line-rated')).toBeFocused();
  await expect(page.getByRole('button', { name: of('review.rateNamed', { name: dishName }) })).toHaveCount(0);

  // The napkins the delivery got by itself are no dish to rate: said so, with no rating button.
  const napkins = order.lines.find((l) => l.auto_added);
  if (!napkins) throw new Error('a delivery order carries the auto-added napkins');
  const napkinsLine = page.locator(`[data-testid="order-line"][data-product-id="${napkins.product_id}"]`);
  await expect(napkinsLine.getByTestId('line-auto-added')).toHaveText(o('orders.autoAdded'));
  await expect(napkinsLine.getByRole('button')).toHaveCount(0);
  await expect(napkinsLine.getByTestId('line-rated')).toHaveCount(0);

  // The product page shows the review, and says it was given.
  await page.goto(localePath(locale, `/product/${withModifiers.slug}`));
  const reviews = page.getByTestId('product-reviews');
  await expect(reviews.getByText(reviewText)).toBeVisible();
  await expect(reviews.getByTestId('rate-prompt')).toHaveText(t(locale, 'product.reviewForm.alreadyGave'));

  // The order's other dish is rated from its own page: the API names this order for it.
  await page.goto(localePath(locale, `/product/${simple.slug}`));
  const simpleReviews = page.getByTestId('product-reviews');
  await simpleReviews.getByTestId('rate-dish').click();
  const productRateDialog = page.getByRole('dialog', { name: t(locale, 'product.reviewForm.rateDish') });
  await productRateDialog
    .getByRole('radio', { name: plural(t(locale, 'product.reviewForm.stars'), 4) })
    .check();
  await productRateDialog.getByRole('button', { name: t(locale, 'product.reviewForm.submit') }).click();
  await expect(productRateDialog).toBeHidden();
  await expect(simpleReviews.getByTestId('rate-prompt')).toHaveText(
    t(locale, 'product.reviewForm.alreadyGave'),
  );
  await expect(simpleReviews.getByTestId('rate-prompt')).toBeFocused();
  const rated = await readOrder(api, user.access_token, orderId);
  expect(rated.lines.filter((l) => l.product_id === simple.id).map((l) => l.can_review)).toEqual([false]);

  // 8. Repeat the order: the cart is refilled from today's menu.
  await page.goto(localePath(locale, `/myorders/${orderId}`));
  expect(await badgeCount(page)).toBe(0);
  await page.getByTestId('repeat-order').click();
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/cart'));
  await expect(page.getByText(of('orders.repeatAdded', { number: order.external_order_id }))).toBeVisible();
  const lines = page.getByTestId('cart-line');
  await expect(lines.filter({ hasText: dishName })).toHaveCount(1);
  await expect(lines.filter({ hasText: simple.title[locale] })).toHaveCount(1);
  const ordered = order.lines.reduce((n, l) => n + l.quantity, 0);
  await expect.poll(() => badgeCount(page)).toBeGreaterThanOrEqual(ordered);
});

/** A customer signed up through the API and stored in the browser as the storefront stores one. */
async function signInThroughApi(page: Page, api: APIRequestContext): Promise<string> {
  const auth = await registerThroughApi(api, randomPhone(), 'Timur');
  await page.goto(localePath(locale));
  await page.evaluate(
    (user) => {
      localStorage.setItem('auth', JSON.stringify({ state: { user }, version: 1 }));
    },
    { ...auth.user, access_token: auth.access_token },
  );
  return auth.access_token;
}

/** A pickup order at Chilonzor placed through the API (the checkout page is the first journey's part). */
async function placePickupOrder(api: APIRequestContext, token: string, productId: string): Promise<string> {
  const branches = (await (await api.get('/v1/branches', { params: { limit: 100 } })).json()) as {
    branches: { id: string; slug: string }[];
  };
  const branch = branches.branches.find((b) => b.slug === BRANCH_SLUG);
  if (!branch) throw new Error(`the demo has ${BRANCH_SLUG}`);
  const response = await api.post('/v2/ondemand-order', {
    headers: { Authorization: token },
    data: {
      delivery_type: 'self-pickup',
      payment_type: 'card',
      steps: [{ branch_id: branch.id, products: [{ product_id: productId, type: 'simple', quantity: 3 }] }],
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { order_id: string }).order_id;
}

test('the status page falls back to polling when the stream is refused, and goes live again', async ({
  page,
  api,
  demoMenu,
}) => {
  // The page's timers run on the Playwright clock: the 10 s polls and the stream's back-off (3, 10,
  // 30, then every 60 s) pass when the journey says, not on the wall clock.
  await page.clock.install();
  const token = await signInThroughApi(page, api);
  const orderId = await placePickupOrder(api, token, demoMenu.simpleProduct().id);

  // No stream for now: the page reads the order every 10 s instead.
  let refuse = true;
  await page.route('**/status-stream', (route) =>
    refuse ? route.abort('connectionrefused') : route.fallback(),
  );
  await page.goto(localePath(locale, `/myorders/${orderId}/status`));
  await expectStatus(page, 'new', 'received');
  await expect(page.getByTestId('status-feed')).toHaveAttribute('data-feed', 'polling');
  await expect(page.getByTestId('status-feed')).toHaveText(o('status.polling'));
  // Pickup has no "on its way", and reads "ready, waiting for you".
  await expect(step(page, 'on_the_way')).toHaveCount(0);
  await expect(step(page, 'ready')).toContainText(o('status.steps.readyPickup'));

  const operator = await staffToken(api, STAFF.operator);
  const vendor = await staffToken(api, STAFF.vendor);
  await sendEvent(api, operator, orderId, 'operator-accepted');
  await sendEvent(api, vendor, orderId, 'vendor-accepted');
  // The next poll, 10 s on.
  await page.clock.runFor(POLL_INTERVAL_MS);
  await expectStatus(page, 'vendor-accepted', 'being_prepared');

  // The stream is back: the next attempt (at most the longest back-off on) reaches it, and the page
  // is live again.
  refuse = false;
  await page.clock.runFor(LONGEST_RECONNECT_DELAY_MS);
  await expect(page.getByTestId('status-feed')).toHaveAttribute('data-feed', 'live');
  await sendEvent(api, vendor, orderId, 'vendor-ready');
  await expectStatus(page, 'vendor-ready', 'ready');
  await sendEvent(api, vendor, orderId, 'finished');
  await expectStatus(page, 'finished', null);
  await expect(step(page, 'delivered')).toContainText(o('status.steps.deliveredPickup'));
  await expect(page.getByTestId('status-feed')).toHaveText(o('status.finished'));

  // The finished order is history now, and a pickup order shows no courier.
  await page.goto(localePath(locale, '/myorders'));
  await page.getByRole('tab', { name: o('orders.history') }).click();
  await expect(page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`)).toBeVisible();
  await page.goto(localePath(locale, `/myorders/${orderId}`));
  await expect(page.getByTestId('order-status')).toHaveText(o('statuses.completed'));
  await expect(page.getByTestId('order-courier')).toHaveCount(0);
  await expect(page.getByText(o('orders.paymentTypes.card'))).toBeVisible();
});

test('my orders need a customer; another customer’s order is not found', async ({ page, api, demoMenu }) => {
  // Anonymous: the login dialog opens, pointing back at the orders.
  await page.goto(localePath('ru', '/myorders'));
  await expect(page).toHaveURL(
    (url) => url.searchParams.has('login') && url.searchParams.get('next') === '/myorders',
  );
  await expect(page.getByRole('dialog', { name: t('ru', 'auth.title') })).toBeVisible();

  // Someone else's order.
  const other = await registerThroughApi(api, randomPhone(), 'Aziz');
  const theirs = await placePickupOrder(api, other.access_token, demoMenu.simpleProduct().id);
  await signInThroughApi(page, api);
  await page.goto(localePath(locale, `/myorders/${theirs}`));
  await expect(page.getByRole('heading', { name: o('orders.notFound') })).toBeVisible();
  await page.goto(localePath(locale, `/myorders/${theirs}/status`));
  await expect(page.getByRole('heading', { name: o('orders.notFound') })).toBeVisible();
  // Nothing yet: both tabs say so.
  await page.goto(localePath(locale, '/myorders'));
  await expect(page.getByTestId('orders-empty')).toHaveText(literal(o('orders.emptyCurrent')));
  await page.getByRole('tab', { name: o('orders.history') }).click();
  await expect(page.getByText(o('orders.emptyHistory'))).toBeVisible();
  // A dish this customer never ordered: the product page says what rating it takes.
  await page.goto(localePath(locale, `/product/${demoMenu.firstProduct().slug}`));
  await expect(page.getByTestId('product-reviews').getByTestId('rate-prompt')).toHaveText(
    t(locale, 'product.orderToRate'),
  );
});
