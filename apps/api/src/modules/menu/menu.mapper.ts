import type { TMenuCategory, TMenuProduct, TMenuProductsResponse } from '@app/contracts';
import type { CategoryRow, TagRow } from '../../db/schema/index.ts';

export function toMenuProductsResponse(input: {
  menuId: string;
  branchId: string | null;
  categories: (CategoryRow & { productIds: string[] })[];
  products: Map<string, TMenuProduct>;
  tags: TagRow[];
}): TMenuProductsResponse {
  const categories: TMenuCategory[] = [];
  for (const c of input.categories) {
    const products = c.productIds.flatMap((id) => input.products.get(id) ?? []);
    // A category with nothing on this menu is not shown at all.
    if (products.length) categories.push({ id: c.id, slug: c.slug, title: c.title, products });
  }
  const used = new Set([...input.products.values()].flatMap((p) => p.tags.map((t) => t.slug)));
  return {
    menu_id: input.menuId,
    branch_id: input.branchId,
    categories,
    tags: input.tags.filter((t) => used.has(t.slug)).map((t) => ({ slug: t.slug, title: t.title })),
  };
}
