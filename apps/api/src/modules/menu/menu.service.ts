import type { TBranchStopsResponse, TMenuProduct, TMenuProductsResponse } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { apiError } from '../../http/errors.ts';
import { listMenuProducts } from '../products/menu-listing.repository.ts';
import { toMenuProduct } from '../products/products.mapper.ts';
import { loadProductExtras } from '../products/products.repository.ts';
import { assertMenu } from '../products/products.service.ts';
import { toMenuProductsResponse } from './menu.mapper.ts';
import {
  findBranchMenu,
  listCategoriesWithProducts,
  listTags,
  menuVersion,
  stoppedModifierIds,
  stoppedProductIds,
} from './menu.repository.ts';

/**
 * What the menu page renders: a menu's categories with their products at that menu's prices.
 * With a branch, its stop lists (products and modifiers) mark products `in_stop` when nothing of
 * them can be ordered there (products.mapper.ts' `toMenuProduct`); a branch alone means the branch's
 * menu.
 */
export async function getMenuProducts(
  db: DbOrTx,
  shipperId: string,
  query: { menu_id?: string; branch_id?: string },
): Promise<TMenuProductsResponse> {
  let menuId = query.menu_id;
  let stopped = new Set<string>();
  let stoppedModifiers = new Set<string>();
  if (query.branch_id) {
    const branch = await findBranchMenu(db, shipperId, query.branch_id);
    if (!branch) throw apiError(404, 'BRANCH_NOT_FOUND');
    menuId ??= branch.menuId;
    // Its modifier stop list too: a stopped compulsory modifier leaves a dish nothing to order.
    const [productIds, modifierIds] = await Promise.all([
      stoppedProductIds(db, branch.id),
      stoppedModifierIds(db, branch.id),
    ]);
    stopped = productIds;
    stoppedModifiers = new Set(modifierIds);
  }
  if (!menuId) throw apiError(404, 'MENU_NOT_FOUND');
  await assertMenu(db, shipperId, menuId);
  const [rows, categories, tags] = await Promise.all([
    listMenuProducts(db, shipperId, menuId),
    listCategoriesWithProducts(db, shipperId),
    listTags(db, shipperId),
  ]);
  const extras = await loadProductExtras(
    db,
    rows.map((r) => r.id),
  );
  const products = new Map<string, TMenuProduct>(
    rows.map((row) => [row.id, toMenuProduct(row, extras, stopped, stoppedModifiers)]),
  );
  return toMenuProductsResponse({ menuId, branchId: query.branch_id ?? null, categories, products, tags });
}

/**
 * A branch's live state (issue 13): what an open storefront page reads every few seconds to follow the
 * staff side: its stop lists (cards, product page, modifiers and cart lines 'Unavailable'), its menu's
 * fingerprint (a new price) and its pauses (closed, or deliveries paused, with the time it reopens).
 * Ids sorted, so equal lists compare equal.
 */
export async function getBranchStops(
  db: DbOrTx,
  shipperId: string,
  branchId: string,
): Promise<TBranchStopsResponse> {
  const branch = await findBranchMenu(db, shipperId, branchId);
  if (!branch) throw apiError(404, 'BRANCH_NOT_FOUND');
  const [products, modifierIds, version] = await Promise.all([
    stoppedProductIds(db, branch.id),
    stoppedModifierIds(db, branch.id),
    menuVersion(db, branch.menuId),
  ]);
  return {
    branch_id: branch.id,
    product_ids: [...products].sort(),
    modifier_ids: modifierIds,
    menu_version: version,
    paused_until: branch.pausedUntil?.toISOString() ?? null,
    delivery_paused_until: branch.deliveryPausedUntil?.toISOString() ?? null,
    work_hour_start: branch.workHourStart,
    work_hour_end: branch.workHourEnd,
  };
}
