import type { TCheckPointResponse, TCustomerAddressList, TNearestBranchResponse } from '@app/contracts';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { randomPhone, registerThroughApi, signUpThroughDialog, storedUser } from '../support/auth.ts';
import { expect, literal, localePath, t, test, tf } from '../support/fixtures.ts';
import { passPromptDelay } from '../support/location.ts';

/**
 * The address flow on load (spec section 4): 5 s after load the browser position is asked for and
 * the address prompt opens once, under the address button, without taking focus; saved addresses
 * follow a signed-in customer; a closed current branch blocks ordering (spec section 5).
 */
const CENTRE = { latitude: 41.311153, longitude: 69.279729 };
const lt = (key: string) => t('en', key, 'location');

const addressButton = (page: Page) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: literal(lt('addressButton')) })
    .first();
const popover = (page: Page) => page.getByTestId('address-popover');

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

/**
 * Counts the page's requests for the browser position (`window.__geolocationAsks`, per document),
 * answering them with `answer` or, without it, as the browser would.
 */
async function countGeolocationAsks(page: Page, answer?: 'refused'): Promise<void> {
  await page.addInitScript((refuse) => {
    const counted = window as unknown as { __geolocationAsks: number };
    counted.__geolocationAsks = 0;
    const geolocation = navigator.geolocation;
    const ask = geolocation.getCurrentPosition.bind(geolocation);
    geolocation.getCurrentPosition = (ok, fail, options) => {
      counted.__geolocationAsks++;
      if (!refuse) return ask(ok, fail, options);
      // A refusal, as a browser reports it (code 1, PERMISSION_DENIED).
      fail?.({
        code: 1,
        message: 'denied',
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError);
    };
  }, answer === 'refused');
}
const geolocationAsks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __geolocationAsks: number }).__geolocationAsks);

/** The branch the storefront must choose for a point: the first active nearest one of its zone. */
async function expectedBranch(api: APIRequestContext, lat: number, long: number) {
  const check = (await (
    await api.get('/v1/check_point_delivery_zones', { params: { lat, lon: long } })
  ).json()) as TCheckPointResponse;
  const zone = check.result[0];
  expect(zone, 'the map centre lies in a demo zone').toBeTruthy();
  const nearest = (await (
    await api.get('/v1/nearest-branch', { params: { lat, long, delivery_zone_id: zone?.id ?? '' } })
  ).json()) as TNearestBranchResponse;
  const branch = nearest.branches.find((b) => b.is_active);
  expect(branch).toBeTruthy();
  return branch as NonNullable<typeof branch>;
}

test.describe('address prompt, position granted', () => {
  test.use({ addressPrompt: true, geolocation: CENTRE, permissions: ['geolocation'] });

  test('shows the detected address without taking focus; Yes saves it and sets the branch', async ({
    page,
    context,
    api,
  }) => {
    await countGeolocationAsks(page);
    await page.clock.install();
    await page.goto(localePath('en'));
    const prompt = popover(page);
    await expect(prompt).toBeHidden();
    await passPromptDelay(page);
    await expect(prompt).toBeVisible();
    await expect(prompt.getByText(lt('prompt.detectedTitle'))).toBeVisible();
    expect(await geolocationAsks(page)).toBe(1);
    // Under the address button on screen (8 px below it), its left edge aligned with the button's
    // or moved left to stay inside the viewport: placed from the button's box as it opened.
    const [promptBox, buttonBox] = await Promise.all([
      prompt.boundingBox(),
      addressButton(page).boundingBox(),
    ]);
    const viewport = page.viewportSize();
    if (!promptBox || !buttonBox || !viewport)
      throw new Error('the prompt, its button or the viewport has no box');
    expect(Math.abs(promptBox.y - (buttonBox.y + buttonBox.height + 8))).toBeLessThanOrEqual(1);
    expect(promptBox.x).toBeLessThanOrEqual(buttonBox.x + 1);
    expect(promptBox.x).toBeGreaterThanOrEqual(7);
    expect(promptBox.x + promptBox.width).toBeLessThanOrEqual(viewport.width - 7);
    const address = (await prompt.getByTestId('detected-address').textContent())?.trim() ?? '';
    expect(address.length).toBeGreaterThan(3);
    // Opened by itself: focus stays where it was (not inside the prompt).
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-testid="address-popover"]') ?? null),
    ).toBeNull();

    const branch = await expectedBranch(api, CENTRE.latitude, CENTRE.longitude);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: lt('yes') }).click()]);
    await expect(addressButton(page)).toHaveAccessibleName(literal(address));
    expect(await cookie(context, 'branch_id')).toBe(branch.id);
    expect(await cookie(context, 'branch_slug')).toBe(branch.slug);
    expect(await cookie(context, 'menu_id')).toBe(branch.menu_id);
    expect(await cookie(context, 'delivery_type')).toBe('delivery');
    // Once per browser session, and an active address exists now: no prompt after the reload.
    await passPromptDelay(page);
    expect(await geolocationAsks(page)).toBe(0);
    await expect(prompt).toBeHidden();

    // The address button now opens the saved points; pressing it again opens the map dialog.
    await addressButton(page).click();
    await expect(prompt.getByTestId('address-item')).toHaveCount(1);
    await expect(prompt.getByTestId('address-item')).toContainText(address);
    // Opened by the customer, the popover takes focus (keyboard users land in it).
    await expect(prompt.locator(':focus')).toHaveCount(1);
    await addressButton(page).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

/** The persisted common store with anonymous points, as the storefront writes it. */
const commonWithPoints = (
  points: { id: string; lat: number; long: number; address: string; isActive: boolean }[],
) => ({
  state: {
    points: points.map((p) => ({
      id: p.id,
      location: [p.lat, p.long],
      address: p.address,
      name: '',
      city: 'tashkent',
      isActive: p.isActive,
    })),
    location: points.filter((p) => p.isActive).map((p) => ({ lat: p.lat, long: p.long }))[0] ?? null,
  },
  version: 1,
});

test('picking a saved point outside every zone says so and changes nothing', async ({ page }) => {
  const stored = commonWithPoints([
    { id: 'p-in', lat: CENTRE.latitude, long: CENTRE.longitude, address: 'Centre street 1', isActive: true },
    // ~0.35 degrees west of the centre: outside every demo zone.
    { id: 'p-out', lat: 41.311153, long: 68.94, address: 'Far outskirts 9', isActive: false },
  ]);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('common')) localStorage.setItem('common', JSON.stringify(value));
  }, stored);
  await page.goto(localePath('en'));
  await expect(addressButton(page)).toHaveAccessibleName(literal('Centre street 1'));
  await addressButton(page).click();
  const prompt = popover(page);
  await prompt.getByRole('button', { name: /^Far outskirts 9/ }).click();
  await expect(page.getByText(lt('address_not_in_service_area'))).toBeVisible();
  await expect(prompt.locator('[data-active]')).toContainText('Centre street 1');
  await expect(addressButton(page)).toHaveAccessibleName(literal('Centre street 1'));
});

test('anonymous saved points join the account at sign-in', async ({ page, api }) => {
  const stored = commonWithPoints([
    { id: 'p-1', lat: CENTRE.latitude, long: CENTRE.longitude, address: 'Imported street 7', isActive: true },
  ]);
  await page.addInitScript((value) => {
    if (!localStorage.getItem('common')) localStorage.setItem('common', JSON.stringify(value));
  }, stored);
  await page.goto(localePath('en'));
  await expect(addressButton(page)).toHaveAccessibleName(literal('Imported street 7'));
  await signUpThroughDialog(page, api, 'en', randomPhone(), 'Aziz');
  const user = await storedUser(page);
  expect(user).toBeTruthy();
  await expect
    .poll(async () => {
      const response = await api.get('/v1/customer-addresses', {
        headers: { Authorization: user?.access_token ?? '' },
      });
      const body = (await response.json()) as TCustomerAddressList;
      return body.addresses.map((a) => [a.address, a.is_active]);
    })
    .toEqual([['Imported street 7', true]]);
});

test.describe('address prompt, position refused', () => {
  test.use({ addressPrompt: true });

  test('offers to enter the address; Later closes it and it does not come back in the session', async ({
    page,
  }) => {
    await countGeolocationAsks(page, 'refused');
    await page.clock.install();
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));
    await page.goto(localePath('en'));
    const prompt = popover(page);
    await passPromptDelay(page);
    await expect(prompt).toBeVisible();
    expect(await geolocationAsks(page)).toBe(1);
    await expect(prompt.getByText(lt('prompt.enterTitle'))).toBeVisible();
    await expect(prompt.getByRole('button', { name: lt('enterAddress') })).toBeVisible();
    expect(logs.some((l) => l.includes('permission denied'))).toBe(true);
    await prompt.getByRole('button', { name: lt('later') }).click();
    await expect(prompt).toBeHidden();

    await page.reload();
    await passPromptDelay(page);
    expect(await geolocationAsks(page)).toBe(0);
    await expect(prompt).toBeHidden();
  });
});

test('a saved address follows a signed-in customer into a fresh browser', async ({ context, page, api }) => {
  const auth = await registerThroughApi(api, randomPhone(), 'Dilnoza');
  const created = await api.post('/v1/customer-addresses', {
    headers: { Authorization: auth.access_token },
    data: {
      name: 'Home',
      address: 'Amir Temur avenue 1',
      city: 'tashkent',
      location: { lat: CENTRE.latitude, long: CENTRE.longitude },
      floor: '4',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const list = (await created.json()) as TCustomerAddressList;
  expect(list.addresses[0]?.is_active).toBe(true);

  // Every journey's browser context is a fresh one: only the stored session is put in it.
  const user = { ...auth.user, access_token: auth.access_token };
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('auth'))
      localStorage.setItem('auth', JSON.stringify({ state: { user: stored }, version: 1 }));
  }, user);
  await page.goto(localePath('en'));
  await expect(addressButton(page)).toHaveAccessibleName(literal('Amir Temur avenue 1'));
  const location = await page.evaluate(
    () => JSON.parse(localStorage.getItem('common') ?? '{}').state?.location,
  );
  expect(location).toEqual({ lat: CENTRE.latitude, long: CENTRE.longitude });

  // Inline on /profile, with its details.
  await page.goto(localePath('en', '/profile'));
  const inline = page.getByTestId('address-list-inline');
  await expect(inline.getByTestId('address-item')).toContainText('Amir Temur avenue 1');
  await expect(inline.getByTestId('address-item')).toContainText(`${lt('addresses.floor')} 4`);
});

test.describe('closed current branch (spec section 5)', () => {
  test('blocks ordering with when it opens again', async ({ page, api, demoMenu }) => {
    // 17:30 UTC is 22:30 in Tashkent: tashkent-sergeli (10:00-22:00) is closed until tomorrow, and
    // with no orders taken beyond today (0 days ahead) no time is left to order for.
    await page.clock.setFixedTime(new Date('2026-11-22T17:30:00Z'));
    const branches = (await (await api.get('/v1/branches', { params: { limit: 100 } })).json()) as {
      branches: {
        slug: string;
        id: string;
        menu_id: string;
        work_hour_start: string;
        work_hour_end: string;
      }[];
    };
    const sergeli = branches.branches.find((b) => b.slug === 'tashkent-sergeli');
    expect(sergeli).toBeTruthy();
    await page.addInitScript(
      (b) => {
        if (localStorage.getItem('common')) return;
        const branch = {
          id: b.id,
          slug: b.slug,
          menu_id: b.menu_id,
          name: 'Sergeli',
          address: 'Sergeli',
          location: { lat: 41.31, long: 69.28 },
          delivery_time: 40,
          // Orders for today only, whose hours are over: the cart cannot go on to checkout.
          future_delivery_order_time: 0,
          future_self_pickup_order_time: 0,
          work_hour_start: b.work_hour_start,
          work_hour_end: b.work_hour_end,
        };
        localStorage.setItem(
          'common',
          JSON.stringify({ state: { branch, deliveryType: 'self-pickup' }, version: 1 }),
        );
      },
      sergeli as NonNullable<typeof sergeli>,
    );
    await page.goto(localePath('en'));
    const notice = page.getByTestId('branch-closed');
    await expect(notice).toHaveText(
      t('en', 'closedBranch', 'location').replace(
        '{time}',
        (sergeli as NonNullable<typeof sergeli>).work_hour_start,
      ),
    );

    // The cart shows it too, and its checkout button is disabled.
    const product = demoMenu.simpleProduct();
    await page.getByRole('button', { name: tf('en', 'menu.addNamed', { name: product.title.en }) }).click();
    await expect(page.getByTestId('cart-badge')).not.toHaveAttribute('data-count', '0');
    await page.goto(localePath('en', '/cart'));
    await expect(page.getByTestId('branch-closed')).toBeVisible();
    await expect(page.getByTestId('cart-checkout')).toBeDisabled();
    // Off but focusable (aria-disabled), it says why: the notice (after the minimum order, which one
    // portion does not reach either).
    const closedText = (await page.getByTestId('branch-closed').textContent()) ?? 'the notice';
    await expect(page.getByTestId('cart-checkout')).toHaveAccessibleDescription(
      new RegExp(`${literal(closedText).source}$`),
    );
  });
});
