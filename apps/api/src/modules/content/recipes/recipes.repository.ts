import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { byIdOrSlug } from '../../../db/query-helpers.ts';
import { type RecipeRow, recipes } from '../../../db/schema/content.ts';

export async function listRecipes(
  db: DbOrTx,
  params: { shipperId: string; offset: number; limit: number },
): Promise<{ rows: RecipeRow[]; count: number }> {
  const where = eq(recipes.shipperId, params.shipperId);
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(recipes)
      .where(where)
      .orderBy(asc(recipes.position), asc(recipes.slug))
      .limit(params.limit)
      .offset(params.offset),
    db.$count(recipes, where),
  ]);
  return { rows, count };
}

export async function findRecipe(
  db: DbOrTx,
  params: { shipperId: string; idOrSlug: string },
): Promise<RecipeRow | undefined> {
  const [row] = await db
    .select()
    .from(recipes)
    .where(
      and(eq(recipes.shipperId, params.shipperId), byIdOrSlug(recipes.id, recipes.slug, params.idOrSlug)),
    )
    .limit(1);
  return row;
}
