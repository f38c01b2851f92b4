import { ZApiError, ZPage, ZPageParams } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../../cache/read-cache.ts';
import { getPage } from './pages.service.ts';

export async function pageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/pages/:slug',
    {
      config: cachedRead(['content']),
      schema: {
        tags: ['content'],
        summary:
          'A formal page: about, offer, rules, return-product-rules, delivery-terms, playground-rules or contacts',
        params: ZPageParams,
        response: { 200: ZPage, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getPage(app.db, request.shipperId, request.params.slug),
  );
}
