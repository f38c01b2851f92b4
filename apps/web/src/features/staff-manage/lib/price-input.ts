/** The highest price the API takes for one product (ZMenuProductPriceRequest), sums. */
export const MAX_PRICE = 100_000_000;

/**
 * A typed price as whole sums: spaces and thousands separators ('32 000', '32,000') are allowed, any
 * other character, a fraction, an empty field or more than MAX_PRICE is not (null).
 */
export function parsePriceInput(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f,]/g, '');
  if (!/^\d{1,9}$/.test(compact)) return null;
  const value = Number(compact);
  return value <= MAX_PRICE ? value : null;
}
