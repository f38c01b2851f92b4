import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-rows.ts';
import { pgArray, preparedQuery } from '../../db/prepared.ts';
import {
  comboGroupOptions,
  comboGroups,
  groupModifiers,
  groupModifierVariants,
  menuProducts,
  products,
  singleModifiers,
} from '../../db/schema/index.ts';
import type { ComboGroupWithOptions } from '../products/products.repository.ts';

export type ModifierRows = {
  singles: (typeof singleModifiers.$inferSelect)[];
  groups: (typeof groupModifiers.$inferSelect & {
    variants: (typeof groupModifierVariants.$inferSelect)[];
  })[];
};

/** A modifier row (`to_json`) and whether the branch has it on its modifier stop list (issue 13). */
type StoppedJson = { row: unknown; stopped: boolean };
type GroupJson = { row: unknown; variants: StoppedJson[] };
type ModifiersJson = { singles: StoppedJson[]; groups: GroupJson[] };
/** A combo's group (`to_json`) with its options, each with its product's title. */
type ComboGroupJson = { row: unknown; options: { row: unknown; title: unknown }[] };

/**
 * What pricing a line reads of a product: not its descriptions, ingredients, picture or search texts
 * (jsonb and long texts pg would parse on every order).
 */
export type OrderProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'parentId' | 'type' | 'title' | 'outPrice'
>;

/** Whether the branch has this modifier (a single one or a group's variant) on its modifier stop list. */
const stoppedAt = (branchId: SQL | Placeholder, modifierId: SQL) =>
  sql`exists (select 1 from branch_modifier_stop_list ms where ms.branch_id = ${branchId}::uuid and ms.modifier_id = ${modifierId})`;

const selectOrderProducts = preparedQuery<{
  shipperId: string;
  branchId: string;
  menuId: string;
  /** pgArray of the ids. */
  ids: string;
  deliveryType: 'delivery' | 'self-pickup';
}>()((db, p) =>
  db
    .select({
      product: {
        id: products.id,
        parentId: products.parentId,
        type: products.type,
        title: products.title,
        outPrice: products.outPrice,
      },
      price: menuProducts.price,
      // Qualified by hand: the subquery's columns must not be read as the outer query's.
      inStop: sql<boolean>`exists (select 1 from branch_stop_list s where s.branch_id = ${p('branchId')} and s.product_id = "products"."id")`,
      // What pricing's findProductFacts reads, here so that the discounts need not read it again.
      // text[]: uuid[] has no parser in node-postgres; text[] parses the same in both drivers.
      categoryIds: sql<
        string[]
      >`array(select pc.category_id::text from product_categories pc where pc.product_id = coalesce("products"."parent_id", "products"."id"))`,
      // auto-add.repository's listAutoAdd with a menu, order type and goods sum, for these products.
      autoAddMinimum: sql<
        number | null
      >`(select min(a.min_order_price) from auto_add_products a where a.shipper_id = ${p('shipperId')} and a.product_id = "products"."id" and (a.delivery_type is null or a.delivery_type = ${p('deliveryType')}))`,
      // The modifiers of a product that is not a size (a size is ordered with its origin product's):
      // the single ones, and the groups with their variants, each with its mark on the branch's
      // modifier stop list (issue 13). As JSON rows (db/json-rows.ts), so that they need no statements
      // of their own (issue 11, docs/perf/orders.md round 6).
      modifiers: sql<ModifiersJson | null>`case when "products"."parent_id" is null then json_build_object(
        'singles', (select coalesce(json_agg(json_build_object('row', to_json(sm), 'stopped', ${stoppedAt(p('branchId'), sql`sm.id`)}) order by sm.position, sm.id), '[]'::json)
          from single_modifiers sm where sm.product_id = "products"."id"),
        'groups', (select coalesce(json_agg(json_build_object('row', to_json(gm), 'variants',
            (select coalesce(json_agg(json_build_object('row', to_json(gv), 'stopped', ${stoppedAt(p('branchId'), sql`gv.id`)}) order by gv.position, gv.id), '[]'::json)
              from group_modifier_variants gv where gv.group_id = gm.id)) order by gm.position, gm.id), '[]'::json)
          from group_modifiers gm where gm.product_id = "products"."id")) end`,
      // A combo's groups with their options whose product is active, in the chain's order: what
      // products.repository's findComboGroups answers the product page, here so that a combo line
      // needs no statements of its own (docs/perf/orders.md round 7). `op`, not "products": the
      // outer row stays "products".
      comboGroups: sql<
        ComboGroupJson[] | null
      >`case when "products"."type" = 'combo' then (select coalesce(json_agg(json_build_object('row', to_json(cg), 'options',
          (select coalesce(json_agg(json_build_object('row', to_json(o), 'title', op.title) order by o.position, o.id), '[]'::json)
            from combo_group_options o join products op on op.id = o.product_id and op.is_active where o.group_id = cg.id)) order by cg.position, cg.id), '[]'::json)
        from combo_groups cg where cg.product_id = "products"."id") end`,
    })
    .from(products)
    .leftJoin(
      menuProducts,
      and(eq(menuProducts.menuId, p('menuId')), eq(menuProducts.productId, products.id)),
    )
    .where(
      and(
        eq(products.shipperId, p('shipperId')),
        eq(products.isActive, true),
        sql`(${products.id} = any(${p('ids')}::uuid[]) or ${products.parentId} = any(${p('ids')}::uuid[]))`,
      ),
    ),
);

/**
 * The chain's active products among `ids` and the active sizes (variants) of the origin products
 * among them, keyed by id; with, in the same statement, each one's price on the branch's menu (absent:
 * not sold there) and whether it is on the branch's stop list, and the modifiers of those that are not
 * sizes with their marks on the branch's modifier stop list.
 */
export async function findOrderProducts(
  db: DbOrTx,
  shipperId: string,
  branch: { id: string; menuId: string },
  ids: string[],
  deliveryType: 'delivery' | 'self-pickup',
): Promise<{
  products: Map<string, OrderProductRow>;
  prices: Map<string, number>;
  stopped: Set<string>;
  /** Each product's categories (a variant's are its parent's), as the discounts read them. */
  categoryIds: Map<string, string[]>;
  /**
   * Products with an auto-add rule for this order type, on the menu: the lowest min_order_price of
   * those rules (auto-add.service's autoAddedFlags decides with it, as autoAddedLines would).
   */
  autoAddMinimum: Map<string, number>;
  /** The modifiers of each product that is not a size (none: empty lists). */
  modifiers: Map<string, ModifierRows>;
  /** The ids of those modifiers (single ones, group variants) on the branch's modifier stop list. */
  stoppedModifiers: Set<string>;
  /** The groups of each combo among them with their options (findComboGroups' answer for it). */
  comboGroups: Map<string, ComboGroupWithOptions[]>;
}> {
  const found = {
    products: new Map<string, OrderProductRow>(),
    prices: new Map<string, number>(),
    stopped: new Set<string>(),
    categoryIds: new Map<string, string[]>(),
    autoAddMinimum: new Map<string, number>(),
    modifiers: new Map<string, ModifierRows>(),
    stoppedModifiers: new Set<string>(),
    comboGroups: new Map<string, ComboGroupWithOptions[]>(),
  };
  if (!ids.length) return found;
  const rows = await selectOrderProducts(db, {
    shipperId,
    branchId: branch.id,
    menuId: branch.menuId,
    ids: pgArray(ids),
    deliveryType,
  });
  for (const { product, price, inStop, categoryIds, autoAddMinimum, modifiers, comboGroups } of rows) {
    found.products.set(product.id, product);
    if (modifiers) found.modifiers.set(product.id, modifierRows(modifiers, found.stoppedModifiers));
    // A combo without groups is left out, as findComboGroups leaves it out.
    if (comboGroups?.length) found.comboGroups.set(product.id, comboGroupRows(comboGroups));
    found.categoryIds.set(product.id, categoryIds);
    // A rule whose product the menu does not sell does not apply (listAutoAdd's inner join).
    if (autoAddMinimum !== null && price !== null)
      found.autoAddMinimum.set(product.id, Number(autoAddMinimum));
    if (price !== null) found.prices.set(product.id, price);
    if (inStop) found.stopped.add(product.id);
  }
  return found;
}

/** A product's `modifiers` column (selectOrderProducts) as ModifierRows; the stopped ids go into `stopped`. */
function modifierRows(json: ModifiersJson, stopped: Set<string>): ModifierRows {
  const singles = json.singles.map(({ row, stopped: isStopped }) => {
    const single = rowFromJson(singleModifiers, row);
    if (isStopped) stopped.add(single.id);
    return single;
  });
  const groups = json.groups.map(({ row, variants }) => ({
    ...rowFromJson(groupModifiers, row),
    variants: variants.map(({ row: variantRow, stopped: isStopped }) => {
      const variant = rowFromJson(groupModifierVariants, variantRow);
      if (isStopped) stopped.add(variant.id);
      return variant;
    }),
  }));
  return { singles, groups };
}

type ProductTitle = (typeof products.$inferSelect)['title'];

/** A combo's `comboGroups` column (selectOrderProducts) as findComboGroups gives its groups. */
function comboGroupRows(json: ComboGroupJson[]): ComboGroupWithOptions[] {
  return json.map(({ row, options }) => ({
    ...rowFromJson(comboGroups, row),
    options: options.map(({ row: optionRow, title }) => {
      const { id, productId, extraPrice } = rowFromJson(comboGroupOptions, optionRow);
      // The column's own mapping gives its data type; Drizzle types a column's mapping loosely.
      const optionTitle = products.title.mapFromDriverValue(title) as ProductTitle;
      return { id, productId, extraPrice, title: optionTitle };
    }),
  }));
}
