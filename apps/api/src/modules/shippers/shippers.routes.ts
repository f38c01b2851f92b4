import { ZApiError, ZCitiesResponse, ZId, ZShipper } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedRead } from '../../cache/read-cache.ts';
import { getCities, getShipper } from './shippers.service.ts';

export async function shipperRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/shippers/:id',
    {
      config: cachedRead(['shipper']),
      schema: {
        tags: ['shipper'],
        summary: 'The chain: hotline, hours, minimal order price, socials, app links, sister brands',
        params: z.object({ id: ZId }),
        response: { 200: ZShipper, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getShipper(app.db, request.params.id),
  );

  app.get(
    '/v1/cities',
    {
      config: cachedRead(['branches', 'catalogue']),
      schema: {
        tags: ['shipper'],
        summary: "The chain's cities, each with the menu shown there by default",
        response: { 200: ZCitiesResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getCities(app.db, request.shipperId),
  );
}
