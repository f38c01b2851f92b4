import type { TProductListResponse } from '@app/contracts';
import { expect, localePath, t, test } from '../support/fixtures.ts';

test('search overlay: Latin "lavash" finds the Cyrillic dishes and opens the product page', async ({
  page,
  api,
}) => {
  const locale = 'ru';
  // What the overlay asks the API for (spec section 9: page 1, 7 results, every product type).
  const response = await api.get('/v2/product', {
    params: { search: 'lavash', page: 1, limit: 7, product_types: 'simple,combo,origin' },
  });
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as TProductListResponse;
  expect(products.length).toBeGreaterThan(0);
  const first = products[0];
  if (!first?.title || !first.slug) throw new Error('search results carry title and slug');
  expect(first.title.ru).toMatch(/лаваш/i);

  await page.goto(localePath(locale));
  const searchbox = page.getByRole('searchbox', { name: t(locale, 'search.label') });
  await expect(searchbox).toHaveCount(0);

  await page.getByRole('button', { name: t(locale, 'header.search') }).click();
  const overlay = page.getByRole('dialog', { name: t(locale, 'search.title') });
  await expect(overlay).toBeVisible();
  // The input takes focus on its own (after 200 ms), so the customer can type at once.
  await expect(searchbox).toBeFocused();
  await page.keyboard.type('lavash');

  const results = overlay.getByRole('list', { name: t(locale, 'search.results') }).getByRole('link');
  await expect(results).toHaveCount(products.length);
  await expect(results.first()).toContainText(first.title.ru);
  await results.first().click();

  await expect(page).toHaveURL((url) => url.pathname === `/product/${first.slug}`);
  // From the menu the product opens in a dialog over it (an intercepted route); either way its name is a heading.
  await expect(page.getByTestId('product-title')).toHaveText(first.title.ru);
});

test('search overlay closes with its button and shows nothing for a query without matches', async ({
  page,
}) => {
  const locale = 'en';
  await page.goto(localePath(locale));
  await page.getByRole('button', { name: t(locale, 'header.search') }).click();
  const overlay = page.getByRole('dialog', { name: t(locale, 'search.title') });
  await page.getByRole('searchbox', { name: t(locale, 'search.label') }).fill('zzqxj');
  await expect(overlay.getByText(t(locale, 'search.empty').replace('{query}', 'zzqxj'))).toBeVisible();
  await overlay.getByRole('button', { name: t(locale, 'search.close') }).click();
  await expect(overlay).toBeHidden();
});

test('search waits for a pause in typing (300 ms) and shows at most 7 dishes', async ({ page, api }) => {
  const locale = 'en';
  const query = 'sh';
  const all = await api.get('/v2/product', { params: { search: query, page: 1, limit: 100 } });
  expect(((await all.json()) as TProductListResponse).count).toBeGreaterThan(7);

  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v2/product' && url.searchParams.has('search')) {
      searches.push(url.searchParams.get('search') ?? '');
    }
  });

  await page.goto(localePath(locale));
  await page.getByRole('button', { name: t(locale, 'header.search') }).click();
  const overlay = page.getByRole('dialog', { name: t(locale, 'search.title') });
  const searchbox = page.getByRole('searchbox', { name: t(locale, 'search.label') });
  await expect(searchbox).toBeFocused();
  // Typed faster than the debounce: only the whole word reaches the API.
  await searchbox.pressSequentially('shashlik', { delay: 40 });
  const results = overlay.getByRole('list', { name: t(locale, 'search.results') }).getByRole('link');
  await expect(results.first()).toBeVisible();
  // Without the debounce each of the 8 keystrokes would ask; a stall of the machine between two
  // keystrokes may let one early query through, hence 'at most 3' rather than exactly 1.
  expect(searches.at(-1)).toBe('shashlik');
  expect(searches.length).toBeLessThanOrEqual(3);

  const broadSearch = page.waitForRequest(
    (request) => new URL(request.url()).searchParams.get('search') === query,
  );
  await searchbox.fill(query);
  await broadSearch;
  // '7 dishes found' only once the broad query's answer is shown (the overlay's own count).
  await expect(overlay.getByRole('status')).toHaveText(/^7\D/);
  await expect(results).toHaveCount(7);
});
