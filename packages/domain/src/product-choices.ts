import type { TComboGroup, TProductDetail, TProductVariant } from '@app/contracts';
import type { CartVariant } from './cart.ts';
import { comboPicksStopped, type StoppedProductIds } from './menu-availability.ts';

/** A combo choice: the product picked in a group. */
export type ComboChoice = { group_id: string; product_id: string };

export type ComboErrorKind = 'missing_group' | 'unknown_group' | 'unknown_variant' | 'duplicate_group';
export type ComboError = { kind: ComboErrorKind; group_id: string };
export type ComboValidation = { ok: true } | { ok: false; errors: ComboError[] };

/** A combo needs exactly one known variant in each of its groups, and nothing else. */
export const validateComboSelection = (
  groups: readonly TComboGroup[],
  chosen: readonly ComboChoice[],
): ComboValidation => {
  const errors: ComboError[] = [];
  const byId = new Map(groups.map((g) => [g.id, g]));
  const seen = new Set<string>();
  for (const c of chosen) {
    const group = byId.get(c.group_id);
    if (!group) errors.push({ kind: 'unknown_group', group_id: c.group_id });
    else if (seen.has(c.group_id)) errors.push({ kind: 'duplicate_group', group_id: c.group_id });
    else if (!group.variants.some((v) => v.product_id === c.product_id)) {
      errors.push({ kind: 'unknown_variant', group_id: c.group_id });
    }
    seen.add(c.group_id);
  }
  for (const g of groups) if (!seen.has(g.id)) errors.push({ kind: 'missing_group', group_id: g.id });
  return errors.length === 0 ? { ok: true } : { ok: false, errors };
};

// Defined beside the menu's rules (menu-availability.ts), which this file's rules build on.
export type { StoppedProductIds };

const NOTHING_STOPPED: StoppedProductIds = new Set();

/**
 * The combo dialog's starting choice: each group's first variant (usually the one at no extra
 * charge) that is not stopped; a group whose every variant is stopped gets no pick.
 */
export const defaultComboSelection = (
  groups: readonly TComboGroup[],
  stopped: StoppedProductIds = NOTHING_STOPPED,
): ComboChoice[] =>
  groups.flatMap((g) => {
    const first = g.variants.find((v) => !stopped.has(v.product_id));
    return first ? [{ group_id: g.id, product_id: first.product_id }] : [];
  });

/** An origin product's starting size: the first (cheapest-listed) one not stopped. */
export const defaultOriginSize = (
  variants: readonly TProductVariant[],
  stopped: StoppedProductIds = NOTHING_STOPPED,
): TProductVariant | undefined => variants.find((v) => !stopped.has(v.id));

/**
 * No choice of the product's sizes or combo picks can be ordered at the branch: every size of an
 * origin product is stopped (or it has none), or a combo group (each needs one pick) has every option
 * stopped or none left, or the combo has no group at all (`comboPicksStopped`, its card's rule). The
 * product is then 'Unavailable', as with `modifiersUnorderable`.
 */
export const optionsUnorderable = (
  product: Pick<TProductDetail, 'type' | 'variants' | 'combo_groups'>,
  stopped: StoppedProductIds,
): boolean => {
  if (product.type === 'origin') return product.variants.every((v) => stopped.has(v.id));
  if (product.type === 'combo') {
    return comboPicksStopped(
      product.combo_groups.map((g) => g.variants.map((v) => v.product_id)),
      stopped,
    );
  }
  return false;
};

/** Picks `productId` in a group, replacing that group's previous choice. */
export const chooseComboVariant = (
  chosen: readonly ComboChoice[],
  groupId: string,
  productId: string,
): ComboChoice[] => [
  ...chosen.filter((c) => c.group_id !== groupId),
  { group_id: groupId, product_id: productId },
];

/** Cart variants of a (validated) combo choice, in the groups' order, priced at their extra charge. */
export const comboCartVariants = (
  groups: readonly TComboGroup[],
  chosen: readonly ComboChoice[],
): CartVariant[] =>
  groups.flatMap((g) => {
    const pick = chosen.find((c) => c.group_id === g.id);
    const variant = pick && g.variants.find((v) => v.product_id === pick.product_id);
    return variant
      ? [{ group_id: g.id, product_id: variant.product_id, title: variant.title, price: variant.out_price }]
      : [];
  });

/** Extra charge of a combo choice on top of the combo's own price. */
export const comboExtraPrice = (groups: readonly TComboGroup[], chosen: readonly ComboChoice[]): number =>
  comboCartVariants(groups, chosen).reduce((sum, v) => sum + v.price, 0);

/**
 * The cart variant of an origin product's chosen size: group_id is the origin product. Its price is
 * the size's full price, which the cart line also takes as its `price` (lineUnitPrice does not add it
 * again).
 */
export const originCartVariant = (originProductId: string, variant: TProductVariant): CartVariant => ({
  group_id: originProductId,
  product_id: variant.id,
  title: variant.title,
  price: variant.out_price,
});
