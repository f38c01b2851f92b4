/** Reviews of ordered dishes: writing one, and whether the customer may write one now. */
import { z } from 'zod';
import { ZId, ZMultiLineText } from './common.ts';
import { ZReview } from './product.ts';

// ---------------------------------------------------------------------------------------------
// Reviews: POST /v1/user_reviews

export const ZCreateReviewRequest = z.object({
  related_subject: z.literal('product').default('product'),
  product_id: ZId,
  order_id: ZId,
  rating: z.number().int().min(1).max(5),
  review_message: ZMultiLineText.trim().max(1000).default(''),
});
export type TCreateReviewRequest = z.input<typeof ZCreateReviewRequest>;
/** 201: the new review, as GET /v1/user_reviews lists it. */
export const ZCreateReviewResponse = ZReview;
export type TCreateReviewResponse = z.infer<typeof ZCreateReviewResponse>;

/** GET /v1/user_reviews/eligibility?product_id= (signed in): may the customer rate this dish now? */
export const ZReviewEligibilityQuery = z.object({ product_id: ZId });
/** Why not: no delivered or finished order of theirs holds the dish, or they rated it already. */
export const REVIEW_INELIGIBLE_REASONS = ['not_ordered', 'already_reviewed'] as const;
export const ZReviewEligibility = z.object({
  can_review: z.boolean(),
  /** When can_review: the newest delivered or finished order of the customer holding the dish. */
  order_id: ZId.nullable(),
  /** Null when can_review. */
  reason: z.enum(REVIEW_INELIGIBLE_REASONS).nullable(),
});
export type TReviewEligibility = z.infer<typeof ZReviewEligibility>;
