import type { Locator, Page } from '@playwright/test';
import { expect, localePath, t, test, tf } from '../support/fixtures.ts';

const locale = 'en';

/** The header's cart badge: its data-count is the total quantity across the cart's lines. */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('cart-badge');
  await expect(badge).toHaveAttribute('data-count', /^\d+$/);
  return Number(await badge.getAttribute('data-count'));
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
  await addFirst.click();
  await expect.poll(() => badgeCount(page)).toBeGreaterThan(0);
  const afterOne = await badgeCount(page);
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
