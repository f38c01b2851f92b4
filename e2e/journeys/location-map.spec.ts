import type {
  TBranchListResponse,
  TCheckPointResponse,
  TLocale,
  TMenuProductsResponse,
  TNearestBranchResponse,
} from '@app/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { expect, formatSum, literal, localePath, t, test, tf } from '../support/fixtures.ts';

/**
 * The map dialog and the restaurants map (issue 4). Tiles come from `http://tiles.invalid/...`
 * (playwright.config.ts sets MAP_TILE_URL) and are answered here with a 1x1 PNG, so the maps are
 * real Leaflet maps that never reach the internet.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The default map centre (spec section 9): inside a Tashkent delivery zone of the demo chain. */
const CENTRE = { lat: 41.311153, long: 69.279729 };
/** ~0.34 degrees of longitude west of the centre: outside every demo zone. */
const OUTSIDE_LONG = 68.94;

const loc = (locale: TLocale, key: string) => t(locale, key, 'location');

/** Answers every tile request with a tiny PNG and records what was asked for. */
async function serveTiles(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('http://tiles.invalid/**', async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'image/png', body: PNG });
  });
  return asked;
}

/** Pixels per degree of longitude on a Web Mercator map at `zoom` (256 px tiles). */
const pxPerDegree = (zoom: number) => (256 * 2 ** zoom) / 360;

/** Anonymous, no saved points: the address button opens the prompt, 'Enter address' the map dialog. */
async function openMapDialog(page: Page, locale: TLocale): Promise<Locator> {
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

/** The dialog's map once Leaflet has drawn it. */
async function loadedMap(dialog: Locator, locale: TLocale): Promise<Locator> {
  const map = dialog.getByRole('region', { name: loc(locale, 'mapDialog.mapLabel') });
  await expect(map).toHaveClass(/leaflet-container/);
  await expect(map).not.toHaveAttribute('aria-busy');
  return map;
}

async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

/** The zoom buttons are named, and titled, in the page's language. */
async function expectZoomButtons(map: Locator, locale: TLocale) {
  for (const key of ['map.zoomIn', 'map.zoomOut']) {
    const button = map.getByRole('button', { name: loc(locale, key), exact: true });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('title', loc(locale, key));
  }
}

/** The branch the storefront should choose for a point: the first active one near it in its zone. */
async function expectedBranch(api: APIRequestContext, point: { lat: number; long: number }) {
  const check = await api.get('/v1/check_point_delivery_zones', {
    params: { lat: point.lat, lon: point.long },
  });
  expect(check.ok()).toBe(true);
  const zone = ((await check.json()) as TCheckPointResponse).result[0];
  if (!zone) throw new Error('the demo centre must be inside a delivery zone');
  const nearest = await api.get('/v1/nearest-branch', {
    params: { lat: point.lat, long: point.long, delivery_zone_id: zone.id },
  });
  expect(nearest.ok()).toBe(true);
  const branch = ((await nearest.json()) as TNearestBranchResponse).branches.find((b) => b.is_active);
  if (!branch) throw new Error('an active branch serves the demo centre');
  return branch;
}

test.describe('map dialog: delivery', () => {
  test('a click on the map inside a zone sets the address, the branch and the menu after a reload', async ({
    page,
    api,
  }) => {
    const locale = 'ru';
    const tiles = await serveTiles(page);
    await page.goto(localePath(locale));
    expect(await cookie(page, 'branch_id')).toBeUndefined();

    const dialog = await openMapDialog(page, locale);
    // Delivery is the default type, so its tab is the one open.
    await expect(dialog.getByRole('tab', { name: loc(locale, 'delivery') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const map = await loadedMap(dialog, locale);
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    expect(tiles.every((url) => /^http:\/\/tiles\.invalid\/11\/\d+\/\d+\.png$/.test(url))).toBe(true);
    // The map's own buttons speak the page's language (Leaflet's are English by default).
    await expectZoomButtons(map, locale);

    // The map opens on the default centre: its middle is the centre point.
    await map.click();
    const address = dialog.getByTestId('map-dialog-address');
    await expect(address).not.toHaveText(loc(locale, 'mapDialog.locating'));
    const addressText = (await address.textContent())?.trim() ?? '';
    expect(addressText.length).toBeGreaterThan(0);
    await expect(dialog.getByText(loc(locale, 'outOfZone'))).toHaveCount(0);

    const confirm = dialog.getByRole('button', { name: loc(locale, 'mapDialog.confirm') });
    await expect(confirm).toBeEnabled();
    await Promise.all([page.waitForEvent('load'), confirm.click()]);

    // After the reload: the address on the button, the branch and its menu in the cookies.
    await expect(
      page.getByRole('button', { name: literal(`${loc(locale, 'addressButton')}: ${addressText}`) }).first(),
    ).toBeVisible();
    const branch = await expectedBranch(api, CENTRE);
    expect(await cookie(page, 'branch_id')).toBe(branch.id);
    expect(await cookie(page, 'branch_slug')).toBe(branch.slug);
    expect(await cookie(page, 'menu_id')).toBe(branch.menu_id);
    expect(await cookie(page, 'delivery_type')).toBe('delivery');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a click outside every zone says so and offers pickup or another address', async ({ page }) => {
    const locale = 'en';
    const tiles = await serveTiles(page);
    await page.goto(localePath(locale));
    const dialog = await openMapDialog(page, locale);
    const map = await loadedMap(dialog, locale);

    // One step out (zoom 10, around the same centre), so 68.94 fits in the map.
    await map.getByRole('button', { name: loc(locale, 'map.zoomOut'), exact: true }).click();
    await expect.poll(() => tiles.some((url) => url.includes('/10/'))).toBe(true);
    await expect(map).not.toHaveClass(/leaflet-zoom-anim/);
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has a size');
    const dx = (CENTRE.long - OUTSIDE_LONG) * pxPerDegree(10);
    expect(dx).toBeLessThan(box.width / 2 - 20);
    await page.mouse.click(box.x + box.width / 2 - dx, box.y + box.height / 2);

    await expect(dialog.getByText(loc(locale, 'outOfZone'))).toBeVisible();
    await expect(dialog.getByRole('button', { name: loc(locale, 'mapDialog.confirm') })).toBeDisabled();

    // 'Another address' clears the point and goes back to the search field.
    await dialog.getByRole('button', { name: loc(locale, 'mapDialog.anotherAddress') }).click();
    await expect(dialog.getByText(loc(locale, 'outOfZone'))).toHaveCount(0);
    await expect(dialog.getByRole('searchbox', { name: loc(locale, 'mapDialog.searchLabel') })).toBeFocused();

    await page.mouse.click(box.x + box.width / 2 - dx, box.y + box.height / 2);
    await expect(dialog.getByText(loc(locale, 'outOfZone'))).toBeVisible();
    await dialog.getByRole('button', { name: loc(locale, 'mapDialog.orderPickup') }).click();
    await expect(dialog.getByRole('tab', { name: loc(locale, 'selfPickup') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(dialog.getByRole('radio').first()).toBeVisible();
  });

  test('the search finds an address without the map, and choosing it checks the zone', async ({ page }) => {
    const locale = 'en';
    await serveTiles(page);
    await page.goto(localePath(locale));
    const dialog = await openMapDialog(page, locale);
    await dialog.getByRole('searchbox', { name: loc(locale, 'mapDialog.searchLabel') }).fill('Amir Temur');
    const results = dialog.getByRole('list', { name: loc(locale, 'mapDialog.results') });
    const first = results.getByRole('button').first();
    await expect(first).toBeVisible();
    const chosen = (await first.locator('span.font-semibold').textContent())?.trim() ?? '';
    await first.press('Enter');
    // The list folds away and focus lands on the chosen address, not on the page's body.
    const section = dialog.getByRole('region', { name: loc(locale, 'mapDialog.chosenAddress') });
    await expect(section).toBeFocused();
    await expect(results).toHaveCount(0);
    await expect(dialog.getByTestId('map-dialog-address')).toContainText(chosen);
    await expect(dialog.getByRole('button', { name: loc(locale, 'mapDialog.confirm') })).toBeEnabled();
  });
});

test('an address in another city switches the menu to the branch serving it', async ({ page, api }) => {
  const locale = 'en';
  await serveTiles(page);
  await page.goto(localePath(locale));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tashkent');
  const dialog = await openMapDialog(page, locale);
  await dialog.getByRole('searchbox', { name: loc(locale, 'mapDialog.searchLabel') }).fill('Registan');
  const results = dialog.getByRole('list', { name: loc(locale, 'mapDialog.results') });
  await results.getByRole('button').first().click();
  const confirm = dialog.getByRole('button', { name: loc(locale, 'mapDialog.confirm') });
  await expect(confirm).toBeEnabled();
  await Promise.all([page.waitForEvent('load'), confirm.click()]);

  const branchId = await cookie(page, 'branch_id');
  const branches = (await (
    await api.get('/v1/branches', { params: { limit: 100 } })
  ).json()) as TBranchListResponse;
  const branch = branches.branches.find((b) => b.id === branchId);
  expect(branch?.city).toBe('samarkand');
  if (!branch) return;
  const menu = (await (
    await api.get('/v2/menu-products', { params: { menu_id: branch.menu_id, branch_id: branch.id } })
  ).json()) as TMenuProductsResponse;
  const product = menu.categories.flatMap((c) => c.products).find((p) => !p.in_stop);
  if (!product) throw new Error("the Samarkand branch's menu has dishes");
  // `/` now shows the chosen branch's city and its menu's prices.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Samarkand');
  await expect(page.getByRole('article', { name: product.title.en, exact: true }).first()).toContainText(
    formatSum(product.out_price, locale),
  );
});

test.describe('map dialog: self-pickup', () => {
  test('at 05:00 in Tashkent a branch closed overnight is disabled; an open one is chosen', async ({
    page,
    api,
  }) => {
    const locale = 'en';
    // 00:00 UTC is 05:00 in Tashkent: amir-temur (10:00-03:00) is closed, chilonzor (around the clock) open.
    await page.clock.setFixedTime(new Date('2026-11-23T00:00:00Z'));
    const tiles = await serveTiles(page);
    const list = await api.get('/v1/branches', { params: { limit: 100 } });
    const { branches } = (await list.json()) as TBranchListResponse;
    const amirTemur = branches.find((b) => b.slug === 'tashkent-amir-temur');
    const chilonzor = branches.find((b) => b.slug === 'tashkent-chilonzor');
    const oybek = branches.find((b) => b.slug === 'tashkent-oybek');
    if (!amirTemur || !chilonzor || !oybek) throw new Error('demo branches amir-temur, chilonzor, oybek');

    await page.goto(localePath(locale));
    const dialog = await openMapDialog(page, locale);
    await dialog.getByRole('tab', { name: loc(locale, 'selfPickup') }).click();

    const closed = dialog.getByRole('radio', { name: literal(amirTemur.name.en) });
    await expect(closed).toBeDisabled();
    // The label says when it reopens (the radio's name is its whole label).
    await expect(closed).toHaveAccessibleName(
      literal(tf(locale, 'mapDialog.opensAt', { time: '10:00' }, 'location')),
    );
    const inactive = dialog.getByRole('radio', { name: literal(oybek.name.en) });
    await expect(inactive).toBeDisabled();
    await expect(inactive).toHaveAccessibleName(literal(loc(locale, 'mapDialog.inactive')));

    const confirm = dialog.getByRole('button', { name: loc(locale, 'mapDialog.confirm') });
    await expect(confirm).toBeDisabled();
    const open = dialog.getByRole('radio', { name: literal(chilonzor.name.en) });
    await expect(open).toBeEnabled();
    await expect(open).toHaveAccessibleName(literal(loc(locale, 'mapDialog.aroundTheClock')));
    await expectAccessible(page, 'the map dialog, self-pickup');
    // Its marker on the map is a button the keyboard chooses with Enter.
    const marker = dialog.locator(`.leaflet-marker-icon[title="${chilonzor.name.en}"]`);
    await marker.focus();
    await marker.press('Enter');
    await expect(open).toBeChecked();
    await open.check();
    // Choosing it focuses it on the map at zoom 18.
    await expect.poll(() => tiles.some((url) => url.includes('/18/'))).toBe(true);

    await expect(confirm).toBeEnabled();
    await Promise.all([page.waitForEvent('load'), confirm.click()]);
    expect(await cookie(page, 'branch_id')).toBe(chilonzor.id);
    expect(await cookie(page, 'branch_slug')).toBe('tashkent-chilonzor');
    expect(await cookie(page, 'menu_id')).toBe(chilonzor.menu_id);
    expect(await cookie(page, 'delivery_type')).toBe('self-pickup');
    // The address button now names the pickup restaurant as such, not as a delivery address.
    const addressButton = page.getByRole('banner').locator('[data-address-button="header"]');
    await expect(addressButton).toHaveAccessibleName(
      tf(locale, 'pickupButtonNamed', { branch: chilonzor.name.en }, 'location'),
    );
    await expect(addressButton).not.toHaveAccessibleName(literal(loc(locale, 'addressButton')));
    await expect(addressButton).toHaveText(chilonzor.name.en);
  });

  test('below md the dialog covers the whole screen', async ({ page }) => {
    const locale = 'ru';
    await serveTiles(page);
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto(localePath(locale));
    const dialog = await openMapDialog(page, locale);
    await loadedMap(dialog, locale);
    const box = await dialog.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 780 });
  });
});

test.describe('restaurants map', () => {
  test('/branches shows every listed restaurant on a map, next to the list', async ({ page }) => {
    const locale = 'en';
    const tiles = await serveTiles(page);
    await page.goto(localePath(locale, '/branches'));
    const names = await page.getByRole('main').locator('article h2').allTextContents();
    expect(names.length).toBeGreaterThan(3);
    const map = page.getByRole('region', { name: t(locale, 'map.label', 'branches') });
    await expect(map).toHaveClass(/leaflet-container/);
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    // The country view: each city's restaurants would overlap, so each city is one cluster button
    // that names them; every restaurant is on the map once, alone or in a cluster.
    const clusters = map.locator('.leaflet-marker-icon.map-cluster');
    const markers = map.locator('.leaflet-marker-icon:not(.map-cluster)');
    await expect(clusters.first()).toBeVisible();
    // Leaflet adds the icons one after another: wait until the last is there, then check each once.
    const mapTitles = async () => [
      ...(await clusters.evaluateAll((icons) => icons.map((icon) => icon.getAttribute('title') ?? ''))),
      ...(await markers.evaluateAll((icons) => icons.map((icon) => icon.getAttribute('title') ?? ''))),
    ];
    const timesOnMap = async () => {
      const titles = await mapTitles();
      return names.map((name) => titles.filter((title) => title.includes(name.trim())).length);
    };
    await expect.poll(timesOnMap).toEqual(names.map(() => 1));
    const titles = await mapTitles();
    // A cluster's count may be written after its title: read until the counts and markers add up.
    const onMap = async () =>
      (await clusters.allTextContents()).reduce((sum, count) => sum + Number(count), 0) +
      (await markers.count());
    await expect.poll(onMap).toBe(names.length);
    // Every button on the map at least 24 px and none over another (WCAG 2.5.8), the texts in contrast.
    await expectAccessible(page, '/branches with its map');

    // A cluster is a keyboard button: Enter zooms in on its restaurants and focus goes with them.
    const cluster = clusters.first();
    await expect(cluster).toHaveAccessibleName(/Zoom in$/);
    await cluster.focus();
    await cluster.press('Enter');
    const focused = map.locator('.leaflet-marker-icon:focus');
    await expect(focused).toHaveCount(1);
    await expect(map.locator('.leaflet-marker-icon')).not.toHaveCount(titles.length);
    // A marker is a keyboard-reachable button that opens the restaurant's popup with a link.
    const marker = markers.first();
    await marker.focus();
    await marker.press('Enter');
    await expect(map.getByRole('link', { name: t(locale, 'details', 'branches') })).toBeVisible();
    // Leaflet's own English ('Close popup', its credit's title) is replaced by the page's language.
    await expect(map.locator('.leaflet-popup-close-button')).toHaveAccessibleName(
      t(locale, 'map.closePopup', 'location'),
    );
    await expect(map.locator('.leaflet-control-attribution a[title]')).toHaveCount(0);
  });

  test('/branches/[slug] focuses that restaurant at zoom 18', async ({ page, api }) => {
    const locale = 'uz';
    const tiles = await serveTiles(page);
    const response = await api.get('/v1/branches/tashkent-amir-temur');
    const branch = (await response.json()) as { name: { uz: string } };
    await page.goto(localePath(locale, '/branches/tashkent-amir-temur'));
    const map = page.getByRole('region', {
      name: tf(locale, 'map.branchLabel', { name: branch.name.uz }, 'branches'),
    });
    await expect(map).toHaveClass(/leaflet-container/);
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
    await expect.poll(() => tiles.length).toBeGreaterThan(0);
    expect(tiles.every((url) => url.includes('/18/'))).toBe(true);
    await expectZoomButtons(map, locale);
  });
});
