import type { TLocalizedText, TOrderQuoteError, TOrderQuoteLine, TOrderQuoteResponse } from '@app/contracts';
import { type CartLine, lineUnitPrice } from '@app/domain';

/**
 * Reading the server's quote of the order (POST /v2/ondemand-order/quote) for the checkout: where
 * each refusal is shown, which cart lines it prices differently, and the applied promo code.
 */

/** The body fields whose refusals are shown by their form field rather than in the list. */
export const PROMO_FIELD = 'promo_code';
export const CHANGE_FROM_FIELD = 'change_from';

export type TQuoteErrors = {
  /** The promo code's refusal: shown by the promo code field. */
  promo: TOrderQuoteError | null;
  /** Cash 'change from' below the total: shown by its field. */
  changeFrom: TOrderQuoteError | null;
  /** Everything else, shown above the place-order button. */
  listed: TOrderQuoteError[];
};

/**
 * Sorts the quote's refusals by where the checkout shows them. `shownElsewhere`: codes the page
 * already explains in its own words (the closed-restaurant notice, the out-of-area block), left out
 * of the list. Every refusal still blocks placing the order.
 */
export function sortQuoteErrors(
  errors: readonly TOrderQuoteError[],
  shownElsewhere: ReadonlySet<string> = new Set(),
): TQuoteErrors {
  return {
    promo: errors.find((e) => e.field === PROMO_FIELD) ?? null,
    changeFrom: errors.find((e) => e.field === CHANGE_FROM_FIELD) ?? null,
    listed: errors.filter(
      (e) => e.field !== PROMO_FIELD && e.field !== CHANGE_FROM_FIELD && !shownElsewhere.has(e.code),
    ),
  };
}

/** The promo code the quote applied, as the chain wrote it ('welcome' typed, 'WELCOME' answered). */
export const quotedPromoCode = (quote: TOrderQuoteResponse): string | null =>
  quote.discounts.find((d) => d.discount_type === 'promo_code')?.promo_code ?? null;

/** The quote's line of each cart line, by the cart line's key (`lineKeys[i]` was sent as line i). */
export function quotedLines(
  lineKeys: readonly string[],
  quoted: readonly TOrderQuoteLine[],
): Map<string, TOrderQuoteLine> {
  const byKey = new Map<string, TOrderQuoteLine>();
  for (const line of quoted) {
    const key = lineKeys[line.index];
    if (key !== undefined) byKey.set(key, line);
  }
  return byKey;
}

export type TPriceChange = { key: string; unitPrice: number; name: TLocalizedText };

/**
 * The cart lines whose stored unit price (product or size, combo extras, modifiers, before
 * discounts) is not the server's: the cart takes the server's price and the page names the dishes.
 */
export function priceChanges(
  lines: readonly CartLine[],
  lineKeys: readonly string[],
  quoted: readonly TOrderQuoteLine[],
): TPriceChange[] {
  const byKey = quotedLines(lineKeys, quoted);
  return lines.flatMap((line): TPriceChange[] => {
    const q = byKey.get(line.key);
    if (!q || q.unit_price === null || q.product_id !== line.product_id) return [];
    const stored = lineUnitPrice({ ...line, price_with_discount: line.price });
    return stored === q.unit_price
      ? []
      : [{ key: line.key, unitPrice: q.unit_price, name: line.product_name }];
  });
}
