/**
 * Everything a branch's stop list stops, as the cart marks lines by it (domain lineStopped): products
 * (sizes and combo picks too) and modifiers. The live poller, the cart page (a server component) and
 * 'repeat order' read it, so it lives apart from the browser-only live-branch module.
 */
export const stoppedIds = (state: {
  product_ids: readonly string[];
  modifier_ids: readonly string[];
}): string[] => [...state.product_ids, ...state.modifier_ids];
