import type { TModifierResponse } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { findProductById } from '../products/products.repository.ts';
import { productNotFound } from '../products/products.service.ts';
import { toModifierResponse } from './modifiers.mapper.ts';
import { findStoppedModifiers, listModifiers } from './modifiers.repository.ts';

/**
 * A variant (a size) is ordered with the modifiers of its origin product. With `branchId`, those on
 * that branch's modifier stop list are marked `in_stop` (an unknown branch has none stopped).
 */
export async function getModifiers(
  db: DbOrTx,
  shipperId: string,
  productId: string,
  branchId?: string,
): Promise<TModifierResponse> {
  const product = await findProductById(db, shipperId, productId.toLowerCase());
  if (!product?.isActive) throw productNotFound();
  const rows = await listModifiers(db, product.parentId ?? product.id);
  const ids = [...rows.singles.map((m) => m.id), ...rows.groups.flatMap((g) => g.variants.map((v) => v.id))];
  const stopped = branchId ? await findStoppedModifiers(db, branchId.toLowerCase(), ids) : new Set<string>();
  return toModifierResponse(rows, stopped);
}
