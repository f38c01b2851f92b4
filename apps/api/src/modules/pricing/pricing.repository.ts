import { isCancelledStatus, ORDER_STATUSES } from '@app/domain';
import { and, asc, count, eq, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-rows.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  branches,
  deliveryFares,
  discounts,
  menuProducts,
  orders,
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

type DiscountRow = typeof discounts.$inferSelect;

/**
 * The ids a discount is limited to (branches, products, categories), read in the discount's own
 * statement: a text[] (uuid[] has no parser in node-postgres; text[] parses the same in both drivers).
 */
const linkIds = (table: 'discount_branches' | 'discount_products' | 'discount_categories', column: string) =>
  sql<
    string[]
  >`array(select l.${sql.identifier(column)}::text from ${sql.identifier(table)} l where l.discount_id = "discounts"."id")`;

/** The columns of a discount with its links: one statement for the rows and their links. */
const DISCOUNT_WITH_LINKS = {
  discount: discounts,
  branchIds: linkIds('discount_branches', 'branch_id'),
  productIds: linkIds('discount_products', 'product_id'),
  categoryIds: linkIds('discount_categories', 'category_id'),
};

type DiscountRowWithLinks = {
  discount: DiscountRow;
  branchIds: string[];
  productIds: string[];
  categoryIds: string[];
};

/** A row and its links to the rule the pricing applies. */
function toRule({ discount: r, branchIds, productIds, categoryIds }: DiscountRowWithLinks): DiscountRule {
  return {
    id: r.id,
    trigger: r.trigger,
    mode: r.mode,
    percent: r.percent === null ? null : Number(r.percent),
    amount: r.amount,
    maxAmount: r.maxAmount,
    appliesTo: r.appliesTo,
    productIds: new Set(productIds),
    categoryIds: new Set(categoryIds),
    branchIds: new Set(branchIds),
    deliveryType: r.deliveryType,
    paymentTypes: r.paymentTypes,
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    hourStart: r.hourStart,
    hourEnd: r.hourEnd,
    minOrderAmount: r.minOrderAmount,
    title: r.title,
    position: r.position,
  };
}

/**
 * The chain's active automatic discounts (built once: every quote and every order placed reads them,
 * docs/perf/orders.md).
 */
const selectAutomaticDiscounts = preparedQuery<{ shipperId: string }>()((db, p) =>
  db
    .select(DISCOUNT_WITH_LINKS)
    .from(discounts)
    .where(
      and(
        eq(discounts.shipperId, p('shipperId')),
        eq(discounts.trigger, 'automatic'),
        eq(discounts.isActive, true),
      ),
    )
    .orderBy(asc(discounts.position), asc(discounts.id)),
);

/** An automatic discount with its links, as automaticDiscountsJson writes it. */
export type DiscountJson = { row: unknown; branchIds: string[]; productIds: string[]; categoryIds: string[] };

/**
 * The chain's active automatic discounts with their links, in its order, as ONE JSON array: for a
 * statement that reads them with other rows (placing an order reads them with its branch, issue 11,
 * docs/perf/orders.md round 6). `shipperId`: the chain's id as an SQL expression of that statement.
 * automaticDiscountsFromJson gives what listAutomaticDiscounts gives.
 */
export const automaticDiscountsJson = (shipperId: SQL) =>
  sql<DiscountJson[]>`(select coalesce(json_agg(json_build_object('row', to_json(d),
    'branchIds', array(select l.branch_id::text from discount_branches l where l.discount_id = d.id),
    'productIds', array(select l.product_id::text from discount_products l where l.discount_id = d.id),
    'categoryIds', array(select l.category_id::text from discount_categories l where l.discount_id = d.id)
  ) order by d.position, d.id), '[]'::json)
  from discounts d where d.shipper_id = ${shipperId} and d.trigger = 'automatic' and d.is_active)`;

/** The rules of automaticDiscountsJson's array. */
export function automaticDiscountsFromJson(json: readonly DiscountJson[]): DiscountRule[] {
  return json.map(({ row, branchIds, productIds, categoryIds }) =>
    toRule({ discount: rowFromJson(discounts, row), branchIds, productIds, categoryIds }),
  );
}

/** The chain's active automatic discounts, in its order (conditions are checked by the caller). */
export async function listAutomaticDiscounts(db: DbOrTx, shipperId: string): Promise<DiscountRule[]> {
  const rows = await selectAutomaticDiscounts(db, { shipperId });
  return rows.map(toRule);
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
    .select({ promo: promoCodes, ...DISCOUNT_WITH_LINKS })
    .from(promoCodes)
    .innerJoin(discounts, eq(discounts.id, promoCodes.discountId))
    .where(and(eq(promoCodes.shipperId, shipperId), sql`lower(${promoCodes.code}) = lower(${code})`))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: promoCodes }) : await query;
  if (!row) return undefined;
  return {
    promo: row.promo,
    discountActive: row.discount.isActive && row.discount.trigger === 'promo_code',
    rule: toRule(row),
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

/**
 * The chain's active products among `ids`, with their categories (a variant's are its parent's), in
 * one statement.
 */
export async function findProductFacts(
  db: DbOrTx,
  shipperId: string,
  ids: string[],
): Promise<ProductFacts[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: products.id,
      parentId: products.parentId,
      outPrice: products.outPrice,
      // text[]: see linkIds.
      // Qualified by hand: Drizzle leaves the columns of a one-table select unqualified.
      categoryIds: sql<
        string[]
      >`array(select pc.category_id::text from product_categories pc where pc.product_id = coalesce("products"."parent_id", "products"."id"))`,
    })
    .from(products)
    .where(and(eq(products.shipperId, shipperId), inArray(products.id, ids), eq(products.isActive, true)));
  return rows.map((r) => ({ ...r, categoryIds: new Set(r.categoryIds) }));
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
