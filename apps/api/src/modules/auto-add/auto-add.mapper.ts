import type { TAutoAddResponse } from '@app/contracts';
import { toProductSummary } from '../products/products.mapper.ts';
import type { ProductExtras } from '../products/products.repository.ts';
import type { listAutoAdd } from './auto-add.repository.ts';

export function toAutoAddResponse(
  rows: Awaited<ReturnType<typeof listAutoAdd>>,
  extras: ProductExtras,
): TAutoAddResponse {
  return {
    products: rows.map(({ rule, product }) => ({
      product: toProductSummary(product, extras),
      quantity: rule.quantity,
      delivery_type: rule.deliveryType,
      min_order_price: rule.minOrderPrice,
    })),
  };
}
