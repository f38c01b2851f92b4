/**
 * Issue 13: the storefront follows the staff side within 5 seconds. A manager stops a product at the
 * customer's branch; the open menu page, without a reload, shows its card 'Unavailable' and flags its
 * cart line (`in_stop`, spec section 4), the cart page too; brought back on, it is orderable again.
 * The open product page and dialog follow too (a stopped modifier marked), and a new price shows on
 * the menu and in the checkout's quote. The page reads the branch's live state (GET /v2/stop-list)
 * every 4 s while the tab is visible.
 */
import type {
  TBranchListResponse,
  TMenuProduct,
  TMenuProductsResponse,
  TModifierResponse,
  TProductDetail,
} from '@app/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { pickUpAt } from '../support/branch-choice.ts';
import { prepareCheckout, storedBranch } from '../support/checkout.ts';
import { expect, formatSum, localePath, t, test, tf } from '../support/fixtures.ts';

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

/** Chilonzor's first or last dish in sizes (no modifiers, not stopped) and its sizes' ids. */
async function dishInSizesAtChilonzor(api: APIRequestContext, which: 'first' | 'last') {
  const { branch } = await plainDishAtChilonzor(api);
  const menu = (await (
    await api.get('/v2/menu-products', { params: { menu_id: branch.menu_id, branch_id: branch.id } })
  ).json()) as TMenuProductsResponse;
  const dishes = menu.categories
    .flatMap((c) => c.products)
    .filter((p) => p.type === 'origin' && !p.in_stop && !p.has_modifier);
  const product = which === 'first' ? dishes[0] : dishes.at(-1);
  if (!product) throw new Error('Chilonzor sells a dish in sizes');
  const detail = (await (
    await api.get(`/v2/product/${product.slug}`, { params: { menu_id: branch.menu_id } })
  ).json()) as TProductDetail;
  const sizes = detail.variants.map((v) => v.id);
  expect(sizes.length).toBeGreaterThan(1);
  return { branch, product, sizes };
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

async function setPrice(
  api: APIRequestContext,
  token: string,
  menuId: string,
  productId: string,
  price: number,
) {
  const response = await api.put(`/v1/staff/menus/${menuId}/products/${productId}`, {
    data: { price },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test("a new price shows on the open menu and in the open checkout's quote within 5 s", async ({
  page,
  api,
}) => {
  const { branch, product } = await plainDishAtChilonzor(api);
  const token = await managerToken(api);
  const old = product.out_price;
  const raised = old + 1_000;
  const quantity = Math.max(1, Math.ceil(60_000 / old));
  await prepareCheckout(page, api, {
    common: { branch: storedBranch(branch), deliveryType: 'self-pickup' },
    product,
    quantity,
    lineKey: 'live-price-line',
  });
  await pickUpAt(page.context(), branch);

  const polled = page.waitForRequest((r) => r.url().includes('/v2/stop-list'));
  await page.goto(localePath(locale));
  const card = page.locator(`[data-testid="product-card"][data-product-slug="${product.slug}"]`);
  await expect(card).toContainText(formatSum(old, locale));
  await polled;

  try {
    let refreshes = 0;
    page.on('request', (r) => {
      if (r.headers().rsc === '1') refreshes += 1;
    });
    await setPrice(api, token, branch.menu_id, product.id, raised);
    await expect(card).toContainText(formatSum(raised, locale), WITHIN);
    // Once the page shows the new state, the next answers agree with its render: no more refreshes
    // (two more reads of the live state, 4 s apart).
    const settled = refreshes;
    expect(settled).toBeGreaterThan(0);
    await page.waitForTimeout(8_500);
    expect(refreshes).toBe(settled);

    // The checkout's quote is the server's: the new price, and the old one again while the page is open.
    await page.goto(localePath(locale, '/checkout'));
    const goods = page.getByTestId('checkout-goods');
    await expect(goods).toHaveText(formatSum(raised * quantity, locale));
    await page.waitForRequest((r) => r.url().includes('/v2/stop-list'));
    await setPrice(api, token, branch.menu_id, product.id, old);
    await expect(goods).toHaveText(formatSum(old * quantity, locale), WITHIN);
  } finally {
    await setPrice(api, token, branch.menu_id, product.id, old);
  }
});

test('the open product dialog marks a modifier the manager stops, and unmarks it when back on', async ({
  page,
  api,
}) => {
  const { branch } = await plainDishAtChilonzor(api);
  const token = await managerToken(api);
  const menu = (await (
    await api.get('/v2/menu-products', { params: { menu_id: branch.menu_id, branch_id: branch.id } })
  ).json()) as TMenuProductsResponse;
  let chosen: { product: TMenuProduct; modifierId: string } | null = null;
  for (const product of menu.categories.flatMap((c) => c.products)) {
    if (!product.has_modifier || product.in_stop) continue;
    const answer = (await (
      await api.get('/v2/modifier', { params: { product_id: product.id, branch_id: branch.id } })
    ).json()) as TModifierResponse;
    const all = [
      ...answer.product_modifiers.single_modifiers,
      ...answer.product_modifiers.group_modifiers.flatMap((g) => g.variants),
    ];
    const free = all.find((m) => !m.in_stop);
    if (free && all.every((m) => !m.in_stop)) {
      chosen = { product, modifierId: free.id };
      break;
    }
  }
  if (!chosen) throw new Error('Chilonzor sells a dish with modifiers, none of them stopped');
  const { product, modifierId } = chosen;
  const stopModifier = async (stopped: boolean) => {
    const response = await api.put(`/v1/staff/branches/${branch.id}/stop-list`, {
      data: { kind: 'modifier', id: modifierId, stopped },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await pickUpAt(page.context(), branch);

  const polled = page.waitForRequest((r) => r.url().includes('/v2/stop-list'));
  await page.goto(localePath(locale));
  await page
    .locator(`[data-testid="product-card"][data-product-slug="${product.slug}"]`)
    .getByRole('link', { name: product.title[locale], exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: product.title[locale] });
  await expect(dialog).toBeVisible();
  const marks = dialog.getByTestId('modifier-unavailable');
  await expect(marks).toHaveCount(0);
  await polled;

  try {
    await stopModifier(true);
    await expect(marks).toHaveCount(1, WITHIN);
    await expect(marks).toHaveText(t(locale, 'product.unavailable'));
    await expect(dialog).toBeVisible();
    await stopModifier(false);
    await expect(marks).toHaveCount(0, WITHIN);
  } finally {
    await stopModifier(false);
  }
});

test('the open product page marks a size the manager stops: not chosen, not added; every size stopped: Unavailable', async ({
  page,
  api,
}) => {
  const { branch, product, sizes } = await dishInSizesAtChilonzor(api, 'first');
  const token = await managerToken(api);
  await pickUpAt(page.context(), branch);

  const polled = page.waitForRequest((r) => r.url().includes('/v2/stop-list'));
  await page.goto(localePath(locale, `/product/${product.slug}`));
  const form = page.getByTestId('product-order-form');
  const marks = form.getByTestId('option-unavailable');
  await expect(form.getByTestId('product-add-to-cart')).toBeVisible();
  await expect(marks).toHaveCount(0);
  await polled;

  try {
    // The first size (the one chosen) stopped: marked, and Add says why and adds nothing.
    await setStopped(api, token, branch.id, sizes[0] as string, true);
    await expect(marks).toHaveCount(1, WITHIN);
    await expect(marks).toHaveText(t(locale, 'product.unavailable'));
    await expect(form.getByTestId('product-add-to-cart')).toHaveAttribute('aria-disabled', 'true');
    await expect(form.getByTestId('product-add-reason')).toBeVisible();
    // Every size stopped: the dish is unavailable.
    for (const size of sizes.slice(1)) await setStopped(api, token, branch.id, size, true);
    await expect(form.getByTestId('product-unavailable')).toBeVisible(WITHIN);
    for (const size of sizes) await setStopped(api, token, branch.id, size, false);
    await expect(form.getByTestId('product-add-to-cart')).toBeVisible(WITHIN);
    await expect(marks).toHaveCount(0, WITHIN);
  } finally {
    for (const size of sizes) await setStopped(api, token, branch.id, size, false);
  }
});

test("the open menu's card of a dish in sizes: Unavailable once every size is stopped, Choose again when one is back", async ({
  page,
  api,
}) => {
  // The last such dish: the product page's journey above stops the first one's sizes.
  const { branch, product, sizes } = await dishInSizesAtChilonzor(api, 'last');
  const token = await managerToken(api);
  await pickUpAt(page.context(), branch);

  const polled = page.waitForRequest((r) => r.url().includes('/v2/stop-list'));
  await page.goto(localePath(locale));
  const card = page.locator(`[data-testid="product-card"][data-product-slug="${product.slug}"]`);
  await expect(card.getByTestId('choose-options')).toBeVisible();
  await polled;

  try {
    // One size stopped: the others can still be chosen, so the card still offers them.
    await setStopped(api, token, branch.id, sizes[0] as string, true);
    for (const size of sizes.slice(1, -1)) await setStopped(api, token, branch.id, size, true);
    // Every size but the last stopped: the page has had the time to follow, the card still offers.
    await page.waitForTimeout(4_500);
    await expect(card.getByTestId('choose-options')).toBeVisible();
    await expect(card.getByTestId('product-unavailable')).toHaveCount(0);
    // The last one too: nothing to choose from.
    await setStopped(api, token, branch.id, sizes.at(-1) as string, true);
    await expect(card.getByTestId('product-unavailable')).toHaveText(t(locale, 'menu.unavailable'), WITHIN);
    await expect(card.getByTestId('choose-options')).toHaveCount(0);
    // One back on: the card offers the sizes again.
    await setStopped(api, token, branch.id, sizes[0] as string, false);
    await expect(card.getByTestId('choose-options')).toBeVisible(WITHIN);
    await expect(card.getByTestId('product-unavailable')).toHaveCount(0);
  } finally {
    for (const size of sizes) await setStopped(api, token, branch.id, size, false);
  }
});
