import type { TShipper } from '@app/contracts';
import { expect, literal, localePath, t, test } from '../support/fixtures.ts';
import { DEMO_SHIPPER_ID } from '../support/urls.ts';

const DESKTOP_ORDER = [
  'home',
  'about',
  'gallery',
  'news',
  'branches',
  'stocks',
  'recipes',
  'vacancies',
  'contacts',
  'offer',
  'rules',
];
// Spec section 2: branches and news move up on mobile, and Home is not there.
const MOBILE_ORDER = [
  'about',
  'branches',
  'news',
  'gallery',
  'stocks',
  'recipes',
  'vacancies',
  'contacts',
  'offer',
  'rules',
];

for (const [layout, viewport, order] of [
  ['desktop', { width: 1280, height: 800 }, DESKTOP_ORDER],
  ['mobile', { width: 390, height: 844 }, MOBILE_ORDER],
] as const) {
  test(`side menu lists its items in the ${layout} order`, async ({ page }) => {
    const locale = 'en';
    await page.setViewportSize(viewport);
    await page.goto(localePath(locale, '/about'));
    await page.getByRole('button', { name: t(locale, 'header.openMenu') }).click();
    const menu = page.getByRole('dialog', { name: t(locale, 'header.menuTitle') });
    await expect(menu).toBeVisible();
    const links = menu.getByRole('navigation').getByRole('link');
    await expect(links).toHaveText(order.map((key) => t(locale, `nav.${key}`)));

    await links.filter({ hasText: t(locale, 'nav.news') }).click();
    await expect(page).toHaveURL((url) => url.pathname === localePath(locale, '/news'));
    await expect(menu).toBeHidden();
  });
}

test('the language switcher keeps the current page', async ({ page }) => {
  await page.goto(localePath('en', '/about'));
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'title', 'about') })).toBeVisible();

  await page
    .getByRole('banner')
    .getByRole('button', { name: literal(t('en', 'header.language')) })
    .click();
  await page.getByRole('menuitem', { name: "O'zbekcha" }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/uz/about');
  await expect(page.getByRole('heading', { level: 1, name: t('uz', 'title', 'about') })).toBeVisible();

  await page
    .getByRole('banner')
    .getByRole('button', { name: literal(t('uz', 'header.language')) })
    .click();
  await page.getByRole('menuitem', { name: 'Русский' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/about');
  await expect(page.getByRole('heading', { level: 1, name: t('ru', 'title', 'about') })).toBeVisible();
});

test('footer shows the hotline, the working hours from the shipper record and the current year', async ({
  page,
  api,
}) => {
  const locale = 'en';
  const response = await api.get(`/v1/shippers/${DEMO_SHIPPER_ID}`);
  expect(response.ok()).toBe(true);
  const shipper = (await response.json()) as TShipper;

  await page.goto(localePath(locale, '/contacts'));
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(
    t(locale, 'footer.hours')
      .replace('{start}', shipper.work_hour_start)
      .replace('{end}', shipper.work_hour_end),
  );
  await expect(footer).toContainText(String(new Date().getFullYear()));
});
