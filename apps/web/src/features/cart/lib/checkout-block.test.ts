import { addToCart, applyDiscountPrices, type CartLine, markStop, type NewCartItem } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { cartItem as item } from '@/test/cart-fixtures';
import { checkoutBlock } from './checkout-block';

let n = 0;
const key = () => `k${++n}`;
const cart = (...items: NewCartItem[]): CartLine[] =>
  items.reduce<CartLine[]>((lines, i) => addToCart(lines, i, key), []);

describe('checkoutBlock', () => {
  it('refuses below the minimum order price and names it', () => {
    expect(checkoutBlock(cart(item('osh', 30_000)), 50_000)).toEqual({
      kind: 'below_minimum',
      minimum: 50_000,
    });
  });

  it('allows the minimum exactly', () => {
    expect(checkoutBlock(cart(item('osh', 25_000, { quantity: 2 })), 50_000)).toBeNull();
  });

  it('compares the goods before discounts, as the server does: a discount does not block checkout', () => {
    const discounted = applyDiscountPrices(cart(item('osh', 25_000, { quantity: 2 })), [
      { product_id: 'osh', discount_price: -5_000 },
    ]);
    expect(checkoutBlock(discounted, 50_000)).toBeNull();
  });

  it('refuses while any line is unavailable, whatever the total', () => {
    expect(
      checkoutBlock(markStop(cart(item('osh', 90_000), item('somsa', 10_000)), ['somsa']), 50_000),
    ).toEqual({
      kind: 'unavailable',
    });
  });

  it('does not wait on a stopped line the cart added by itself (napkins), which the order leaves out', () => {
    const napkins = item('napkin', 1_000, { default_product: true });
    const lines = markStop(cart(item('osh', 90_000), napkins), ['napkin']);
    expect(lines.find((l) => l.product_id === 'napkin')?.in_stop).toBe(true);
    expect(checkoutBlock(lines, 50_000)).toBeNull();
  });
});
