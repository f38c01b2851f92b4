import { CART_LINE_QUANTITY_MAX, type CartLine } from '@app/domain';

/**
 * Whether a value read back from storage is a cart line. What comes back from localStorage is
 * whatever an older build or a curious customer left there: the cart store and the read-only
 * quantities (`quantities.ts`) both drop what is not a line, so they always agree.
 */
export const isLine = (value: unknown): value is CartLine => {
  if (typeof value !== 'object' || value === null) return false;
  const l = value as Partial<CartLine>;
  return (
    typeof l.key === 'string' &&
    typeof l.product_id === 'string' &&
    typeof l.price === 'number' &&
    typeof l.price_with_discount === 'number' &&
    Number.isSafeInteger(l.quantity) &&
    (l.quantity ?? 0) >= 1 &&
    Array.isArray(l.variants) &&
    Array.isArray(l.order_modifiers) &&
    typeof l.product_name === 'object' &&
    l.product_name !== null
  );
};

/**
 * The lines of a persisted state (`{ lines }`), without what is not a line, each at most
 * CART_LINE_QUANTITY_MAX (a line saved above it by an older build could never be ordered).
 */
export const linesOf = (persisted: unknown): CartLine[] => {
  const lines = (persisted as { lines?: unknown } | null)?.lines;
  if (!Array.isArray(lines)) return [];
  return lines
    .filter(isLine)
    .map((l) => (l.quantity > CART_LINE_QUANTITY_MAX ? { ...l, quantity: CART_LINE_QUANTITY_MAX } : l));
};

/** The cart store's storage entry (localStorage, spec section 9). */
export const CART_STORAGE_KEY = 'cart';
