import type {
  TBranch,
  TCheckPointResponse,
  TCreateOrderRequest,
  TNearestBranchResponse,
  TOrderQuoteResponse,
} from '@app/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { pickUpAt } from '../support/branch-choice.ts';
import {
  branchBySlug,
  confirmDialog as confirmCheckout,
  dishFor,
  placeButton as placeCheckout,
  prepareCheckout,
  storedBranch,
} from '../support/checkout.ts';
import { expect, formatSum, literal, localePath, t, test, tf } from '../support/fixtures.ts';
import { loc, serveTiles } from '../support/location.ts';

/**
 * Checkout (issue 5): a signed-in customer with a cart and a chosen delivery address or pickup
 * restaurant places an order. The stores the location flow and the cart fill are set up front (their
 * own journeys cover filling them); everything after that is the checkout page against the real API.
 */

const locale = 'en';
const o = (key: string) => t(locale, `checkout.${key}`, 'order');
/** The default map centre: inside a Tashkent delivery zone of the demo chain. */
const CENTRE = { lat: 41.311153, long: 69.279729 };
const TASHKENT_OFFSET_MS = 5 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** 'YYYY-MM-DD' of the Tashkent calendar day `offset` days from now. */
function tashkentDate(offset: number, now = Date.now()): string {
  return new Date(now + TASHKENT_OFFSET_MS + offset * DAY_MS).toISOString().slice(0, 10);
}

/** POST /v2/ondemand-order/quote as the customer: what the checkout should show for this body. */
async function quoteThroughApi(
  api: APIRequestContext,
  token: string,
  body: TCreateOrderRequest,
): Promise<TOrderQuoteResponse> {
  const response = await api.post('/v2/ondemand-order/quote', {
    headers: { Authorization: token, 'Accept-Language': locale },
    data: body,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as TOrderQuoteResponse;
}

const quoteErrors = (page: Page): Locator => page.getByTestId('checkout-quote-errors');

const placeButton = (page: Page): Locator => placeCheckout(page, locale);
const confirmDialog = (page: Page): Locator => confirmCheckout(page, locale);

async function chooseSlot(page: Page, date: string, time: string) {
  await page.getByRole('radio', { name: literal(o('timing.scheduled')) }).check();
  await page.getByLabel(o('timing.day'), { exact: true }).selectOption(date);
  await page.getByLabel(o('timing.time'), { exact: true }).selectOption(`${date}T${time}:00+05:00`);
}

test('pickup with a scheduled time: confirmed, placed once under an Idempotency-Key, success screen', async ({
  page,
  api,
}) => {
  const branch = await branchBySlug(api, 'tashkent-yunusobod');
  const { product, quantity } = await dishFor(api, branch, 60_000);
  const auth = await prepareCheckout(page, api, {
    common: { branch: storedBranch(branch), deliveryType: 'self-pickup' },
    product,
    quantity,
  });

  const quoted = page.waitForRequest((r) => r.url().endsWith('/v2/ondemand-order/quote'));
  await page.goto(localePath(locale, '/checkout'));
  await expect(page.getByRole('heading', { level: 1, name: o('title') })).toBeVisible();
  await expect(page.getByTestId('checkout-where')).toContainText(branch.name.en);
  // The server prices the order the page would place: the quote's body carries no price either.
  expect((await quoted).postData() ?? '').not.toMatch(/price/);
  // Pickup costs nothing, and the server's total is shown.
  await expect(page.getByTestId('checkout-delivery')).toHaveText(o('summary.free'));
  await expect(page.getByTestId('checkout-goods')).toHaveText(
    formatSum(product.out_price * quantity, locale),
  );

  const tomorrow = tashkentDate(1);
  await chooseSlot(page, tomorrow, '12:00');
  await page.getByRole('radio', { name: o('payment.card') }).check();
  await page.getByLabel(o('comment.label')).fill('Please pack the bread separately');

  await placeButton(page).click();
  const dialog = confirmDialog(page);
  await expect(dialog).toContainText(branch.name.en);
  // Mid-sentence the day is in lower case ('..., tomorrow at 12:00.'), not the day picker's 'Tomorrow'.
  await expect(dialog).toContainText(
    tf(locale, 'checkout.confirm.at', { day: o('confirm.tomorrow'), time: '12:00' }, 'order'),
  );
  await expect(dialog).not.toContainText(o('timing.tomorrow'));
  // Cancel changes nothing; the order is placed only after confirming.
  await dialog.getByRole('button', { name: t(locale, 'actions.cancel') }).click();
  await expect(dialog).toBeHidden();

  await placeButton(page).click();
  const request = page.waitForRequest((r) => r.url().endsWith('/v2/ondemand-order') && r.method() === 'POST');
  await dialog.getByRole('button', { name: o('confirm.confirm') }).click();
  const sent = await request;
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const body = sent.postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    delivery_type: 'self-pickup',
    payment_type: 'card',
    future_time: `${tomorrow}T12:00:00+05:00`,
    is_preorder: true,
    comment: 'Please pack the bread separately',
  });
  // The storefront never sends a price.
  expect(JSON.stringify(body)).not.toMatch(/price/);

  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/checkout/success'));
  await expect(
    page.getByRole('status').filter({ hasText: t(locale, 'orderCreated', 'order') }),
  ).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  await expect(page.getByTestId('order-number')).toHaveText(/B-\d+/);
  await expect(page.getByRole('link', { name: o('success.toOrder') })).toHaveAttribute(
    'href',
    localePath(locale, `/myorders/${orderId}`),
  );
  await expect(page.getByTestId('cart-badge')).toHaveAttribute('data-count', '0');
  const orderIds = await page.evaluate(
    () => JSON.parse(localStorage.getItem('common') ?? '{}').state?.orderIds,
  );
  expect(orderIds).toEqual([orderId]);

  // The API has it as a scheduled order at the chosen time, priced by the server.
  const order = await api.get(`/v2/orders/${orderId}`, { headers: { Authorization: auth.access_token } });
  expect(order.ok(), await order.text()).toBe(true);
  expect(await order.json()).toMatchObject({
    status: 'future',
    delivery_type: 'self-pickup',
    payment_type: 'card',
    goods_price: product.out_price * quantity,
    delivery_price: 0,
  });
});

test.describe('a closed restaurant (spec section 5)', () => {
  test('blocks ordering as soon as possible while closed (Playwright clock)', async ({ page, api }) => {
    // The next 05:00 in Tashkent: tashkent-amir-temur (10:00-03:00) is closed then.
    const next5 = new Date(`${tashkentDate(0)}T05:00:00+05:00`);
    if (next5.getTime() <= Date.now()) next5.setTime(next5.getTime() + DAY_MS);
    await page.clock.setFixedTime(next5);
    const branch = await branchBySlug(api, 'tashkent-amir-temur');
    const { product, quantity } = await dishFor(api, branch, 60_000);
    await prepareCheckout(page, api, {
      common: { branch: storedBranch(branch), deliveryType: 'self-pickup' },
      product,
      quantity,
    });

    await page.goto(localePath(locale, '/checkout'));
    await expect(page.getByTestId('branch-closed')).toHaveText(
      tf(locale, 'closedBranch', { time: branch.work_hour_start }, 'location'),
    );
    await expect(page.getByTestId('checkout-total')).toBeVisible();
    await expect(placeButton(page)).toBeDisabled();
    // It keeps the focus (aria-disabled), so it says why: the notice, then the total.
    await expect(placeButton(page)).toHaveAccessibleDescription(
      new RegExp(
        `^${literal(tf(locale, 'closedBranch', { time: branch.work_hour_start }, 'location')).source}\\s+${literal(o('summary.total')).source}`,
      ),
    );
    await expect(page.getByText(o('timing.closedHint'))).toBeVisible();
  });

  test('a time the restaurant does not work: the quote says so, and placing re-checks it', async ({
    page,
    api,
  }) => {
    const branch = await branchBySlug(api, 'tashkent-amir-temur');
    const { product, quantity } = await dishFor(api, branch, 60_000);
    // The browser's copy of the branch says "around the clock" (stale); the API knows 10:00-03:00.
    const auth = await prepareCheckout(page, api, {
      common: { branch: storedBranch(branch, { start: '00:00', end: '23:59' }), deliveryType: 'self-pickup' },
      product,
      quantity,
    });
    const date = tashkentDate(1);
    // The branch's live read (every 4 s) brings its hours up to date (the next test); held back here,
    // the page keeps the stale copy, as it does between a manager's change of hours and the next read.
    await page.route('**/v2/stop-list?**', (route) => route.abort());

    await page.goto(localePath(locale, '/checkout'));
    await expect(page.getByTestId('checkout-total')).toBeVisible();
    await chooseSlot(page, date, '05:00');

    // The same order sent straight to the API is refused; the quote already shows exactly its message.
    const direct = await api.post('/v2/ondemand-order', {
      headers: { Authorization: auth.access_token, 'Accept-Language': locale },
      data: {
        delivery_type: 'self-pickup',
        payment_type: 'cash',
        future_time: `${date}T05:00:00+05:00`,
        is_preorder: true,
        steps: [{ branch_id: branch.id, products: [{ product_id: product.id, type: 'simple', quantity }] }],
      },
    });
    expect(direct.status()).toBe(422);
    const { message } = (await direct.json()) as { message: string };
    await expect(quoteErrors(page)).toContainText(message);
    await expect(placeButton(page)).toBeDisabled();

    // Should a quote have found nothing (the hours changed in between), placing still checks again.
    await page.route('**/v2/ondemand-order/quote', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as TOrderQuoteResponse;
      await route.fulfill({ response, json: { ...json, errors: [] } });
    });
    await page.getByLabel(o('comment.label')).fill('Ring twice');
    await expect(quoteErrors(page)).toBeHidden();
    await placeButton(page).click();
    await confirmDialog(page)
      .getByRole('button', { name: o('confirm.confirm') })
      .click();
    await expect(page.getByTestId('checkout-refusal')).toHaveText(message);
    await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/checkout'));
    // Nothing was placed: the cart is as it was.
    await expect(page.getByTestId('checkout-lines')).toContainText(product.title.en);
  });

  test("a stale copy of the branch's hours is brought up to date by the live read, without a new choice", async ({
    page,
    api,
  }) => {
    const branch = await branchBySlug(api, 'tashkent-amir-temur');
    // Chosen while the branch worked around the clock; a manager has since set 10:00-03:00. No
    // sign-in: the menu page's live read does it.
    await pickUpAt(page.context(), { ...branch, work_hour_start: '00:00', work_hour_end: '23:59' });
    await page.goto(localePath(locale));
    const storedHours = () =>
      page.evaluate(() => {
        const stored = JSON.parse(localStorage.getItem('common') ?? '{}').state?.branch;
        return stored ? `${stored.work_hour_start}-${stored.work_hour_end}` : null;
      });
    await expect
      .poll(storedHours, { timeout: 10_000 })
      .toBe(`${branch.work_hour_start}-${branch.work_hour_end}`);
  });
});

test('a stale cart price is the server’s; cash change below the total is refused; enough cash places the order', async ({
  page,
  api,
}) => {
  // Open around the clock, so the journey passes at any hour.
  const branch = await branchBySlug(api, 'tashkent-chilonzor');
  const { product, quantity } = await dishFor(api, branch, 60_000);
  // The cart remembers the dish 1 000 cheaper than the menu sells it now.
  const auth = await prepareCheckout(page, api, {
    common: { branch: storedBranch(branch), deliveryType: 'self-pickup' },
    product,
    quantity,
    storedPrice: product.out_price - 1_000,
  });
  const server = await quoteThroughApi(api, auth.access_token, {
    delivery_type: 'self-pickup',
    payment_type: 'cash',
    steps: [{ branch_id: branch.id, products: [{ product_id: product.id, type: 'simple', quantity }] }],
  });
  expect(server.goods_price).toBe(product.out_price * quantity);

  await page.goto(localePath(locale, '/checkout'));
  // Goods, the line and the total are the server's; the cart took the new price, and says so.
  await expect(page.getByTestId('checkout-goods')).toHaveText(formatSum(server.goods_price, locale));
  await expect(page.getByTestId('checkout-line-price')).toHaveText(formatSum(server.goods_price, locale));
  await expect(page.getByTestId('checkout-total')).toHaveText(formatSum(server.total_price, locale));
  await expect(page.getByTestId('checkout-price-changed')).toContainText(product.title.en);
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state?.lines?.[0]?.price),
    )
    .toBe(product.out_price);
  const total = server.total_price;

  await page.getByRole('radio', { name: o('payment.cash') }).check();
  const change = page.getByLabel(o('payment.changeFrom'));
  await change.fill(String(total - 1_000));
  await change.blur();
  await expect(page.getByText(o('errors.changeBelowTotal'))).toBeVisible();
  await expect(change).toHaveAttribute('aria-invalid', 'true');
  // The server's quote refuses it as well: placing is not offered.
  await expect(placeButton(page)).toBeDisabled();

  await change.fill(String(Math.ceil(total / 10_000) * 10_000 + 10_000));
  await expect(page.getByText(o('errors.changeBelowTotal'))).toBeHidden();
  await placeButton(page).click();
  await confirmDialog(page)
    .getByRole('button', { name: o('confirm.confirm') })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/checkout/success'));
});

test('delivery: every amount from the server’s quote, a wrong promo code refused, a right one applied', async ({
  page,
  api,
}) => {
  const check = await api.get('/v1/check_point_delivery_zones', {
    params: { lat: CENTRE.lat, lon: CENTRE.long },
  });
  const zone = ((await check.json()) as TCheckPointResponse).result[0];
  if (!zone) throw new Error('the demo centre must be inside a delivery zone');
  const nearest = await api.get('/v1/nearest-branch', {
    params: { lat: CENTRE.lat, long: CENTRE.long, delivery_zone_id: zone.id },
  });
  const branch = ((await nearest.json()) as TNearestBranchResponse).branches.find((b) => b.is_active);
  if (!branch) throw new Error('an active branch serves the demo centre');
  // WELCOME takes 20 000 off from 100 000.
  const { product, quantity } = await dishFor(api, branch, Math.max(110_000, zone.min_order_amount));
  const goods = product.out_price * quantity;
  const auth = await prepareCheckout(page, api, {
    common: {
      deliveryType: 'delivery',
      branch: storedBranch(branch),
      location: CENTRE,
      deliveryZoneId: zone.id,
      points: [
        {
          id: 'p-1',
          location: [CENTRE.lat, CENTRE.long],
          address: 'Amir Temur avenue 1',
          name: '',
          city: 'tashkent',
          isActive: true,
        },
      ],
    },
    product,
    quantity,
  });
  const body = (promo_code?: string): TCreateOrderRequest => ({
    delivery_type: 'delivery',
    payment_type: 'cash',
    to_address: 'Amir Temur avenue 1',
    to_location: CENTRE,
    delivery_zone_id: zone.id,
    ...(promo_code ? { promo_code } : {}),
    steps: [{ branch_id: branch.id, products: [{ product_id: product.id, type: 'simple', quantity }] }],
  });
  const plain = await quoteThroughApi(api, auth.access_token, body());
  expect(plain.goods_price).toBe(goods);
  // The restaurant may be closed at this hour (the page says so in its own notice): nothing else refuses.
  const closedNow = plain.errors.some((e) => e.code === 'BRANCH_CLOSED');
  expect(plain.errors.filter((e) => e.code !== 'BRANCH_CLOSED')).toEqual([]);

  await page.goto(localePath(locale, '/checkout'));
  await expect(page.getByTestId('checkout-where')).toContainText('Amir Temur avenue 1');
  await expect(page.getByTestId('checkout-delivery')).toHaveText(
    plain.delivery_price === 0 ? o('summary.free') : formatSum(plain.delivery_price, locale),
  );
  await expect(page.getByTestId('checkout-total')).toHaveText(formatSum(plain.total_price, locale));
  // The courier calls by default; without the call, apartment, entrance and floor are required.
  const courierCall = page.getByRole('checkbox', { name: literal(o('details.courierCall')) });
  await expect(courierCall).toBeChecked();
  await courierCall.uncheck();
  // The server refuses an order without them too: placing waits until they are there.
  await expect(quoteErrors(page)).toBeVisible();
  await expect(placeButton(page)).toBeDisabled();
  const apartment = page.getByRole('textbox', { name: o('details.apartment'), exact: true });
  await apartment.focus();
  await apartment.blur();
  await expect(apartment).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(o('errors.required'))).toBeVisible();
  await apartment.fill('12');
  await expect(apartment).not.toHaveAttribute('aria-invalid', 'true');
  await courierCall.check();
  await expect(quoteErrors(page)).toBeHidden();
  if (!closedNow) await expect(placeButton(page)).toBeEnabled();

  // The quote answers a promo code's refusal by the promo field; the order is still priced without it.
  const wrong = (await quoteThroughApi(api, auth.access_token, body('NO-SUCH-CODE'))).errors.find(
    (e) => e.field === 'promo_code',
  );
  expect(wrong?.code).toBe('PROMO_CODE_NOT_FOUND');
  const promo = page.getByRole('textbox', { name: o('promo.label'), exact: true });
  await promo.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: o('promo.apply') }).click();
  await expect(page.getByRole('alert').filter({ hasText: wrong?.message ?? '' })).toBeVisible();
  await expect(page.getByTestId('promo-applied')).toHaveCount(0);

  const right = await quoteThroughApi(api, auth.access_token, body('WELCOME'));
  expect(right.errors.filter((e) => e.code !== 'BRANCH_CLOSED')).toEqual([]);
  await promo.fill('welcome');
  await page.getByRole('button', { name: o('promo.apply') }).click();
  await expect(page.getByTestId('promo-applied')).toContainText(
    tf(locale, 'checkout.promo.applied', { code: 'WELCOME' }, 'order'),
  );
  await expect(page.getByTestId('checkout-discount')).toHaveText(
    `−${formatSum(right.discount_price, locale)}`,
  );
  await expect(page.getByTestId('checkout-total')).toHaveText(formatSum(right.total_price, locale));
  // Kept for the session: a reload keeps the applied code.
  await page.reload();
  await expect(page.getByTestId('promo-applied')).toBeVisible();
  await page
    .getByRole('button', { name: tf(locale, 'checkout.promo.removeNamed', { code: 'WELCOME' }, 'order') })
    .click();
  await expect(page.getByTestId('checkout-discount')).toHaveCount(plain.discount_price > 0 ? 1 : 0);
  await expect(page.getByTestId('checkout-total')).toHaveText(formatSum(plain.total_price, locale));
});

/** The stores of a delivery to `point` (an active saved address there), served by `branch`. */
const deliveryTo = (branch: TBranch, point: { lat: number; long: number }, zoneId: string | null) => ({
  deliveryType: 'delivery',
  branch: storedBranch(branch),
  location: point,
  deliveryZoneId: zoneId,
  points: [
    {
      id: 'p-1',
      location: [point.lat, point.long],
      address: 'Amir Temur avenue 1',
      name: '',
      city: 'tashkent',
      isActive: true,
    },
  ],
});

test('outside every zone: Order pickup opens the map on its pickup tab, Another address on delivery', async ({
  page,
  api,
}) => {
  // West of the city: the demo chain has zones, none holds it.
  const outside = { lat: CENTRE.lat, long: 68.94 };
  const check = await api.get('/v1/check_point_delivery_zones', {
    params: { lat: outside.lat, lon: outside.long },
  });
  const zones = (await check.json()) as TCheckPointResponse;
  expect(zones.all_count).toBeGreaterThan(0);
  expect(zones.result).toEqual([]);
  const branch = await branchBySlug(api, 'tashkent-chilonzor');
  const { product, quantity } = await dishFor(api, branch, 60_000);
  await prepareCheckout(page, api, { common: deliveryTo(branch, outside, null), product, quantity });
  await serveTiles(page);

  await page.goto(localePath(locale, '/checkout'));
  const notice = page.getByRole('alert').filter({ hasText: loc(locale, 'outOfZone') });
  await expect(notice).toBeVisible();
  await expect(placeButton(page)).toBeDisabled();

  await notice.getByRole('button', { name: o('where.orderPickup') }).click();
  const dialog = page.getByRole('dialog', { name: loc(locale, 'mapDialog.title') });
  await expect(dialog.getByRole('tab', { name: loc(locale, 'selfPickup') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await notice.getByRole('button', { name: o('where.anotherAddress') }).click();
  await expect(dialog.getByRole('tab', { name: loc(locale, 'delivery') })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the total and Place order stay in reach, and no focused field hides behind them', async ({
    page,
    api,
  }) => {
    // Delivered from Chilonzor (open around the clock) to its own door, inside its zone.
    const branch = await branchBySlug(api, 'tashkent-chilonzor');
    const check = await api.get('/v1/check_point_delivery_zones', {
      params: { lat: branch.location.lat, lon: branch.location.long },
    });
    const zone = ((await check.json()) as TCheckPointResponse).result[0];
    if (!zone?.branch_ids.includes(branch.id)) throw new Error('Chilonzor delivers to its own zone');
    const { product, quantity } = await dishFor(api, branch, Math.max(110_000, zone.min_order_amount));
    await prepareCheckout(page, api, {
      common: deliveryTo(branch, branch.location, zone.id),
      product,
      quantity,
    });

    await page.goto(localePath(locale, '/checkout'));
    const total = page.getByTestId('checkout-total');
    await expect(total).toHaveText(/\d/);
    // The root's scroll padding (globals.css, while the page's root is marked data-bottom-bar-page)
    // is what keeps a focused field clear of the bar; the menu page has none.
    const scrollPadding = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom);
    expect(await scrollPadding()).toBe('128px');
    // The form is several screens long, and the page has not scrolled...
    const { scrollY, height } = await page.evaluate(() => ({
      scrollY: window.scrollY,
      height: document.documentElement.scrollHeight,
    }));
    expect(scrollY).toBe(0);
    expect(height).toBeGreaterThan(3 * 844);
    // ...yet the total and the button are on screen, whole.
    await expect(total).toBeInViewport({ ratio: 1 });
    await expect(placeButton(page)).toBeInViewport({ ratio: 1 });
    await expect(placeButton(page)).toBeEnabled();
    await expect(placeButton(page)).toHaveAccessibleDescription(literal(o('summary.total')));

    // Every field the customer moves to stays above the bar.
    const bar = page.getByTestId('checkout-place-bar');
    const fields = page.getByTestId('checkout-form').getByRole('textbox');
    expect(await fields.count()).toBeGreaterThan(5);
    for (const field of await fields.all()) {
      await field.focus();
      const [box, barBox] = await Promise.all([field.boundingBox(), bar.boundingBox()]);
      if (!box || !barBox) throw new Error('the field and the bar have boxes');
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(barBox.y);
    }

    // At the end of the page the bar comes to rest after the summary: the footer is not covered.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const [goods, barAtEnd, footer] = await Promise.all([
      page.getByTestId('checkout-goods').boundingBox(),
      bar.boundingBox(),
      page.getByRole('contentinfo').boundingBox(),
    ]);
    if (!goods || !barAtEnd || !footer) throw new Error('the summary, the bar and the footer have boxes');
    expect(goods.y + goods.height).toBeLessThanOrEqual(barAtEnd.y);
    expect(barAtEnd.y + barAtEnd.height).toBeLessThanOrEqual(footer.y);

    // It is the form's real submit button: it asks to confirm the order.
    await page.evaluate(() => window.scrollTo(0, 0));
    await placeButton(page).click();
    await expect(confirmDialog(page)).toBeVisible();

    // A refusal, pressed from the top of the form: the message is far below, at the end of the
    // summary. It is brought into view above the bar, the focus stays on the button, and it is said
    // once (an alert), not also as a toast.
    const refusalText = 'The restaurant stopped taking orders a moment ago.';
    await page.route('**/v2/ondemand-order', (route) =>
      route.fulfill({
        status: 422,
        json: { statusCode: 422, code: 'BRANCH_CLOSED', message: refusalText },
      }),
    );
    await confirmDialog(page)
      .getByRole('button', { name: o('confirm.confirm') })
      .click();
    const refusal = page.getByTestId('checkout-refusal');
    await expect(refusal).toHaveText(refusalText);
    await expect(refusal).toHaveAttribute('role', 'alert');
    await expect(refusal).toBeInViewport({ ratio: 1 });
    const [refusalBox, barNow] = await Promise.all([refusal.boundingBox(), bar.boundingBox()]);
    if (!refusalBox || !barNow) throw new Error('the refusal and the bar have boxes');
    expect(refusalBox.y + refusalBox.height).toBeLessThanOrEqual(barNow.y);
    await expect(placeButton(page)).toBeFocused();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

    await page.goto(localePath(locale, '/'));
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    expect(await scrollPadding()).toBe('auto');
  });
});
