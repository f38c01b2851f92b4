import type { TBranchListResponse } from '@app/contracts';
import type { Page } from '@playwright/test';
import { expect, localePath, test } from '../support/fixtures.ts';
import { WEB_URL } from '../support/urls.ts';

// The suite's storefront runs with SITE_URL set to its own address while the build knew none:
// seeing that address in the answers proves the configuration is read at run time (decision 002).

test('sitemap.xml lists every product and content page with hreflang alternates', async ({
  request,
  demoMenu,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  const xml = await response.text();
  for (const product of demoMenu.products) {
    expect(xml).toContain(`<loc>${WEB_URL}/product/${product.slug}</loc>`);
  }
  for (const path of [
    '/about',
    '/news',
    '/branches',
    '/stocks',
    '/recipes',
    '/vacancies',
    '/contacts',
    '/offer',
  ]) {
    expect(xml).toContain(`<loc>${WEB_URL}${path}</loc>`);
    expect(xml).toContain(`hreflang="uz" href="${WEB_URL}/uz${path}"`);
    expect(xml).toContain(`hreflang="en" href="${WEB_URL}/en${path}"`);
  }
});

test("sitemap.xml lists a dish of the regions' menu only as its cities' pages, and its page there canonicalises to itself", async ({
  request,
  page,
  demoMenu,
}) => {
  const regional = await demoMenu.regionalDish();

  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml).toContain(`<loc>${WEB_URL}/product/${regional.slug}?city=samarkand</loc>`);
  expect(xml).toContain(`hreflang="en" href="${WEB_URL}/en/product/${regional.slug}?city=samarkand"`);
  expect(xml).not.toContain(`<loc>${WEB_URL}/product/${regional.slug}</loc>`);

  await page.goto(localePath('en', `/product/${regional.slug}?city=samarkand`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${WEB_URL}/en/product/${regional.slug}?city=samarkand`,
  );
});

test('robots.txt points at the sitemap and keeps the cart out of search engines', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain(`Sitemap: ${WEB_URL}/sitemap.xml`);
  expect(text).toMatch(/^Disallow: \/cart$/m);
});

test('the menu page names its other-language versions and describes the menu in JSON-LD', async ({
  page,
}) => {
  await page.goto(localePath('en', '/'));
  for (const [lang, path] of [
    ['ru', ''],
    ['uz', '/uz'],
    ['en', '/en'],
  ] as const) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute(
      'href',
      new RegExp(`^${WEB_URL}${path}/?$`),
    );
  }
  expect(await jsonLdTypes(page)).toContain('Menu');
});

test('a restaurant page describes the restaurant in JSON-LD', async ({ page, api }) => {
  const response = await api.get('/v1/branches', { params: { limit: 100 } });
  expect(response.ok()).toBe(true);
  const { branches } = (await response.json()) as TBranchListResponse;
  const branch = branches.find((b) => b.is_active);
  if (!branch) throw new Error('the demo chain has an active restaurant');

  await page.goto(localePath('en', `/branches/${branch.slug}`));
  await expect(page.getByRole('heading', { level: 1, name: branch.name.en })).toBeVisible();
  expect(await jsonLdTypes(page)).toContain('Restaurant');
});

/** Every schema.org type named at the top of the page's JSON-LD blocks (or in their @graph). */
async function jsonLdTypes(page: Page): Promise<string[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => {
    const data = JSON.parse(text) as { '@type'?: string | string[]; '@graph'?: { '@type'?: string }[] };
    return [data['@type'], ...(data['@graph'] ?? []).map((node) => node['@type'])]
      .flat()
      .filter((type): type is string => typeof type === 'string');
  });
}
