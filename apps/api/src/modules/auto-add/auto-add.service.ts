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
