import { ZApiError, ZContentListQuery, ZContentParams, ZRecipe, ZRecipeListResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cachedRead } from '../../../cache/read-cache.ts';
import { getRecipe, getRecipes } from './recipes.service.ts';

export async function recipeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v2/recipes',
    {
      config: cachedRead(['content']),
      schema: {
        tags: ['content'],
        summary: 'Recipes of the chain',
        querystring: ZContentListQuery,
        response: { 200: ZRecipeListResponse, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getRecipes(app.db, request.shipperId, request.query),
  );

  app.get(
    '/v2/recipes/:id',
    {
      config: cachedRead(['content']),
      schema: {
        tags: ['content'],
        summary: 'One recipe by id or slug',
        params: ZContentParams,
        response: { 200: ZRecipe, 400: ZApiError, 404: ZApiError },
      },
    },
    async (request) => getRecipe(app.db, request.shipperId, request.params.id),
  );
}
