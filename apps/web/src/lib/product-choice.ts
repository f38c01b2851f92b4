import type { TModifierResponse, TProductDetail } from '@app/contracts';
import {
  type CartLine,
  type ChosenModifier,
  type ComboChoice,
  comboCartVariants,
  defaultComboSelection,
  defaultModifierSelection,
  defaultOriginSize,
  lineUnitPrice,
  type ModifierError,
  type NewCartItem,
  originCartVariant,
  type StoppedProductIds,
  stoppedChosenModifiers,
  toCartModifiers,
  validateComboSelection,
  validateModifierSelection,
} from '@app/domain';

/*
 * The choice rules of one product (size, combo picks, modifiers → a cart item and its price), used by
 * the product dialog (features/product) and again when an order is repeated (features/orders).
 */

export type ProductModifiers = TModifierResponse['product_modifiers'];

/** What the customer has picked in the product dialog. */
export type ProductChoice = {
  /** origin: the chosen size's id. */
  variantId: string | null;
  combo: ComboChoice[];
  modifiers: ChosenModifier[];
  quantity: number;
};

const NOTHING_STOPPED: StoppedProductIds = new Set();

/**
 * The starting choice: the first (cheapest-listed) size, each combo group's first option, none of
 * them on the branch's stop list (`stopped`), and the domain's default modifiers (compulsory ones and
 * required groups at their minimum).
 */
export function initialChoice(
  product: TProductDetail,
  mods: ProductModifiers,
  stopped: StoppedProductIds = NOTHING_STOPPED,
): ProductChoice {
  return {
    variantId: product.type === 'origin' ? (defaultOriginSize(product.variants, stopped)?.id ?? null) : null,
    combo: product.type === 'combo' ? defaultComboSelection(product.combo_groups, stopped) : [],
    modifiers: defaultModifierSelection(mods),
    quantity: 1,
  };
}

/** Why "add to cart" is refused right now; empty when the choice can be added. */
export type ChoiceProblem =
  | { kind: 'variant' }
  /** The chosen size, or a combo pick (its product), is on the branch's stop list. */
  | { kind: 'option_stopped'; product_id: string }
  /** A chosen modifier is on the branch's modifier stop list (issue 13). */
  | { kind: 'modifier_stopped'; modifier_id: string }
  | { kind: 'combo'; group_id: string }
  | { kind: 'modifier'; error: ModifierError };

/** `stopped`: the branch's stopped product ids (sizes and combo picks included), as ordering refuses them. */
export function choiceProblems(
  product: TProductDetail,
  mods: ProductModifiers,
  choice: ProductChoice,
  stopped: StoppedProductIds = NOTHING_STOPPED,
): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  if (product.type === 'origin') {
    const size = product.variants.find((v) => v.id === choice.variantId);
    if (!size) problems.push({ kind: 'variant' });
    else if (stopped.has(size.id)) problems.push({ kind: 'option_stopped', product_id: size.id });
  }
  if (product.type === 'combo') {
    const combo = validateComboSelection(product.combo_groups, choice.combo);
    if (!combo.ok) for (const e of combo.errors) problems.push({ kind: 'combo', group_id: e.group_id });
    for (const pick of choice.combo) {
      if (stopped.has(pick.product_id))
        problems.push({ kind: 'option_stopped', product_id: pick.product_id });
    }
  }
  const modifiers = validateModifierSelection(mods, choice.modifiers);
  if (!modifiers.ok) for (const error of modifiers.errors) problems.push({ kind: 'modifier', error });
  for (const id of stoppedChosenModifiers(mods, choice.modifiers))
    problems.push({ kind: 'modifier_stopped', modifier_id: id });
  return problems;
}

/**
 * The cart item for a choice. An origin product goes in under its own id with the chosen size as
 * its variant and the size's price as the line price; a combo carries its picks (extra charges are
 * the variants' prices).
 */
export function cartItemFor(
  product: TProductDetail,
  mods: ProductModifiers,
  choice: ProductChoice,
): NewCartItem {
  const size =
    product.type === 'origin' ? product.variants.find((v) => v.id === choice.variantId) : undefined;
  const variants =
    product.type === 'origin' && size
      ? [originCartVariant(product.id, size)]
      : product.type === 'combo'
        ? comboCartVariants(product.combo_groups, choice.combo)
        : [];
  return {
    product_id: product.id,
    type: product.type,
    variants,
    order_modifiers: toCartModifiers(mods, choice.modifiers),
    quantity: choice.quantity,
    price: size?.out_price ?? product.out_price,
    default_product: false,
    product_name: product.title,
    image_url: product.image?.url ?? null,
    slug: product.slug,
    comment: '',
  };
}

/** The live price the dialog shows, computed by the same rule the cart uses. */
export function choiceTotal(item: NewCartItem): { unit: number; total: number } {
  const line: CartLine = {
    ...item,
    key: 'preview',
    quantity: item.quantity ?? 1,
    in_stop: false,
    price_with_discount: item.price,
  };
  const unit = lineUnitPrice(line);
  return { unit, total: unit * line.quantity };
}
