import type { TOrderQuoteResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { isCreateOrderResponse, isOrderQuoteResponse } from './guards';

const quote: TOrderQuoteResponse = {
  goods_price: 120_000,
  delivery_price: 0,
  delivery_reason: 'discount',
  delivery_distance: 3_100,
  discount_price: 20_000,
  total_price: 100_000,
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
  lines: [
    { index: 0, product_id: 'p', unit_price: 60_000, total_price: 120_000, in_stop: false },
    { index: 1, product_id: 'q', unit_price: null, total_price: null, in_stop: false },
  ],
  min_order_amount: 50_000,
  free_delivery_order_amount: null,
  min_order_shortfall: 0,
  free_delivery_shortfall: null,
  errors: [
    { code: 'PRODUCT_NOT_ON_MENU', message: 'No', field: 'steps[0].products[1].product_id' },
    { code: 'MIN_ORDER_PRICE', message: 'More' },
  ],
};

describe('checkout response guards: a wrong answer is a BAD_RESPONSE, not a crash', () => {
  it('accept the contract shapes', () => {
    expect(isOrderQuoteResponse(quote)).toBe(true);
    expect(isOrderQuoteResponse({ ...quote, delivery_reason: null, free_delivery_shortfall: 5_000 })).toBe(
      true,
    );
    expect(isCreateOrderResponse({ order_id: 'o', external_order_id: 'B-10001' })).toBe(true);
  });

  it('refuse other shapes', () => {
    expect(isOrderQuoteResponse({ ...quote, total_price: 1.5 })).toBe(false);
    expect(isOrderQuoteResponse({ ...quote, delivery_reason: 'teleport' })).toBe(false);
    expect(isOrderQuoteResponse({ ...quote, errors: [{ code: 'X' }] })).toBe(false);
    expect(isOrderQuoteResponse({ ...quote, lines: [{ index: 0, product_id: 'p', unit_price: -1 }] })).toBe(
      false,
    );
    const { errors: _errors, ...withoutErrors } = quote;
    expect(isOrderQuoteResponse(withoutErrors)).toBe(false);
    expect(isCreateOrderResponse('<html>')).toBe(false);
  });
});
