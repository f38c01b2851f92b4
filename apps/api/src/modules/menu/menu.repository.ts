import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  branchModifierStopList,
  branchStopList,
  categories,
  menuProducts,
  productCategories,
  tags,
} from '../../db/schema/index.ts';

export async function findBranchMenu(db: DbOrTx, shipperId: string, branchId: string) {
  const rows = await db
    .select({
      id: branches.id,
      menuId: branches.menuId,
      pausedUntil: branches.pausedUntil,
      deliveryPausedUntil: branches.deliveryPausedUntil,
      workHourStart: branches.workHourStart,
      workHourEnd: branches.workHourEnd,
    })
    .from(branches)
    .where(and(eq(branches.shipperId, shipperId), eq(branches.id, branchId)))
    .limit(1);
  return rows[0];
}

export async function stoppedProductIds(db: DbOrTx, branchId: string): Promise<Set<string>> {
  const rows = await db
    .select({ productId: branchStopList.productId })
    .from(branchStopList)
    .where(eq(branchStopList.branchId, branchId));
  return new Set(rows.map((r) => r.productId));
}

/** The branch's stopped modifiers' ids, in id order. */
export async function stoppedModifierIds(db: DbOrTx, branchId: string): Promise<string[]> {
  const rows = await db
    .select({ modifierId: branchModifierStopList.modifierId })
    .from(branchModifierStopList)
    .where(eq(branchModifierStopList.branchId, branchId))
    .orderBy(asc(branchModifierStopList.modifierId));
  return rows.map((r) => r.modifierId);
}

/** Every category of the shipper in menu order, with its products' ids in their order there. */
export async function listCategoriesWithProducts(db: DbOrTx, shipperId: string) {
  const [categoryRows, links] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(eq(categories.shipperId, shipperId))
      .orderBy(asc(categories.position), asc(categories.slug)),
    db
      .select({ categoryId: productCategories.categoryId, productId: productCategories.productId })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(categories.shipperId, shipperId))
      .orderBy(asc(productCategories.position)),
  ]);
  return categoryRows.map((c) => ({
    ...c,
    productIds: links.filter((l) => l.categoryId === c.id).map((l) => l.productId),
  }));
}

export async function listTags(db: DbOrTx, shipperId: string) {
  return db
    .select()
    .from(tags)
    .where(eq(tags.shipperId, shipperId))
    .orderBy(asc(tags.position), asc(tags.slug));
}

/**
 * A fingerprint of a menu's products and prices (md5 of its rows in product order): what an open page
 * compares to learn that a price changed, or a product left or joined the menu. One indexed read of a
 * menu's rows (a hundred or so), and the answer is cached with the stop list.
 */
export async function menuVersion(db: DbOrTx, menuId: string): Promise<string> {
  const rows = await db
    .select({
      version: sql<string>`md5(coalesce(string_agg(${menuProducts.productId}::text || ':' || ${menuProducts.price}::text, ',' order by ${menuProducts.productId}), ''))`,
    })
    .from(menuProducts)
    .where(eq(menuProducts.menuId, menuId));
  return rows[0]?.version ?? '';
}
