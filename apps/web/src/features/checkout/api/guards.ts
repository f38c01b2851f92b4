import type {
  TCheckPointResponse,
  TComputePriceResponse,
  TCreateOrderResponse,
  TDiscountWithOrderPriceResponse,
} from '@app/contracts';

/**
 * Browser-side shape checks of the checkout's answers (see `lib/response-guards.ts` for why the
 * browser does not parse with zod): enough to turn a wrong answer into a `BAD_RESPONSE` failure.
 */
type TRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is TRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isSum = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isArrayOf = (value: unknown, item: (entry: TRecord) => boolean): boolean =>
  Array.isArray(value) && value.every((entry) => isRecord(entry) && item(entry));

/** GET /v1/check_point_delivery_zones: the zones with their amounts. */
export function isCheckPointResponse(value: unknown): value is TCheckPointResponse {
  return (
    isRecord(value) &&
    isSum(value.all_count) &&
    isArrayOf(
      value.result,
      (z) => typeof z.id === 'string' && isSum(z.min_order_amount) && isSum(z.free_delivery_order_amount),
    )
  );
}

const FARE_REASONS = ['pickup', 'free_threshold', 'distance'];

/** PATCH /v1/fares/compute-price. */
export function isComputePriceResponse(value: unknown): value is TComputePriceResponse {
  return (
    isRecord(value) &&
    isSum(value.price) &&
    isSum(value.distance) &&
    typeof value.reason === 'string' &&
    FARE_REASONS.includes(value.reason)
  );
}

/** GET /v2/discount-with-order-price. */
export function isDiscountWithOrderPriceResponse(value: unknown): value is TDiscountWithOrderPriceResponse {
  return (
    isRecord(value) &&
    isSum(value.all_discount_price) &&
    typeof value.is_delivery_free === 'boolean' &&
    isArrayOf(
      value.discounts,
      (d) =>
        typeof d.discount_id === 'string' && isSum(d.discount_price_for_order) && isRecord(d.discount_title),
    )
  );
}

/** POST /v2/ondemand-order. */
export function isCreateOrderResponse(value: unknown): value is TCreateOrderResponse {
  return isRecord(value) && typeof value.order_id === 'string' && typeof value.external_order_id === 'string';
}
