import { ZApiError, ZSmsOutboxQuery, ZSmsOutboxResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listOutbox } from '../../adapters/sms/outbox.ts';

/**
 * What the 'outbox' SMS provider kept for a phone, newest first: how a developer or a browser test
 * reads a code. app.ts registers this only while that provider is on, so it does not exist in
 * production (env.ts refuses 'outbox' there).
 */
export async function devOutboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/dev/sms-outbox',
    {
      schema: {
        tags: ['customers'],
        summary: 'Development only: the SMS the outbox provider kept for a phone, newest first',
        querystring: ZSmsOutboxQuery,
        response: { 200: ZSmsOutboxResponse, 400: ZApiError },
      },
    },
    async (request) => {
      const rows = await listOutbox(app.db, request.query.phone);
      return {
        messages: rows.map((r) => ({
          id: r.id,
          phone: r.phone,
          text: r.text,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },
  );
}
