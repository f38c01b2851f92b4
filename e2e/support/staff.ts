import type {
  TCheckPointResponse,
  TCreateOrderRequest,
  TLocale,
  TMenuProduct,
  TMenuProductsResponse,
  TNearestBranchResponse,
} from '@app/contracts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { CspWatch, expect, localePath, t } from './fixtures.ts';
import { WEB_URL } from './urls.ts';

/**
 * What the staff workspace's journeys share (issue 13): signing a member in through the workspace's
 * form, a browser context per person, and a customer's delivery order at Chilonzor placed through
 * the customer API.
 */

/** Seeded staff (apps/api/src/db/seed/data/staff.ts); the password is STAFF_DEMO_PASSWORD or its default. */
export const STAFF_PASSWORD = process.env.STAFF_DEMO_PASSWORD || 'baraka-staff-demo';
/** The gazetteer's Chilonzor Bazaar: in the zone of the Chilonzor branch, whose kitchen is vendor-chilonzor. */
const CHILONZOR_BAZAAR = { lat: 41.2725, long: 69.2085 };
const BRANCH_SLUG = 'tashkent-chilonzor';

/** Signs `login` in through the workspace's form (/staff), in `locale`. */
export async function signIn(
  page: Page,
  login: string,
  password = STAFF_PASSWORD,
  locale: TLocale = 'en',
): Promise<void> {
  const s = (key: string) => t(locale, key, 'staff');
  await page.goto(localePath(locale, '/staff'));
  await expect(page.getByRole('heading', { name: s('signIn.title') })).toBeVisible();
  await page.getByLabel(s('signIn.login')).fill(login);
  await page.getByLabel(s('signIn.password')).fill(password);
  await page.getByRole('button', { name: s('signIn.submit') }).click();
}

/** A browser context of its own (another person's device), watched for CSP refusals like the default one. */
export async function device(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: WEB_URL, ...(viewport ? { viewport } : {}) });
  const csp = await CspWatch.attach(context);
  const page = await context.newPage();
  return { context, csp, page };
}

/** A delivery order to Chilonzor Bazaar, cash, served by the Chilonzor branch, placed as the customer. */
export async function placeDeliveryOrder(
  api: APIRequestContext,
  token: string,
): Promise<{ id: string; number: string }> {
  const check = await api.get('/v1/check_point_delivery_zones', {
    params: { lat: CHILONZOR_BAZAAR.lat, lon: CHILONZOR_BAZAAR.long },
  });
  const zone = ((await check.json()) as TCheckPointResponse).result[0];
  if (!zone) throw new Error('Chilonzor Bazaar lies in a delivery zone');
  const nearest = await api.get('/v1/nearest-branch', {
    params: { lat: CHILONZOR_BAZAAR.lat, long: CHILONZOR_BAZAAR.long, delivery_zone_id: zone.id },
  });
  const branch = ((await nearest.json()) as TNearestBranchResponse).branches.find(
    (b) => b.slug === BRANCH_SLUG,
  );
  if (!branch) throw new Error(`${BRANCH_SLUG} serves Chilonzor Bazaar`);
  const menu = (await (
    await api.get('/v2/menu-products', { params: { menu_id: branch.menu_id, branch_id: branch.id } })
  ).json()) as TMenuProductsResponse;
  const product = menu.categories
    .flatMap((c) => c.products)
    .find((p: TMenuProduct) => p.type === 'simple' && !p.has_modifier && !p.in_stop && p.out_price >= 10_000);
  if (!product) throw new Error('a simple dish on the Chilonzor menu');
  const quantity = Math.max(1, Math.ceil(Math.max(zone.min_order_amount, 60_000) / product.out_price));
  const body: TCreateOrderRequest = {
    delivery_type: 'delivery',
    payment_type: 'cash',
    to_address: 'Chilonzor Bazaar, Bunyodkor avenue 7',
    to_location: CHILONZOR_BAZAAR,
    delivery_zone_id: zone.id,
    apartment: '14',
    floor: '3',
    building: '2',
    is_courier_call: true,
    is_preorder: false,
    source: 'website',
    loyalty_amount: 0,
    steps: [
      {
        branch_id: branch.id,
        products: [
          {
            product_id: product.id,
            type: 'simple',
            quantity,
            variants: [],
            order_modifiers: [],
            comment: 'No onions, please',
          },
        ],
      },
    ],
  } as TCreateOrderRequest;
  const response = await api.post('/v2/ondemand-order', { headers: { Authorization: token }, data: body });
  expect(response.ok(), await response.text()).toBe(true);
  const placed = (await response.json()) as { order_id: string; external_order_id: string };
  return { id: placed.order_id, number: placed.external_order_id };
}
