import {
  ZApiError,
  ZContentParams,
  ZNewsEvent,
  ZNewsEventListQuery,
  ZNewsEventListResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../../cache/read-cache.ts';
import { getNewsEvent, getNewsEvents } from './news-events.service.ts';

export async function newsEventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/news-events',
    {
      config: cachedRead(['content'], { perMinute: true }),
      schema: {
        tags: ['content'],
        summary: 'News (type=news, the default) or gallery pictures (type=gallery), newest first',
        querystring: ZNewsEventListQuery,
        response: { 200: ZNewsEventListResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getNewsEvents(app.db, request.shipperId, request.query),
  );

  app.get(
    '/v1/news-events/:id',
    {
      config: cachedRead(['content'], { perMinute: true }),
      schema: {
        tags: ['content'],
        summary: 'One news item or gallery picture by id or slug',
        params: ZContentParams,
        response: { 200: ZNewsEvent, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getNewsEvent(app.db, request.shipperId, request.params.id),
  );
}
