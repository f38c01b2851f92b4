import type { TLocalizedText, TOrderLine, TProductDetail } from '@app/contracts';
import { madeWithStopped, type NewCartItem, type ProductModifiers } from '@app/domain';
import { cartItemFor, choiceProblems, choiceTotal, type ProductChoice } from '@/lib/product-choice';

/** What the current menu says about one ordered product. */
export type TRepeatSource = {
  /** The product with the current menu's prices; null when the menu no longer has it. */
  product: TProductDetail | null;
  modifiers: ProductModifiers;
  /** On the chosen branch's stop list today. */
  inStop: boolean;
};

export type TRepeatIssue =
  /** Stopped today (the product, or the size, combo pick or extra it was made with): 'Unavailable'. */
  | { kind: 'stopped'; title: TLocalizedText }
  /** Added only up to the most one line of the cart holds (CART_LINE_QUANTITY_MAX), or not at all. */
  | { kind: 'capped'; title: TLocalizedText }
  /** Not on the current menu any more, or its size, combo pick or extras are gone. */
  | { kind: 'unavailable'; title: TLocalizedText }
  /** Added at today's price. */
  | { kind: 'price_changed'; title: TLocalizedText; oldPrice: number; newPrice: number };

export type TRepeatPlan = { items: NewCartItem[]; issues: TRepeatIssue[] };

/** Whether the line was made with something stopped today: its product, size, combo pick or extra. */
const usesStopped = (line: TOrderLine, stoppedIds: ReadonlySet<string>): boolean =>
  madeWithStopped(line.product_id, line.variants, line.modifiers, stoppedIds);

/** The choice an order line was made with, in the product dialog's terms. */
export function choiceOfLine(line: TOrderLine): ProductChoice {
  return {
    // An origin product's line carries its size as the one variant (group_id = the product).
    variantId: line.type === 'origin' ? (line.variants[0]?.product_id ?? null) : null,
    combo:
      line.type === 'combo'
        ? line.variants.map((v) => ({ group_id: v.group_id, product_id: v.product_id }))
        : [],
    modifiers: line.modifiers.map((m) => ({
      modifier_id: m.modifier_id,
      modifier_quantity: m.quantity,
      parent_id: m.parent_id,
    })),
    quantity: line.quantity,
  };
}

/**
 * Refilling the cart from an order: each line is rebuilt from today's menu (today's prices, sizes,
 * combo picks and extras), never from the prices the order was placed at. Lines of stopped products
 * (or made with a stopped size, pick or extra: `stoppedIds`, the branch's stop list) and of products
 * the menu no longer has (or whose choice no longer fits) are left out and named;
 * lines whose unit price moved are added at today's price and named with both prices. Lines the
 * auto-add rules put in the order (`auto_added`) and products the storefront adds by itself today
 * (napkins: `autoAddProductIds`) are skipped: the cart adds them again.
 */
export function planRepeat(
  lines: readonly TOrderLine[],
  sources: ReadonlyMap<string, TRepeatSource>,
  autoAddProductIds: ReadonlySet<string> = new Set(),
  stoppedIds: ReadonlySet<string> = new Set(),
): TRepeatPlan {
  const items: NewCartItem[] = [];
  const issues: TRepeatIssue[] = [];
  for (const line of lines) {
    if (line.auto_added || autoAddProductIds.has(line.product_id)) continue;
    const source = sources.get(line.product_id);
    const product = source?.product;
    if (!source || !product?.active_in_menu || product.type !== line.type) {
      issues.push({ kind: 'unavailable', title: line.title });
      continue;
    }
    if (source.inStop || usesStopped(line, stoppedIds)) {
      issues.push({ kind: 'stopped', title: line.title });
      continue;
    }
    const choice = choiceOfLine(line);
    if (choiceProblems(product, source.modifiers, choice).length > 0) {
      issues.push({ kind: 'unavailable', title: line.title });
      continue;
    }
    const item = { ...cartItemFor(product, source.modifiers, choice), comment: line.comment };
    const { unit } = choiceTotal({ ...item, quantity: 1 });
    if (unit !== line.unit_price) {
      issues.push({ kind: 'price_changed', title: line.title, oldPrice: line.unit_price, newPrice: unit });
    }
    items.push(item);
  }
  return { items, issues };
}

/** The products a repeat has to look up: one each, in order. */
export const productsToLookUp = (lines: readonly TOrderLine[]): string[] => [
  ...new Set(lines.map((l) => l.product_id)),
];
