/**
 * Issue 13: the storefront follows the staff side within 5 seconds. A manager stops a product at the
 * customer's branch; the open menu page, without a reload, shows its card 'Unavailable' and flags its
 * cart line (`in_stop`, spec section 4), the cart page too; brought back on, it is orderable again.
 * The page reads the branch's stop list (GET /v2/stop-list) every 4 s while the tab is visible.
 */
import type { TBranchListResponse, TMenuProduct, TMenuProductsResponse } from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { pickUpAt } from '../support/branch-choice.ts';
import { expect, localePath, t, test, tf } from '../support/fixtures.ts';

const STAFF_PASSWORD = process.env.STAFF_DEMO_PASSWORD || 'baraka-staff-demo';
const locale = 'en';
/** The bound: a change on the staff side shows on an open page within 5 seconds. */
const WITHIN = { timeout: 5_000 };

async function managerToken(api: APIRequestContext): Promise<string> {
  const response = await api.post('/v1/staff/login', {
    data: { login: 'manager', password: STAFF_PASSWORD },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function setStopped(
  api: APIRequestContext,
  token: string,
  branchId: string,
  productId: string,
  stopped: boolean,
) {
  const response = await api.put(`/v1/staff/branches/${branchId}/stop-list`, {
    data: { kind: 'product', id: productId, stopped },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The stored cart's `in_stop` flags of one product's lines. */
const storedMarks = (page: Page, productId: string) =>
  page.evaluate((id) => {
    const stored = JSON.parse(localStorage.getItem('cart') ?? '{}') as {
      state?: { lines?: { product_id: string; in_stop: boolean }[] };
    };
    return (stored.state?.lines ?? []).filter((l) => l.product_id === id).map((l) => l.in_stop);
  }, productId);

/**
 * Chilonzor and its last plain dish: staff-manager.spec.ts stops the first one, and journeys may run side
 * by side (two workers outside CI), so each stops a dish of its own.
 */
async function plainDishAtChilonzor(api: APIRequestContext) {
  const { branches } = (await (
    await api.get('/v1/branches', { params: { limit: 100 } })
  ).json()) as TBranchListResponse;
  const branch = branches.find((b) => b.slug.includes('chilonzor'));
  if (!branch) throw new Error('the demo chain has Chilonzor');
  const menu = (await (
    await api.get('/v2/menu-products', { params: { menu_id: branch.menu_id, branch_id: branch.id } })
  ).json()) as TMenuProductsResponse;
  const product = menu.categories
    .flatMap((c) => c.products)
    .filter((p: TMenuProduct) => p.type === 'simple' && !p.has_modifier && !p.in_stop)
    .at(-1);
  if (!product) throw new Error('Chilonzor sells a plain dish');
  return { branch, product };
}

test('a product the manager stops shows Unavailable on the open menu and in the cart, and comes back', async ({
  page,
  api,
}) => {
  const { branch, product } = await plainDishAtChilonzor(api);
  const token = await managerToken(api);

  // The customer picks up at Chilonzor: the server reads the cookies, the page's store the branch.
  await pickUpAt(page.context(), branch);

  const polled = page.waitForRequest((r) => r.url().includes('/v2/stop-list'));
  await page.goto(localePath(locale));
  const card = page.locator(`[data-testid="product-card"][data-product-slug="${product.slug}"]`);
  await card
    .getByRole('button', { name: tf(locale, 'menu.addNamed', { name: product.title[locale] }) })
    .click();
  await expect(page.getByTestId('cart-badge')).not.toHaveAttribute('data-count', '0');
  // The page follows the stop list once idle.
  await polled;

  try {
    await setStopped(api, token, branch.id, product.id, true);
    await expect(card.getByTestId('product-unavailable')).toHaveText(t(locale, 'menu.unavailable'), WITHIN);
    await expect.poll(() => storedMarks(page, product.id), WITHIN).toEqual([true]);

    // The cart page shows the line as unavailable.
    await page.getByTestId('cart-badge').click();
    await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/cart'));
    const line = page.locator('[data-in-stop="true"]');
    await expect(line.getByTestId('cart-line-unavailable')).toBeVisible();

    // Back on: the cart line is unflagged on the open cart page, the card orderable again.
    await setStopped(api, token, branch.id, product.id, false);
    await expect(page.getByTestId('cart-line-unavailable')).toHaveCount(0, WITHIN);
    await expect.poll(() => storedMarks(page, product.id), WITHIN).toEqual([false]);
    await page.goBack();
    await expect(
      card.getByRole('button', { name: tf(locale, 'menu.addNamed', { name: product.title[locale] }) }),
    ).toBeVisible();
  } finally {
    await setStopped(api, token, branch.id, product.id, false);
  }
});

test('the open product page follows the stop list too: Unavailable within 5 s, and orderable again', async ({
  page,
  api,
}) => {
  const { branch, product } = await plainDishAtChilonzor(api);
  const token = await managerToken(api);
  await pickUpAt(page.context(), branch);

  const polled = page.waitForRequest((r) => r.url().includes('/v2/stop-list'));
  await page.goto(localePath(locale, `/product/${product.slug}`));
  const form = page.getByTestId('product-order-form');
  await expect(form.getByTestId('product-add-to-cart')).toBeVisible();
  await polled;

  try {
    await setStopped(api, token, branch.id, product.id, true);
    await expect(form.getByTestId('product-unavailable')).toHaveText(
      t(locale, 'product.unavailable'),
      WITHIN,
    );
    await setStopped(api, token, branch.id, product.id, false);
    await expect(form.getByTestId('product-add-to-cart')).toBeVisible(WITHIN);
  } finally {
    await setStopped(api, token, branch.id, product.id, false);
  }
});
