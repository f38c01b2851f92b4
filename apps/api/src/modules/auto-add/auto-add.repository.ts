import { and, asc, eq, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { autoAddProducts, menuProducts, products } from '../../db/schema/index.ts';

export type AutoAddFilter = {
  shipperId: string;
  menuId?: string;
  deliveryType?: 'delivery' | 'self-pickup';
  orderPrice?: number;
};

/** The rules that apply, each with its product at the menu's price (or the product's own). */
export async function listAutoAdd(db: DbOrTx, filter: AutoAddFilter) {
  const conditions: SQL[] = [eq(autoAddProducts.shipperId, filter.shipperId), eq(products.isActive, true)];
  if (filter.deliveryType) {
    conditions.push(
      or(isNull(autoAddProducts.deliveryType), eq(autoAddProducts.deliveryType, filter.deliveryType)) as SQL,
    );
  }
  if (filter.orderPrice !== undefined) conditions.push(lte(autoAddProducts.minOrderPrice, filter.orderPrice));
  const where = and(...conditions);
  const order = asc(autoAddProducts.position);
  if (filter.menuId) {
    // With a menu, a rule whose product that menu does not sell does not apply.
    const rows = await db
      .select({ rule: autoAddProducts, product: products, price: menuProducts.price })
      .from(autoAddProducts)
      .innerJoin(products, eq(products.id, autoAddProducts.productId))
      .innerJoin(
        menuProducts,
        and(eq(menuProducts.productId, products.id), eq(menuProducts.menuId, filter.menuId)),
      )
      .where(where)
      .orderBy(order);
    return rows.map((r) => ({ rule: r.rule, product: { ...r.product, price: r.price } }));
  }
  const rows = await db
    .select({ rule: autoAddProducts, product: products })
    .from(autoAddProducts)
    .innerJoin(products, eq(products.id, autoAddProducts.productId))
    .where(where)
    .orderBy(order);
  return rows.map((r) => ({ rule: r.rule, product: { ...r.product, price: r.product.outPrice } }));
}
