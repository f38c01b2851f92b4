import type {
  TComboGroup,
  TMenuProduct,
  TProductDetail,
  TProductSummary,
  TProductVariant,
} from '@app/contracts';
import {
  comboPicksStopped,
  menuDishStopped,
  requiredModifiersStopped,
  type StoppedProductIds,
} from '@app/domain';
import type { ProductRow } from '../../db/schema/index.ts';
import type { MenuListedProduct } from './menu-listing.repository.ts';
import type { ComboGroupWithOptions, PricedProduct, ProductExtras } from './products.repository.ts';

export function toProductSummary(row: PricedProduct, extras: ProductExtras): TProductSummary {
  const rating = extras.ratings.get(row.id);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    out_price: row.price,
    type: row.type,
    has_modifier:
      extras.withModifiers.has(row.id) || (row.parentId !== null && extras.withModifiers.has(row.parentId)),
    image: row.image,
    tags: extras.tags.get(row.id) ?? [],
    categories: extras.categories.get(row.id) ?? [],
    rating: rating?.rating ?? 0,
    reviews_count: rating?.count ?? 0,
    weight: row.weight,
    energy: row.energy,
    cooking_time: row.cookingTime,
    popularity: row.popularity,
  };
}

/**
 * A menu page's product with the branch's stop lists (`stopped`: its product ids, sizes and combo
 * options included; `stoppedModifiers`: its modifier stop list's ids; both empty without a branch):
 * `in_stop` when nothing of it can be ordered there, as the product page decides it ('Unavailable')
 * and ordering refuses it: the product itself stopped or, for an origin product, every size the menu
 * sells (domain `menuDishStopped`); for a combo, every option of one of its groups, a group with no
 * option left or no group at all (`comboPicksStopped`, the page's `optionsUnorderable`); for any
 * product, a compulsory single modifier stopped or every variant of a group that needs a choice
 * (`requiredModifiersStopped`, the page's `modifiersUnorderable`).
 */
export function toMenuProduct(
  row: MenuListedProduct,
  extras: ProductExtras,
  stopped: StoppedProductIds,
  stoppedModifiers: ReadonlySet<string> = new Set(),
): TMenuProduct {
  const inStop =
    menuDishStopped(row, stopped) ||
    (row.type === 'combo' && comboPicksStopped(row.comboOptionIds, stopped)) ||
    requiredModifiersStopped(row.requiredModifierIds, stoppedModifiers);
  return { ...toProductSummary(row, extras), in_stop: inStop };
}

export function toProductVariant(row: ProductRow, price: number): TProductVariant {
  return {
    id: row.id,
    title: row.title,
    property: row.property ?? row.title,
    out_price: price,
    weight: row.weight,
  };
}

/** A combo's group as the product page shows it and ordering checks picks against it. */
export function toComboGroup(group: ComboGroupWithOptions): TComboGroup {
  return {
    id: group.id,
    title: group.title,
    variants: group.options.map((o) => ({
      id: o.id,
      product_id: o.productId,
      title: o.title,
      out_price: o.extraPrice,
    })),
  };
}

export function toProductDetail(
  row: PricedProduct,
  extras: ProductExtras,
  more: { activeInMenu: boolean; variants: TProductVariant[]; comboGroups: TComboGroup[] },
): TProductDetail {
  return {
    ...toProductSummary(row, extras),
    fats: row.fats,
    proteins: row.proteins,
    carbohydrates: row.carbohydrates,
    ingredients: row.ingredients,
    allergens: row.allergens,
    active_in_menu: more.activeInMenu,
    variants: more.variants,
    combo_groups: more.comboGroups,
  };
}

/** `fields=title,out_price`: only those keys, and always `id`. */
export function pickFields(
  summary: TProductSummary,
  fields: readonly (keyof TProductSummary)[] | undefined,
): Partial<TProductSummary> & { id: string } {
  if (!fields) return summary;
  const picked: Partial<TProductSummary> & { id: string } = { id: summary.id };
  for (const field of fields) (picked as Record<string, unknown>)[field] = summary[field];
  return picked;
}
