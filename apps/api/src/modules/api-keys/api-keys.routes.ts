import {
  ZApiError,
  ZApiKey,
  ZApiKeyParams,
  ZApiKeysQuery,
  ZApiKeysResponse,
  ZApiKeyUpdate,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiError } from '../../http/errors.ts';
import { securedBy } from '../../http/openapi.ts';
import { getApiKeyIds, isAdmin, putApiKey } from './api-keys.service.ts';

export async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v2/api-keys-ids',
    {
      schema: {
        tags: ['maps'],
        summary: 'Keys of outside map services, newest first (the storefront uses the first as its maps key)',
        querystring: ZApiKeysQuery,
        response: { 200: ZApiKeysResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getApiKeyIds(app.db, request.shipperId, request.query),
  );

  app.put(
    '/v2/api-keys/:id',
    {
      schema: {
        tags: ['maps'],
        summary: 'Replace a key (staff only: `Authorization: Bearer <ADMIN_TOKEN>`)',
        params: ZApiKeyParams,
        body: ZApiKeyUpdate,
        response: { 200: ZApiKey, 400: ZApiError, 403: ZApiError, 404: ZApiError },
      },
      // Before validation: someone who may not write keys learns nothing about what a valid body is.
      onRequest: securedBy('adminToken', async (request: FastifyRequest) => {
        if (!isAdmin(request.headers.authorization, app.config.ADMIN_TOKEN))
          throw apiError(403, 'ADMIN_ONLY');
      }),
    },
    async (request) =>
      putApiKey(
        { db: app.db, adminToken: app.config.ADMIN_TOKEN, now: app.clock() },
        {
          shipperId: request.shipperId,
          id: request.params.id,
          authorization: request.headers.authorization,
          key: request.body.key,
          type: request.body.type,
        },
      ),
  );
}
