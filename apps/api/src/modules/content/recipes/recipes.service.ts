import type { TRecipe } from '@app/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { offsetOf } from '../../../db/query-helpers.ts';
import { apiError } from '../../../http/errors.ts';
import { toRecipe } from './recipes.mapper.ts';
import { findRecipe, listRecipes } from './recipes.repository.ts';

export async function getRecipes(
  db: DbOrTx,
  shipperId: string,
  query: { page: number; limit: number },
): Promise<{ count: number; recipes: TRecipe[] }> {
  const { rows, count } = await listRecipes(db, {
    shipperId,
    offset: offsetOf(query.page, query.limit),
    limit: query.limit,
  });
  return { count, recipes: rows.map(toRecipe) };
}

export async function getRecipe(db: DbOrTx, shipperId: string, idOrSlug: string): Promise<TRecipe> {
  const row = await findRecipe(db, { shipperId, idOrSlug });
  if (!row) throw apiError(404, 'RECIPE_NOT_FOUND');
  return toRecipe(row);
}
