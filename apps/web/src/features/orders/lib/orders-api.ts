import type {
  TCreateReviewRequest,
  TDeliveryType,
  TOrderDetail,
  TOrderLine,
  TOrdersResponse,
  TReviewEligibility,
} from '@app/contracts';
import type { ProductModifiers } from '@app/domain';
import { isApiFailure, type TApiClient } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';
import { stoppedIds } from '@/lib/stopped-ids';
import { productsToLookUp, type TRepeatSource } from './repeat';

/** The customer's orders, one page at a time (current: still moving; history: done or cancelled). */
export type TOrdersTab = 'current' | 'history';
export const ORDERS_PAGE_SIZE = 10;

/** Keyed by customer too: another customer signing in on the same tab never sees the cached orders. */
export const ordersQueryKey = (tab: TOrdersTab, customerId: string) => ['orders', tab, customerId] as const;
export const orderQueryKey = (id: string, customerId: string) => ['order', id, customerId] as const;

/**
 * One page of a tab: the first (`before` null), or the one after the order the previous page's
 * `next_before` names. Paged by key, not position: an order placed or moved between the tabs before
 * 'Show more' neither repeats one nor hides another.
 */
export function fetchOrders(
  api: TApiClient,
  tab: TOrdersTab,
  before: string | null,
  signal?: AbortSignal,
): Promise<TOrdersResponse> {
  return api.get('/v2/orders', {
    schema: contract('ZOrdersResponse'),
    query: { status: tab, limit: ORDERS_PAGE_SIZE, ...(before ? { before } : {}) },
    signal,
    cache: 'no-store',
  });
}

export function fetchOrder(api: TApiClient, id: string, signal?: AbortSignal): Promise<TOrderDetail> {
  return api.get(`/v2/orders/${encodeURIComponent(id)}`, {
    schema: contract('ZOrderDetail'),
    signal,
    cache: 'no-store',
  });
}

export async function postReview(api: TApiClient, body: TCreateReviewRequest): Promise<void> {
  await api.post('/v1/user_reviews', {
    schema: contract('ZCreateReviewResponse'),
    body: { related_subject: 'product', ...body },
  });
}

const NO_MODIFIERS: ProductModifiers = { single_modifiers: [], group_modifiers: [] };

export type TMenuContext = { menuId: string; branchId: string | null; deliveryType: TDeliveryType };

/**
 * Everything a repeat needs from today's menu: each ordered product with the menu's prices (404:
 * gone), its modifiers (the branch's stopped ones marked), the branch's stop list (`stoppedIds`: its
 * stopped products, sizes and picks among them, and modifiers; the menu's stopped products without a
 * branch), and which products the cart adds by itself.
 */
export async function loadRepeatSources(
  api: TApiClient,
  lines: readonly TOrderLine[],
  menu: TMenuContext,
): Promise<{ sources: Map<string, TRepeatSource>; autoAddProductIds: Set<string>; stoppedIds: Set<string> }> {
  const ids = productsToLookUp(lines);
  const [menuProducts, autoAdd, products, live] = await Promise.all([
    api.get('/v2/menu-products', {
      schema: contract('ZMenuProductsResponse'),
      query: { menu_id: menu.menuId, branch_id: menu.branchId },
      cache: 'no-store',
    }),
    api
      .get('/v3/auto-add-product', {
        schema: contract('ZAutoAddResponse'),
        query: { delivery_type: menu.deliveryType, menu_id: menu.menuId },
      })
      .catch(() => ({ products: [] })),
    Promise.all(
      ids.map(async (productId) => {
        try {
          const product = await api.get(`/v2/product/${productId}`, {
            schema: contract('ZProductDetail'),
            query: { menu_id: menu.menuId },
            cache: 'no-store',
          });
          const modifiers = product.has_modifier
            ? (
                await api.get('/v2/modifier', {
                  schema: contract('ZModifierResponse'),
                  query: { product_id: productId, ...(menu.branchId ? { branch_id: menu.branchId } : {}) },
                  cache: 'no-store',
                })
              ).product_modifiers
            : NO_MODIFIERS;
          return { productId, product, modifiers };
        } catch (error) {
          if (isApiFailure(error) && (error.status === 404 || error.status === 400)) {
            return { productId, product: null, modifiers: NO_MODIFIERS };
          }
          throw error;
        }
      }),
    ),
    menu.branchId
      ? api.get('/v2/stop-list', {
          schema: contract('ZBranchStopsResponse'),
          query: { branch_id: menu.branchId },
          cache: 'no-store',
        })
      : null,
  ]);
  const stopped = new Set(
    menuProducts.categories.flatMap((c) => c.products.filter((p) => p.in_stop).map((p) => p.id)),
  );
  const sources = new Map<string, TRepeatSource>();
  for (const { productId, product, modifiers } of products) {
    // `active_in_menu` (with the menu_id asked for) says whether today's menu still has it.
    sources.set(productId, { product, modifiers, inStop: stopped.has(productId) });
  }
  const branchStopped = live ? stoppedIds(live) : [];
  return {
    sources,
    autoAddProductIds: new Set(autoAdd.products.map((a) => a.product.id)),
    stoppedIds: new Set([...stopped, ...branchStopped]),
  };
}

/**
 * May the signed-in customer rate this dish now, and with which order (the product page's rate
 * action): one call, the API applies the same rule as when the review is posted. Keyed by customer
 * too, like the orders; a posted review invalidates REVIEW_ELIGIBILITY_KEY (every dish: only the
 * mounted rate actions read again).
 */
export const REVIEW_ELIGIBILITY_KEY = ['review-eligibility'] as const;
export const reviewEligibilityQueryKey = (customerId: string, productId: string) =>
  [...REVIEW_ELIGIBILITY_KEY, customerId, productId] as const;

export function fetchReviewEligibility(
  api: TApiClient,
  productId: string,
  signal?: AbortSignal,
): Promise<TReviewEligibility> {
  return api.get('/v1/user_reviews/eligibility', {
    schema: contract('ZReviewEligibility'),
    query: { product_id: productId },
    signal,
    cache: 'no-store',
  });
}
