import { ZApiError, ZAutoAddQuery, ZAutoAddResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../cache/read-cache.ts';
import { getAutoAddProducts } from './auto-add.service.ts';

export async function autoAddRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v3/auto-add-product',
    {
      config: cachedRead(['catalogue']),
      schema: {
        tags: ['catalogue'],
        summary: 'Products added to the cart automatically for an order type and amount',
        querystring: ZAutoAddQuery,
        response: { 200: ZAutoAddResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getAutoAddProducts(app.db, request.shipperId, request.query),
  );
}
