import type { TRecipe } from '@app/contracts';
import type { RecipeRow } from '../../../db/schema/content.ts';

export function toRecipe(row: RecipeRow): TRecipe {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    image: row.image,
    cooking_time: row.cookingTime,
    servings: row.servings,
    ingredients: row.ingredients,
    steps: row.steps,
  };
}
