import type { TCreateOrderResponse, TOrderQuoteResponse } from '@app/contracts';
import { isArrayOf, isRecord } from '@/lib/guard-primitives';

/**
 * Browser-side shape checks of the checkout's answers (see `lib/response-guards.ts` for why the
 * browser does not parse with zod): enough to turn a wrong answer into a `BAD_RESPONSE` failure.
 */

const isSum = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isSumOrNull = (value: unknown): boolean => value === null || isSum(value);

const DELIVERY_REASONS: readonly unknown[] = ['pickup', 'free_threshold', 'distance', 'discount', null];

/** POST /v2/ondemand-order/quote. */
export function isOrderQuoteResponse(value: unknown): value is TOrderQuoteResponse {
  return (
    isRecord(value) &&
    isSum(value.goods_price) &&
    isSum(value.delivery_price) &&
    DELIVERY_REASONS.includes(value.delivery_reason) &&
    isSum(value.delivery_distance) &&
    isSum(value.discount_price) &&
    isSum(value.total_price) &&
    isSum(value.min_order_amount) &&
    isSum(value.min_order_shortfall) &&
    isSumOrNull(value.free_delivery_order_amount) &&
    isSumOrNull(value.free_delivery_shortfall) &&
    isArrayOf(
      value.discounts,
      (d) =>
        typeof d.discount_id === 'string' && isSum(d.discount_price_for_order) && isRecord(d.discount_title),
    ) &&
    isArrayOf(
      value.lines,
      (l) =>
        isSum(l.index) &&
        typeof l.product_id === 'string' &&
        isSumOrNull(l.unit_price) &&
        isSumOrNull(l.total_price) &&
        typeof l.in_stop === 'boolean',
    ) &&
    isArrayOf(
      value.errors,
      (e) =>
        typeof e.code === 'string' &&
        typeof e.message === 'string' &&
        (e.field === undefined || typeof e.field === 'string'),
    )
  );
}

/** POST /v2/ondemand-order. */
export function isCreateOrderResponse(value: unknown): value is TCreateOrderResponse {
  return isRecord(value) && typeof value.order_id === 'string' && typeof value.external_order_id === 'string';
}
