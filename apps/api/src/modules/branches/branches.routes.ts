import { ZApiError, ZBranch, ZBranchListQuery, ZBranchListResponse, ZBranchParams } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../cache/read-cache.ts';
import { getBranch, getBranches } from './branches.service.ts';

export async function branchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/branches',
    {
      config: cachedRead(['branches']),
      schema: {
        tags: ['branches'],
        summary: 'Restaurants (up to 100 a page), optionally of one city or only active ones',
        querystring: ZBranchListQuery,
        response: { 200: ZBranchListResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getBranches(app.db, request.shipperId, request.query),
  );

  app.get(
    '/v1/branches/:id',
    {
      config: cachedRead(['branches']),
      schema: {
        tags: ['branches'],
        summary: 'One restaurant by id or slug',
        params: ZBranchParams,
        response: { 200: ZBranch, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getBranch(app.db, request.shipperId, request.params.id),
  );
}
