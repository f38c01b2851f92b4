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
        summary: 'Ids of the keys of outside map services, newest first, and the values of browser keys',
        description:
          "`ids` are the keys' row ids (uuids), never their values. `keys` carries the value of each key on the page that a browser may hold: type `maps`, a JavaScript maps key the chain restricts by HTTP referrer at the provider. A `geocoder` key is used by the server alone (GET /v1/map/geocoder) and is never answered, so `type=geocoder` lists ids only. The platform the spec was read from answered key values in `ids`; see docs/decisions/005-public-map-keys.md.",
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
