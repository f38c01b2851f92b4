import type {
  TAuthResponse,
  TBranch,
  TBranchListResponse,
  TLocale,
  TMenuProduct,
  TMenuProductsResponse,
} from '@app/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { randomPhone, registerThroughApi } from './auth.ts';
import { t } from './fixtures.ts';

/**
 * The checkout as journeys reach it (issues 5 and 12): a demo branch and a dish from the API, and a
 * signed-in customer whose cart and location choice are in the browser's stores before the first
 * page load; the place button and the confirmation dialog. Shared by the checkout and payments
 * journeys.
 */

export async function branchBySlug(api: APIRequestContext, slug: string): Promise<TBranch> {
  const response = await api.get('/v1/branches', { params: { limit: 100 } });
  expect(response.ok()).toBe(true);
  const branch = ((await response.json()) as TBranchListResponse).branches.find((b) => b.slug === slug);
  if (!branch) throw new Error(`the demo chain has no branch ${slug}`);
  return branch;
}

/** The branch fields the location flow keeps in the common store (features/location/lib/choose.ts). */
export const storedBranch = (branch: TBranch, hours?: { start: string; end: string }) => ({
  id: branch.id,
  slug: branch.slug,
  menu_id: branch.menu_id,
  name: branch.name.en,
  address: branch.address.en,
  location: branch.location,
  delivery_time: branch.delivery_time,
  future_delivery_order_time: branch.future_delivery_order_time,
  future_self_pickup_order_time: branch.future_self_pickup_order_time,
  work_hour_start: hours?.start ?? branch.work_hour_start,
  work_hour_end: hours?.end ?? branch.work_hour_end,
});

/** An available simple dish without modifiers on the branch's menu, and how many make at least `amount`. */
export async function dishFor(
  api: APIRequestContext,
  branch: TBranch,
  amount: number,
): Promise<{ product: TMenuProduct; quantity: number }> {
  const response = await api.get('/v2/menu-products', {
    params: { menu_id: branch.menu_id, branch_id: branch.id },
  });
  expect(response.ok()).toBe(true);
  const menu = (await response.json()) as TMenuProductsResponse;
  const product = menu.categories
    .flatMap((c) => c.products)
    .find((p) => p.type === 'simple' && !p.has_modifier && !p.in_stop && p.out_price >= 10_000);
  if (!product) throw new Error(`no simple dish on the menu of ${branch.slug}`);
  return { product, quantity: Math.ceil(amount / product.out_price) };
}

export type TCheckoutStores = {
  common: Record<string, unknown>;
  product: TMenuProduct;
  quantity: number;
  /** The unit price the cart remembers (default: the menu's); the server's price is what counts. */
  storedPrice?: number;
  /** The new customer's name (default 'Madina'). */
  name?: string;
  /** The cart line's key (default 'checkout-line-1'). */
  lineKey?: string;
};

/**
 * A new customer (signed up through the API) whose cart holds `quantity` of the dish and whose common
 * store holds the location choice; written before the first page load and only once, so reloads keep
 * the app's own changes (the emptied cart after an order).
 */
export async function prepareCheckout(
  page: Page,
  api: APIRequestContext,
  stores: TCheckoutStores,
): Promise<TAuthResponse> {
  const auth = await registerThroughApi(api, randomPhone(), stores.name ?? 'Madina');
  const user = { ...auth.user, access_token: auth.access_token };
  const line = {
    key: stores.lineKey ?? 'checkout-line-1',
    product_id: stores.product.id,
    type: 'simple',
    variants: [],
    order_modifiers: [],
    quantity: stores.quantity,
    price: stores.storedPrice ?? stores.product.out_price,
    price_with_discount: stores.storedPrice ?? stores.product.out_price,
    in_stop: false,
    default_product: false,
    product_name: stores.product.title,
    image_url: null,
    slug: stores.product.slug,
    comment: '',
  };
  await page.addInitScript(
    ({ user, common, line }) => {
      if (localStorage.getItem('auth')) return;
      localStorage.setItem('auth', JSON.stringify({ state: { user }, version: 1 }));
      localStorage.setItem('common', JSON.stringify({ state: common, version: 1 }));
      localStorage.setItem('cart', JSON.stringify({ state: { lines: [line] }, version: 1 }));
    },
    { user, common: stores.common, line },
  );
  return auth;
}

/** The checkout's place button. */
export const placeButton = (page: Page, locale: TLocale): Locator =>
  page.getByRole('button', { name: t(locale, 'checkout.summary.place', 'order'), exact: true });

/** The dialog that confirms placing the order. */
export const confirmDialog = (page: Page, locale: TLocale): Locator =>
  page.getByRole('alertdialog', { name: t(locale, 'checkout.confirm.title', 'order') });
