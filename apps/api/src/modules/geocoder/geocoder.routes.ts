import { ZApiError, ZGeocoderQuery, ZGeocoderResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateLimited, rateLimitResponses } from '../../http/rate-limit.ts';
import { geocode } from './geocoder.service.ts';

export async function geocoderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/map/geocoder',
    {
      config: rateLimited(app, 'geocoder'),
      schema: {
        tags: ['maps'],
        summary:
          "Address search ('geocode' text) or what is at a point ('geocode' = 'lon,lat'), answered in Yandex Geocoder's shape whoever the provider is",
        querystring: ZGeocoderQuery,
        response: {
          200: ZGeocoderResponse,
          400: ZApiError,
          404: ZApiError,
          502: ZApiError,
          503: ZApiError,
          ...rateLimitResponses('geocoder'),
        },
      },
    },
    async (request) =>
      geocode({ geocoder: app.geocoder, log: request.log }, request.shipperId, request.query),
  );
}
