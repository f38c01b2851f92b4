import type {
  TDiscountType,
  TDiscountWithOrderPriceResponse,
  TDiscountWithProductsResponse,
} from '@app/contracts';
import type { DiscountResult, DiscountRule } from './discount-rules.ts';

const discountType = (rule: DiscountRule): TDiscountType =>
  rule.trigger === 'promo_code' ? 'promo_code' : 'discount';

const promoCodeOf = (rule: DiscountRule, result: DiscountResult): string | null =>
  rule.trigger === 'promo_code' ? (result.promoCode?.code ?? null) : null;

export function toOrderDiscounts(result: DiscountResult): TDiscountWithOrderPriceResponse {
  return {
    discounts: result.applied.map(({ rule, amount }) => ({
      discount_id: rule.id,
      discount_type: discountType(rule),
      discount_mode: rule.mode,
      promo_code: promoCodeOf(rule, result),
      bonus_product: null,
      discount_price_for_order: amount,
      discount_title: rule.title,
    })),
    all_discount_price: result.total,
    is_delivery_free: result.isDeliveryFree,
  };
}

export function toProductDiscounts(result: DiscountResult): TDiscountWithProductsResponse {
  return {
    products: result.units.map(({ productId, rule, perUnit }) => ({
      product_id: productId,
      discount_price: -perUnit,
      discount_id: rule.id,
      discount_type: discountType(rule),
      discount_mode: rule.mode,
      promo_code: promoCodeOf(rule, result),
      discount_title: rule.title,
    })),
  };
}
