import { describe, expect, it } from 'vitest';
import { cartLines, comboLine, futureCandidates, quickProducts, zonePoint } from './carts.mjs';

const product = (id, outPrice, extra = {}) => ({
  id,
  type: 'simple',
  has_modifier: false,
  in_stop: false,
  out_price: outPrice,
  ...extra,
});

describe('the load generator carts', () => {
  it('take only the simple products one adds without choosing, not stopped, from 5 000', () => {
    const menu = [
      product('plain', 20_000),
      product('cheap', 4_000),
      product('stopped', 20_000, { in_stop: true }),
      product('with-modifiers', 20_000, { has_modifier: true }),
      product('combo', 50_000, { type: 'combo' }),
      product('sizes', 30_000, { type: 'origin' }),
    ];
    expect(quickProducts(menu).map((p) => p.id)).toEqual(['plain']);
  });

  it("make a combo's line with the first pick of each group, and none for a combo without groups", () => {
    const combo = {
      id: 'lunch',
      out_price: 45_000,
      combo_groups: [
        { id: 'main', variants: [{ product_id: 'wrap' }, { product_id: 'shashlik' }] },
        { id: 'drink', variants: [{ product_id: 'cola' }] },
      ],
    };
    expect(comboLine(combo)).toEqual({
      product_id: 'lunch',
      type: 'combo',
      quantity: 1,
      variants: [
        { group_id: 'main', product_id: 'wrap' },
        { group_id: 'drink', product_id: 'cola' },
      ],
      order_modifiers: [],
    });
    expect(comboLine({ ...combo, combo_groups: [] })).toBeNull();
  });

  it('fill a cart to its target, the same cart for the same seed, with a combo first when asked', () => {
    const products = [product('a', 10_000), product('b', 15_000), product('c', 20_000)];
    const plain = cartLines(products, 2, 40_000);
    const goods = (lines) =>
      lines.reduce((sum, l) => sum + products.find((p) => p.id === l.product_id).out_price * l.quantity, 0);
    expect(goods(plain)).toBeGreaterThanOrEqual(40_000);
    expect(plain.every((l) => l.type === 'simple')).toBe(true);
    expect(cartLines(products, 2, 40_000)).toEqual(plain);

    const combos = [
      { line: { product_id: 'x', type: 'combo' }, price: 30_000 },
      { line: { product_id: 'y', type: 'combo' }, price: 30_000 },
    ];
    const withCombo = cartLines(products, 3, 40_000, combos);
    expect(withCombo[0]).toBe(combos[1].line);
    // The combo's price counts towards the target: fewer dishes than without it.
    const rest = withCombo.slice(1);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.length).toBeLessThan(cartLines(products, 3, 40_000).length);
  });

  it('put the delivery point at the zone vertices mean, and try closed branches hour by hour', () => {
    expect(
      zonePoint({
        points: [
          { lat: 41, long: 69 },
          { lat: 41.2, lon: 69.2 },
        ],
      }),
    ).toEqual({ lat: 41.1, long: 69.1 });
    const times = futureCandidates(Date.UTC(2026, 11, 5, 14, 40));
    expect(times).toHaveLength(36);
    expect(times[0]).toBe('2026-12-05T16:15:00.000Z');
    expect(times[1]).toBe('2026-12-05T17:15:00.000Z');
  });
});
