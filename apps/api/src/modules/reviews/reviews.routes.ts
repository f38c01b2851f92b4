import { ZApiError, ZReviewListQuery, ZReviewListResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getReviews } from './reviews.service.ts';

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
}
