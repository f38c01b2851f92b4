/**
 * The lines of an order priced from the catalogue the server read (never from the client): which
 * product, which size or combo picks, which modifiers, at the branch menu's prices. A line the
 * branch cannot sell as asked is refused with a message naming the dish.
 *
 * The unit price of a line is:
 * - simple: the product's menu price;
 * - origin: the chosen size's menu price (the size is a product of its own, with its own price);
 * - combo: the combo's menu price plus the extra charge of each pick;
 * plus, for each, the chosen modifiers (domain modifiersPrice) of the product (a size is ordered with
 * its origin product's modifiers).
 *
 * Refusals go to a `Refusals` (refusals.ts): placing an order throws the first one met; a quote
 * collects them and still prices a line whose only fault is a stopped product, size or pick
 * (`inStop`), while a line it cannot price at all answers null.
 */
import type { TLocalizedText, TModifierResponse, ZOrderProductInput } from '@app/contracts';
import {
  type ChosenModifier,
  comboExtraPrice,
  modifiersPrice,
  validateComboSelection,
  validateModifierSelection,
} from '@app/domain';
import type { z } from 'zod';
import type { OrderLineModifier, OrderLineVariant } from '../../db/schema/index.ts';
import { cataloguedError } from '../../http/errors.ts';
import { toComboGroup } from '../products/products.mapper.ts';
import type { ComboGroupWithOptions } from '../products/products.repository.ts';
import type { ModifierRows, OrderProductRow } from './order-products.repository.ts';
import { Refusals } from './refusals.ts';

/** What the server read for the order's lines. */
export type OrderCatalogue = {
  /** Active products of the chain: those named, the sizes of the origins among them, the combo picks. */
  products: ReadonlyMap<string, OrderProductRow>;
  /** Prices on the branch's menu; absent: not sold there. */
  prices: ReadonlyMap<string, number>;
  /** Which of `products` are on the branch's stop list. */
  stopped: ReadonlySet<string>;
  /** Which of the chosen modifiers (single ones, group variants) are on the branch's modifier stop list. */
  stoppedModifiers: ReadonlySet<string>;
  comboGroups: ReadonlyMap<string, ComboGroupWithOptions[]>;
  /** By the product that owns them (an origin product for its sizes). */
  modifiers: ReadonlyMap<string, ModifierRows>;
  /** Each product's categories (a variant's are its parent's), for the discounts. */
  categoryIds: ReadonlyMap<string, readonly string[]>;
  /** Products with an auto-add rule for this order type, on the menu: its lowest minimum goods sum. */
  autoAddMinimum: ReadonlyMap<string, number>;
};

/** A line as the server prices it, ready to be written as an order line. */
export type PricedOrderLine = {
  productId: string;
  type: 'simple' | 'combo' | 'origin';
  title: TLocalizedText;
  variants: OrderLineVariant[];
  modifiers: OrderLineModifier[];
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  comment: string;
  /**
   * The product, its size, a combo pick or a chosen modifier is on the branch's stop list (only a
   * quote gets this far).
   */
  inStop: boolean;
  /** What the discounts see: the product (an origin's size) at its menu price, without extras. */
  discount: { productId: string; unitPrice: number; count: number };
};

/** One product of the body, as the contract parsed it (defaults filled in). */
export type LineInput = z.output<typeof ZOrderProductInput>;

/** Where a line sits in the body, for `fields`. */
const fieldOf = (index: number, key?: string) => `steps[0].products[${index}]${key ? `.${key}` : ''}`;

const refuse = (
  code: 'PRODUCT_UNAVAILABLE' | 'PRODUCT_NOT_ON_MENU' | 'PRODUCT_VARIANT_INVALID' | 'MODIFIERS_INVALID',
  title: TLocalizedText,
  fields: { field: string; message: string }[],
) => cataloguedError(422, code, [{ title }], { fields });

/**
 * The product's modifiers in the contract's shape (what the domain's checks take); `stopped`: the
 * ids on the branch's modifier stop list.
 */
export function toProductModifiers(
  rows: ModifierRows | undefined,
  stopped: ReadonlySet<string> = new Set(),
): TModifierResponse['product_modifiers'] {
  return {
    single_modifiers: (rows?.singles ?? []).map((m) => ({
      id: m.id,
      name: m.name,
      price: m.price,
      is_compulsory: m.isCompulsory,
      category_name: m.categoryName,
      max_amount: m.maxAmount,
      in_stop: stopped.has(m.id),
    })),
    group_modifiers: (rows?.groups ?? [])
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
  };
}

/**
 * Prices one line of the body (index = its position). Each refusal the customer would read goes to
 * `refusals` (by default thrown at once); null when the line cannot be priced as sent.
 */
export function priceLine(
  input: LineInput,
  index: number,
  catalogue: OrderCatalogue,
  refusals: Refusals = Refusals.failFast(),
): PricedOrderLine | null {
  const product = catalogue.products.get(input.product_id.toLowerCase());
  if (!product) {
    refusals.add(
      cataloguedError(422, 'ORDER_PRODUCT_NOT_FOUND', [undefined], {
        fields: [{ field: fieldOf(index, 'product_id'), message: 'is not a product of this chain' }],
      }),
    );
    return null;
  }
  const title = product.title;
  // A size is ordered through its origin product, never on its own.
  if (product.parentId !== null || product.type !== input.type) {
    refusals.add(
      refuse('PRODUCT_VARIANT_INVALID', title, [
        {
          field: fieldOf(index, 'type'),
          message: `must be '${product.type}' with its size or picks in variants`,
        },
      ]),
    );
    return null;
  }
  const menuPrice = catalogue.prices.get(product.id);
  if (menuPrice === undefined) {
    refusals.add(
      refuse('PRODUCT_NOT_ON_MENU', title, [
        { field: fieldOf(index, 'product_id'), message: "is not on the branch's menu" },
      ]),
    );
    return null;
  }
  let inStop = false;
  const stopped = (stoppedTitle: TLocalizedText, field: string) => {
    inStop = true;
    refusals.add(
      refuse('PRODUCT_UNAVAILABLE', stoppedTitle, [{ field, message: "is on the branch's stop list" }]),
    );
  };
  if (catalogue.stopped.has(product.id)) stopped(title, fieldOf(index, 'product_id'));

  let base = menuPrice;
  let extra = 0;
  let variants: OrderLineVariant[] = [];
  let discountProductId = product.id;
  const badVariants = (message: string) =>
    refuse('PRODUCT_VARIANT_INVALID', title, [{ field: fieldOf(index, 'variants'), message }]);

  if (product.type === 'simple') {
    if (input.variants.length > 0) {
      refusals.add(badVariants('must be empty for a simple product'));
      return null;
    }
  } else if (product.type === 'origin') {
    const [choice, ...more] = input.variants;
    const size = choice ? catalogue.products.get(choice.product_id.toLowerCase()) : undefined;
    if (
      !choice ||
      more.length > 0 ||
      choice.group_id.toLowerCase() !== product.id ||
      size?.parentId !== product.id
    ) {
      refusals.add(
        badVariants(
          'must name exactly one size of the product: { group_id: the product, product_id: the size }',
        ),
      );
      return null;
    }
    const sizePrice = catalogue.prices.get(size.id);
    if (sizePrice === undefined) {
      refusals.add(
        refuse('PRODUCT_NOT_ON_MENU', size.title, [
          { field: fieldOf(index, 'variants[0].product_id'), message: "is not on the branch's menu" },
        ]),
      );
      return null;
    }
    if (catalogue.stopped.has(size.id)) stopped(size.title, fieldOf(index, 'variants[0].product_id'));
    base = sizePrice;
    discountProductId = size.id;
    variants = [{ group_id: product.id, product_id: size.id, title: size.title }];
  } else {
    const groups = (catalogue.comboGroups.get(product.id) ?? []).map(toComboGroup);
    const chosen = input.variants.map((v) => ({
      group_id: v.group_id.toLowerCase(),
      product_id: v.product_id.toLowerCase(),
    }));
    const check = validateComboSelection(groups, chosen);
    if (!check.ok || groups.length === 0) {
      refusals.add(
        badVariants(
          check.ok
            ? 'the combo has no groups to choose from'
            : `must pick exactly one option in each group (${check.errors.map((e) => `${e.kind} ${e.group_id}`).join(', ')})`,
        ),
      );
      return null;
    }
    for (const [i, pick] of chosen.entries()) {
      const picked = catalogue.products.get(pick.product_id);
      if (catalogue.stopped.has(pick.product_id) || !picked) {
        const option = groups
          .find((g) => g.id === pick.group_id)
          ?.variants.find((v) => v.product_id === pick.product_id);
        stopped(picked?.title ?? option?.title ?? title, fieldOf(index, `variants[${i}].product_id`));
      }
    }
    extra = comboExtraPrice(groups, chosen);
    variants = groups.flatMap((g) => {
      const pick = chosen.find((c) => c.group_id === g.id);
      const option = pick && g.variants.find((v) => v.product_id === pick.product_id);
      return option ? [{ group_id: g.id, product_id: option.product_id, title: option.title }] : [];
    });
  }

  const mods = toProductModifiers(catalogue.modifiers.get(product.id), catalogue.stoppedModifiers);
  const chosenModifiers: ChosenModifier[] = input.order_modifiers.map((m) => ({
    modifier_id: m.modifier_id.toLowerCase(),
    modifier_quantity: m.modifier_quantity,
    parent_id: m.parent_id ? m.parent_id.toLowerCase() : null,
  }));
  const modifierCheck = validateModifierSelection(mods, chosenModifiers);
  if (!modifierCheck.ok) {
    refusals.add(
      refuse(
        'MODIFIERS_INVALID',
        title,
        modifierCheck.errors.map((e) => ({
          field: fieldOf(index, 'order_modifiers'),
          message: `${e.kind}: ${e.modifier_id ?? e.group_id ?? 'modifier'} chosen ${e.chosen}, allowed ${e.min}..${e.max}`,
        })),
      ),
    );
    return null;
  }
  for (const [i, chosen] of chosenModifiers.entries()) {
    if (chosen.modifier_quantity <= 0 || !catalogue.stoppedModifiers.has(chosen.modifier_id)) continue;
    const name = modifierName(mods, chosen.modifier_id);
    if (!name) continue;
    inStop = true;
    refusals.add(
      cataloguedError(422, 'MODIFIER_UNAVAILABLE', [{ title, modifier: name }], {
        fields: [
          {
            field: fieldOf(index, `order_modifiers[${i}].modifier_id`),
            message: "is on the branch's modifier stop list",
          },
        ],
      }),
    );
  }
  const modifiers = lineModifiers(mods, chosenModifiers);
  const unitPrice = base + extra + modifiersPrice(mods, chosenModifiers);
  const totalPrice = unitPrice * input.quantity;
  return {
    productId: product.id,
    type: product.type,
    title,
    variants,
    modifiers,
    quantity: input.quantity,
    unitPrice,
    totalPrice,
    comment: input.comment ?? '',
    inStop,
    discount: { productId: discountProductId, unitPrice: base, count: input.quantity },
  };
}

/** A single modifier's name or a group variant's title; undefined: not a modifier of the product. */
function modifierName(mods: TModifierResponse['product_modifiers'], id: string): TLocalizedText | undefined {
  return (
    mods.single_modifiers.find((m) => m.id === id)?.name ??
    mods.group_modifiers.flatMap((g) => g.variants).find((v) => v.id === id)?.title
  );
}

/** The modifiers of a (validated) choice as the order line keeps them: names and unit prices. */
function lineModifiers(
  mods: TModifierResponse['product_modifiers'],
  chosen: readonly ChosenModifier[],
): OrderLineModifier[] {
  return chosen.flatMap((c): OrderLineModifier[] => {
    if (c.modifier_quantity <= 0) return [];
    if (c.parent_id === null) {
      const single = mods.single_modifiers.find((m) => m.id === c.modifier_id);
      return single
        ? [
            {
              modifier_id: c.modifier_id,
              parent_id: null,
              name: single.name,
              quantity: c.modifier_quantity,
              price: single.price,
            },
          ]
        : [];
    }
    const variant = mods.group_modifiers
      .find((g) => g.id === c.parent_id)
      ?.variants.find((v) => v.id === c.modifier_id);
    return variant
      ? [
          {
            modifier_id: c.modifier_id,
            parent_id: c.parent_id,
            name: variant.title,
            quantity: c.modifier_quantity,
            price: variant.out_price,
          },
        ]
      : [];
  });
}
