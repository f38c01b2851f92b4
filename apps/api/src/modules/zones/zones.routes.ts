import {
  ZApiError,
  ZBranchByLocationQuery,
  ZBranchByLocationResponse,
  ZCheckPointQuery,
  ZCheckPointResponse,
  ZDeliveryZonesQuery,
  ZDeliveryZonesResponse,
  ZNearestBranchQuery,
  ZNearestBranchResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../cache/read-cache.ts';
import { checkPoint, getBranchByLocation, getNearestBranches, getZones } from './zones.service.ts';

/** Delivery zones and which branch serves a point (issue 4). */
export async function zoneRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/check_point_delivery_zones',
    {
      schema: {
        tags: ['zones'],
        summary: 'The active delivery zones containing a point',
        description:
          '`result`: the active zones containing the point that at least one active branch serves (a paused branch counts), so that `/v1/branches/by-location` answers a branch for it. `all_count` is the number of active zones of the chain, served or not: `all_count > 0` with an empty `result` means the point is outside the service area. A zone edge counts as inside.',
        querystring: ZCheckPointQuery,
        response: { 200: ZCheckPointResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      checkPoint(app.db, request.shipperId, { lat: request.query.lat, long: request.query.lon }),
  );

  app.get(
    '/v1/delivery-zones',
    {
      config: cachedRead(['branches']),
      schema: {
        tags: ['zones'],
        summary: 'The active delivery zones (polygons with holes), optionally of one city',
        querystring: ZDeliveryZonesQuery,
        response: { 200: ZDeliveryZonesResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getZones(app.db, request.shipperId, request.query.city),
  );

  app.get(
    '/v1/nearest-branch',
    {
      schema: {
        tags: ['zones'],
        summary: 'Branches ordered by distance from a point (only those of a zone when given)',
        description:
          'Every branch, active or not, with `distance` in metres and `is_open` (active, within its hours now in Tashkent time, and not paused: `paused_until` past or null). The storefront takes the first with `is_active`. An unknown or inactive `delivery_zone_id` answers 404.',
        querystring: ZNearestBranchQuery,
        response: { 200: ZNearestBranchResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      getNearestBranches(
        app.db,
        request.shipperId,
        { lat: request.query.lat, long: request.query.long },
        request.query.delivery_zone_id,
        app.clock(),
      ),
  );

  // A static path: Fastify's router prefers it to /v1/branches/:id whatever the registration order.
  app.get(
    '/v1/branches/by-location',
    {
      schema: {
        tags: ['zones'],
        summary: 'The branch that delivers to a point: the nearest active one of the zones containing it',
        description: "404 'Restaurant not found' when the point is in no zone or no active branch serves it.",
        querystring: ZBranchByLocationQuery,
        response: { 200: ZBranchByLocationResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      getBranchByLocation(
        app.db,
        request.shipperId,
        { lat: request.query.lat, long: request.query.long },
        app.clock(),
      ),
  );
}
