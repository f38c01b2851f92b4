import type { TModifierResponse } from '@app/contracts';
import type { listModifiers } from './modifiers.repository.ts';

/** `stopped`: the ids (single modifiers, group variants) on the asked branch's modifier stop list. */
export function toModifierResponse(
  rows: Awaited<ReturnType<typeof listModifiers>>,
  stopped: ReadonlySet<string> = new Set(),
): TModifierResponse {
  return {
    product_modifiers: {
      single_modifiers: rows.singles.map((m) => ({
        id: m.id,
        name: m.name,
        price: m.price,
        is_compulsory: m.isCompulsory,
        category_name: m.categoryName,
        max_amount: m.maxAmount,
        in_stop: stopped.has(m.id),
      })),
      // A group without variants could never be satisfied; the contract requires at least one.
      group_modifiers: rows.groups
        .filter((g) => g.variants.length > 0)
        .map((g) => ({
          id: g.id,
          name: g.name,
          min_amount: g.minAmount,
          max_amount: g.maxAmount,
          variants: g.variants.map((v) => ({
            id: v.id,
            title: v.title,
            out_price: v.price,
            in_stop: stopped.has(v.id),
          })),
        })),
    },
  };
}
