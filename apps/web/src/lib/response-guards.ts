import type {
  TAutoAddResponse,
  TModifierResponse,
  TProductListResponse,
  TReviewListResponse,
} from '@app/contracts';
import { isArrayOf, isCount, isRecord, isText, type TRecord } from '@/lib/guard-primitives';

/**
 * Response checks for the browser. The API validates its own answers against the zod contracts and
 * the server side of the storefront parses them with those contracts; shipping zod to every phone
 * only to repeat that costs ~60 KB of script. In the browser we trust the typed contract and check
 * just enough of the shape to turn a wrong answer (an HTML error page, a proxy's JSON, another
 * endpoint) into a clean `BAD_RESPONSE` failure instead of a crash deep inside a component.
 */

const isProductSummary = (p: TRecord): boolean =>
  typeof p.id === 'string' && typeof p.slug === 'string' && isText(p.title) && isCount(p.out_price);

/** GET /v2/product: products may be partial (`fields`), but each has an id. */
export function isProductListResponse(value: unknown): value is TProductListResponse {
  return (
    isRecord(value) &&
    isCount(value.count) &&
    isArrayOf(
      value.products,
      (p) =>
        typeof p.id === 'string' &&
        (p.title === undefined || isText(p.title)) &&
        (p.out_price === undefined || isCount(p.out_price)),
    )
  );
}

/** GET /v3/auto-add-product. */
export function isAutoAddResponse(value: unknown): value is TAutoAddResponse {
  return (
    isRecord(value) &&
    isArrayOf(
      value.products,
      (entry) =>
        isRecord(entry.product) &&
        isProductSummary(entry.product) &&
        Number.isInteger(entry.quantity) &&
        (entry.quantity as number) > 0 &&
        isCount(entry.min_order_price),
    )
  );
}

/** GET /v2/modifier. */
export function isModifierResponse(value: unknown): value is TModifierResponse {
  if (!isRecord(value) || !isRecord(value.product_modifiers)) return false;
  const { single_modifiers, group_modifiers } = value.product_modifiers;
  return (
    isArrayOf(single_modifiers, (m) => typeof m.id === 'string' && isText(m.name) && isCount(m.price)) &&
    isArrayOf(
      group_modifiers,
      (g) =>
        typeof g.id === 'string' &&
        isCount(g.min_amount) &&
        isCount(g.max_amount) &&
        isArrayOf(g.variants, (v) => typeof v.id === 'string' && isCount(v.out_price)),
    )
  );
}

/** GET /v1/user_reviews. */
export function isReviewListResponse(value: unknown): value is TReviewListResponse {
  return (
    isRecord(value) &&
    isCount(value.count) &&
    isArrayOf(
      value.reviews,
      (r) => typeof r.id === 'string' && Number.isInteger(r.rating) && typeof r.review_message === 'string',
    )
  );
}
