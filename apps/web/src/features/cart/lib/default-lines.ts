import type { TDeliveryType } from '@app/contracts';
import { type AutoAddProduct, type CartLine, syncAutoAddProducts } from '@app/domain';

/** Whether the customer has put anything in the cart themselves (auto-added lines do not count). */
export const hasOwnLines = (lines: readonly CartLine[]): boolean => lines.some((l) => !l.default_product);

/**
 * Keeps the auto-added (default) lines in step with the customer's own lines: once the customer's
 * last own line is gone, napkins alone are not an order, so the default lines go too; otherwise the
 * domain's syncAutoAddProducts decides which apply. `autoProducts` null means "not fetched yet":
 * existing default lines are left as they are until the list is known.
 */
export function reconcileDefaultLines(
  lines: readonly CartLine[],
  autoProducts: readonly AutoAddProduct[] | null,
  deliveryType: TDeliveryType,
): CartLine[] {
  if (!hasOwnLines(lines)) return syncAutoAddProducts(lines, [], deliveryType);
  if (autoProducts === null) return [...lines];
  return syncAutoAddProducts(lines, autoProducts, deliveryType);
}
