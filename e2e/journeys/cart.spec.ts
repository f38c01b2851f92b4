import type {
  TBranchListResponse,
  TDiscountWithProductsResponse,
  TMenuProductsResponse,
  TShipper,
} from '@app/contracts';
import type { Locator, Page } from '@playwright/test';
import { codeField, latestCode, randomPhone, submitPhone } from '../support/auth.ts';
import { expect, formatSum, localePath, t, test, tf } from '../support/fixtures.ts';
import { DEMO_SHIPPER_ID, WEB_URL } from '../support/urls.ts';

const locale = 'en';

/** The header's cart badge: its data-count is the total quantity across the cart's lines. */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('cart-badge');
  await expect(badge).toHaveAttribute('data-count', /^\d+$/);
  return Number(await badge.getAttribute('data-count'));
}

/**
 * The cart's first 'Add' (of a dish priced `price`), and the badge after it. That add also asks for
 * the chain's auto-added products (napkins on delivery), which join the cart a moment after the dish:
 * the count waited for includes them, or a later read of the badge would take them for the next add.
 */
async function firstAdd(page: Page, add: Locator, price: number): Promise<number> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/v3/auto-add-product');
  await add.click();
  const response = await answer;
  const deliveryType = new URL(response.url()).searchParams.get('delivery_type');
  const { products } = (await response.json()) as {
    products: { quantity: number; delivery_type: string | null; min_order_price: number }[];
  };
  const autoAdded = products
    .filter((p) => (p.delivery_type ?? deliveryType) === deliveryType && p.min_order_price <= price)
    .reduce((sum, p) => sum + p.quantity, 0);
  await expect.poll(() => badgeCount(page)).toBe(1 + autoAdded);
  return 1 + autoAdded;
}

function cartLine(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
}

test('cart: badge counts quantities, survives a reload, and remove and clear ask first', async ({
  page,
  demoMenu,
}) => {
  const first = demoMenu.simpleProduct();
  const second = demoMenu.simpleProduct([first.id]);
  const firstName = first.title[locale];
  const secondName = second.title[locale];

  await page.goto(localePath(locale));
  expect(await badgeCount(page)).toBe(0);

  const addFirst = page.getByRole('button', { name: tf(locale, 'menu.addNamed', { name: firstName }) });
  const afterOne = await firstAdd(page, addFirst, first.out_price);
  // The same simple dish again: the line's quantity goes up, and the badge with it.
  await addFirst.click();
  await expect.poll(() => badgeCount(page)).toBe(afterOne + 1);
  await page.getByRole('button', { name: tf(locale, 'menu.addNamed', { name: secondName }) }).click();
  await expect.poll(() => badgeCount(page)).toBe(afterOne + 2);

  // Kept in the browser: a reload shows the same cart.
  await page.reload();
  await expect.poll(() => badgeCount(page)).toBe(afterOne + 2);

  await page.getByTestId('cart-badge').click();
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/cart'));
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'cart.title', 'order') })).toBeVisible();
  await expect(cartLine(page, firstName).getByRole('status')).toHaveText('2');
  await expect(cartLine(page, secondName).getByRole('status')).toHaveText('1');
  // The summary counts what the badge counts.
  const summary = page.getByRole('complementary', { name: t(locale, 'cart.summary', 'order') });
  await expect(summary.getByRole('definition').first()).toHaveText(String(afterOne + 2));

  // Remove: Cancel keeps the line, confirming removes it.
  const remove = page.getByRole('button', {
    name: tf(locale, 'cart.removeNamed', { name: firstName }, 'order'),
  });
  await remove.click();
  const removeDialog = page.getByRole('alertdialog', { name: t(locale, 'cart.removeTitle', 'order') });
  await expect(removeDialog).toBeVisible();
  await removeDialog.getByRole('button', { name: t(locale, 'actions.cancel') }).click();
  await expect(removeDialog).toBeHidden();
  await expect(cartLine(page, firstName)).toBeVisible();
  expect(await badgeCount(page)).toBe(afterOne + 2);

  await remove.click();
  await removeDialog.getByRole('button', { name: t(locale, 'cart.removeConfirm', 'order') }).click();
  await expect(cartLine(page, firstName)).toHaveCount(0);
  await expect.poll(() => badgeCount(page)).toBe(afterOne);
  await expect(cartLine(page, secondName)).toBeVisible();

  // Clear: Cancel keeps everything, confirming empties the cart.
  const clear = page.getByRole('button', { name: t(locale, 'cart.clear', 'order') });
  await clear.click();
  const clearDialog = page.getByRole('alertdialog', { name: t(locale, 'cart.clearTitle', 'order') });
  await clearDialog.getByRole('button', { name: t(locale, 'actions.cancel') }).click();
  await expect(clearDialog).toBeHidden();
  await expect(cartLine(page, secondName)).toBeVisible();

  await clear.click();
  await clearDialog.getByRole('button', { name: t(locale, 'cart.clearConfirm', 'order') }).click();
  await expect(page.getByText(t(locale, 'cart.empty', 'order'))).toBeVisible();
  await expect.poll(() => badgeCount(page)).toBe(0);

  await page.reload();
  await expect(page.getByText(t(locale, 'cart.empty', 'order'))).toBeVisible();
  expect(await badgeCount(page)).toBe(0);
});

test('checkout: refused below the minimum order, asks before leaving, and signs an anonymous customer in first', async ({
  page,
  api,
  demoMenu,
}) => {
  const shipper = (await (await api.get(`/v1/shippers/${DEMO_SHIPPER_ID}`)).json()) as TShipper;
  const minimum = shipper.minimal_order_price;
  // A dish cheaper than the minimum, so one portion is refused and enough portions are not.
  const dish = demoMenu.products.find(
    (p) => p.type === 'simple' && !p.has_modifier && !p.in_stop && p.out_price > 0 && p.out_price < minimum,
  );
  if (!dish) throw new Error('the demo menu has a simple dish cheaper than the minimum order');
  const portions = Math.ceil(minimum / dish.out_price);

  await page.goto(localePath(locale));
  await badgeCount(page);
  const add = page.getByRole('button', { name: tf(locale, 'menu.addNamed', { name: dish.title[locale] }) });
  await add.click();
  await expect.poll(() => badgeCount(page)).toBeGreaterThan(0);

  await page.getByTestId('cart-badge').click();
  const checkout = page.getByRole('button', { name: t(locale, 'cart.checkout', 'order'), exact: true });
  await expect(checkout).toBeDisabled();
  await expect(page.getByTestId('checkout-block-status')).toHaveText(
    tf(locale, 'minimumOrder', { price: formatSum(minimum, locale) }, 'order'),
  );
  // Off but focusable (aria-disabled), it says why.
  await expect(checkout).toHaveAccessibleDescription(
    tf(locale, 'minimumOrder', { price: formatSum(minimum, locale) }, 'order'),
  );

  const more = cartLine(page, dish.title[locale]).getByRole('button', {
    name: tf(locale, 'product.increaseNamed', { name: dish.title[locale] }),
  });
  for (let quantity = 1; quantity < portions; quantity++) await more.click();
  await expect(checkout).toBeEnabled();
  await expect(checkout).toHaveAccessibleDescription('');
  // The status region that said why stays in the page, empty: the next block is announced in it.
  await expect(page.getByTestId('checkout-blocked')).toHaveCount(0);
  await expect(page.getByTestId('checkout-block-status')).toHaveText('');
  // Empty, it adds no space: what is around it stands one gap apart, as without it.
  const spacing = await page.getByTestId('checkout-block-status').evaluate((region) => {
    const before = region.previousElementSibling?.getBoundingClientRect().bottom ?? 0;
    let after = region.nextElementSibling;
    while (after && after.getBoundingClientRect().height === 0) after = after.nextElementSibling;
    const gap = Number.parseFloat(getComputedStyle(region.parentElement as Element).rowGap);
    return { between: (after?.getBoundingClientRect().top ?? 0) - before, gap };
  });
  expect(spacing.between).toBeCloseTo(spacing.gap, 0);

  await checkout.click();
  const confirm = page.getByRole('alertdialog', { name: t(locale, 'cart.checkoutTitle', 'order') });
  await expect(confirm).toContainText(formatSum(dish.out_price * portions, locale));
  await confirm.getByRole('button', { name: t(locale, 'actions.cancel') }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/cart'));

  await checkout.click();
  await confirm.getByRole('button', { name: t(locale, 'cart.checkoutConfirm', 'order') }).click();
  // Checkout needs a customer: an anonymous one gets the sign-in dialog and lands on /checkout after it.
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === localePath(locale, '/cart') &&
      url.searchParams.has('login') &&
      url.searchParams.get('next') === localePath(locale, '/checkout'),
  );
  const phone = randomPhone();
  await submitPhone(page, locale, phone);
  await codeField(page, locale).fill(await latestCode(api, phone));
  const nameDialog = page.getByRole('dialog', { name: t(locale, 'auth.nameTitle') });
  await nameDialog.getByLabel(t(locale, 'auth.nameLabel')).fill('Dilnoza');
  await nameDialog.getByRole('button', { name: t(locale, 'auth.continue') }).click();
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/checkout'));
});

test('cart: line prices and the total carry the discounts the API gives the chosen branch', async ({
  page,
  api,
}) => {
  // The seed's 'samarkand-somsa': 2 000 off each tandoor somsa in the Samarkand restaurants.
  const { branches } = (await (
    await api.get('/v1/branches', { params: { limit: 100 } })
  ).json()) as TBranchListResponse;
  const branch = branches.find((b) => b.slug === 'samarkand-registan');
  if (!branch) throw new Error('the demo chain has samarkand-registan');
  const menu = (await (
    await api.get('/v2/menu-products', { params: { menu_id: branch.menu_id, branch_id: branch.id } })
  ).json()) as TMenuProductsResponse;
  const somsa = menu.categories.flatMap((c) => c.products).find((p) => p.slug === 'somsa-tandoor');
  if (!somsa || somsa.in_stop || somsa.has_modifier) throw new Error('the somsa is a plain dish at Registan');
  const quote = (await (
    await api.get('/v2/discount-with-products', {
      params: { branch_id: branch.id, products: `${somsa.id}:2` },
    })
  ).json()) as TDiscountWithProductsResponse;
  const perUnit = -quote.products.reduce((sum, d) => sum + d.discount_price, 0);
  expect(perUnit, 'the seed discounts the somsa at Samarkand branches').toBeGreaterThan(0);

  // The restaurant chosen before: its menu and its prices.
  await page.context().addCookies(
    [
      ['branch_id', branch.id],
      ['branch_slug', branch.slug],
      ['menu_id', branch.menu_id],
    ].map(([name, value]) => ({ name: name as string, value: value as string, url: WEB_URL })),
  );
  await page.goto(localePath(locale));
  const add = page.getByRole('button', { name: tf(locale, 'menu.addNamed', { name: somsa.title[locale] }) });
  const afterOne = await firstAdd(page, add, somsa.out_price);
  await add.click();
  await expect.poll(() => badgeCount(page)).toBe(afterOne + 1);

  await page.getByTestId('cart-badge').click();
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/cart'));
  const line = cartLine(page, somsa.title[locale]);
  // Asked for, debounced, and taken: the discounted line, its price before, the discount and the total.
  await expect(line.getByTestId('cart-line-total')).toHaveText(
    formatSum((somsa.out_price - perUnit) * 2, locale),
  );
  await expect(line.getByTestId('cart-line-full-total')).toHaveText(formatSum(somsa.out_price * 2, locale));
  const summary = page.getByRole('complementary', { name: t(locale, 'cart.summary', 'order') });
  await expect(summary.getByTestId('cart-discount')).toContainText(formatSum(perUnit * 2, locale));
  // Every other line (the napkins a delivery gets) is free, so the total is the somsa's.
  await expect(summary.getByTestId('cart-subtotal')).toHaveText(
    formatSum((somsa.out_price - perUnit) * 2, locale),
  );
});
