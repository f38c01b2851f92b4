import { isCancelledStatus, ORDER_STATUSES } from '@app/domain';
import { and, asc, count, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  branches,
  deliveryFares,
  discountBranches,
  discountCategories,
  discountProducts,
  discounts,
  menuProducts,
  orders,
  productCategories,
  products,
  promoCodes,
  promoCodeUsages,
} from '../../db/schema/index.ts';
import type { DiscountRule } from './discount-rules.ts';

export async function findBranchRow(db: DbOrTx, shipperId: string, id: string) {
  const [row] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.shipperId, shipperId), eq(branches.id, id)))
    .limit(1);
  return row;
}

export async function findFare(db: DbOrTx, shipperId: string, zoneId: string) {
  const [row] = await db
    .select()
    .from(deliveryFares)
    .where(and(eq(deliveryFares.shipperId, shipperId), eq(deliveryFares.zoneId, zoneId)))
    .limit(1);
  return row;
}

type DiscountRowWithLinks = typeof discounts.$inferSelect;

/** Rows to rules, with their branch, product and category links (read in three queries). */
async function withLinks(db: DbOrTx, rows: DiscountRowWithLinks[]): Promise<DiscountRule[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [branchLinks, productLinks, categoryLinks] = await Promise.all([
    db.select().from(discountBranches).where(inArray(discountBranches.discountId, ids)),
    db.select().from(discountProducts).where(inArray(discountProducts.discountId, ids)),
    db.select().from(discountCategories).where(inArray(discountCategories.discountId, ids)),
  ]);
  const group = <T extends { discountId: string }>(links: T[], pick: (l: T) => string) => {
    const map = new Map<string, Set<string>>();
    for (const link of links) {
      const set = map.get(link.discountId) ?? new Set<string>();
      set.add(pick(link));
      map.set(link.discountId, set);
    }
    return map;
  };
  const byBranch = group(branchLinks, (l) => l.branchId);
  const byProduct = group(productLinks, (l) => l.productId);
  const byCategory = group(categoryLinks, (l) => l.categoryId);
  return rows.map((r) => ({
    id: r.id,
    trigger: r.trigger,
    mode: r.mode,
    percent: r.percent === null ? null : Number(r.percent),
    amount: r.amount,
    maxAmount: r.maxAmount,
    appliesTo: r.appliesTo,
    productIds: byProduct.get(r.id) ?? new Set(),
    categoryIds: byCategory.get(r.id) ?? new Set(),
    branchIds: byBranch.get(r.id) ?? new Set(),
    deliveryType: r.deliveryType,
    paymentTypes: r.paymentTypes,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    hourStart: r.hourStart,
    hourEnd: r.hourEnd,
    minOrderAmount: r.minOrderAmount,
    title: r.title,
    position: r.position,
  }));
}

/** The chain's active automatic discounts, in its order (conditions are checked by the caller). */
export async function listAutomaticDiscounts(db: DbOrTx, shipperId: string): Promise<DiscountRule[]> {
  const rows = await db
    .select()
    .from(discounts)
    .where(
      and(
        eq(discounts.shipperId, shipperId),
        eq(discounts.trigger, 'automatic'),
        eq(discounts.isActive, true),
      ),
    )
    .orderBy(asc(discounts.position), asc(discounts.id));
  return withLinks(db, rows);
}

export type PromoCodeWithRule = {
  promo: typeof promoCodes.$inferSelect;
  discountActive: boolean;
  rule: DiscountRule;
};

/**
 * A promo code of the chain by its text, whatever its case, with its discount. `lock` takes a row
 * lock on the code until the transaction ends (the order service: two orders racing for the last use
 * of a code are serialised).
 */
export async function findPromoCode(
  db: DbOrTx,
  shipperId: string,
  code: string,
  lock = false,
): Promise<PromoCodeWithRule | undefined> {
  const query = db
    .select({ promo: promoCodes, discount: discounts })
    .from(promoCodes)
    .innerJoin(discounts, eq(discounts.id, promoCodes.discountId))
    .where(and(eq(promoCodes.shipperId, shipperId), sql`lower(${promoCodes.code}) = lower(${code})`))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: promoCodes }) : await query;
  if (!row) return undefined;
  const [rule] = await withLinks(db, [row.discount]);
  if (!rule) return undefined;
  return {
    promo: row.promo,
    discountActive: row.discount.isActive && row.discount.trigger === 'promo_code',
    rule,
  };
}

/** How often a promo code has been used: by everyone, and by one customer. */
/** Statuses of an order that did not happen: not the customer's order, no use of a promo code. */
const CANCELLED_ORDER_STATUSES: string[] = ORDER_STATUSES.filter(isCancelledStatus);

/**
 * Uses of a promo code in total and by the customer. An order that was then cancelled gives its use
 * back: only uses without an order or with an order that was not cancelled count.
 */
export async function countPromoUsages(db: DbOrTx, promoCodeId: string, customerId: string | null) {
  const counted = (customer?: string) =>
    db
      .select({ n: count() })
      .from(promoCodeUsages)
      .leftJoin(orders, eq(orders.id, promoCodeUsages.orderId))
      .where(
        and(
          eq(promoCodeUsages.promoCodeId, promoCodeId),
          customer === undefined ? undefined : eq(promoCodeUsages.customerId, customer),
          or(isNull(orders.id), notInArray(orders.status, CANCELLED_ORDER_STATUSES)),
        ),
      );
  const [all] = await counted();
  const [mine] = customerId ? await counted(customerId) : [];
  return { total: all?.n ?? 0, mine: mine?.n ?? 0 };
}

export async function insertPromoUsage(
  db: DbOrTx,
  usage: { promoCodeId: string; customerId: string; orderId: string | null; usedAt: Date },
): Promise<void> {
  await db.insert(promoCodeUsages).values(usage);
}

/**
 * Whether the customer has placed an order before (first-order-only promo codes): any order of theirs
 * that was not cancelled counts, including one still on its way.
 */
export async function customerHasOrders(db: DbOrTx, customerId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), notInArray(orders.status, CANCELLED_ORDER_STATUSES)))
    .limit(1);
  return rows.length > 0;
}

export type ProductFacts = {
  id: string;
  parentId: string | null;
  outPrice: number;
  /** Its own categories, or its parent's for a variant. */
  categoryIds: Set<string>;
};

/** The chain's active products among `ids`, with their categories (a variant's are its parent's). */
export async function findProductFacts(
  db: DbOrTx,
  shipperId: string,
  ids: string[],
): Promise<ProductFacts[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: products.id, parentId: products.parentId, outPrice: products.outPrice })
    .from(products)
    .where(and(eq(products.shipperId, shipperId), inArray(products.id, ids), eq(products.isActive, true)));
  if (!rows.length) return [];
  const owners = [...new Set(rows.map((r) => r.parentId ?? r.id))];
  const links = await db
    .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(inArray(productCategories.productId, owners));
  const byOwner = new Map<string, Set<string>>();
  for (const link of links) {
    const set = byOwner.get(link.productId) ?? new Set<string>();
    set.add(link.categoryId);
    byOwner.set(link.productId, set);
  }
  return rows.map((r) => ({ ...r, categoryIds: byOwner.get(r.parentId ?? r.id) ?? new Set() }));
}

/** Prices of products on a menu; a product not on it is absent. */
export async function findMenuPrices(
  db: DbOrTx,
  menuId: string,
  ids: string[],
): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ productId: menuProducts.productId, price: menuProducts.price })
    .from(menuProducts)
    .where(and(eq(menuProducts.menuId, menuId), inArray(menuProducts.productId, ids)));
  return new Map(rows.map((r) => [r.productId, r.price]));
}
