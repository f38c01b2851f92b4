import type { TReview, TReviewEligibility, TReviewListResponse, ZCreateReviewRequest } from '@app/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation, offsetOf } from '../../db/query-helpers.ts';
import type { CustomerRow } from '../../db/schema/index.ts';
import { apiError } from '../../http/errors.ts';
import { REVIEWABLE_STATUSES } from '../orders/orders.mapper.ts';
import { orderNotFound } from '../orders/orders.service.ts';
import { findProductById } from '../products/products.repository.ts';
import { productNotFound } from '../products/products.service.ts';
import { toReview } from './reviews.mapper.ts';
import {
  findNewestReviewableOrder,
  findOrderForReview,
  hasReviewed,
  insertReview,
  listReviews,
} from './reviews.repository.ts';

/** The unique index behind 'once per customer and dish'. */
const ONE_REVIEW_PER_DISH = 'reviews_customer_product_unique';

/** A product's reviews, newest first. */
export async function getReviews(
  db: DbOrTx,
  shipperId: string,
  query: { product_id: string; page: number; limit: number },
): Promise<TReviewListResponse> {
  const product = await findProductById(db, shipperId, query.product_id.toLowerCase());
  if (!product) throw productNotFound();
  const { rows, count } = await listReviews(db, {
    productId: product.id,
    offset: offsetOf(query.page, query.limit),
    limit: query.limit,
  });
  return { count, reviews: rows.map(toReview) };
}

/** The name a review is signed with: the customer's, or a masked phone while the name is not set. */
export function reviewerName(customer: Pick<CustomerRow, 'name' | 'phone'>): string {
  const name = customer.name.trim();
  if (name && name.toLowerCase() !== 'user') return name;
  return `+${customer.phone.slice(0, 5)} *** ** ${customer.phone.slice(-2)}`;
}

/**
 * The rule of rating a dish, shared by POST /v1/user_reviews and GET /v1/user_reviews/eligibility:
 * the product exists (else 404), the customer's own order holds it as a dish they chose (a line the
 * auto-add rules put there, napkins on delivery, does not count) and was delivered or finished
 * (REVIEWABLE_STATUSES), and the customer has not rated the dish yet (once per customer and dish,
 * from any order).
 */
const isReviewableStatus = (status: string) => (REVIEWABLE_STATUSES as readonly string[]).includes(status);

async function productToReview(db: DbOrTx, shipperId: string, productId: string) {
  const product = await findProductById(db, shipperId, productId.toLowerCase());
  if (!product) throw productNotFound();
  return product;
}

/**
 * Whether the customer may rate the dish now, and with which order: the newest of their delivered or
 * finished orders holding it. An unknown product answers 404, as POST does.
 */
export async function getReviewEligibility(
  db: DbOrTx,
  who: { shipperId: string; customerId: string },
  productId: string,
): Promise<TReviewEligibility> {
  const product = await productToReview(db, who.shipperId, productId);
  if (await hasReviewed(db, who.customerId, product.id)) {
    return { can_review: false, order_id: null, reason: 'already_reviewed' };
  }
  const order = await findNewestReviewableOrder(db, {
    shipperId: who.shipperId,
    customerId: who.customerId,
    productId: product.id,
    statuses: REVIEWABLE_STATUSES,
  });
  return order
    ? { can_review: true, order_id: order.id, reason: null }
    : { can_review: false, order_id: null, reason: 'not_ordered' };
}

/**
 * A customer's review of a dish: only for a product of one of their own orders that was delivered or
 * finished (`order_id` names it), once per customer and dish. It shows at once in the product's
 * reviews and rating.
 */
export async function createReview(
  db: DbOrTx,
  who: { shipperId: string; customer: CustomerRow },
  input: z.output<typeof ZCreateReviewRequest>,
  now: Date,
): Promise<TReview> {
  const orderId = input.order_id.toLowerCase();
  const customerId = who.customer.id;
  const { id: productId } = await productToReview(db, who.shipperId, input.product_id);
  const order = await findOrderForReview(db, { shipperId: who.shipperId, customerId, orderId, productId });
  if (!order) throw orderNotFound();
  if (!order.hasProduct) {
    throw apiError(422, order.hasAutoAdded ? 'REVIEW_PRODUCT_AUTO_ADDED' : 'REVIEW_PRODUCT_NOT_IN_ORDER');
  }
  if (!isReviewableStatus(order.status)) throw apiError(422, 'REVIEW_ORDER_NOT_COMPLETED');
  if (await hasReviewed(db, customerId, productId)) throw apiError(409, 'ALREADY_REVIEWED');
  try {
    const row = await insertReview(db, {
      productId,
      customerId,
      orderId,
      rating: input.rating,
      message: input.review_message,
      clientName: reviewerName(who.customer),
      createdAt: now,
    });
    return toReview(row);
  } catch (error) {
    // Two reviews of the same dish at once: the index lets one in.
    if (isUniqueViolation(error, ONE_REVIEW_PER_DISH)) throw apiError(409, 'ALREADY_REVIEWED');
    throw error;
  }
}
