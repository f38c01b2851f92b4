import {
  ZApiError,
  ZProductDetail,
  ZProductDetailQuery,
  ZProductListQuery,
  ZProductListResponse,
  ZProductParams,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../cache/read-cache.ts';
import { rateLimited, rateLimitResponses } from '../../http/rate-limit.ts';
import { getProduct, getProducts } from './products.service.ts';

export async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v2/product',
    {
      // Only requests with `search` are counted (the text search is the costly part).
      config: { ...rateLimited(app, 'search'), ...cachedRead(['catalogue', 'content']) },
      schema: {
        tags: ['catalogue'],
        summary: 'Products: search (any script), types, one menu, chosen fields, pages',
        querystring: ZProductListQuery,
        response: {
          200: ZProductListResponse,
          400: ZApiError,
          404: ZApiError,
          ...rateLimitResponses('search'),
        },
      },
    },
    async (request) => getProducts(app.db, request.shipperId, request.query),
  );

  app.get(
    '/v2/product/:id',
    {
      config: cachedRead(['catalogue', 'content']),
      schema: {
        tags: ['catalogue'],
        summary: 'One product by id or slug, with its variants and combo groups',
        params: ZProductParams,
        querystring: ZProductDetailQuery,
        response: { 200: ZProductDetail, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getProduct(app.db, request.shipperId, request.params.id, request.query.menu_id),
  );
}
