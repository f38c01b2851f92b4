/**
 * For the tests of a menu card's 'Unavailable' (`in_stop`) against the product page and ordering: the
 * fixture chain with products of the test's own, the card, the page's own rule and a quote or an order
 * of one line.
 */
import {
  type TCreateOrderRequest,
  ZApiError,
  ZBranchStopsResponse,
  ZMenuProductsResponse,
  ZModifierResponse,
  ZOrderQuoteResponse,
  ZProductDetail,
} from '@app/contracts';
import { modifiersUnorderable, optionsUnorderable } from '@app/domain';
import { expect, vi } from 'vitest';
import type { SeedCatalog } from '../../db/seed/catalog.ts';
import { stableId } from '../../db/seed/ids.ts';
import type { SeedProduct } from '../../db/seed/types.ts';
import { CLIENT_HEADERS, type TestApp } from '../../test/app.ts';
import { fixtureCatalog } from '../../test/fixture-catalog.ts';
import { pickupOrderBody, postOrder, withProducts } from '../../test/orders.ts';

/** The menu of chilonzor and yunusobod. */
export const TASHKENT_MENU = stableId('menu', 'tashkent');

const capitalPlov = fixtureCatalog.products.find((p) => p.slug === 'capital-plov');
if (!capitalPlov) throw new Error('the fixture chain has a capital-plov');

/** A product of the test's own, on the Tashkent menu unless `menus` says otherwise. */
export const seedProduct = (p: Partial<SeedProduct> & Pick<SeedProduct, 'slug' | 'title'>): SeedProduct => ({
  ...capitalPlov,
  price: 30_000,
  menus: { tashkent: 30_000 },
  categories: ['hot'],
  tags: [],
  ...p,
});

/** The fixture chain with these products besides its own. */
export const catalogWith = (...products: SeedProduct[]): SeedCatalog => ({
  ...fixtureCatalog,
  products: [...fixtureCatalog.products, ...products],
});

/** Runs a write straight to the database and waits until the app heard it (its cached reads dropped). */
export async function written<T>(t: TestApp, write: () => Promise<T>): Promise<T> {
  let heard = false;
  const stop = t.app.orderEvents.onCatalogueChanged(() => {
    heard = true;
  });
  try {
    const result = await write();
    await vi.waitFor(() => expect(heard).toBe(true), { timeout: 5_000 });
    return result;
  } finally {
    stop();
  }
}

/** The product's card on `GET /v2/menu-products?{query}`. */
export async function menuCard(t: TestApp, query: string, slug: string) {
  const res = await t.get(`/v2/menu-products?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = ZMenuProductsResponse.parse(res.json());
  const card = body.categories.flatMap((c) => c.products).find((p) => p.slug === slug);
  if (!card) throw new Error(`no card of ${slug}`);
  return card;
}

/** The card's `in_stop` at a branch of the Tashkent menu. */
export const cardInStop = async (t: TestApp, branchId: string, slug: string) =>
  (await menuCard(t, `branch_id=${branchId}`, slug)).in_stop;

/**
 * What the storefront's product page and dialog show at a branch of the Tashkent menu: 'Unavailable'
 * when the product is stopped, not sold on the menu, no choice of its sizes or picks can be ordered
 * (`optionsUnorderable`) or none of its modifiers (`modifiersUnorderable` of `GET /v2/modifier` with
 * the branch), as product.server.ts and the order form decide (apart from the card's own `in_stop`).
 */
export async function pageUnavailable(t: TestApp, branchId: string, slug: string): Promise<boolean> {
  const page = await t.get(`/v2/product/${slug}?menu_id=${TASHKENT_MENU}`);
  expect(page.statusCode, page.body).toBe(200);
  const detail = ZProductDetail.parse(page.json());
  const stops = ZBranchStopsResponse.parse((await t.get(`/v2/stop-list?branch_id=${branchId}`)).json());
  const mods = await t.get(`/v2/modifier?product_id=${detail.id}&branch_id=${branchId}`);
  expect(mods.statusCode, mods.body).toBe(200);
  const { product_modifiers } = ZModifierResponse.parse(mods.json());
  const stopped = new Set(stops.product_ids);
  return (
    stopped.has(detail.id) ||
    !detail.active_in_menu ||
    optionsUnorderable(detail, stopped) ||
    modifiersUnorderable(product_modifiers)
  );
}

export type OrderLine = TCreateOrderRequest['steps'][number]['products'][number];

/** A quote of a pickup of this one line at the branch (the customer's token). */
export async function quoteLine(t: TestApp, token: string, line: OrderLine, branchId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v2/ondemand-order/quote',
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${token}`, 'accept-language': 'en' },
    payload: pickupOrderBody(withProducts([line], branchId)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZOrderQuoteResponse.parse(res.json());
}

/** Places a pickup of this one line: the refusal (a 422), or null when the order was created. */
export async function placeLine(t: TestApp, token: string, line: OrderLine, branchId: string) {
  const res = await postOrder(t, token, pickupOrderBody(withProducts([line], branchId)), { locale: 'en' });
  if (res.statusCode === 201) return null;
  expect(res.statusCode, res.body).toBe(422);
  return ZApiError.parse(res.json());
}
