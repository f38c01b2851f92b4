import type { TCheckPointResponse, TLocale, TNearestBranchResponse } from '@app/contracts';
import { ADDRESS_PROMPT_DELAY_MS } from '@app/domain';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { literal, t } from './fixtures.ts';

/**
 * The location flow as journeys drive it (issue 4): map tiles answered locally, the map dialog
 * opened from the header, an address chosen by search and confirmed. Shared by the journeys that
 * need a delivery address first (orders, checkout).
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const loc = (locale: TLocale, key: string) => t(locale, key, 'location');

/**
 * Answers every tile request (`http://tiles.invalid/...`, playwright.config.ts's MAP_TILE_URL) with a
 * 1x1 PNG, so maps are real Leaflet maps that never reach the internet. Returns what was asked for.
 */
export async function serveTiles(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('http://tiles.invalid/**', async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });
  return asked;
}

/** No saved points yet: the address button opens the popover, 'Enter address' the map dialog. */
export async function openMapDialog(page: Page, locale: TLocale): Promise<Locator> {
  await page
    .getByRole('button', { name: literal(loc(locale, 'addressButton')) })
    .first()
    .click();
  await page
    .getByTestId('address-popover')
    .getByRole('button', { name: loc(locale, 'enterAddress') })
    .click();
  const dialog = page.getByRole('dialog', { name: loc(locale, 'mapDialog.title') });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Searches `query` in the open map dialog, takes the first result and confirms it; the page reloads
 * with the address, its nearest branch and that branch's menu. Returns the chosen address text.
 */
export async function chooseAddressBySearch(page: Page, locale: TLocale, query: string): Promise<string> {
  const dialog = await openMapDialog(page, locale);
  await dialog.getByRole('searchbox', { name: loc(locale, 'mapDialog.searchLabel') }).fill(query);
  const results = dialog.getByRole('list', { name: loc(locale, 'mapDialog.results') });
  await results.getByRole('button').first().click();
  const address = dialog.getByTestId('map-dialog-address');
  await expect(address).not.toHaveText(loc(locale, 'mapDialog.locating'));
  const text = (await address.textContent())?.trim() ?? '';
  const confirm = dialog.getByRole('button', { name: loc(locale, 'mapDialog.confirm') });
  await expect(confirm).toBeEnabled();
  await Promise.all([page.waitForEvent('load'), confirm.click()]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return text;
}

export async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

/** The branch the storefront chooses for a point: the first active one near it, in its zone. */
export async function expectedBranch(
  api: APIRequestContext,
  point: { lat: number; long: number },
): Promise<TNearestBranchResponse['branches'][number]> {
  const check = await api.get('/v1/check_point_delivery_zones', {
    params: { lat: point.lat, lon: point.long },
  });
  expect(check.ok()).toBe(true);
  const zone = ((await check.json()) as TCheckPointResponse).result[0];
  if (!zone) throw new Error(`${point.lat},${point.long} is outside every delivery zone`);
  const nearest = await api.get('/v1/nearest-branch', {
    params: { lat: point.lat, long: point.long, delivery_zone_id: zone.id },
  });
  expect(nearest.ok()).toBe(true);
  const branch = ((await nearest.json()) as TNearestBranchResponse).branches.find((b) => b.is_active);
  if (!branch) throw new Error(`no active branch serves ${point.lat},${point.long}`);
  return branch;
}

/**
 * The flow's 5 s after load, on the page's Playwright clock (installed before the page loaded)
 * rather than the wall clock: once React has taken over the server's HTML, so its timer is set.
 */
export async function passPromptDelay(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const header = document.querySelector('header');
        return header !== null && Object.keys(header).some((key) => key.startsWith('__reactFiber'));
      }),
    )
    .toBe(true);
  await page.clock.runFor(ADDRESS_PROMPT_DELAY_MS);
  await page.clock.runFor(1_000);
}
