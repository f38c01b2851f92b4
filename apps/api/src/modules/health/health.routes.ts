import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.enum(['ok', 'error']), db: z.enum(['ok', 'error']) });

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability (503 when the database does not answer)',
        response: { 200: ZHealth, 503: ZHealth },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, db: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error', db: 'error' });
      }
    },
  );
}
