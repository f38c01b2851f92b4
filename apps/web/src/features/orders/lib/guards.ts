import type {
  TMenuProductsResponse,
  TModifierResponse,
  TOrderDetail,
  TOrderStatusEvent,
  TOrdersResponse,
  TProductDetail,
  TReviewEligibility,
} from '@app/contracts';
import { isOrderStatus } from '@app/domain';
import { isArrayOf, isCount, isDate, isRecord, isText, type TRecord } from '@/lib/guard-primitives';

/**
 * Browser checks of the order endpoints' answers (see lib/response-guards.ts for why the browser
 * does not parse with zod): just enough shape to turn a wrong answer into a clean BAD_RESPONSE.
 */

const isSummary = (o: TRecord): boolean =>
  typeof o.id === 'string' &&
  typeof o.external_order_id === 'string' &&
  isOrderStatus(o.status) &&
  isDate(o.created_at) &&
  (o.delivery_type === 'delivery' || o.delivery_type === 'self-pickup') &&
  isRecord(o.branch) &&
  isText(o.branch.name) &&
  isCount(o.total_price);

/** GET /v2/orders. */
export function isOrdersResponse(value: unknown): value is TOrdersResponse {
  return isRecord(value) && isCount(value.count) && isArrayOf(value.orders, isSummary);
}

const isLine = (l: TRecord): boolean =>
  typeof l.id === 'string' &&
  typeof l.product_id === 'string' &&
  isText(l.title) &&
  Array.isArray(l.variants) &&
  Array.isArray(l.modifiers) &&
  isCount(l.quantity) &&
  isCount(l.unit_price) &&
  isCount(l.total_price) &&
  typeof l.can_review === 'boolean';

/** GET /v2/orders/{id}. */
export function isOrderDetail(value: unknown): value is TOrderDetail {
  return (
    isRecord(value) &&
    isSummary(value) &&
    isCount(value.goods_price) &&
    isCount(value.delivery_price) &&
    isCount(value.discount_price) &&
    typeof value.paid === 'boolean' &&
    typeof value.payment_type === 'string' &&
    (value.courier === null || isRecord(value.courier)) &&
    isArrayOf(value.lines, isLine) &&
    isArrayOf(value.history, (h) => isOrderStatus(h.status) && isDate(h.at))
  );
}

/** One message of GET /v2/orders/{id}/status-stream. */
export function isStatusEvent(value: unknown): value is TOrderStatusEvent {
  return (
    isRecord(value) &&
    typeof value.order_id === 'string' &&
    isOrderStatus(value.status) &&
    isDate(value.at) &&
    (value.courier === null ||
      value.courier === undefined ||
      (isRecord(value.courier) && typeof value.courier.name === 'string'))
  );
}

/** GET /v2/product/{id}. */
export function isProductDetail(value: unknown): value is TProductDetail {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.slug === 'string' &&
    isText(value.title) &&
    isCount(value.out_price) &&
    typeof value.active_in_menu === 'boolean' &&
    isArrayOf(value.variants, (v) => typeof v.id === 'string' && isCount(v.out_price)) &&
    isArrayOf(
      value.combo_groups,
      (g) =>
        typeof g.id === 'string' &&
        isArrayOf(g.variants, (v) => typeof v.product_id === 'string' && isCount(v.out_price)),
    )
  );
}

/** GET /v2/menu-products (only what a repeat reads: which products are there and which stopped). */
export function isMenuProducts(value: unknown): value is TMenuProductsResponse {
  return (
    isRecord(value) &&
    isArrayOf(value.categories, (c) =>
      isArrayOf(c.products, (p) => typeof p.id === 'string' && typeof p.in_stop === 'boolean'),
    )
  );
}

/** GET /v2/modifier (as lib/response-guards.ts checks it). */
export function isModifiers(value: unknown): value is TModifierResponse {
  if (!isRecord(value) || !isRecord(value.product_modifiers)) return false;
  const { single_modifiers, group_modifiers } = value.product_modifiers;
  return (
    isArrayOf(single_modifiers, (m) => typeof m.id === 'string' && isCount(m.price)) &&
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

/** GET /v1/user_reviews/eligibility: eligible with an order, or not with a reason. */
export function isReviewEligibility(value: unknown): value is TReviewEligibility {
  if (!isRecord(value) || typeof value.can_review !== 'boolean') return false;
  return value.can_review
    ? typeof value.order_id === 'string' && value.reason === null
    : value.order_id === null && (value.reason === 'not_ordered' || value.reason === 'already_reviewed');
}

/** POST /v1/user_reviews answers the new review (or, from an older API, anything JSON): not read. */
export const isAnyAnswer = (_value: unknown): _value is unknown => true;
