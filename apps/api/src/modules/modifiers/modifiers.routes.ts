import { ZApiError, ZModifierQuery, ZModifierResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../cache/read-cache.ts';
import { getModifiers } from './modifiers.service.ts';

export async function modifierRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v2/modifier',
    {
      config: cachedRead(['catalogue']),
      schema: {
        tags: ['catalogue'],
        summary: "A product's single and group modifiers (group: min_amount..max_amount choices)",
        querystring: ZModifierQuery,
        response: { 200: ZModifierResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getModifiers(app.db, request.shipperId, request.query.product_id),
  );
}
