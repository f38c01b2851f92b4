import {
  ZApiError,
  ZCreateReviewRequest,
  ZCreateReviewResponse,
  ZReviewEligibility,
  ZReviewEligibilityQuery,
  ZReviewListQuery,
  ZReviewListResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/auth.ts';
import { rateLimited, rateLimitResponses } from '../../http/rate-limit.ts';
import { createReview, getReviewEligibility, getReviews } from './reviews.service.ts';

export async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/user_reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A product's reviews, newest first",
        querystring: ZReviewListQuery,
        response: { 200: ZReviewListResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getReviews(app.db, request.shipperId, request.query),
  );

  app.get(
    '/v1/user_reviews/eligibility',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['reviews'],
        summary: 'May the signed-in customer rate this dish now, and with which order',
        description:
          "The same rule as POST /v1/user_reviews. `can_review` with `order_id`: the newest of the customer's delivered or finished orders holding the dish, not yet rated. Otherwise `reason`: `already_reviewed` (rated once, from any order) or `not_ordered` (no delivered or finished order of theirs holds it; an order still on its way does not count yet). An unknown product answers 404, like GET and POST /v1/user_reviews.",
        querystring: ZReviewEligibilityQuery,
        response: { 200: ZReviewEligibility, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      getReviewEligibility(
        app.db,
        { shipperId: request.shipperId, customerId: signedIn(request).customer.id },
        request.query.product_id,
      ),
  );

  app.post(
    '/v1/user_reviews',
    {
      preHandler: app.requireCustomer,
      config: rateLimited(app, 'review'),
      schema: {
        tags: ['reviews'],
        summary: 'Rate a dish of one of your delivered or finished orders (once per dish)',
        description:
          "`order_id` must be the signed-in customer's order (else 404), holding the product (else 422), delivered or finished (else 422). A second review of the same dish answers 409 'You have already gave feedback'. The review shows at once in GET /v1/user_reviews and the product's rating.",
        body: ZCreateReviewRequest,
        response: {
          201: ZCreateReviewResponse,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
          ...rateLimitResponses('review'),
        },
      },
    },
    async (request, reply) => {
      const review = await createReview(
        app.db,
        { shipperId: request.shipperId, customer: signedIn(request).customer },
        request.body,
        app.clock(),
      );
      // The product's rating is in cached answers: drop them here at once, so this customer's next
      // read sees the review; other processes hear it from the database a moment later.
      app.readCache.invalidate(['content']);
      return reply.code(201).send(review);
    },
  );
}
