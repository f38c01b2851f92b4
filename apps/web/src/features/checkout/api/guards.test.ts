import { describe, expect, it } from 'vitest';
import {
  isCheckPointResponse,
  isComputePriceResponse,
  isCreateOrderResponse,
  isDiscountWithOrderPriceResponse,
} from './guards';

describe('checkout response guards: a wrong answer is a BAD_RESPONSE, not a crash', () => {
  it('accept the contract shapes', () => {
    expect(isComputePriceResponse({ price: 15_000, distance: 3_100, reason: 'distance' })).toBe(true);
    expect(
      isDiscountWithOrderPriceResponse({
        discounts: [
          {
            discount_id: 'd',
            discount_type: 'promo_code',
            discount_mode: 'fixed',
            promo_code: 'WELCOME',
            bonus_product: null,
            discount_price_for_order: 20_000,
            discount_title: { ru: 'a', uz: 'b', en: 'c' },
          },
        ],
        all_discount_price: 20_000,
        is_delivery_free: false,
      }),
    ).toBe(true);
    expect(isCreateOrderResponse({ order_id: 'o', external_order_id: 'B-10001' })).toBe(true);
    expect(
      isCheckPointResponse({
        all_count: 1,
        result: [{ id: 'z', min_order_amount: 0, free_delivery_order_amount: 200_000 }],
      }),
    ).toBe(true);
  });

  it('refuse other shapes', () => {
    expect(isComputePriceResponse({ price: 1.5, distance: 0, reason: 'distance' })).toBe(false);
    expect(isComputePriceResponse({ price: 1, distance: 0, reason: 'teleport' })).toBe(false);
    expect(
      isDiscountWithOrderPriceResponse({ discounts: [], all_discount_price: -1, is_delivery_free: false }),
    ).toBe(false);
    expect(isCreateOrderResponse('<html>')).toBe(false);
    expect(isCheckPointResponse({ all_count: 1, result: [{ id: 'z' }] })).toBe(false);
  });
});
