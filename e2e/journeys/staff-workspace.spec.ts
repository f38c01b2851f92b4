import type { TLocale, TOrderStatus } from '@app/contracts';
import type { BrowserContext, Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { randomPhone, registerThroughApi } from '../support/auth.ts';
import { type CspWatch, expect, localePath, t, test, tf } from '../support/fixtures.ts';
import { device, placeDeliveryOrder, signIn } from '../support/staff.ts';
import { WEB_URL } from '../support/urls.ts';

/**
 * The staff workspace (issue 13): its sign-in, its guards and its own 404, and the whole chain at once in separate
 * browser contexts. A customer's delivery order at Chilonzor reaches the operator's queue without a
 * reload and with an alert; the operator accepts it; the Chilonzor kitchen (vendor-chilonzor) accepts
 * it and marks it ready; the courier takes it, picks it up and delivers it; the customer's status
 * page follows every step.
 */

const locale: TLocale = 'en';
const s = (key: string) => t(locale, key, 'staff');
const sf = (key: string, values: Record<string, string | number>) => tf(locale, key, values, 'staff');

async function markNotReloaded(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

test('staff sign-in: its own page, noindex, never cached, field and API errors, a wait after many failures', async ({
  page,
  request,
  api,
  serverClock,
}) => {
  const response = await page.goto(localePath(locale, '/staff'));
  expect(response?.headers()['x-html-cache']).toBeUndefined();
  await expect(page.getByRole('heading', { name: s('signIn.title') })).toBeVisible();
  await expect(page).toHaveTitle(s('meta.title'));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  // The workspace's own layout: no customer header, cart or footer.
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  // Robots and the sitemap keep it out of search engines.
  const robots = await (await request.get('/robots.txt')).text();
  for (const prefix of ['', '/uz', '/en']) expect(robots).toContain(`Disallow: ${prefix}/staff`);
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/staff');
  // A screen needs a session: back to the sign-in.
  await page.goto(localePath(locale, '/staff/operator'));
  await expect(page).toHaveURL(/\/en\/staff$/);

  // The form checks its fields before sending.
  await page.getByRole('button', { name: s('signIn.submit') }).click();
  await expect(page.getByText(s('signIn.loginTooShort'))).toBeVisible();
  await expect(page.getByLabel(s('signIn.login'))).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(s('signIn.passwordTooShort'))).toBeVisible();
  await expectAccessible(page, 'staff sign-in with field errors');

  // A wrong pair: the API's refusal, as it words it.
  const login = `ghost-${Date.now()}`;
  const alert = page.getByTestId('sign-in-error');
  for (let i = 0; i < 2; i++) {
    await signIn(page, login, 'not-the-password');
    await expect(alert).toBeVisible();
    await expect(alert).not.toHaveText(s('signIn.failed'));
  }
  // Many more: the API asks to wait, longer each time (its clock moved instead of waiting it out),
  // until the wait outlasts the next attempt typed in the form: the form shows the API's 429.
  for (;;) {
    const attempt = await api.post('/v1/staff/login', { data: { login, password: 'not-the-password' } });
    if (attempt.status() === 429) {
      const wait = Number(attempt.headers()['retry-after']);
      if (wait >= 8) break;
      await serverClock.advance(wait * 1000 + 100);
    } else expect(attempt.status()).toBe(401);
  }
  const refused = page.waitForResponse((r) => r.url().endsWith('/v1/staff/login'));
  await signIn(page, login, 'not-the-password');
  expect((await refused).status()).toBe(429);
  await expect(alert).toHaveText(/\d/);
  await expectAccessible(page, 'staff sign-in refused');

  // In Uzbek and Russian too, with the language switch.
  await page.getByRole('link', { name: "O'zbekcha" }).click();
  await expect(page).toHaveURL(/\/uz\/staff$/);
  await expect(page.getByRole('heading', { name: t('uz', 'signIn.title', 'staff') })).toBeVisible();
  await expect(page).toHaveTitle(t('uz', 'meta.title', 'staff'));
  await page.getByRole('link', { name: 'Русский' }).click();
  await expect(page.getByRole('heading', { name: t('ru', 'signIn.title', 'staff') })).toBeVisible();
  await expect(page).toHaveURL(`${WEB_URL}/staff`);
  await expect(page).toHaveTitle(t('ru', 'meta.title', 'staff'));
});

test('an unknown staff address: the workspace’s own 404, not the shop’s', async ({ page }) => {
  for (const [lang, path] of [
    ['ru', '/staff/unknown'],
    ['en', '/en/staff/unknown'],
    ['ru', '/staff/manager/unknown'],
    ['uz', '/uz/staff/no/such/page'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(response?.headers()['x-html-cache'], path).toBeUndefined();
    const notFound = page.locator('[data-staff-not-found]');
    await expect(notFound.getByRole('heading', { name: t(lang, 'notFound.title', 'staff') })).toBeVisible();
    await expect(notFound).toContainText(t(lang, 'notFound.text', 'staff'));
    // The workspace's frame (its header and language switch), noindex, and nothing of the customer's.
    await expect(page.getByRole('banner')).toContainText(t(lang, 'shell.brand', 'staff'));
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page.getByText(t(lang, 'errors.notFoundText'))).toHaveCount(0);
    // A signed-out visitor is not sent away from it: it stays the 404.
    await expect(page).toHaveURL(`${WEB_URL}${path}`);
    await expectAccessible(page, `staff 404 (${lang})`);
  }
  // The way back: the workspace's sign-in.
  await page.getByRole('link', { name: t('uz', 'notFound.back', 'staff') }).click();
  await expect(page).toHaveURL(/\/uz\/staff$/);
  await expect(page.getByRole('heading', { name: t('uz', 'signIn.title', 'staff') })).toBeVisible();
});

test('the whole chain live: customer, operator, kitchen and courier on their own devices', async ({
  browser,
  api,
}) => {
  test.setTimeout(240_000);
  const contexts: BrowserContext[] = [];
  const watches: CspWatch[] = [];
  const open = async (viewport?: { width: number; height: number }) => {
    const d = await device(browser, viewport);
    contexts.push(d.context);
    watches.push(d.csp);
    return d.page;
  };
  try {
    // The operator's desk: signed in, the queue open and live.
    const operator = await open();
    await signIn(operator, 'operator');
    await expect(operator).toHaveURL(/\/en\/staff\/operator$/);
    await expect(operator.getByRole('heading', { name: s('operator.title') })).toBeVisible();
    await expect(operator.locator('[data-live]')).toHaveAttribute('data-live', 'live');
    await markNotReloaded(operator);

    // The kitchen's tablet and the courier's phone.
    const kitchen = await open({ width: 1024, height: 768 });
    await signIn(kitchen, 'vendor-chilonzor');
    await expect(kitchen).toHaveURL(/\/en\/staff\/kitchen$/);
    await expect(kitchen.locator('[data-live]')).toHaveAttribute('data-live', 'live');
    const courier = await open({ width: 360, height: 740 });
    await signIn(courier, 'courier');
    await expect(courier).toHaveURL(/\/en\/staff\/courier$/);
    await expect(courier.locator('[data-live]')).toHaveAttribute('data-live', 'live');
    // A member who opens another role's screen is sent back to the own one.
    await courier.goto(localePath(locale, '/staff/operator'));
    await expect(courier).toHaveURL(/\/en\/staff\/courier$/);
    await markNotReloaded(kitchen);
    await markNotReloaded(courier);

    // The customer places a delivery order and watches its status page.
    const customer = await open();
    const auth = await registerThroughApi(api, randomPhone(), 'Dilnoza');
    await customer.goto(localePath(locale));
    await customer.evaluate(
      (user) => localStorage.setItem('auth', JSON.stringify({ state: { user }, version: 1 })),
      { ...auth.user, access_token: auth.access_token },
    );
    const order = await placeDeliveryOrder(api, auth.access_token);
    await customer.goto(localePath(locale, `/myorders/${order.id}/status`));
    const customerStatus = (status: TOrderStatus) =>
      expect(customer.getByTestId('order-status')).toHaveAttribute('data-status', status);
    await customerStatus('new');

    // The operator's queue shows it without a reload, highlighted, with a toast.
    const row = operator.locator(`tr[data-order="${order.number}"]`);
    await expect(row).toBeVisible();
    await expect(row).toHaveAttribute('data-fresh', 'true');
    await expect(operator.getByText(sf('operator.newOrder', { number: order.number }))).toBeVisible();
    await expectNotReloaded(operator);
    await expectAccessible(operator, 'operator queue with a new order');
    // The keys: / goes to the search (a number finds the order), j chooses a row, Enter opens its card.
    await operator.keyboard.press('/');
    const search = operator.getByRole('searchbox', { name: s('operator.search') });
    await expect(search).toBeFocused();
    await search.fill(order.number);
    await expect(operator.locator('tbody tr')).toHaveCount(1);
    await expect(row).toBeVisible();
    await operator.getByRole('heading', { name: s('operator.title') }).click();
    await operator.keyboard.press('j');
    await expect(row).toHaveAttribute('aria-current', 'true');
    await operator.keyboard.press('Enter');
    // The whole card: the customer's phone to call, the address with its details and a map, the items.
    const card = operator.getByRole('dialog', { name: sf('order.card', { number: order.number }) });
    await expect(card.getByRole('link', { name: /\+998/ })).toHaveAttribute('href', /^tel:\+998/);
    await expect(card.getByText(sf('order.apartment', { value: '14' }), { exact: false })).toBeVisible();
    await expect(card.getByRole('link', { name: s('order.openMap') })).toHaveAttribute('href', /^geo:41\.27/);
    await expect(card.getByText('No onions, please')).toBeVisible();
    await expect(card.getByText('Dilnoza')).toBeVisible();
    await expectAccessible(operator, 'operator order card');
    await card.getByRole('button', { name: s('events.operator-accepted') }).click();
    await expect(card.locator('[data-status]').first()).toHaveAttribute('data-status', 'operator-accepted');
    await customerStatus('operator-accepted');
    await operator.keyboard.press('Escape');
    await expect(card).toBeHidden();

    // The kitchen: the ticket arrives under "to accept"; accepted, it cooks; then it is ready.
    const ticket = kitchen.locator(`article[data-order="${order.number}"]`);
    await expect(kitchen.locator('[data-column="toAccept"]').locator(ticket)).toBeVisible();
    await expect(ticket.getByText('No onions, please')).toBeVisible();
    await expectAccessible(kitchen, 'kitchen display');
    await ticket.getByRole('button', { name: s('events.vendor-accepted') }).click();
    await expect(kitchen.locator('[data-column="cooking"]').locator(ticket)).toBeVisible();
    await customerStatus('vendor-accepted');
    await ticket.getByRole('button', { name: s('events.vendor-ready') }).click();
    await expect(kitchen.locator('[data-column="ready"]').locator(ticket)).toBeVisible();
    await customerStatus('vendor-ready');
    await expectNotReloaded(kitchen);

    // The courier: ready to take, taken, picked up, delivered.
    const delivery = courier.locator(`article[data-order="${order.number}"]`);
    await expect(courier.locator('[data-list="take"]').locator(delivery)).toBeVisible();
    await delivery.getByRole('button', { name: s('events.courier-accepted') }).click();
    await expect(courier.locator('[data-list="mine"]').locator(delivery)).toBeVisible();
    await customerStatus('courier-accepted');
    await expect(delivery.getByRole('link', { name: /\+998/ })).toHaveAttribute('href', /^tel:\+998/);
    await expect(delivery.getByRole('link', { name: s('order.openMap') })).toHaveAttribute('href', /^geo:/);
    await expect(delivery.getByRole('link', { name: s('order.openMapWeb') })).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\//,
    );
    await expect(delivery.getByText(sf('order.floor', { value: '3' }), { exact: false })).toBeVisible();
    await expectAccessible(courier, 'courier screen');
    await delivery.getByRole('button', { name: s('events.courier-picked') }).click();
    await customerStatus('courier-picked');
    await delivery.getByRole('button', { name: s('events.delivered') }).click();
    await customerStatus('delivered');
    await expect(delivery).toBeHidden();
    await expectNotReloaded(courier);

    // The operator's queue followed every step, still without a reload; the operator closes the
    // delivered order.
    await search.fill('');
    await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'delivered');
    await row.getByRole('button', { name: sf('order.open', { number: order.number }) }).click();
    await card.getByRole('button', { name: s('events.finished') }).click();
    await expect(card.locator('[data-status]').first()).toHaveAttribute('data-status', 'finished');
    // Delivered was the customer's last live step (the page stops following); read again, finished.
    await customer.reload();
    await customerStatus('finished');
    await operator.keyboard.press('Escape');
    await expect(row).toBeHidden();

    // Another order, cancelled from the keyboard: c asks for the reason, which is required.
    const second = await placeDeliveryOrder(api, auth.access_token);
    const secondRow = operator.locator(`tr[data-order="${second.number}"]`);
    await expect(secondRow).toHaveAttribute('data-fresh', 'true');
    await secondRow.getByRole('button', { name: sf('order.open', { number: second.number }) }).focus();
    await secondRow.getByRole('button', { name: sf('order.open', { number: second.number }) }).press('c');
    const cancel = operator.getByRole('dialog', { name: sf('cancel.title', { number: second.number }) });
    await cancel.getByRole('button', { name: s('cancel.submit') }).click();
    await expect(cancel.getByText(s('cancel.required'))).toBeVisible();
    await expectAccessible(operator, 'operator cancel form');
    await cancel.getByLabel(s('cancel.reason')).fill('The customer called to cancel');
    await cancel.getByRole('button', { name: s('cancel.submit') }).click();
    await expect(cancel).toBeHidden();
    await expect(secondRow).toBeHidden();
    await expectNotReloaded(operator);
    for (const watch of watches) expect(watch.violations, 'Content-Security-Policy violations').toEqual([]);
  } finally {
    for (const context of contexts) await context.close();
  }
});
