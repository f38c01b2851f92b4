import type { CartLine } from '@app/domain';

/** How often an open, visible page reads its branch's stop list again (issue 13: within 5 seconds). */
export const STOP_LIST_RECHECK_MS = 4_000;

/**
 * Whether a stop-list answer changes the stopped products against the previous one, so the page's
 * server parts must render again (`router.refresh()`). The first answer (`previous` null) never does:
 * the page was just rendered with the same list.
 */
export function stopsChanged(previous: readonly string[] | null, next: readonly string[]): boolean {
  if (previous === null) return false;
  const before = new Set(previous);
  const after = new Set(next);
  if (before.size !== after.size) return true;
  for (const id of after) if (!before.has(id)) return true;
  return false;
}

/**
 * Whether the cart's stop marks differ from the stop list (a line of a stopped product not flagged
 * `in_stop`, or a flagged line whose product is back on), so the store is written only when needed.
 */
export function cartMarksDiffer(lines: readonly CartLine[], stoppedProductIds: readonly string[]): boolean {
  const stopped = new Set(stoppedProductIds);
  return lines.some((line) => Boolean(line.in_stop) !== stopped.has(line.product_id));
}

/** What an answer touches: the cart (its store, as `cartStore` gives it) and the page's server parts. */
export type TStopTargets = {
  cart: {
    persist: { hasHydrated: () => boolean };
    getState: () => { lines: readonly CartLine[]; setStopped: (productIds: readonly string[]) => void };
  };
  refresh: () => void;
};

/**
 * One stop-list answer (`stopped`: the branch's stopped products) after `previous` (null: the first):
 * renders the server parts again when the stopped products changed, and brings the cart's marks in
 * line with the list (not before the cart is read from storage: the next answer does it then).
 * Returns the list to compare the next answer with.
 */
export function followStops(
  previous: readonly string[] | null,
  stopped: readonly string[],
  targets: TStopTargets,
): readonly string[] {
  if (stopsChanged(previous, stopped)) targets.refresh();
  const { cart } = targets;
  if (cart.persist.hasHydrated() && cartMarksDiffer(cart.getState().lines, stopped)) {
    cart.getState().setStopped(stopped);
  }
  return stopped;
}
