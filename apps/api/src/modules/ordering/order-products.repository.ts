import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pgArray, preparedQuery } from '../../db/prepared.ts';
import {
  branchModifierStopList,
  groupModifiers,
  groupModifierVariants,
  menuProducts,
  products,
  singleModifiers,
} from '../../db/schema/index.ts';

/**
 * What pricing a line reads of a product: not its descriptions, ingredients, picture or search texts
 * (jsonb and long texts pg would parse on every order).
 */
export type OrderProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'parentId' | 'type' | 'title' | 'outPrice'
>;

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
 * not sold there) and whether it is on the branch's stop list.
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
}> {
  const found = {
    products: new Map<string, OrderProductRow>(),
    prices: new Map<string, number>(),
    stopped: new Set<string>(),
    categoryIds: new Map<string, string[]>(),
    autoAddMinimum: new Map<string, number>(),
  };
  if (!ids.length) return found;
  const rows = await selectOrderProducts(db, {
    shipperId,
    branchId: branch.id,
    menuId: branch.menuId,
    ids: pgArray(ids),
    deliveryType,
  });
  for (const { product, price, inStop, categoryIds, autoAddMinimum } of rows) {
    found.products.set(product.id, product);
    found.categoryIds.set(product.id, categoryIds);
    // A rule whose product the menu does not sell does not apply (listAutoAdd's inner join).
    if (autoAddMinimum !== null && price !== null)
      found.autoAddMinimum.set(product.id, Number(autoAddMinimum));
    if (price !== null) found.prices.set(product.id, price);
    if (inStop) found.stopped.add(product.id);
  }
  return found;
}

export type ModifierRows = {
  singles: (typeof singleModifiers.$inferSelect)[];
  groups: (typeof groupModifiers.$inferSelect & {
    variants: (typeof groupModifierVariants.$inferSelect)[];
  })[];
};

/** Whether the branch has this modifier (a single one or a group's variant) on its stop list (issue 13). */
const stoppedAt = (branchId: SQL, modifierId: SQL | AnyColumn) =>
  sql<boolean>`exists (select 1 from ${branchModifierStopList} where ${branchModifierStopList.branchId} = ${branchId} and ${branchModifierStopList.modifierId} = ${modifierId})`;

const selectSingleModifiers = preparedQuery<{ ids: string; branchId: string }>()((db, p) =>
  db
    .select({ single: singleModifiers, stopped: stoppedAt(sql`${p('branchId')}::uuid`, singleModifiers.id) })
    .from(singleModifiers)
    .where(sql`${singleModifiers.productId} = any(${p('ids')}::uuid[])`)
    .orderBy(asc(singleModifiers.position)),
);

const selectGroupModifiers = preparedQuery<{ ids: string; branchId: string }>()((db, p) =>
  db
    .select({
      group: groupModifiers,
      variant: groupModifierVariants,
      stopped: stoppedAt(sql`${p('branchId')}::uuid`, groupModifierVariants.id),
    })
    .from(groupModifiers)
    .leftJoin(groupModifierVariants, eq(groupModifierVariants.groupId, groupModifiers.id))
    .where(sql`${groupModifiers.productId} = any(${p('ids')}::uuid[])`)
    .orderBy(asc(groupModifiers.position), asc(groupModifiers.id), asc(groupModifierVariants.position)),
);

/**
 * The modifiers of several products in two statements: the single ones, and the groups joined with
 * their variants (modules/modifiers reads one product's), each marked when it is on the branch's
 * modifier stop list (issue 13: `stopped` holds those ids; read in the same statements, so placing an
 * order costs no statement more).
 */
export async function findModifiers(
  db: DbOrTx,
  productIds: string[],
  branchId: string,
): Promise<{ byProduct: Map<string, ModifierRows>; stopped: Set<string> }> {
  const byProduct = new Map<string, ModifierRows>(productIds.map((id) => [id, { singles: [], groups: [] }]));
  const stopped = new Set<string>();
  if (!productIds.length) return { byProduct, stopped };
  // One after another: inside a transaction the queries share one connection.
  const ids = pgArray(productIds);
  const singles = await selectSingleModifiers(db, { ids, branchId });
  const groupRows = await selectGroupModifiers(db, { ids, branchId });
  for (const { single, stopped: isStopped } of singles) {
    byProduct.get(single.productId)?.singles.push(single);
    if (isStopped) stopped.add(single.id);
  }
  const groups = new Map<string, ModifierRows['groups'][number]>();
  for (const { group, variant, stopped: isStopped } of groupRows) {
    let entry = groups.get(group.id);
    if (!entry) {
      entry = { ...group, variants: [] };
      groups.set(group.id, entry);
      byProduct.get(group.productId)?.groups.push(entry);
    }
    if (variant) {
      entry.variants.push(variant);
      if (isStopped) stopped.add(variant.id);
    }
  }
  return { byProduct, stopped };
}
