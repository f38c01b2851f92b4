import type { TProductDetail } from '@app/contracts';
import { expect, formatSum, limitText, literal, localePath, t, test, tf } from '../support/fixtures.ts';

test('a product with a required modifier group cannot be added until its minimum is chosen', async ({
  page,
  demoMenu,
}) => {
  const locale = 'en';
  const { product, modifiers } = await demoMenu.productWithRequiredModifier();
  const required = modifiers.product_modifiers.group_modifiers.find((g) => g.min_amount >= 1);
  if (!required) throw new Error('productWithRequiredModifier returns a product with a required group');
  const groupName = required.name[locale];

  await page.goto(localePath(locale, `/product/${product.slug}`));
  await expect(page.getByRole('heading', { level: 1, name: product.title[locale] })).toBeVisible();

  const group = page.getByRole('group', { name: groupName });
  await expect(group).toContainText(limitText(locale, required.min_amount, required.max_amount));
  const addButton = page.getByRole('button', { name: literal(t(locale, 'product.addToCart')) });

  // Take back every chosen variant of the group (the form may preselect the minimum).
  for (const variant of required.variants) {
    const decrease = group.getByRole('button', {
      name: tf(locale, 'product.decreaseNamed', { name: variant.title[locale] }),
    });
    while (await decrease.isEnabled()) await decrease.click();
  }

  // Below the minimum: refused, and the reason is spelled out next to the button.
  const reason = tf(locale, 'product.groupNeeds', {
    group: groupName,
    limit: limitText(locale, required.min_amount, required.max_amount),
  });
  await expect(addButton).toBeDisabled();
  await expect(addButton).toHaveAccessibleDescription(reason);
  await expect(page.getByText(reason, { exact: true })).toBeVisible();

  // Choosing up to the minimum, one at a time: refused until the last one, then allowed.
  const first = required.variants[0];
  if (!first) throw new Error('a group has at least one variant');
  const increase = group.getByRole('button', {
    name: tf(locale, 'product.increaseNamed', { name: first.title[locale] }),
  });
  for (let chosen = 1; chosen <= required.min_amount; chosen++) {
    await increase.click();
    if (chosen < required.min_amount) await expect(addButton).toBeDisabled();
  }
  await expect(addButton).toBeEnabled();
  const compulsory = modifiers.product_modifiers.single_modifiers.filter((m) => m.is_compulsory);
  if (compulsory.length === 0) {
    const total = product.out_price + first.out_price * required.min_amount;
    await expect(addButton).toContainText(formatSum(total, locale));
  }

  // Beyond the maximum is impossible: the + buttons of the group stop at max_amount in total.
  for (let chosen = required.min_amount; chosen < required.max_amount; chosen++) await increase.click();
  await expect(increase).toBeDisabled();

  const badge = page.getByTestId('cart-badge');
  await expect(badge).toHaveAttribute('data-count', /^\d+$/);
  const before = Number(await badge.getAttribute('data-count'));
  // Added from the keyboard: the button is off while it adds and the form is reset after, and the
  // focus stays on it throughout (a button disabled under the focus drops it to the page).
  await addButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(tf(locale, 'product.added', { name: product.title[locale] }))).toBeVisible();
  await expect.poll(async () => Number(await badge.getAttribute('data-count'))).toBeGreaterThan(before);
  await expect(addButton).toBeFocused();
});

test('a product page opened directly switches its language as a whole, with no dialog over it', async ({
  page,
  demoMenu,
}) => {
  const product = demoMenu.firstProduct();
  await page.goto(localePath('ru', `/product/${product.slug}`));
  await expect(page.getByRole('heading', { level: 1, name: product.title.ru })).toBeVisible();

  await page
    .getByRole('banner')
    .getByRole('button', { name: literal(t('ru', 'header.language')) })
    .click();
  await page.getByRole('menuitem', { name: 'English' }).click();

  await expect(page).toHaveURL((url) => url.pathname === localePath('en', `/product/${product.slug}`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: product.title.en })).toBeVisible();
  await expect(page.getByRole('button', { name: literal(t('en', 'product.addToCart')) })).toBeVisible();
  // The page itself, in English: no product dialog (in either language) opens over it.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(product.title.ru, { exact: true })).toHaveCount(0);
});

test("a product page writes its numbers the locale's way: the rating, the energy, the weight", async ({
  page,
  demoMenu,
}) => {
  const product = demoMenu.products.find(
    (p) => !p.in_stop && !Number.isInteger(p.rating) && p.energy >= 1_000,
  );
  if (!product)
    throw new Error('The demo menu has no product with a fractional rating and 1,000 kcal or more');
  const [whole, tenths] = product.rating.toFixed(1).split('.');
  const thousands = (n: number, separator: string) =>
    `${Math.floor(n / 1_000)}${separator}${String(n % 1_000).padStart(3, '0')}`;
  const cases = [
    // Russian: a decimal comma, thousands set apart by a (no-break) space.
    {
      locale: 'ru',
      rating: `${whole},${tenths}`,
      energy: new RegExp(`^${thousands(product.energy, '\\s')} ккал$`),
    },
    {
      locale: 'en',
      rating: `${whole}.${tenths}`,
      energy: new RegExp(`^${thousands(product.energy, ',')} kcal$`),
    },
  ] as const;
  for (const c of cases) {
    await page.goto(localePath(c.locale, `/product/${product.slug}`));
    await expect(
      page.getByRole('img', { name: tf(c.locale, 'product.rating', { rating: c.rating }) }),
    ).toBeVisible();
    const nutrition = page.getByTestId('product-nutrition');
    await expect(nutrition.getByText(c.energy)).toBeVisible();
  }
});

test("a dish in sizes says 'from' its lowest price in each language's own word order", async ({
  page,
  demoMenu,
}) => {
  const origin = demoMenu.products.find((p) => p.type === 'origin' && !p.in_stop);
  if (!origin) throw new Error('The demo menu has no dish in sizes');
  const response = await demoMenu.api.get(`/v2/product/${origin.id}`);
  expect(response.ok()).toBe(true);
  const detail = (await response.json()) as TProductDetail;
  expect(detail.variants.length).toBeGreaterThan(1);
  const lowest = Math.min(...detail.variants.map((v) => v.out_price));
  const expected = {
    ru: `от ${formatSum(lowest, 'ru')}`,
    // Uzbek puts the suffix on the amount: "32 000 so'mdan boshlab", never "dan boshlab 32 000 so'm".
    uz: `${formatSum(lowest, 'uz')}dan boshlab`,
    en: `from ${formatSum(lowest, 'en')}`,
  } as const;
  for (const [locale, text] of Object.entries(expected) as [keyof typeof expected, string][]) {
    await page.goto(localePath(locale, `/product/${origin.slug}`));
    await expect(page.getByTestId('product-view').locator('header')).toContainText(text);
  }
});
