import { ZApiError, ZSmsOutboxQuery, ZSmsOutboxResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listOutbox } from '../../adapters/sms/outbox.ts';
import { isLoopback } from '../../http/client-address.ts';
import { apiError } from '../../http/errors.ts';

/**
 * What the 'outbox' SMS provider kept for a phone, newest first: how a developer or a browser test
 * reads a code. app.ts registers this only while that provider is on, so it does not exist in
 * production (env.ts refuses 'outbox' there).
 *
 * It hands out any phone's codes, so it answers only a client on this machine: the socket's own
 * peer address must be loopback. Not `request.ip`: behind a trusted proxy that comes from
 * X-Forwarded-For, which a client on the network can set to 127.0.0.1. Nor a request a proxy
 * forwarded (`PROXY_HEADERS`): a proxy on the same machine (nginx in front of a staging API) is a
 * loopback peer for every client on the internet. A proxy that adds none of them cannot be told from
 * a local client, so such a proxy must not front an API with the outbox on (README). Anyone else is
 * told the route does not exist, before the query is even validated.
 */
/** Headers proxies add (nginx's usual `proxy_set_header` lines, RFC 7239, Via): any of them, a proxy's request. */
const PROXY_HEADERS = ['forwarded', 'via', 'x-real-ip'];
const proxied = (headers: Record<string, unknown>): boolean =>
  Object.keys(headers).some((name) => PROXY_HEADERS.includes(name) || name.startsWith('x-forwarded-'));

export async function devOutboxRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/dev/sms-outbox',
    {
      // The codes it answers sign anyone in: never stored by a cache (security-headers.ts).
      config: { personal: true },
      onRequest: async (request) => {
        if (proxied(request.headers) || !isLoopback(request.socket.remoteAddress)) {
          throw apiError(404, 'ROUTE_NOT_FOUND', {
            method: request.method,
            path: request.url.split('?')[0] ?? '',
          });
        }
      },
      schema: {
        tags: ['customers'],
        summary: 'Development only: the SMS the outbox provider kept for a phone, newest first',
        description:
          'Answers only a client on the machine the API runs on (loopback), not one a proxy forwarded; anyone else gets 404.',
        querystring: ZSmsOutboxQuery,
        response: { 200: ZSmsOutboxResponse, 400: ZApiError, 404: ZApiError },
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
