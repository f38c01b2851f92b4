import { and, asc, count, desc, eq, exists, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { byIdOrSlug } from '../../db/query-helpers.ts';
import {
  categories,
  comboGroupOptions,
  comboGroups,
  groupModifiers,
  menuProducts,
  menus,
  type ProductRow,
  productCategories,
  products,
  productTags,
  reviews,
  singleModifiers,
  tags,
} from '../../db/schema/index.ts';
import { type ProductSearch, searchMatchSql, searchRankSql } from './products.search.ts';

export type ProductType = 'simple' | 'combo' | 'origin';

export type ProductListFilter = {
  shipperId: string;
  /** A search: @app/domain's `searchRank`, asked of the stored keys (products.search.ts). */
  search?: ProductSearch;
  types?: ProductType[];
  /**
   * Only products this menu sells, at its price: on it, and an origin product also with a size on it
   * (`soldOnMenuSql`).
   */
  menuId?: string;
  offset: number;
  limit: number;
};

/** A product row with the price that applies where it is shown (the menu's, or its own). */
export type PricedProduct = typeof products.$inferSelect & { price: number };

export async function menuExists(db: DbOrTx, shipperId: string, menuId: string): Promise<boolean> {
  const rows = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.shipperId, shipperId)))
    .limit(1);
  return rows.length > 0;
}

/** An origin product's sizes, beside the product itself in one query. */
const sizes = alias(products, 'size');

/**
 * The product (listed on `menuId`) is sold there: not an origin product, or one with an active size
 * that the menu sells (domain `soldOnMenu`, which `getProduct`'s `active_in_menu` applies). An origin
 * product with none is not on the menu: the menu's listings leave it out, as a product not on it;
 * `GET /v2/product?menu_id=` here, in SQL, for its count and pages (menu-listing.repository.ts'
 * listMenuProducts, which reads the menu's sizes anyway, in code).
 */
function soldOnMenuSql(db: DbOrTx, menuId: string): SQL {
  const soldSize = db
    .select({ one: sql`1` })
    .from(sizes)
    .innerJoin(menuProducts, and(eq(menuProducts.productId, sizes.id), eq(menuProducts.menuId, menuId)))
    .where(
      and(eq(sizes.shipperId, products.shipperId), eq(sizes.parentId, products.id), eq(sizes.isActive, true)),
    );
  return or(ne(products.type, 'origin'), exists(soldSize)) as SQL;
}

/** The chain's products that a listing shows: active, and not a size (variants). */
export function listedConditions(shipperId: string): SQL[] {
  return [
    eq(products.shipperId, shipperId),
    eq(products.isActive, true),
    // Variants are reached through their origin product, never listed on their own.
    isNull(products.parentId),
  ];
}

function listConditions(db: DbOrTx, filter: Omit<ProductListFilter, 'offset' | 'limit'>): SQL[] {
  const conditions = listedConditions(filter.shipperId);
  // The page's count is in SQL, so whether an origin product is sold there is too.
  if (filter.menuId) conditions.push(soldOnMenuSql(db, filter.menuId));
  if (filter.types?.length) conditions.push(inArray(products.type, filter.types));
  if (filter.search) conditions.push(searchMatchSql(filter.search));
  return conditions;
}

export async function listProducts(
  db: DbOrTx,
  filter: ProductListFilter,
): Promise<{ rows: PricedProduct[]; count: number }> {
  const where = and(...listConditions(db, filter));
  const order = filter.search
    ? [searchRankSql(filter.search), desc(products.popularity), asc(products.position), asc(products.slug)]
    : [asc(products.position), asc(products.slug)];
  if (filter.menuId) {
    const onMenu = and(eq(menuProducts.productId, products.id), eq(menuProducts.menuId, filter.menuId));
    const [rows, total] = await Promise.all([
      db
        .select({ product: products, price: menuProducts.price })
        .from(products)
        .innerJoin(menuProducts, onMenu)
        .where(where)
        .orderBy(...order)
        .limit(filter.limit)
        .offset(filter.offset),
      db.select({ n: count() }).from(products).innerJoin(menuProducts, onMenu).where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r.product, price: r.price })), count: total[0]?.n ?? 0 };
  }
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, price: r.outPrice })), count: total[0]?.n ?? 0 };
}

export async function findProduct(db: DbOrTx, shipperId: string, idOrSlug: string) {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.shipperId, shipperId), byIdOrSlug(products.id, products.slug, idOrSlug)))
    .limit(1);
  return rows[0];
}

export async function findProductById(db: DbOrTx, shipperId: string, id: string) {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.shipperId, shipperId), eq(products.id, id)))
    .limit(1);
  return rows[0];
}

/** Prices of the given products on one menu; a product missing from the map is not on it. */
export async function menuPrices(
  db: DbOrTx,
  menuId: string,
  productIds: string[],
): Promise<Map<string, number>> {
  if (!productIds.length) return new Map();
  const rows = await db
    .select({ productId: menuProducts.productId, price: menuProducts.price })
    .from(menuProducts)
    .where(and(eq(menuProducts.menuId, menuId), inArray(menuProducts.productId, productIds)));
  return new Map(rows.map((r) => [r.productId, r.price]));
}

/** Whether the product is on any menu at all. */
export async function isOnAnyMenu(db: DbOrTx, productId: string): Promise<boolean> {
  const rows = await db
    .select({ id: menuProducts.productId })
    .from(menuProducts)
    .where(eq(menuProducts.productId, productId))
    .limit(1);
  return rows.length > 0;
}

export type ProductExtras = {
  categories: Map<string, { id: string; slug: string; title: typeof categories.$inferSelect.title }[]>;
  tags: Map<string, { slug: string; title: typeof tags.$inferSelect.title }[]>;
  ratings: Map<string, { rating: number; count: number }>;
  withModifiers: Set<string>;
};

/** What a summary needs beyond the product row, for many products in a few queries. */
export async function loadProductExtras(db: DbOrTx, productIds: string[]): Promise<ProductExtras> {
  const extras: ProductExtras = {
    categories: new Map(),
    tags: new Map(),
    ratings: new Map(),
    withModifiers: new Set(),
  };
  if (!productIds.length) return extras;
  const [categoryRows, tagRows, ratingRows, singleRows, groupRows] = await Promise.all([
    db
      .select({
        productId: productCategories.productId,
        id: categories.id,
        slug: categories.slug,
        title: categories.title,
      })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, productIds))
      .orderBy(asc(categories.position)),
    db
      .select({ productId: productTags.productId, slug: tags.slug, title: tags.title })
      .from(productTags)
      .innerJoin(tags, eq(tags.id, productTags.tagId))
      .where(inArray(productTags.productId, productIds))
      .orderBy(asc(productTags.position), asc(tags.position)),
    db
      .select({
        productId: reviews.productId,
        // One decimal, as the storefront shows it.
        rating: sql<string>`round(avg(${reviews.rating})::numeric, 1)`,
        count: count(),
      })
      .from(reviews)
      .where(inArray(reviews.productId, productIds))
      .groupBy(reviews.productId),
    db
      .selectDistinct({ productId: singleModifiers.productId })
      .from(singleModifiers)
      .where(inArray(singleModifiers.productId, productIds)),
    db
      .selectDistinct({ productId: groupModifiers.productId })
      .from(groupModifiers)
      .where(inArray(groupModifiers.productId, productIds)),
  ]);
  for (const { productId, ...category } of categoryRows) {
    const list = extras.categories.get(productId) ?? [];
    list.push(category);
    extras.categories.set(productId, list);
  }
  for (const { productId, ...tag } of tagRows) {
    const list = extras.tags.get(productId) ?? [];
    list.push(tag);
    extras.tags.set(productId, list);
  }
  for (const r of ratingRows) extras.ratings.set(r.productId, { rating: Number(r.rating), count: r.count });
  for (const r of [...singleRows, ...groupRows]) extras.withModifiers.add(r.productId);
  return extras;
}

/** The sizes of an origin product, in the order they were defined. */
export async function listVariants(db: DbOrTx, parentId: string) {
  return db
    .select()
    .from(products)
    .where(and(eq(products.parentId, parentId), eq(products.isActive, true)))
    .orderBy(asc(products.outPrice), asc(products.slug));
}

export type ComboGroupWithOptions = typeof comboGroups.$inferSelect & {
  options: { id: string; productId: string; extraPrice: number; title: ProductRow['title'] }[];
};

/**
 * The groups of the given combos with their options, in the chain's order: only options whose
 * product is active. The one query of combo choices: the product page offers what it answers, and
 * ordering accepts exactly the same picks.
 */
export async function findComboGroups(
  db: DbOrTx,
  comboIds: string[],
): Promise<Map<string, ComboGroupWithOptions[]>> {
  const byCombo = new Map<string, ComboGroupWithOptions[]>();
  if (!comboIds.length) return byCombo;
  const groups = await db
    .select()
    .from(comboGroups)
    .where(inArray(comboGroups.productId, comboIds))
    .orderBy(asc(comboGroups.position), asc(comboGroups.id));
  if (!groups.length) return byCombo;
  const options = await db
    .select({
      id: comboGroupOptions.id,
      groupId: comboGroupOptions.groupId,
      productId: comboGroupOptions.productId,
      extraPrice: comboGroupOptions.extraPrice,
      title: products.title,
    })
    .from(comboGroupOptions)
    .innerJoin(products, and(eq(products.id, comboGroupOptions.productId), eq(products.isActive, true)))
    .where(
      inArray(
        comboGroupOptions.groupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(comboGroupOptions.position), asc(comboGroupOptions.id));
  for (const group of groups) {
    const list = byCombo.get(group.productId) ?? [];
    list.push({
      ...group,
      options: options
        .filter((o) => o.groupId === group.id)
        .map(({ groupId: _groupId, ...option }) => option),
    });
    byCombo.set(group.productId, list);
  }
  return byCombo;
}
