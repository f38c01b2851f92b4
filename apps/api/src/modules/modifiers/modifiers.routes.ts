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
        description:
          "With `branch_id`, each single modifier and group variant on that branch's modifier stop list is `in_stop: true` (shown 'Unavailable', refused in an order: MODIFIER_UNAVAILABLE); without it none is.",
        querystring: ZModifierQuery,
        response: { 200: ZModifierResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      getModifiers(app.db, request.shipperId, request.query.product_id, request.query.branch_id),
  );
}
