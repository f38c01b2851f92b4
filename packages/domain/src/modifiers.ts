import type { TModifierResponse } from '@app/contracts';
import type { CartModifier } from './cart.ts';
import { modifiersInStop, requiredModifierIds, requiredModifiersStopped } from './menu-availability.ts';

/** GET /v2/modifier's `product_modifiers`. */
export type ProductModifiers = TModifierResponse['product_modifiers'];
export type SingleModifier = ProductModifiers['single_modifiers'][number];
export type GroupModifier = ProductModifiers['group_modifiers'][number];

/**
 * One chosen modifier, as the order body sends it: a single modifier has parent_id null; a group's
 * variant has modifier_id = the variant's id and parent_id = the group's id.
 */
export type ChosenModifier = { modifier_id: string; modifier_quantity: number; parent_id: string | null };

export type ModifierErrorKind =
  | 'below_min'
  | 'above_max'
  | 'unknown_modifier'
  | 'compulsory_missing'
  | 'bad_quantity';

export type ModifierError = {
  kind: ModifierErrorKind;
  /** The group modifier concerned; null for single modifiers. */
  group_id: string | null;
  /** The single modifier or group variant concerned; null for errors about a group's total. */
  modifier_id: string | null;
  /** The allowed range of `chosen` (for a group, its total quantity across variants). */
  min: number;
  max: number;
  chosen: number;
};

export type ModifierValidation = { ok: true } | { ok: false; errors: ModifierError[] };

const isBadQuantity = (q: number): boolean => !Number.isSafeInteger(q) || q < 0;

/**
 * Checks a choice against the product's modifiers. Used by the product dialog (to refuse "add to
 * cart") and by the server (which must not trust the client):
 * - every entry names a known single modifier (parent_id null) or a variant of the named group;
 * - quantities are whole numbers >= 0 (0 means "not chosen"); repeated entries add up;
 * - a single modifier's quantity is at most its max_amount; a compulsory one must be chosen;
 * - a group's total quantity across its variants lies within min_amount..max_amount.
 * Errors are listed in a stable order: entries first (as given), then singles, then groups.
 */
export const validateModifierSelection = (
  mods: ProductModifiers,
  chosen: readonly ChosenModifier[],
): ModifierValidation => {
  const errors: ModifierError[] = [];
  const singles = new Map(mods.single_modifiers.map((m) => [m.id, m]));
  const groups = new Map(mods.group_modifiers.map((g) => [g.id, g]));
  const singleTotals = new Map<string, number>();
  const groupTotals = new Map<string, number>();

  for (const c of chosen) {
    if (isBadQuantity(c.modifier_quantity)) {
      errors.push({
        kind: 'bad_quantity',
        group_id: c.parent_id,
        modifier_id: c.modifier_id,
        min: 0,
        max:
          c.parent_id === null
            ? (singles.get(c.modifier_id)?.max_amount ?? 0)
            : (groups.get(c.parent_id)?.max_amount ?? 0),
        chosen: c.modifier_quantity,
      });
      continue;
    }
    if (c.parent_id === null) {
      if (!singles.has(c.modifier_id)) {
        errors.push(unknown(c));
        continue;
      }
      singleTotals.set(c.modifier_id, (singleTotals.get(c.modifier_id) ?? 0) + c.modifier_quantity);
    } else {
      const group = groups.get(c.parent_id);
      if (!group?.variants.some((v) => v.id === c.modifier_id)) {
        errors.push(unknown(c));
        continue;
      }
      groupTotals.set(group.id, (groupTotals.get(group.id) ?? 0) + c.modifier_quantity);
    }
  }

  for (const single of mods.single_modifiers) {
    const count = singleTotals.get(single.id) ?? 0;
    const min = single.is_compulsory ? 1 : 0;
    const base = { group_id: null, modifier_id: single.id, min, max: single.max_amount, chosen: count };
    if (count < min) errors.push({ kind: 'compulsory_missing', ...base });
    else if (count > single.max_amount) errors.push({ kind: 'above_max', ...base });
  }

  for (const group of mods.group_modifiers) {
    const count = groupTotals.get(group.id) ?? 0;
    const base = {
      group_id: group.id,
      modifier_id: null,
      min: group.min_amount,
      max: group.max_amount,
      chosen: count,
    };
    if (count < group.min_amount) errors.push({ kind: 'below_min', ...base });
    else if (count > group.max_amount) errors.push({ kind: 'above_max', ...base });
  }

  return errors.length === 0 ? { ok: true } : { ok: false, errors };
};

const unknown = (c: ChosenModifier): ModifierError => ({
  kind: 'unknown_modifier',
  group_id: c.parent_id,
  modifier_id: c.modifier_id,
  min: 0,
  max: 0,
  chosen: c.modifier_quantity,
});

export type GroupLimit =
  | { kind: 'exactly'; count: number }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'up_to'; max: number };

/**
 * How the dialog explains a group's limit: "choose 2" (min = max), "up to 3" (min 0),
 * "choose 1-3" (otherwise). min > max is impossible to satisfy: bad data, so it throws.
 */
export const groupLimit = (min: number, max: number): GroupLimit => {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min < 0 || max < 1 || min > max) {
    throw new RangeError(`invalid group limits ${min}..${max}`);
  }
  if (min === max) return { kind: 'exactly', count: max };
  if (min === 0) return { kind: 'up_to', max };
  return { kind: 'range', min, max };
};

/**
 * The dialog's starting choice. The original UI preselects the first variant of EVERY group with
 * quantity `min_amount || 1`, which silently charges for optional extras. Here only required groups
 * (min_amount > 0) are preselected, with their first variant at min_amount, so the starting choice
 * is valid and costs no more than it must; optional groups start empty. Compulsory singles start at 1.
 */
export const defaultModifierSelection = (mods: ProductModifiers): ChosenModifier[] => [
  ...mods.single_modifiers
    .filter((m) => m.is_compulsory)
    .map((m) => ({ modifier_id: m.id, modifier_quantity: 1, parent_id: null })),
  ...mods.group_modifiers.flatMap((g) => {
    // The first variant not on the branch's stop list (issue 13); all stopped: the first.
    const first = g.variants.find((v) => !v.in_stop) ?? g.variants[0];
    return first && g.min_amount > 0
      ? [{ modifier_id: first.id, modifier_quantity: g.min_amount, parent_id: g.id }]
      : [];
  }),
];

/**
 * The chosen modifiers (single ones and group variants, a quantity above 0) on the branch's modifier
 * stop list (`in_stop`, issue 13): such a choice cannot be ordered ('Unavailable').
 */
export const stoppedChosenModifiers = (mods: ProductModifiers, chosen: readonly ChosenModifier[]): string[] =>
  chosen
    .filter((c) => c.modifier_quantity > 0)
    .filter((c) =>
      c.parent_id === null
        ? mods.single_modifiers.some((m) => m.id === c.modifier_id && m.in_stop)
        : mods.group_modifiers.some(
            (g) => g.id === c.parent_id && g.variants.some((v) => v.id === c.modifier_id && v.in_stop),
          ),
    )
    .map((c) => c.modifier_id);

/**
 * No choice of these modifiers can be ordered (issue 13): a compulsory single modifier is stopped, or
 * a group that needs a choice (min_amount > 0) has every variant stopped. The product is 'Unavailable'.
 * The menu card's rule too (menu-availability.ts: `requiredModifiersStopped`).
 */
export const modifiersUnorderable = (mods: ProductModifiers): boolean =>
  requiredModifiersStopped(requiredModifierIds(mods), modifiersInStop(mods));

/** Unit price of a modifier entry, or undefined when it names nothing the product offers. */
const unitPrice = (mods: ProductModifiers, c: ChosenModifier): number | undefined => {
  if (c.parent_id === null) return mods.single_modifiers.find((m) => m.id === c.modifier_id)?.price;
  return mods.group_modifiers.find((g) => g.id === c.parent_id)?.variants.find((v) => v.id === c.modifier_id)
    ?.out_price;
};

/**
 * Extra price of the chosen modifiers for one unit of the product. Entries naming unknown
 * modifiers cost nothing here: validateModifierSelection is what rejects them.
 */
export const modifiersPrice = (mods: ProductModifiers, chosen: readonly ChosenModifier[]): number =>
  chosen.reduce((sum, c) => sum + (unitPrice(mods, c) ?? 0) * c.modifier_quantity, 0);

/** The cart line's order_modifiers for a (validated) choice: priced, unknown and zero entries dropped. */
export const toCartModifiers = (mods: ProductModifiers, chosen: readonly ChosenModifier[]): CartModifier[] =>
  chosen.flatMap((c) => {
    const price = unitPrice(mods, c);
    if (price === undefined || c.modifier_quantity <= 0) return [];
    return [
      {
        modifier_id: c.modifier_id,
        modifier_price: price,
        modifier_quantity: c.modifier_quantity,
        parent_id: c.parent_id,
      },
    ];
  });

/** Total quantity chosen in a group (what its min/max apply to). */
export const groupChosenCount = (chosen: readonly ChosenModifier[], groupId: string): number =>
  chosen.reduce((sum, c) => (c.parent_id === groupId ? sum + c.modifier_quantity : sum), 0);

/** The quantity chosen of one modifier (single: parent_id null; variant: parent_id = its group). */
export const chosenQuantity = (
  chosen: readonly ChosenModifier[],
  modifierId: string,
  parentId: string | null,
): number =>
  chosen.reduce(
    (sum, c) => (c.modifier_id === modifierId && c.parent_id === parentId ? sum + c.modifier_quantity : sum),
    0,
  );

/**
 * Sets one modifier's quantity in a choice (0 removes it), merging repeated entries. The dialog
 * uses it for its +/- buttons and checkboxes; limits are left to validateModifierSelection and
 * canIncrease so the UI can explain instead of silently refusing.
 */
export const setChosenQuantity = (
  chosen: readonly ChosenModifier[],
  modifierId: string,
  parentId: string | null,
  quantity: number,
): ChosenModifier[] => {
  if (isBadQuantity(quantity))
    throw new RangeError(`a modifier quantity is a whole number >= 0, got ${quantity}`);
  const others = chosen.filter((c) => !(c.modifier_id === modifierId && c.parent_id === parentId));
  return quantity === 0
    ? others
    : [...others, { modifier_id: modifierId, modifier_quantity: quantity, parent_id: parentId }];
};

/** Whether one more of this modifier stays within its own and its group's maximum. */
export const canIncrease = (
  mods: ProductModifiers,
  chosen: readonly ChosenModifier[],
  modifierId: string,
  parentId: string | null,
): boolean => {
  if (parentId === null) {
    const single = mods.single_modifiers.find((m) => m.id === modifierId);
    return single !== undefined && chosenQuantity(chosen, modifierId, null) < single.max_amount;
  }
  const group = mods.group_modifiers.find((g) => g.id === parentId);
  if (!group?.variants.some((v) => v.id === modifierId)) return false;
  return groupChosenCount(chosen, parentId) < group.max_amount;
};
