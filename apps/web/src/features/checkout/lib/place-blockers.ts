/**
 * Why 'Place order' is off, as the page already says it: each blocker names a message on the page,
 * and the button is described by those shown (`aria-describedby`), so a screen reader that lands on
 * the unavailable button hears the reason with it, not only the total.
 */
export type TPlaceBlocker =
  /** No delivery address or pickup restaurant chosen yet (the 'where' section asks for one). */
  | 'where'
  /** The delivery point is outside every zone (the out-of-area notice). */
  | 'zone'
  /** The zone check or the quote failed (the failure with its retry). */
  | 'failure'
  /** The first quote is on its way ('Calculating…'). */
  | 'calculating'
  /** The quote's refusals listed above the button. */
  | 'errors'
  /** The order is below the minimum (the summary's shortfall line). */
  | 'minimum'
  /** The restaurant is closed or delivery paused, for an order as soon as possible (the notice). */
  | 'closed'
  /** Some dishes are on the stop list (the notice with its way back to the cart). */
  | 'stopped';

export type TPlaceState = {
  /** Everything allows placing: nothing to explain. */
  canPlace: boolean;
  /** The order is on its way: the button says so itself. */
  placing: boolean;
  whereMissing: boolean;
  outOfZone: boolean;
  failed: boolean;
  calculating: boolean;
  listedErrors: number;
  minimumShort: boolean;
  closed: boolean;
  stopped: boolean;
};

/** The messages explaining why the order cannot be placed now, in the order the page shows them. */
export function placeBlockers(state: TPlaceState): TPlaceBlocker[] {
  if (state.canPlace || state.placing) return [];
  const shown: [TPlaceBlocker, boolean][] = [
    ['where', state.whereMissing],
    ['zone', state.outOfZone],
    ['calculating', state.calculating],
    ['minimum', state.minimumShort],
    ['failure', state.failed],
    ['errors', state.listedErrors > 0],
    ['closed', state.closed],
    ['stopped', state.stopped],
  ];
  return shown.filter(([, on]) => on).map(([blocker]) => blocker);
}

/** The element id of a blocker's message on the page whose ids start with `prefix` (React's useId). */
export const blockerId = (prefix: string, blocker: TPlaceBlocker) => `${prefix}-why-${blocker}`;
