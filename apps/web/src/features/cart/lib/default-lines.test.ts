import { addToCart, type CartLine, type NewCartItem } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { cartItem as item } from '@/test/cart-fixtures';
import { hasOwnLines, reconcileDefaultLines } from './default-lines';

let n = 0;
const key = () => `k${++n}`;
const cart = (...items: NewCartItem[]): CartLine[] =>
  items.reduce<CartLine[]>((lines, i) => addToCart(lines, i, key), []);

describe('reconcileDefaultLines', () => {
  const napkins = item('napkins', 0, { default_product: true });

  it('drops default lines once no own line is left', () => {
    const onlyNapkins = cart(napkins);
    expect(hasOwnLines(onlyNapkins)).toBe(false);
    expect(reconcileDefaultLines(onlyNapkins, null, 'delivery')).toEqual([]);
  });

  it('leaves default lines alone while the auto-add list is unknown', () => {
    const lines = cart(item('osh', 1), napkins);
    expect(reconcileDefaultLines(lines, null, 'delivery')).toEqual(lines);
  });
});
