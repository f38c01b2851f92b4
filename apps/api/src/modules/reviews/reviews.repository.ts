import { and, count, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderLines, orders, type ReviewRow, reviews } from '../../db/schema/index.ts';

export async function listReviews(db: DbOrTx, filter: { productId: string; offset: number; limit: number }) {
  const where = eq(reviews.productId, filter.productId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

/** The customer's own orders (of this shipper): the only ones whose dishes they may rate. */
const customersOrder = (filter: { shipperId: string; customerId: string }) =>
  and(eq(orders.shipperId, filter.shipperId), eq(orders.customerId, filter.customerId));

/**
 * The order (the row of the outer query) has a line of the product: one the customer chose
 * (`autoAdded` false), or one the auto-add rules put there (napkins on delivery; never rated).
 */
const holdsProduct = (db: DbOrTx, productId: string, autoAdded: boolean) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.orderId, orders.id),
          eq(orderLines.productId, productId),
          eq(orderLines.autoAdded, autoAdded),
        ),
      ),
  );

/**
 * The customer's order the review names, with whether it holds the product as a dish they chose
 * (`hasProduct`) or as an auto-added line (`hasAutoAdded`); null if not theirs.
 * POST /v1/user_reviews refuses with the reason; see findNewestReviewableOrder for the same rule asked
 * the other way round.
 */
export async function findOrderForReview(
  db: DbOrTx,
  filter: { shipperId: string; customerId: string; orderId: string; productId: string },
): Promise<{ status: string; hasProduct: boolean; hasAutoAdded: boolean } | null> {
  const [order] = await db
    .select({
      status: orders.status,
      hasProduct: holdsProduct(db, filter.productId, false).mapWith(Boolean),
      hasAutoAdded: holdsProduct(db, filter.productId, true).mapWith(Boolean),
    })
    .from(orders)
    .where(and(eq(orders.id, filter.orderId), customersOrder(filter)))
    .limit(1);
  return order ?? null;
}

/**
 * The newest of the customer's orders in one of `statuses` (delivered or finished) that holds the
 * product as a dish they chose (not auto-added): the order a review of the dish names
 * (GET /v1/user_reviews/eligibility).
 */
export async function findNewestReviewableOrder(
  db: DbOrTx,
  filter: { shipperId: string; customerId: string; productId: string; statuses: readonly string[] },
): Promise<{ id: string } | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        customersOrder(filter),
        inArray(orders.status, [...filter.statuses]),
        holdsProduct(db, filter.productId, false),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return order ?? null;
}

/** Whether the customer has already reviewed the product. */
export async function hasReviewed(db: DbOrTx, customerId: string, productId: string): Promise<boolean> {
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.customerId, customerId), eq(reviews.productId, productId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertReview(
  db: DbOrTx,
  values: {
    productId: string;
    customerId: string;
    orderId: string;
    rating: number;
    message: string;
    clientName: string;
    createdAt: Date;
  },
): Promise<ReviewRow> {
  const [row] = await db.insert(reviews).values(values).returning();
  if (!row) throw new Error('insert into reviews returned no row');
  return row;
}
