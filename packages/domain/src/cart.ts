import type { TAutoAddResponse, TDeliveryType, TLocalizedText } from '@app/contracts';
import { CART_LINE_QUANTITY_MAX } from './cart-limits.ts';
import { randomId } from './random-id.ts';

/** A modifier on a cart line, priced per unit of the line. */
export type CartModifier = {
  modifier_id: string;
  modifier_price: number;
  modifier_quantity: number;
  /** The group modifier's id for a group variant; null for a single modifier. */
  parent_id: string | null;
};

/**
 * A choice the line was built with: for a combo, the variant picked in a group (price = its extra
 * charge); for an origin product, the chosen size, with group_id = the origin product's id
 * (price = the size's full price, which is also the line's `price`).
 */
export type CartVariant = { group_id: string; product_id: string; title: TLocalizedText; price: number };

export type CartLineType = 'simple' | 'combo' | 'origin';

export type CartLine = {
  key: string;
  product_id: string;
  type: CartLineType;
  variants: CartVariant[];
  order_modifiers: CartModifier[];
  quantity: number;
  /** Unit price of the product itself (for origin: of the chosen size), modifiers excluded. */
  price: number;
  /** `price` after the per-product discounts (see applyDiscountPrices). */
  price_with_discount: number;
  in_stop: boolean;
  /** Added automatically (napkins, a free sauce): adding the product again changes nothing. */
  default_product: boolean;
  product_name: TLocalizedText;
  image_url: string | null;
  slug: string;
  comment: string;
};

export type NewCartItem = Omit<CartLine, 'key' | 'quantity' | 'in_stop' | 'price_with_discount'> & {
  quantity?: number;
};

export type MakeKey = () => string;

const capped = (quantity: number): number => Math.min(quantity, CART_LINE_QUANTITY_MAX);

const assertQuantity = (quantity: number): void => {
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    throw new RangeError(`a cart quantity is a whole number of at least 1, got ${quantity}`);
  }
};

/** A plain product: nothing about it distinguishes one unit from another, so lines merge. */
const isPlain = (line: Pick<CartLine, 'type' | 'order_modifiers' | 'variants'>): boolean =>
  line.type === 'simple' && line.order_modifiers.length === 0 && line.variants.length === 0;

/** Appends the item as a new line under a fresh key (fields copied one by one: no stray props). */
const appendLine = (
  lines: readonly CartLine[],
  item: NewCartItem,
  quantity: number,
  makeKey: MakeKey,
): CartLine[] => {
  const key = makeKey();
  if (lines.some((l) => l.key === key)) throw new Error(`cart key '${key}' is already in use`);
  const line: CartLine = {
    key,
    product_id: item.product_id,
    type: item.type,
    variants: item.variants,
    order_modifiers: item.order_modifiers,
    quantity,
    price: item.price,
    price_with_discount: item.price,
    in_stop: false,
    default_product: item.default_product,
    product_name: item.product_name,
    image_url: item.image_url,
    slug: item.slug,
    comment: item.comment,
  };
  return [...lines, line];
};

/**
 * Adds an item (quantity defaults to 1).
 * - A simple product with no modifiers (and no variants) increments the existing plain line of that
 *   product by the item's quantity, keeping that line's key and comment.
 * - If the product is in the cart as a default (auto-added) line, adding it again changes nothing.
 * - Anything else (modifiers, combo, origin, or a simple product not yet in the cart) becomes a new
 *   line with a fresh unique key; price_with_discount starts equal to price.
 * - A line never holds more than CART_LINE_QUANTITY_MAX: what would go past it is not added (see
 *   addOutcome).
 */
export const addToCart = (
  lines: readonly CartLine[],
  item: NewCartItem,
  makeKey: MakeKey = randomId,
): CartLine[] => {
  const quantity = item.quantity ?? 1;
  assertQuantity(quantity);
  if (isPlain(item)) {
    if (lines.some((l) => l.product_id === item.product_id && l.default_product)) return [...lines];
    const existing = plainLineOf(lines, item.product_id);
    if (existing) {
      if (existing.quantity >= CART_LINE_QUANTITY_MAX) return [...lines];
      return lines.map((l) => (l === existing ? { ...l, quantity: capped(l.quantity + quantity) } : l));
    }
  }
  return appendLine(lines, item, capped(quantity), makeKey);
};

const plainLineOf = (lines: readonly CartLine[], productId: string): CartLine | undefined =>
  lines.find((l) => l.product_id === productId && isPlain(l));

/**
 * What adding the item does: 'auto-added' when nothing (the product is in the cart as a default,
 * auto-added line), 'capped' when its line would pass CART_LINE_QUANTITY_MAX (so fewer units, or none,
 * are added), else 'added'.
 */
export const addOutcome = (
  lines: readonly CartLine[],
  item: NewCartItem,
): 'added' | 'auto-added' | 'capped' => {
  const quantity = item.quantity ?? 1;
  if (!isPlain(item)) return quantity > CART_LINE_QUANTITY_MAX ? 'capped' : 'added';
  if (lines.some((l) => l.product_id === item.product_id && l.default_product)) return 'auto-added';
  const held = plainLineOf(lines, item.product_id)?.quantity ?? 0;
  return held + quantity > CART_LINE_QUANTITY_MAX ? 'capped' : 'added';
};

const updateLine = (
  lines: readonly CartLine[],
  key: string,
  update: (line: CartLine) => CartLine,
): CartLine[] => lines.map((l) => (l.key === key ? update(l) : l));

/** One more unit, up to CART_LINE_QUANTITY_MAX. */
export const incrementLine = (lines: readonly CartLine[], key: string): CartLine[] =>
  updateLine(lines, key, (l) =>
    l.quantity < CART_LINE_QUANTITY_MAX ? { ...l, quantity: l.quantity + 1 } : l,
  );

/** Never goes below 1: removing a line is an explicit, confirmed action. */
export const decrementLine = (lines: readonly CartLine[], key: string): CartLine[] =>
  updateLine(lines, key, (l) => (l.quantity > 1 ? { ...l, quantity: l.quantity - 1 } : l));

/**
 * Sets a line's quantity, at most CART_LINE_QUANTITY_MAX; 0 or less removes the line. Fractions are a
 * caller bug and throw.
 */
export const setLineQuantity = (lines: readonly CartLine[], key: string, quantity: number): CartLine[] => {
  if (!Number.isSafeInteger(quantity)) {
    throw new RangeError(`a cart quantity is a whole number, got ${quantity}`);
  }
  if (quantity <= 0) return removeLine(lines, key);
  return updateLine(lines, key, (l) => ({ ...l, quantity: capped(quantity) }));
};

export const removeLine = (lines: readonly CartLine[], key: string): CartLine[] =>
  lines.filter((l) => l.key !== key);

/**
 * Whether a line uses something stopped: its product, the size or combo pick it was built with (a
 * product of its own on the stop list), or one of its modifiers.
 */
export const lineStopped = (line: CartLine, stoppedIds: ReadonlySet<string>): boolean =>
  madeWithStopped(line.product_id, line.variants, line.order_modifiers, stoppedIds);

/**
 * Whether something made of this product, these sizes or combo picks and these modifiers uses one of
 * the stopped ids: a cart line (lineStopped) or a past order's line ('repeat order').
 */
export const madeWithStopped = (
  productId: string,
  variants: readonly { product_id: string }[],
  modifiers: readonly { modifier_id: string }[],
  stoppedIds: ReadonlySet<string>,
): boolean =>
  stoppedIds.has(productId) ||
  variants.some((v) => stoppedIds.has(v.product_id)) ||
  modifiers.some((m) => stoppedIds.has(m.modifier_id));

/**
 * Flags every line of the given products as stopped (unavailable), and every line built with a given
 * size, combo pick or modifier (lineStopped). Other flags are left as they are.
 */
export const markStop = (lines: readonly CartLine[], stoppedIds: readonly string[]): CartLine[] => {
  const stopped = new Set(stoppedIds);
  return lines.map((l) => (lineStopped(l, stopped) ? { ...l, in_stop: true } : l));
};

export const clearStop = (lines: readonly CartLine[]): CartLine[] =>
  lines.map((l) => ({ ...l, in_stop: false }));

export type ProductDiscount = { product_id: string; discount_price: number };

/**
 * The product a line's `price` is the price of, which is the one discounts name: the product itself,
 * or for an origin product the chosen size (its one variant), as the order's pricing sees it.
 */
export const discountProductId = (line: Pick<CartLine, 'type' | 'product_id' | 'variants'>): string =>
  line.type === 'origin' ? (line.variants[0]?.product_id ?? line.product_id) : line.product_id;

/**
 * Sets each line's price_with_discount to its price plus the sum of its product's discount_price
 * values (the product of `discountProductId`), added as the API returns them (discounts come
 * negative, surcharges positive). A product with no discount goes back to its plain price. A
 * discount larger than the price floors at 0: a line never pays the customer.
 */
export const applyDiscountPrices = (
  lines: readonly CartLine[],
  discounts: readonly ProductDiscount[],
): CartLine[] => {
  const byProduct = new Map<string, number>();
  for (const d of discounts)
    byProduct.set(d.product_id, (byProduct.get(d.product_id) ?? 0) + d.discount_price);
  return lines.map((l) => ({
    ...l,
    price_with_discount: Math.max(0, l.price + (byProduct.get(discountProductId(l)) ?? 0)),
  }));
};

export const clearCart = (): CartLine[] => [];

/**
 * Price of one unit of a line:
 * price_with_discount + Σ modifier_price × modifier_quantity (+ for a combo, Σ its variants' extra
 * charges). For an origin product the chosen size's price already IS `price`, so its variant is not
 * added again; simple products have no variants.
 */
export const lineUnitPrice = (line: CartLine): number => {
  const modifiers = line.order_modifiers.reduce((sum, m) => sum + m.modifier_price * m.modifier_quantity, 0);
  const comboExtras = line.type === 'combo' ? line.variants.reduce((sum, v) => sum + v.price, 0) : 0;
  return line.price_with_discount + modifiers + comboExtras;
};

export const lineTotal = (line: CartLine): number => lineUnitPrice(line) * line.quantity;

/** Lines that can be ordered now (stopped products are shown as 'Unavailable' and left out). */
export const availableLines = (lines: readonly CartLine[]): CartLine[] => lines.filter((l) => !l.in_stop);

/**
 * The stopped lines that hold the order back until the customer removes them. A stopped default
 * (auto-added) line does not: the customer cannot remove it, and the order leaves it out like any
 * stopped line (availableLines).
 */
export const linesToRemove = (lines: readonly CartLine[]): CartLine[] =>
  lines.filter((l) => l.in_stop && !l.default_product);

/** Sum of every line's total, stopped lines included; use availableLines first for what can be ordered. */
export const cartSubtotal = (lines: readonly CartLine[]): number =>
  lines.reduce((sum, l) => sum + lineTotal(l), 0);

/**
 * The goods: every line at its price before discounts (what the order's pricing compares with the
 * minimum order and the auto-add rules' amounts). cartSubtotal is what the customer pays for them.
 */
export const cartGoodsPrice = (lines: readonly CartLine[]): number =>
  cartSubtotal(lines.map((l) => ({ ...l, price_with_discount: l.price })));

/** How many of a product the customer put in the cart (a menu card says so): its own lines, not default ones. */
export const productQuantityInCart = (lines: readonly CartLine[], productId: string): number =>
  lines.reduce((sum, l) => (l.product_id === productId && !l.default_product ? sum + l.quantity : sum), 0);

/** The cart badge: total quantity across all lines. */
export const cartTotalQuantity = (lines: readonly CartLine[]): number =>
  lines.reduce((sum, l) => sum + l.quantity, 0);

export type AutoAddProduct = TAutoAddResponse['products'][number];
export type AutoAddContext = { delivery_type: TDeliveryType; order_price: number };

/** Whether an auto-add product applies to this order type and amount. */
export const autoAddApplies = (auto: AutoAddProduct, ctx: AutoAddContext): boolean =>
  (auto.delivery_type === null || auto.delivery_type === ctx.delivery_type) &&
  ctx.order_price >= auto.min_order_price;

/**
 * Brings the cart's default (auto-added) lines in line with GET /v3/auto-add-product for the
 * current order type. The order amount is the customer's own lines (default lines excluded, so an
 * auto-added product never qualifies itself). Applicable products get a default line with the given
 * quantity (an existing one keeps its key); default lines that no longer apply are removed; the
 * customer's own lines are never touched.
 */
export const syncAutoAddProducts = (
  lines: readonly CartLine[],
  autoProducts: readonly AutoAddProduct[],
  deliveryType: TDeliveryType,
  makeKey: MakeKey = randomId,
): CartLine[] => {
  const own = lines.filter((l) => !l.default_product);
  const ctx: AutoAddContext = {
    delivery_type: deliveryType,
    order_price: cartGoodsPrice(availableLines(own)),
  };
  const wanted = new Map<string, AutoAddProduct>();
  for (const auto of autoProducts) {
    if (autoAddApplies(auto, ctx) && !wanted.has(auto.product.id)) wanted.set(auto.product.id, auto);
  }
  const result: CartLine[] = [];
  for (const line of lines) {
    if (!line.default_product) {
      result.push(line);
      continue;
    }
    const auto = wanted.get(line.product_id);
    if (auto) {
      result.push({ ...line, quantity: auto.quantity });
      wanted.delete(line.product_id);
    }
  }
  let next = result;
  for (const auto of wanted.values()) {
    const { product } = auto;
    const item: NewCartItem = {
      product_id: product.id,
      type: product.type,
      variants: [],
      order_modifiers: [],
      price: product.out_price,
      default_product: true,
      product_name: product.title,
      image_url: product.image?.url ?? null,
      slug: product.slug,
      comment: '',
    };
    // Not addToCart: a customer's own plain line of the same product must stay a separate line.
    next = appendLine(next, item, auto.quantity, makeKey);
  }
  return next;
};
