import type { TLocale, TStaffAccount, TStaffMember } from '@app/contracts';
import type { BrowserContext, Route } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { randomPhone, registerThroughApi } from '../support/auth.ts';
import { type CspWatch, expect, t, test, tf } from '../support/fixtures.ts';
import { device, placeDeliveryOrder, STAFF_PASSWORD, signIn } from '../support/staff.ts';

/**
 * Issue 13, two operators on one order: exactly one wins, the other sees why. A second operator's
 * account is made through the manager's API (as the demo `manager`). Both open the same new order's
 * card; the first accepts it; the second, whose screen still shows it new (its live stream is held
 * back, as on a lagging connection, so nothing tells it), accepts too and is refused with the API's
 * words naming the first operator and the time; its queue and card then show the order's real status.
 */

const locale: TLocale = 'en';
const s = (key: string) => t(locale, key, 'staff');
const sf = (key: string, values: Record<string, string | number>) => tf(locale, key, values, 'staff');

/** POST /v1/staff/login's answer (ZStaffLoginResponse). */
type TStaffLogin = { staff: TStaffMember; access_token: string; expires_at: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('two operators accept one order: the second is refused, naming who accepted it and when', async ({
  browser,
  api,
}) => {
  test.setTimeout(180_000);
  // The demo manager makes a second operator's account.
  const managerLogin = await api.post('/v1/staff/login', {
    data: { login: 'manager', password: STAFF_PASSWORD },
  });
  expect(managerLogin.ok(), await managerLogin.text()).toBe(true);
  const manager = (await managerLogin.json()) as TStaffLogin;
  const second = {
    login: `operator-two-${Date.now()}`,
    name: 'Sardor Aliyev',
    password: 'second-operator-pass',
  };
  const created = await api.post('/v1/staff/accounts', {
    headers: { Authorization: `Bearer ${manager.access_token}` },
    data: {
      login: second.login,
      name: second.name,
      phone: randomPhone(),
      role: 'operator',
      branch_id: null,
      password: second.password,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect(((await created.json()) as TStaffAccount).role).toBe('operator');
  // Who the first operator is, as the API will name them.
  const firstLogin = await api.post('/v1/staff/login', {
    data: { login: 'operator', password: STAFF_PASSWORD },
  });
  const firstName = ((await firstLogin.json()) as TStaffLogin).staff.name;

  const contexts: BrowserContext[] = [];
  const watches: CspWatch[] = [];
  try {
    // A new order waits in the queue.
    const auth = await registerThroughApi(api, randomPhone(), 'Kamola');
    const order = await placeDeliveryOrder(api, auth.access_token);

    const one = await device(browser);
    contexts.push(one.context);
    watches.push(one.csp);
    await signIn(one.page, 'operator');
    await expect(one.page).toHaveURL(/\/en\/staff\/operator$/);
    await expect(one.page.locator('[data-live]')).toHaveAttribute('data-live', 'live');

    // The second operator's screen gets no live events until released: it keeps showing what it read.
    const two = await device(browser);
    contexts.push(two.context);
    watches.push(two.csp);
    const held: Route[] = [];
    let holding = true;
    await two.context.route('**/v1/staff/stream', async (route) => {
      if (holding) held.push(route);
      else await route.continue();
    });
    await signIn(two.page, second.login, second.password);
    await expect(two.page).toHaveURL(/\/en\/staff\/operator$/);
    await expect(two.page.locator('[data-live]')).toHaveAttribute('data-live', 'connecting');

    // Both open the order's card; both are offered to accept it.
    const cardOf = (page: typeof one.page) =>
      page.getByRole('dialog', { name: sf('order.card', { number: order.number }) });
    for (const page of [one.page, two.page]) {
      const row = page.locator(`tr[data-order="${order.number}"]`);
      await row.getByRole('button', { name: sf('order.open', { number: order.number }) }).click();
      await expect(cardOf(page).locator('[data-status]').first()).toHaveAttribute('data-status', 'new');
      await expect(cardOf(page).getByRole('button', { name: s('events.operator-accepted') })).toBeVisible();
    }

    // The first accepts.
    await cardOf(one.page)
      .getByRole('button', { name: s('events.operator-accepted') })
      .click();
    await expect(cardOf(one.page).locator('[data-status]').first()).toHaveAttribute(
      'data-status',
      'operator-accepted',
    );
    await expect(
      one.page.getByText(sf('eventSent', { number: order.number, status: s('status.operator-accepted') })),
    ).toBeVisible();

    // The second still sees it new, accepts, and is told who got there first and when.
    const twoCard = cardOf(two.page);
    await expect(twoCard.locator('[data-status]').first()).toHaveAttribute('data-status', 'new');
    const refused = two.page.waitForResponse(
      (r) => r.url().endsWith(`/v1/staff/orders/${order.id}/events`) && r.request().method() === 'POST',
    );
    await twoCard.getByRole('button', { name: s('events.operator-accepted') }).click();
    expect((await refused).status()).toBe(409);
    await expect(
      two.page.getByText(
        new RegExp(
          `^Order ${escapeRegExp(order.number)} was already accepted by ${escapeRegExp(firstName)} \\(operator\\) at \\d{2}:\\d{2}$`,
        ),
      ),
    ).toBeVisible();
    // The refusal made its screen read the order again: the card and the queue show it accepted.
    await expect(twoCard.locator('[data-status]').first()).toHaveAttribute(
      'data-status',
      'operator-accepted',
    );
    await expect(twoCard.getByRole('button', { name: s('events.operator-accepted') })).toHaveCount(0);
    await expectAccessible(two.page, 'operator refused: already accepted');
    await two.page.keyboard.press('Escape');
    await expect(twoCard).toBeHidden();
    await expect(
      two.page.locator(`tr[data-order="${order.number}"]`).locator('[data-status]'),
    ).toHaveAttribute('data-status', 'operator-accepted');

    // Its stream let through at last: it goes live.
    holding = false;
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    await expect(two.page.locator('[data-live]')).toHaveAttribute('data-live', 'live', { timeout: 60_000 });
    for (const watch of watches) expect(watch.violations, 'Content-Security-Policy violations').toEqual([]);
  } finally {
    for (const context of contexts) await context.close();
  }
});
