/**
 * The discount arithmetic, without I/O: which discounts hold for an order and how much each takes
 * off. The service loads the rules and the order's lines from the database and calls `applyDiscounts`.
 *
 * How discounts combine (every amount a whole number of sums):
 * 1. Product and category discounts work per unit: `percent` is percentDiscount(unit price), `fixed`
 *    is the amount, never more than the unit price. Of the automatic ones matching a product, the
 *    largest applies (equal ones: the chain's first); a promo code's comes on top, up to what is
 *    left of the unit price. A variant (size) matches its parent's product and category discounts.
 * 2. Order discounts work on the goods left after the product discounts: of the automatic ones the
 *    largest applies; a promo code's comes on top, up to what is left. A percent may be capped
 *    (max_amount).
 * 3. Free delivery does not count in the amounts: it sets `isDeliveryFree` (delivery only).
 * 4. The amounts together never exceed the order price.
 */
import type { TDeliveryType, TDiscountMode, TLocalizedText, TPaymentType } from '@app/contracts';
import { isOpenAt, percentDiscount } from '@app/domain';

export type DiscountRule = {
  id: string;
  trigger: 'automatic' | 'promo_code';
  mode: TDiscountMode;
  percent: number | null;
  amount: number | null;
  maxAmount: number | null;
  appliesTo: 'order' | 'products' | 'categories';
  productIds: ReadonlySet<string>;
  categoryIds: ReadonlySet<string>;
  /** Empty: every branch. */
  branchIds: ReadonlySet<string>;
  deliveryType: TDeliveryType | null;
  /** Empty: any payment type. */
  paymentTypes: readonly TPaymentType[];
  /** 'YYYY-MM-DD', Tashkent calendar days, inclusive. */
  startsOn: string | null;
  endsOn: string | null;
  /** 'HH:mm', Tashkent time; start inclusive, end exclusive, wrapping past midnight. */
  hourStart: string | null;
  hourEnd: string | null;
  minOrderAmount: number;
  title: TLocalizedText;
  position: number;
};

/** One product of the order, at the server's price. */
export type PricedLine = {
  /** The id the caller named it by (a variant's own id for a size). */
  productId: string;
  /** The product whose discounts a variant shares; null for a product that is not a variant. */
  parentId: string | null;
  /** The categories of the product (of its parent for a variant). */
  categoryIds: ReadonlySet<string>;
  unitPrice: number;
  count: number;
};

export type DiscountContext = {
  branchId: string | null;
  deliveryType: TDeliveryType;
  paymentType: TPaymentType | null;
  /** The goods sum the minimums are compared with. */
  orderPrice: number;
  lines: readonly PricedLine[];
  /** Tashkent calendar day 'YYYY-MM-DD'. */
  day: string;
  /** Tashkent time 'HH:mm'. */
  clock: string;
};

/** Whether today is within the rule's days (outside: the discount, or the promo code, does not exist now). */
export const withinDates = (rule: Pick<DiscountRule, 'startsOn' | 'endsOn'>, day: string): boolean =>
  (rule.startsOn === null || rule.startsOn <= day) && (rule.endsOn === null || day <= rule.endsOn);

/** Branch, order type, payment type, daily hours: the conditions besides the dates and the minimum. */
export function conditionsHold(rule: DiscountRule, ctx: DiscountContext): boolean {
  if (rule.branchIds.size > 0 && (ctx.branchId === null || !rule.branchIds.has(ctx.branchId))) return false;
  if (rule.deliveryType !== null && rule.deliveryType !== ctx.deliveryType) return false;
  if (rule.mode === 'free_delivery' && ctx.deliveryType !== 'delivery') return false;
  if (
    rule.paymentTypes.length > 0 &&
    (ctx.paymentType === null || !rule.paymentTypes.includes(ctx.paymentType))
  ) {
    return false;
  }
  if (
    rule.hourStart !== null &&
    rule.hourEnd !== null &&
    !isOpenAt(rule.hourStart, rule.hourEnd, ctx.clock)
  ) {
    return false;
  }
  return true;
}

/** Every condition of an automatic discount: dates, the other conditions and the minimum. */
export const automaticHolds = (rule: DiscountRule, ctx: DiscountContext): boolean =>
  withinDates(rule, ctx.day) && conditionsHold(rule, ctx) && ctx.orderPrice >= rule.minOrderAmount;

const isProductRule = (rule: DiscountRule) => rule.appliesTo !== 'order';

function matchesLine(rule: DiscountRule, line: PricedLine): boolean {
  if (rule.appliesTo === 'products') {
    return (
      rule.productIds.has(line.productId) || (line.parentId !== null && rule.productIds.has(line.parentId))
    );
  }
  if (rule.appliesTo === 'categories') {
    for (const id of line.categoryIds) if (rule.categoryIds.has(id)) return true;
  }
  return false;
}

/** What a product or category discount takes off one unit of a line (0 when it does not match). */
export function unitDiscount(rule: DiscountRule, line: PricedLine): number {
  if (!isProductRule(rule) || !matchesLine(rule, line)) return 0;
  if (rule.mode === 'percent' && rule.percent !== null) return percentDiscount(line.unitPrice, rule.percent);
  if (rule.mode === 'fixed' && rule.amount !== null) return Math.min(rule.amount, line.unitPrice);
  return 0;
}

/** What an order discount takes off `base` (the goods left after the product discounts). */
export function orderDiscount(rule: DiscountRule, base: number): number {
  if (rule.appliesTo !== 'order') return 0;
  if (rule.mode === 'percent' && rule.percent !== null) {
    const off = percentDiscount(base, rule.percent);
    return rule.maxAmount === null ? off : Math.min(off, rule.maxAmount);
  }
  if (rule.mode === 'fixed' && rule.amount !== null) return Math.min(rule.amount, base);
  return 0;
}

/** One unit of one line discounted by one rule. */
export type UnitDiscount = { productId: string; rule: DiscountRule; perUnit: number };

export type AppliedDiscount = {
  rule: DiscountRule;
  /** Taken off the order, in sums (0 for free delivery). */
  amount: number;
};

export type DiscountOutcome = {
  /** In the order: product discounts by rule position, then the order discount, free delivery, the promo code. */
  applied: AppliedDiscount[];
  /** Per unit of each line: what the cart adds (negated) to the line's price. */
  units: UnitDiscount[];
  total: number;
  isDeliveryFree: boolean;
  /** What the promo code's rule gave (null: no promo code), so a caller can tell "gave nothing". */
  promo: { amount: number; freeDelivery: boolean } | null;
};

/** An outcome with the promo code that applied (for recordPromoCodeUsage), as the chain wrote it. */
export type DiscountResult = DiscountOutcome & {
  promoCode: { id: string; code: string } | null;
};

/** The larger wins; equal ones: the chain's first (lower position). */
const better = (a: { rule: DiscountRule; off: number }, b: { rule: DiscountRule; off: number }) =>
  b.off > a.off || (b.off === a.off && b.rule.position < a.rule.position) ? b : a;

/**
 * Applies the automatic discounts that hold (the caller passes those already filtered with
 * automaticHolds) and a promo code's rule (already checked by the caller), per the rules at the top.
 */
export function applyDiscounts(
  automatic: readonly DiscountRule[],
  promo: DiscountRule | null,
  ctx: DiscountContext,
): DiscountOutcome {
  const units: UnitDiscount[] = [];
  const amounts = new Map<string, number>();
  const add = (rule: DiscountRule, amount: number) =>
    amounts.set(rule.id, (amounts.get(rule.id) ?? 0) + amount);
  let budget = ctx.orderPrice;
  const take = (wanted: number) => {
    const got = Math.min(wanted, budget);
    budget -= got;
    return got;
  };

  // 1. Per unit: the best automatic product discount, then the promo code's on what is left.
  const productRules = automatic.filter(isProductRule);
  let productTotal = 0;
  for (const line of ctx.lines) {
    let best: { rule: DiscountRule; off: number } | null = null;
    for (const rule of productRules) {
      const off = unitDiscount(rule, line);
      if (off > 0) best = best ? better(best, { rule, off }) : { rule, off };
    }
    let used = 0;
    if (best) {
      used = best.off;
      units.push({ productId: line.productId, rule: best.rule, perUnit: best.off });
      const amount = take(best.off * line.count);
      add(best.rule, amount);
      productTotal += amount;
    }
    if (promo && isProductRule(promo)) {
      const off = Math.min(unitDiscount(promo, line), line.unitPrice - used);
      if (off > 0) {
        units.push({ productId: line.productId, rule: promo, perUnit: off });
        const amount = take(off * line.count);
        add(promo, amount);
        productTotal += amount;
      }
    }
  }

  // 2. The order: the best automatic order discount, then the promo code's on what is left.
  const base = Math.max(0, ctx.orderPrice - productTotal);
  let bestOrder: { rule: DiscountRule; off: number } | null = null;
  for (const rule of automatic) {
    if (rule.appliesTo !== 'order' || rule.mode === 'free_delivery') continue;
    const off = orderDiscount(rule, base);
    if (off > 0) bestOrder = bestOrder ? better(bestOrder, { rule, off }) : { rule, off };
  }
  let orderUsed = 0;
  if (bestOrder) {
    orderUsed = take(bestOrder.off);
    add(bestOrder.rule, orderUsed);
  }
  if (promo && promo.appliesTo === 'order' && promo.mode !== 'free_delivery') {
    const off = take(Math.min(orderDiscount(promo, base), base - orderUsed));
    if (off > 0) add(promo, off);
  }

  // 3. Free delivery.
  const freeRules = automatic.filter((r) => r.mode === 'free_delivery' && ctx.deliveryType === 'delivery');
  const promoFree = promo?.mode === 'free_delivery' && ctx.deliveryType === 'delivery';
  const freeRule = [...freeRules].sort((a, b) => a.position - b.position)[0];

  const applied: AppliedDiscount[] = [];
  const automaticApplied = automatic
    .filter((r) => (amounts.get(r.id) ?? 0) > 0)
    .sort((a, b) => Number(isProductRule(b)) - Number(isProductRule(a)) || a.position - b.position);
  for (const rule of automaticApplied) applied.push({ rule, amount: amounts.get(rule.id) ?? 0 });
  if (freeRule) applied.push({ rule: freeRule, amount: 0 });
  const promoAmount = promo ? (amounts.get(promo.id) ?? 0) : 0;
  if (promo && (promoAmount > 0 || promoFree)) applied.push({ rule: promo, amount: promoAmount });

  return {
    applied,
    units,
    total: applied.reduce((sum, a) => sum + a.amount, 0),
    isDeliveryFree: Boolean(freeRule) || promoFree,
    promo: promo ? { amount: promoAmount, freeDelivery: promoFree } : null,
  };
}
