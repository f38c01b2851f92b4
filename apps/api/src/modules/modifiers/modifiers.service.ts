import type { TModifierResponse } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { findProductById } from '../products/products.repository.ts';
import { productNotFound } from '../products/products.service.ts';
import { toModifierResponse } from './modifiers.mapper.ts';
import { listModifiers } from './modifiers.repository.ts';

/** A variant (a size) is ordered with the modifiers of its origin product. */
export async function getModifiers(
  db: DbOrTx,
  shipperId: string,
  productId: string,
): Promise<TModifierResponse> {
  const product = await findProductById(db, shipperId, productId.toLowerCase());
  if (!product?.isActive) throw productNotFound();
  return toModifierResponse(await listModifiers(db, product.parentId ?? product.id));
}
