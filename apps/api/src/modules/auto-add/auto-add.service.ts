import type { TAutoAddResponse } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { loadProductExtras } from '../products/products.repository.ts';
import { assertMenu } from '../products/products.service.ts';
import { toAutoAddResponse } from './auto-add.mapper.ts';
import { listAutoAdd } from './auto-add.repository.ts';

/**
 * Products the cart gets by itself for an order (napkins on delivery). Without delivery_type or
 * order_price the rules are not narrowed by them, so the client can apply them itself.
 */
export async function getAutoAddProducts(
  db: DbOrTx,
  shipperId: string,
  query: { menu_id?: string; delivery_type?: 'delivery' | 'self-pickup'; order_price?: number },
): Promise<TAutoAddResponse> {
  if (query.menu_id) await assertMenu(db, shipperId, query.menu_id);
  const rows = await listAutoAdd(db, {
    shipperId,
    menuId: query.menu_id,
    deliveryType: query.delivery_type,
    orderPrice: query.order_price,
  });
  const extras = await loadProductExtras(
    db,
    rows.map((r) => r.product.id),
  );
  return toAutoAddResponse(rows, extras);
}

/** What deciding a placed order's auto-added lines needs to know of a line. */
type LineShape = {
  productId: string;
  type: string;
  variants: readonly unknown[];
  modifiers: readonly unknown[];
};

/**
 * Which lines of an order being placed are the chain's auto-add products (napkins on delivery) rather
 * than dishes the customer chose: a plain line (no size, pick or modifier) of a product whose rule
 * applies to this order (its order type, its menu, its goods sum), as GET /v3/auto-add-product gave
 * it to the cart. The order stores the answer on each line (`order_lines.auto_added`); such lines are
 * not offered for rating.
 */
export async function autoAddedLines(
  db: DbOrTx,
  order: { shipperId: string; menuId: string; deliveryType: 'delivery' | 'self-pickup'; goodsPrice: number },
  lines: readonly LineShape[],
): Promise<boolean[]> {
  const rows = await listAutoAdd(db, {
    shipperId: order.shipperId,
    menuId: order.menuId,
    deliveryType: order.deliveryType,
    orderPrice: order.goodsPrice,
  });
  return autoAddedFlags(
    lines,
    new Map(rows.map((r) => [r.product.id, r.rule.minOrderPrice])),
    order.goodsPrice,
  );
}

/**
 * The same answer as autoAddedLines from what the caller read with the lines' products (placing an
 * order, in its products' statement, AUTO_ADD_MIN_ORDER_PRICE below): for each active product on the
 * order's menu, the lowest `min_order_price` of the chain's rules for it that apply to the order type.
 */
export function autoAddedFlags(
  lines: readonly LineShape[],
  lowestMinimum: ReadonlyMap<string, number>,
  goodsPrice: number,
): boolean[] {
  return lines.map((l) => {
    const minimum = lowestMinimum.get(l.productId);
    return (
      l.type === 'simple' &&
      l.variants.length === 0 &&
      l.modifiers.length === 0 &&
      minimum !== undefined &&
      minimum <= goodsPrice
    );
  });
}
