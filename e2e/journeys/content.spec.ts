import type { TLocale } from '@app/contracts';
import { expect, literal, localePath, t, test } from '../support/fixtures.ts';

type TNewsList = { count: number; news_events: { slug: string; title: Record<TLocale, string> }[] };

test('about page: its own namespace, in Russian at /about', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: t('ru', 'title', 'about') })).toBeVisible();
  await expect(page).toHaveTitle(literal(t('ru', 'title', 'about')));
});

test('news in Uzbek at /uz/news lists the news and opens one', async ({ page, api }) => {
  const locale = 'uz';
  const response = await api.get('/v1/news-events', { params: { type: 'news', page: 1, limit: 6 } });
  expect(response.ok()).toBe(true);
  const { news_events: news } = (await response.json()) as TNewsList;
  const latest = news[0];
  if (!latest) throw new Error('the demo chain has news');

  await page.goto(localePath(locale, '/news'));
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'news.title') })).toBeVisible();
  const link = page.getByRole('main').getByRole('link', { name: latest.title.uz }).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === localePath(locale, `/news/${latest.slug}`));
  await expect(page.getByRole('heading', { level: 1, name: latest.title.uz })).toBeVisible();
});

test.describe('404 page', () => {
  for (const locale of ['ru', 'en'] as const) {
    test(`${locale}: an unknown address answers 404 with the spec's texts and a way home`, async ({
      page,
    }) => {
      const response = await page.goto(localePath(locale, '/no-such-page-here'));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: t(locale, 'errors.notFoundTitle') })).toBeVisible();
      await expect(page.getByText(t(locale, 'errors.notFoundText'))).toBeVisible();
      await page
        .getByRole('main')
        .getByRole('link', { name: t(locale, 'actions.goHome') })
        .click();
      await expect(page).toHaveURL((url) => url.pathname === localePath(locale));
    });
  }

  test('an unknown product answers 404 too', async ({ page }) => {
    const response = await page.goto(localePath('en', '/product/no-such-dish'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: t('en', 'errors.notFoundTitle') })).toBeVisible();
  });
});
