import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  branchModifierStopList,
  branchStopList,
  groupModifiers,
  groupModifierVariants,
  menuProducts,
  products,
  singleModifiers,
} from '../../db/schema/index.ts';

export type BranchRow = typeof branches.$inferSelect;

/** The chain's branches in their list order; one branch when `branchId` is given. */
export async function listChainBranches(
  db: DbOrTx,
  shipperId: string,
  branchId: string | null,
): Promise<BranchRow[]> {
  return db
    .select()
    .from(branches)
    .where(and(eq(branches.shipperId, shipperId), branchId ? eq(branches.id, branchId) : undefined))
    .orderBy(asc(branches.position), asc(branches.slug));
}

/** One branch of the chain, locked for the rest of `tx` when `lock` (a change reads it, then writes it). */
export async function findChainBranch(
  db: DbOrTx,
  shipperId: string,
  branchId: string,
  lock = false,
): Promise<BranchRow | undefined> {
  const query = db
    .select()
    .from(branches)
    .where(and(eq(branches.shipperId, shipperId), eq(branches.id, branchId)))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

export async function updateBranch(
  db: DbOrTx,
  branchId: string,
  values: Partial<
    Pick<
      BranchRow,
      'pausedUntil' | 'deliveryPausedUntil' | 'workHourStart' | 'workHourEnd' | 'deliveryTime' | 'cookingTime'
    >
  >,
): Promise<BranchRow> {
  const [row] = await db.update(branches).set(values).where(eq(branches.id, branchId)).returning();
  if (!row) throw new Error(`branch ${branchId} vanished inside its own transaction`);
  return row;
}

/**
 * The active products on a menu (origins, simple ones and combos, and the sizes of origins that are
 * on it), in menu order: each origin followed by its sizes.
 */
export async function listMenuProductsForStopList(db: DbOrTx, shipperId: string, menuId: string) {
  const rows = await db
    .select({ id: products.id, parentId: products.parentId, title: products.title })
    .from(products)
    .innerJoin(menuProducts, and(eq(menuProducts.productId, products.id), eq(menuProducts.menuId, menuId)))
    .where(and(eq(products.shipperId, shipperId), eq(products.isActive, true)))
    .orderBy(asc(products.position), asc(products.slug));
  const top = rows.filter((r) => r.parentId === null);
  const byParent = new Map<string, typeof rows>();
  for (const r of rows) {
    if (r.parentId === null) continue;
    byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  }
  // A size whose origin is not on the menu cannot be ordered through it: left out.
  return top.flatMap((r) => [r, ...(byParent.get(r.id) ?? [])]);
}

/** The single modifiers and the group modifiers' variants of the given products, in their order. */
export async function listModifiersOf(db: DbOrTx, productIds: string[]) {
  if (productIds.length === 0) return [];
  const [singles, variants] = await Promise.all([
    db
      .select({ id: singleModifiers.id, productId: singleModifiers.productId, title: singleModifiers.name })
      .from(singleModifiers)
      .where(inArray(singleModifiers.productId, productIds))
      .orderBy(asc(singleModifiers.position), asc(singleModifiers.id)),
    db
      .select({
        id: groupModifierVariants.id,
        productId: groupModifiers.productId,
        title: groupModifierVariants.title,
      })
      .from(groupModifierVariants)
      .innerJoin(groupModifiers, eq(groupModifiers.id, groupModifierVariants.groupId))
      .where(inArray(groupModifiers.productId, productIds))
      .orderBy(
        asc(groupModifiers.position),
        asc(groupModifierVariants.position),
        asc(groupModifierVariants.id),
      ),
  ]);
  return [...singles, ...variants];
}

export async function stoppedIds(db: DbOrTx, branchId: string) {
  const [productRows, modifierRows] = await Promise.all([
    db
      .select({ id: branchStopList.productId })
      .from(branchStopList)
      .where(eq(branchStopList.branchId, branchId)),
    db
      .select({ id: branchModifierStopList.modifierId })
      .from(branchModifierStopList)
      .where(eq(branchModifierStopList.branchId, branchId)),
  ]);
  return {
    products: new Set(productRows.map((r) => r.id)),
    modifiers: new Set(modifierRows.map((r) => r.id)),
  };
}

/** A product of the chain (any, active or not: stopping one that is not sold does no harm). */
export async function findChainProduct(db: DbOrTx, shipperId: string, productId: string) {
  const [row] = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.shipperId, shipperId), eq(products.id, productId)))
    .limit(1);
  return row;
}

/** A single modifier or a group modifier's variant of a product of the chain, with its product. */
export async function findChainModifier(db: DbOrTx, shipperId: string, modifierId: string) {
  const [single] = await db
    .select({ id: singleModifiers.id, productId: singleModifiers.productId, title: singleModifiers.name })
    .from(singleModifiers)
    .innerJoin(products, eq(products.id, singleModifiers.productId))
    .where(and(eq(singleModifiers.id, modifierId), eq(products.shipperId, shipperId)))
    .limit(1);
  if (single) return single;
  const [variant] = await db
    .select({
      id: groupModifierVariants.id,
      productId: groupModifiers.productId,
      title: groupModifierVariants.title,
    })
    .from(groupModifierVariants)
    .innerJoin(groupModifiers, eq(groupModifiers.id, groupModifierVariants.groupId))
    .innerJoin(products, eq(products.id, groupModifiers.productId))
    .where(and(eq(groupModifierVariants.id, modifierId), eq(products.shipperId, shipperId)))
    .limit(1);
  return variant;
}

/**
 * Puts a product or a modifier (`kind`: a single modifier's or a group variant's id) on the branch's
 * stop list or takes it off; whether that changed anything.
 */
export async function setStopped(
  db: DbOrTx,
  params: { kind: 'product' | 'modifier'; branchId: string; itemId: string; stopped: boolean },
): Promise<boolean> {
  const { branchId, itemId } = params;
  const list =
    params.kind === 'product'
      ? { table: branchStopList, item: branchStopList.productId, row: { branchId, productId: itemId } }
      : {
          table: branchModifierStopList,
          item: branchModifierStopList.modifierId,
          row: { branchId, modifierId: itemId },
        };
  const rows = params.stopped
    ? await db.insert(list.table).values(list.row).onConflictDoNothing().returning({ id: list.item })
    : await db
        .delete(list.table)
        .where(and(eq(list.table.branchId, branchId), eq(list.item, itemId)))
        .returning({ id: list.item });
  return rows.length > 0;
}
