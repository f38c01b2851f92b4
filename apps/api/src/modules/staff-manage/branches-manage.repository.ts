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
  values: Partial<Pick<BranchRow, 'pausedUntil' | 'deliveryPausedUntil' | 'workHourStart' | 'workHourEnd'>>,
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

/** Puts a product on the branch's stop list or takes it off; whether that changed anything. */
export async function setProductStopped(
  db: DbOrTx,
  params: { branchId: string; productId: string; stopped: boolean },
): Promise<boolean> {
  if (params.stopped) {
    const rows = await db
      .insert(branchStopList)
      .values({ branchId: params.branchId, productId: params.productId })
      .onConflictDoNothing()
      .returning({ id: branchStopList.productId });
    return rows.length > 0;
  }
  const rows = await db
    .delete(branchStopList)
    .where(and(eq(branchStopList.branchId, params.branchId), eq(branchStopList.productId, params.productId)))
    .returning({ id: branchStopList.productId });
  return rows.length > 0;
}

/** Puts a modifier on the branch's stop list or takes it off; whether that changed anything. */
export async function setModifierStopped(
  db: DbOrTx,
  params: { branchId: string; modifierId: string; stopped: boolean },
): Promise<boolean> {
  if (params.stopped) {
    const rows = await db
      .insert(branchModifierStopList)
      .values({ branchId: params.branchId, modifierId: params.modifierId })
      .onConflictDoNothing()
      .returning({ id: branchModifierStopList.modifierId });
    return rows.length > 0;
  }
  const rows = await db
    .delete(branchModifierStopList)
    .where(
      and(
        eq(branchModifierStopList.branchId, params.branchId),
        eq(branchModifierStopList.modifierId, params.modifierId),
      ),
    )
    .returning({ id: branchModifierStopList.modifierId });
  return rows.length > 0;
}
