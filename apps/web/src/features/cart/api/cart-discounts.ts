import type { TDeliveryType, TDiscountWithProductsResponse } from '@app/contracts';
import { availableLines, type CartLine, discountProductId } from '@app/domain';
import type { TApiClient } from '@/lib/api-client';
import { contract } from '@/lib/browser-contracts';

/**
 * The cart's price update (spec section 4, "Cart"): GET /v2/discount-with-products prices the cart's
 * products per unit with the discounts that apply now (automatic ones, for this branch and order
 * type); the cart takes them with `applyDiscountPrices`. The server computes every amount; placing
 * the order prices it again from the database.
 */

/** What the cart asks about: the branch (its menu's prices), the order type and the products. */
export type TCartDiscountRequest = {
  branchId: string | null;
  deliveryType: TDeliveryType;
  /** `product_id:count,...` of the orderable lines, by the product their price is of, sorted. */
  products: string;
};

/** Waited after the last change of the cart before asking, so a run of clicks asks once. */
export const CART_DISCOUNT_DEBOUNCE_MS = 400;
/** Discounts have hours: an answer older than this is asked again. */
export const CART_DISCOUNT_STALE_MS = 60_000;

/**
 * The products to price for these lines: each orderable line's product (an origin line's size) with
 * its units across lines, as `product_id:count,...` sorted by id; null when there is nothing to price.
 * Prices are not part of it, so taking the answer (which changes only prices) never asks again.
 */
export function cartDiscountProducts(lines: readonly CartLine[]): string | null {
  const counts = new Map<string, number>();
  for (const line of availableLines(lines)) {
    const id = discountProductId(line);
    counts.set(id, (counts.get(id) ?? 0) + line.quantity);
  }
  if (counts.size === 0) return null;
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, count]) => `${id}:${count}`)
    .join(',');
}

export const cartDiscountQueryKey = (request: TCartDiscountRequest) =>
  ['discount-with-products', request.branchId, request.deliveryType, request.products] as const;

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The query's function: waits CART_DISCOUNT_DEBOUNCE_MS, then asks. TanStack Query aborts `signal`
 * when the cart changed meanwhile (the query of the old key has no observer left), so a stale
 * request is dropped while it waits and cancelled while it is on its way.
 */
export async function fetchCartDiscounts(
  api: TApiClient,
  request: TCartDiscountRequest,
  signal: AbortSignal,
  debounceMs = CART_DISCOUNT_DEBOUNCE_MS,
): Promise<TDiscountWithProductsResponse> {
  await wait(debounceMs, signal);
  return api.get('/v2/discount-with-products', {
    schema: contract('ZDiscountWithProductsResponse'),
    query: {
      branch_id: request.branchId,
      delivery_type: request.deliveryType,
      products: request.products,
    },
    signal,
  });
}
