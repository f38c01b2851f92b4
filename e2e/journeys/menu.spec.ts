import { expect, formatSum, htmlText, LOCALES, localePath, t, test, tf } from '../support/fixtures.ts';

test.describe('menu in every locale', () => {
  for (const locale of LOCALES) {
    test(`${locale}: ${localePath(locale)} shows the Tashkent menu with names and prices`, async ({
      page,
      request,
      demoMenu,
    }) => {
      const product = demoMenu.firstProduct();
      const title = product.title[locale];
      const price = formatSum(product.out_price, locale);

      // Server-rendered: the HTML itself already holds the dish and its price, before any script runs.
      const response = await request.get(localePath(locale));
      expect(response.status()).toBe(200);
      const html = htmlText(await response.text());
      expect(html).toContain(`<html lang="${locale}"`);
      expect(html).toContain(title);
      expect(html).toContain(price);

      await page.goto(localePath(locale));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        tf(locale, 'menu.title', { city: demoMenu.city.name[locale] }),
      );
      const card = page.getByRole('article', { name: title, exact: true }).first();
      await expect(card).toBeVisible();
      await expect(card).toContainText(price);
      // Every category of the menu is a section of the page, reachable from the category bar.
      const categories = page.getByRole('navigation', { name: t(locale, 'menu.categoriesLabel') });
      for (const category of demoMenu.menu.categories) {
        await expect(
          categories.getByRole('link', { name: category.title[locale], exact: true }),
        ).toHaveAttribute('href', `#${category.slug}`);
      }
    });
  }
});

test.describe('/ru prefix', () => {
  test('a path starting with /ru redirects to the same path without it', async ({ page, request }) => {
    for (const [from, to] of [
      ['/ru', '/'],
      ['/ru/about', '/about'],
      ['/ru/cart', '/cart'],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBeGreaterThanOrEqual(300);
      expect(response.status(), from).toBeLessThan(400);
      expect(new URL(response.headers().location ?? '', 'http://x').pathname, from).toBe(to);
    }

    await page.goto('/ru/about');
    await expect(page).toHaveURL((url) => url.pathname === '/about');
    await expect(page.getByRole('heading', { level: 1, name: t('ru', 'title', 'about') })).toBeVisible();
  });
});

test.describe('cities', () => {
  for (const path of ['/samarkand', '/?city=samarkand']) {
    test(`${path} shows Samarkand's menu`, async ({ page, demoMenu }) => {
      const { city: samarkand, menu } = await demoMenu.samarkand();
      const product = menu.categories.flatMap((c) => c.products).find((p) => !p.in_stop);
      if (!product) throw new Error("Samarkand's menu has dishes");

      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        tf('ru', 'menu.title', { city: samarkand.name.ru }),
      );
      await expect(page.getByRole('article', { name: product.title.ru, exact: true }).first()).toContainText(
        formatSum(product.out_price, 'ru'),
      );
    });
  }
});

test('a dish opened from the menu shows in a dialog at its own address', async ({ page, demoMenu }) => {
  const locale = 'en';
  const product = demoMenu.firstProduct();
  await page.goto(localePath(locale));
  await page
    .getByRole('article', { name: product.title[locale], exact: true })
    .first()
    .getByRole('link', { name: product.title[locale], exact: true })
    .click();

  const dialog = page.getByRole('dialog', { name: product.title[locale] });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('product-title')).toHaveText(product.title[locale]);
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, `/product/${product.slug}`));

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale));
});

test('a dish added from its card says so on the card itself, and after a reload', async ({
  page,
  demoMenu,
}) => {
  const locale = 'uz';
  const product = demoMenu.simpleProduct();
  const name = product.title[locale];
  await page.goto(localePath(locale));
  const card = page.getByRole('article', { name, exact: true }).first();
  const note = card.getByTestId('in-cart');
  // Empty until the dish is in the cart; not a live region: the toast announces the add, once.
  await expect(note).not.toHaveAttribute('aria-live', /.*/);
  await expect(note).toHaveAttribute('data-count', '0');
  await expect(note).toHaveText('');

  const add = card.getByRole('button', { name: tf(locale, 'menu.addNamed', { name }) });
  await add.click();
  await expect(note).toContainText(tf(locale, 'menu.inCart', { count: 1 }));
  await expect(note).toBeVisible();
  await add.click();
  await expect(note).toContainText(tf(locale, 'menu.inCart', { count: 2 }));

  await page.reload();
  await expect(page.getByRole('article', { name, exact: true }).first().getByTestId('in-cart')).toContainText(
    tf(locale, 'menu.inCart', { count: 2 }),
  );
});
