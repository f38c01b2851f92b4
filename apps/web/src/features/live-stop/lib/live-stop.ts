import { type CartLine, lineStopped } from '@app/domain';
import type { TLivePauses } from '@/lib/live-branch';
import { stoppedIds } from '@/lib/stopped-ids';
import type { TBranchHours } from '@/lib/stores/common';

/**
 * How often an open, visible page reads its branch's live state again (issue 13: the staff side's
 * changes show within 5 seconds).
 */
export const STOP_LIST_RECHECK_MS = 4_000;

/** Whether two id lists hold the same ids, in any order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const before = new Set(a);
  const after = new Set(b);
  if (before.size !== after.size) return false;
  for (const id of after) if (!before.has(id)) return false;
  return true;
}

/**
 * Whether a stop-list answer changes the stopped products against the previous one. The first answer
 * (`previous` null) never does: the page was just rendered with the same list.
 */
export function stopsChanged(previous: readonly string[] | null, next: readonly string[]): boolean {
  return previous !== null && !sameIds(previous, next);
}

/** What of the branch's live state (GET /v2/stop-list) the page's server parts show. */
export type TLiveState = {
  product_ids: readonly string[];
  modifier_ids: readonly string[];
  menu_version: string;
};

/** The branch's live state a page was rendered with, for the poller to compare its first answer with. */
export type TRenderedLiveState = TLiveState & { branch_id: string };

/**
 * What an answer changes against the previous one (null: the first, which changes nothing: the page
 * was just rendered from the same state): `page` when the server parts must render again (a product
 * or a modifier stopped or back on, a price, a product on or off the menu), `prices` when the prices
 * the browser asked for (the checkout's quote, the cart's discounts) must be asked for again.
 */
export function liveChanges(
  previous: TLiveState | null,
  next: TLiveState,
): { page: boolean; prices: boolean } {
  if (previous === null) return { page: false, prices: false };
  const prices = previous.menu_version !== next.menu_version;
  const page =
    prices ||
    !sameIds(previous.product_ids, next.product_ids) ||
    !sameIds(previous.modifier_ids, next.modifier_ids);
  return { page, prices };
}

/**
 * Whether the cart's stop marks differ from the stop list (a line using something stopped not flagged
 * `in_stop`, or a flagged line whose product, size, pick and modifiers are all back on), so the store
 * is written only when needed.
 */
export function cartMarksDiffer(lines: readonly CartLine[], stopped: readonly string[]): boolean {
  const ids = new Set(stopped);
  return lines.some((line) => Boolean(line.in_stop) !== lineStopped(line, ids));
}

/**
 * What an answer touches: the cart (its store, as `cartStore` gives it), the page's server parts
 * (`refresh`), the prices the browser asked for (`requote`) and the branch's pauses (`pauses`).
 */
export type TStopTargets = {
  cart: {
    persist: { hasHydrated: () => boolean };
    getState: () => { lines: readonly CartLine[]; setStopped: (stoppedIds: readonly string[]) => void };
  };
  refresh: () => void;
  requote: () => void;
  pauses: (pauses: TLivePauses) => void;
  /** The branch's working hours of every answer (the store keeps them only when they changed). */
  hours: (hours: TBranchHours) => void;
};

/**
 * One answer of the branch's live state after `previous` (null: the first): renders the server parts
 * again when what they show changed, asks for the prices again when the menu's prices changed, hands
 * on the pauses and the working hours (every answer: the ordering block and the slots follow them), and brings the cart's marks in line
 * with the stop list (not before the cart is read from storage: the next answer does it then).
 * Returns the state to compare the next answer with.
 */
export function followBranch(
  previous: TLiveState | null,
  answer: TLiveState & TLivePauses & TBranchHours,
  targets: TStopTargets,
): TLiveState {
  const changes = liveChanges(previous, answer);
  if (changes.page) targets.refresh();
  if (changes.prices) targets.requote();
  targets.pauses({ paused_until: answer.paused_until, delivery_paused_until: answer.delivery_paused_until });
  targets.hours({ work_hour_start: answer.work_hour_start, work_hour_end: answer.work_hour_end });
  const { cart } = targets;
  const stopped = stoppedIds(answer);
  if (cart.persist.hasHydrated() && cartMarksDiffer(cart.getState().lines, stopped)) {
    cart.getState().setStopped(stopped);
  }
  return {
    product_ids: answer.product_ids,
    modifier_ids: answer.modifier_ids,
    menu_version: answer.menu_version,
  };
}
