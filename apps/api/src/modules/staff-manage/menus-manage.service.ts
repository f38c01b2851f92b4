import type { TStaffMenuProductsResponse } from '@app/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { menuProducts, menus, products } from '../../db/schema/index.ts';
import { apiError } from '../../http/errors.ts';
import { recordAudit } from '../staff/audit.ts';
import type { ManageDeps } from './branches-manage.service.ts';
import { requireChainManager, type Staff } from './staff-manage.access.ts';

type MenuProductPrice = TStaffMenuProductsResponse['products'][number];

/**
 * Menus and their prices (issue 13): a chain manager's (menus are shared by branches, so a branch's
 * manager may not change them). A price is a `menu_products` row; no row: not sold on that menu.
 */

async function findMenu(db: DbOrTx, shipperId: string, menuId: string) {
  const [row] = await db
    .select()
    .from(menus)
    .where(and(eq(menus.shipperId, shipperId), eq(menus.id, menuId)))
    .limit(1);
  if (!row) throw apiError(404, 'MENU_NOT_FOUND');
  return row;
}

/** GET /v1/staff/menus. */
export async function listMenus(deps: ManageDeps, staff: Staff) {
  requireChainManager(staff);
  const rows = await deps.db
    .select({ id: menus.id, key: menus.key, name: menus.name })
    .from(menus)
    .where(eq(menus.shipperId, staff.shipperId))
    .orderBy(asc(menus.key));
  return { menus: rows };
}

/**
 * GET /v1/staff/menus/{id}/products: every active product of the chain (sizes after their origin)
 * with its price on this menu, or null where it is not sold there.
 */
export async function listMenuPrices(
  deps: ManageDeps,
  staff: Staff,
  menuId: string,
): Promise<TStaffMenuProductsResponse> {
  requireChainManager(staff);
  const menu = await findMenu(deps.db, staff.shipperId, menuId);
  const rows = await deps.db
    .select({
      id: products.id,
      parentId: products.parentId,
      title: products.title,
      price: menuProducts.price,
    })
    .from(products)
    .leftJoin(menuProducts, and(eq(menuProducts.productId, products.id), eq(menuProducts.menuId, menu.id)))
    .where(and(eq(products.shipperId, staff.shipperId), eq(products.isActive, true)))
    .orderBy(asc(products.position), asc(products.slug));
  const sizesOf = new Map<string, typeof rows>();
  for (const r of rows) {
    if (r.parentId !== null) sizesOf.set(r.parentId, [...(sizesOf.get(r.parentId) ?? []), r]);
  }
  const ordered = rows.filter((r) => r.parentId === null).flatMap((r) => [r, ...(sizesOf.get(r.id) ?? [])]);
  return {
    menu_id: menu.id,
    products: ordered.map((r) => ({ product_id: r.id, title: r.title, price: r.price })),
  };
}

async function findProductForPrice(db: DbOrTx, shipperId: string, productId: string) {
  const [row] = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(and(eq(products.shipperId, shipperId), eq(products.id, productId)))
    .limit(1);
  if (!row) throw apiError(404, 'PRODUCT_NOT_FOUND');
  return row;
}

async function priceOn(db: DbOrTx, menuId: string, productId: string): Promise<number | null> {
  const [row] = await db
    .select({ price: menuProducts.price })
    .from(menuProducts)
    .where(and(eq(menuProducts.menuId, menuId), eq(menuProducts.productId, productId)))
    .for('update');
  return row?.price ?? null;
}

/**
 * Sells the product on the menu at `price`, or no longer (null), in one transaction with its audit
 * row; nothing is written (nor audited) when the menu already says so. Customers' menus and quotes
 * follow (menu_products announces its changes).
 */
async function changeMenuPrice(
  deps: ManageDeps,
  staff: Staff,
  params: { menuId: string; productId: string; price: number | null },
): Promise<MenuProductPrice> {
  requireChainManager(staff);
  const now = deps.clock();
  const { price } = params;
  return deps.db.transaction(async (tx) => {
    const menu = await findMenu(tx, staff.shipperId, params.menuId);
    const product = await findProductForPrice(tx, staff.shipperId, params.productId);
    const before = await priceOn(tx, menu.id, product.id);
    if (before !== price) {
      if (price === null) {
        await tx
          .delete(menuProducts)
          .where(and(eq(menuProducts.menuId, menu.id), eq(menuProducts.productId, product.id)));
      } else {
        await tx
          .insert(menuProducts)
          .values({ menuId: menu.id, productId: product.id, price })
          .onConflictDoUpdate({ target: [menuProducts.menuId, menuProducts.productId], set: { price } });
      }
      await recordAudit(
        tx,
        staff,
        {
          action: price === null ? 'menu-price.remove' : 'menu-price.set',
          targetType: 'menu-product',
          targetId: `${menu.id}:${product.id}`,
          branchId: null,
          before: { menu_id: menu.id, product_id: product.id, price: before },
          after: { menu_id: menu.id, product_id: product.id, price },
        },
        now,
      );
    }
    return { product_id: product.id, title: product.title, price };
  });
}

/** PUT /v1/staff/menus/{id}/products/{productId}: sell it on the menu at `price` (added, or changed). */
export const setMenuPrice = (
  deps: ManageDeps,
  staff: Staff,
  params: { menuId: string; productId: string; price: number },
): Promise<MenuProductPrice> => changeMenuPrice(deps, staff, params);

/** DELETE /v1/staff/menus/{id}/products/{productId}: no longer sold on that menu. */
export const removeMenuPrice = (
  deps: ManageDeps,
  staff: Staff,
  params: { menuId: string; productId: string },
): Promise<MenuProductPrice> => changeMenuPrice(deps, staff, { ...params, price: null });
