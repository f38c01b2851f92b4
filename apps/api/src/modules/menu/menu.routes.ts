import {
  ZApiError,
  ZBranchStopsQuery,
  ZBranchStopsResponse,
  ZMenuProductsQuery,
  ZMenuProductsResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../cache/read-cache.ts';
import { getBranchStops, getMenuProducts } from './menu.service.ts';

export async function menuRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v2/menu-products',
    {
      config: cachedRead(['catalogue', 'branches', 'content']),
      schema: {
        tags: ['catalogue'],
        summary: "A menu's categories with their products, prices and the branch's stop list",
        querystring: ZMenuProductsQuery,
        response: { 200: ZMenuProductsResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getMenuProducts(app.db, request.shipperId, request.query),
  );

  app.get(
    '/v2/stop-list',
    {
      // Dropped when the stop lists change (their triggers announce 'catalogue'), or a branch does.
      config: cachedRead(['catalogue', 'branches']),
      schema: {
        tags: ['catalogue'],
        summary:
          "A branch's live state: stopped products and modifiers, its menu's fingerprint, its pauses and hours",
        description:
          'Read every few seconds by open storefront pages to follow the staff side: a change of the stop lists or of `menu_version` (a price, a product on or off the menu) renders the page again; the pauses and the working hours close ordering.',
        querystring: ZBranchStopsQuery,
        response: { 200: ZBranchStopsResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getBranchStops(app.db, request.shipperId, request.query.branch_id),
  );
}
