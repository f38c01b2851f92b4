import { ZApiError, ZMenuProductsQuery, ZMenuProductsResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../cache/read-cache.ts';
import { getMenuProducts } from './menu.service.ts';

export async function menuRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v2/menu-products',
    {
      config: cachedRead(['catalogue', 'branches', 'content']),
      schema: {
        tags: ['catalogue'],
        summary: "A menu's categories with their products, prices and the branch's stop list",
        querystring: ZMenuProductsQuery,
        response: { 200: ZMenuProductsResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getMenuProducts(app.db, request.shipperId, request.query),
  );
}
