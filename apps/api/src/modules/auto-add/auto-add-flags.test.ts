import { describe, expect, it } from 'vitest';
import { autoAddedFlags } from './auto-add.service.ts';

const plain = (productId: string) => ({ productId, type: 'simple', variants: [], modifiers: [] });

describe('autoAddedFlags (placing an order marks its auto-added lines)', () => {
  const napkins = 'napkins';
  const sauce = 'sauce';
  const rules = new Map([
    [napkins, 0],
    [sauce, 50_000],
  ]);

  it('marks a plain line of a product whose rule applies at this goods sum', () => {
    expect(autoAddedFlags([plain('wrap'), plain(napkins), plain(sauce)], rules, 49_999)).toEqual([
      false,
      true,
      false,
    ]);
    // The rule's minimum is inclusive, as listAutoAdd's min_order_price <= order price.
    expect(autoAddedFlags([plain(sauce)], rules, 50_000)).toEqual([true]);
  });

  it('never marks a line with a size, a pick or a modifier, nor a combo', () => {
    expect(
      autoAddedFlags(
        [
          { ...plain(napkins), variants: [{ group_id: 'g', product_id: 'p' }] },
          { ...plain(napkins), modifiers: [{ modifier_id: 'm', quantity: 1 }] },
          { ...plain(napkins), type: 'combo' },
        ],
        rules,
        100_000,
      ),
    ).toEqual([false, false, false]);
  });

  it('marks nothing without rules', () => {
    expect(autoAddedFlags([plain(napkins)], new Map(), 100_000)).toEqual([false]);
  });
});
