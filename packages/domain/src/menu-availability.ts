import type { TModifierResponse, TProductType } from '@app/contracts';

/** GET /v2/modifier's `product_modifiers` (modifiers.ts' `ProductModifiers`, which builds on this file). */
type ProductModifiers = TModifierResponse['product_modifiers'];

/**
 * Product ids on a branch's stop list (`GET /v2/stop-list`'s `product_ids`): a product, an origin
 * product's size or a combo's pick on it cannot be ordered there.
 */
export type StoppedProductIds = ReadonlySet<string>;

/*
 * Whether a dish of a menu can be ordered, as its card and the menu's listings show it. An origin
 * dish (one sold in sizes) is ordered only in one of its sizes, which are products of their own:
 * the menu sells some of them (the product page leaves the others out) and a branch's stop list may
 * stop some. The product page's own rules for a chosen size or combo pick are in product-choices.ts
 * (`defaultOriginSize`, `optionsUnorderable`); these are the same rules for a whole dish.
 */

/** What a menu knows of one of its dishes. */
export type MenuDish = {
  id: string;
  type: TProductType;
  /**
   * An origin dish's sizes (their product ids) that are active and that the menu sells; empty for a
   * simple or combo dish.
   */
  sizeIds: readonly string[];
};

/**
 * Whether a menu sells a dish: the menu lists the dish itself (`listed`), and an origin dish also at
 * least one of its sizes, since a size is all of it that can be ordered (ordering refuses a size the
 * menu does not sell: PRODUCT_NOT_ON_MENU). A dish the menu does not sell is not on it: the menu's
 * listings (`GET /v2/product?menu_id=`, `GET /v2/menu-products`) leave it out, as any product not on
 * the menu, and its page says `active_in_menu: false` ('Unavailable').
 */
export const soldOnMenu = (dish: Pick<MenuDish, 'type' | 'sizeIds'>, listed: boolean): boolean =>
  listed && (dish.type !== 'origin' || dish.sizeIds.length > 0);

/**
 * Whether a branch's stop list (`stopped`, its product ids, sizes included) leaves nothing of a dish
 * to order: the dish itself is stopped, or it is an origin dish with every size the menu sells
 * stopped (none sold counts as all stopped: there is nothing to order either). Its menu card then says
 * 'Unavailable' (the spec's out-of-stock product), as the product page does (`optionsUnorderable`).
 * A stopped size alone, with another one left, does not stop the dish: its page marks that size.
 */
export const menuDishStopped = (dish: MenuDish, stopped: StoppedProductIds): boolean =>
  stopped.has(dish.id) || (dish.type === 'origin' && dish.sizeIds.every((id) => stopped.has(id)));

/**
 * A combo's groups as a menu knows them: each group's options (their product ids: those the chain
 * has switched on, as the product page offers them), in the groups' order.
 */
export type ComboOptionIds = readonly (readonly string[])[];

/**
 * Whether a branch's stop list leaves a combo nothing to order by its picks: one of its groups (each
 * needs exactly one pick, `validateComboSelection`) has every option stopped, or none at all (the chain
 * switched every option off), or the combo has no group at all. Ordering refuses each of such a group's
 * picks (PRODUCT_UNAVAILABLE, or PRODUCT_VARIANT_INVALID for a pick it does not offer) and a combo
 * without groups ('the combo has no groups to choose from'), so the product page says 'Unavailable'
 * (`optionsUnorderable`, this same rule) and its menu card does too, beside `menuDishStopped` (the
 * combo itself stopped). With no option of a group left the combo is unorderable at every branch, so
 * its card says so even without one.
 */
export const comboPicksStopped = (groups: ComboOptionIds, stopped: StoppedProductIds): boolean =>
  groups.length === 0 || groups.some((options) => options.every((id) => stopped.has(id)));

/**
 * The modifier choices a dish cannot be ordered without, each as the ids that may fill it: a
 * compulsory single modifier (its own id) and a group that needs a choice (`min_amount > 0`), with its
 * variants' ids. A group without variants is never offered (`GET /v2/modifier` and ordering leave it
 * out) so it is not among them. Optional modifiers are not: the dish is ordered without them.
 */
export type RequiredModifierIds = readonly (readonly string[])[];

/** The required choices of a product's modifiers (as `GET /v2/modifier` gives them). */
export const requiredModifierIds = (mods: ProductModifiers): string[][] => [
  ...mods.single_modifiers.filter((m) => m.is_compulsory).map((m) => [m.id]),
  ...mods.group_modifiers
    .filter((g) => g.min_amount > 0 && g.variants.length > 0)
    .map((g) => g.variants.map((v) => v.id)),
];

/**
 * Whether a branch's modifier stop list (`stoppedModifiers`: single modifiers' and group variants' ids)
 * leaves a dish nothing to order it with: one of its required choices has every id stopped (a
 * compulsory single modifier stopped, or a required group with every variant stopped). Ordering then
 * refuses it whatever is chosen (MODIFIER_UNAVAILABLE for a stopped one, MODIFIERS_INVALID without),
 * so the product page and dialog say 'Unavailable' (`modifiersUnorderable`, this same rule) and so
 * does its menu card (`GET /v2/menu-products?branch_id=`' `in_stop`), whatever the dish's type.
 */
export const requiredModifiersStopped = (
  required: RequiredModifierIds,
  stoppedModifiers: ReadonlySet<string>,
): boolean => required.some((ids) => ids.length > 0 && ids.every((id) => stoppedModifiers.has(id)));

/** The ids a product's modifiers mark `in_stop` (a branch's modifier stop list, as the page got it). */
export const modifiersInStop = (mods: ProductModifiers): Set<string> =>
  new Set([
    ...mods.single_modifiers.filter((m) => m.in_stop).map((m) => m.id),
    ...mods.group_modifiers.flatMap((g) => g.variants.filter((v) => v.in_stop).map((v) => v.id)),
  ]);
