import type { TReviewListResponse } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { offsetOf } from '../../db/query-helpers.ts';
import { findProductById } from '../products/products.repository.ts';
import { productNotFound } from '../products/products.service.ts';
import { toReview } from './reviews.mapper.ts';
import { listReviews } from './reviews.repository.ts';

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
