import { describe, expect, it } from 'vitest';
import {
  applyDiscounts,
  type DiscountContext,
  type DiscountRule,
  orderDiscount,
  type PricedLine,
  unitDiscount,
} from './discount-rules.ts';

const rule = (over: Partial<DiscountRule> & Pick<DiscountRule, 'id' | 'mode'>): DiscountRule => ({
  trigger: 'automatic',
  percent: null,
  amount: null,
  maxAmount: null,
  appliesTo: 'order',
  productIds: new Set(),
  categoryIds: new Set(),
  branchIds: new Set(),
  deliveryType: null,
  paymentTypes: [],
  startsOn: null,
  endsOn: null,
  hourStart: null,
  hourEnd: null,
  minOrderAmount: 0,
  title: { ru: 'р', uz: 'u', en: 'e' },
  position: 0,
  ...over,
});
const line = (over: Partial<PricedLine> = {}): PricedLine => ({
  productId: 'p',
  parentId: null,
  categoryIds: new Set(['c']),
  unitPrice: 10_000,
  count: 1,
  ...over,
});
const ctx = (over: Partial<DiscountContext> = {}): DiscountContext => ({
  branchId: null,
  deliveryType: 'delivery',
  paymentType: null,
  orderPrice: 10_000,
  lines: [],
  day: '2026-03-01',
  clock: '12:00',
  ...over,
});

/** A small deterministic pseudo-random generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return (max: number) => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s % max;
  };
}

describe('discount arithmetic', () => {
  it('takes a percent per unit rounded the customer way, a fixed amount never above the price', () => {
    const pct = rule({
      id: 'a',
      mode: 'percent',
      percent: 10,
      appliesTo: 'categories',
      categoryIds: new Set(['c']),
    });
    expect(unitDiscount(pct, line({ unitPrice: 1_005 }))).toBe(101);
    const fixed = rule({
      id: 'b',
      mode: 'fixed',
      amount: 50_000,
      appliesTo: 'products',
      productIds: new Set(['parent']),
    });
    expect(unitDiscount(fixed, line({ parentId: 'parent', unitPrice: 30_000 }))).toBe(30_000);
    expect(unitDiscount(fixed, line())).toBe(0);
    expect(orderDiscount(rule({ id: 'c', mode: 'percent', percent: 50, maxAmount: 7_000 }), 100_000)).toBe(
      7_000,
    );
    expect(orderDiscount(rule({ id: 'd', mode: 'fixed', amount: 9_000 }), 5_000)).toBe(5_000);
  });

  it('never takes off more than the order price, always whole sums, for any mix', () => {
    const next = random(20_260_301);
    for (let run = 0; run < 500; run++) {
      const rules: DiscountRule[] = [];
      for (let i = 0; i < next(5); i++) {
        const mode = (['percent', 'fixed', 'free_delivery'] as const)[next(3)] ?? 'fixed';
        const appliesTo =
          mode === 'free_delivery'
            ? 'order'
            : ((['order', 'products', 'categories'] as const)[next(3)] ?? 'order');
        rules.push(
          rule({
            id: `r${i}`,
            mode,
            appliesTo,
            percent: mode === 'percent' ? (1 + next(10_000)) / 100 : null,
            amount: mode === 'fixed' ? 1 + next(100_000) : null,
            maxAmount: mode === 'percent' && appliesTo === 'order' && next(2) ? 1 + next(50_000) : null,
            productIds: new Set(['p0', 'p1']),
            categoryIds: new Set(['c']),
            position: i,
          }),
        );
      }
      const lines = Array.from({ length: next(4) }, (_, i) =>
        line({
          productId: `p${i}`,
          unitPrice: next(200_000),
          count: 1 + next(5),
          categoryIds: new Set(next(2) ? ['c'] : []),
        }),
      );
      const goods = lines.reduce((sum, l) => sum + l.unitPrice * l.count, 0);
      // Sometimes the client's order price is below the goods at the server's prices.
      const orderPrice = next(3) ? goods + next(50_000) : next(goods + 1);
      const promo = next(2)
        ? rule({ ...rules[0], id: 'promo', trigger: 'promo_code', mode: rules[0]?.mode ?? 'fixed' })
        : null;
      const out = applyDiscounts(rules, promo && rules[0] ? promo : null, ctx({ lines, orderPrice }));
      expect(out.total).toBeLessThanOrEqual(orderPrice);
      expect(Number.isSafeInteger(out.total) && out.total >= 0).toBe(true);
      expect(out.total).toBe(out.applied.reduce((sum, a) => sum + a.amount, 0));
      for (const a of out.applied) expect(Number.isSafeInteger(a.amount) && a.amount >= 0).toBe(true);
      for (const l of lines) {
        const perUnit = out.units
          .filter((u) => u.productId === l.productId)
          .reduce((sum, u) => sum + u.perUnit, 0);
        expect(perUnit).toBeLessThanOrEqual(l.unitPrice);
      }
    }
  });
});
