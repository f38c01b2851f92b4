import { availableLines, type CartLine, cartGoodsPrice, linesToRemove } from '@app/domain';

export type CheckoutBlock = { kind: 'unavailable' } | { kind: 'below_minimum'; minimum: number };

/**
 * Why checkout is refused, or null when it may go ahead. A stopped product must go first (the
 * order could not be cooked as it stands), unless the cart added it by itself (napkins: the customer
 * cannot remove it, and the order leaves it out); then the shipper's minimum order price applies to what
 * can be ordered, at its prices before discounts (the goods, as the order's pricing compares them).
 */
export function checkoutBlock(lines: readonly CartLine[], minimalOrderPrice: number): CheckoutBlock | null {
  if (linesToRemove(lines).length > 0) return { kind: 'unavailable' };
  if (cartGoodsPrice(availableLines(lines)) < minimalOrderPrice)
    return { kind: 'below_minimum', minimum: minimalOrderPrice };
  return null;
}
