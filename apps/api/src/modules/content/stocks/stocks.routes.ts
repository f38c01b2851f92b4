import { ZApiError, ZContentParams, ZStock, ZStockListQuery, ZStockListResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../../cache/read-cache.ts';
import { getStock, getStocks } from './stocks.service.ts';

export async function stockRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/stocks',
    {
      config: cachedRead(['content'], { perMinute: true }),
      schema: {
        tags: ['content'],
        summary:
          'Promotions: running ones (newest first), then upcoming (soonest first); ended ones only with include_ended=true, last',
        querystring: ZStockListQuery,
        response: { 200: ZStockListResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getStocks(app.db, request.shipperId, request.query),
  );

  app.get(
    '/v1/stocks/:id',
    {
      config: cachedRead(['content'], { perMinute: true }),
      schema: {
        tags: ['content'],
        summary: 'One promotion by id or slug, ended ones included',
        params: ZContentParams,
        response: { 200: ZStock, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getStock(app.db, request.shipperId, request.params.id),
  );
}
