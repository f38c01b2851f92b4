import type { TProductDetail, TProductListResponse, TProductSummary } from '@app/contracts';
import { soldOnMenu } from '@app/domain';
import type { DbOrTx } from '../../db/client.ts';
import { offsetOf } from '../../db/query-helpers.ts';
import { apiError } from '../../http/errors.ts';
import {
  pickFields,
  toComboGroup,
  toProductDetail,
  toProductSummary,
  toProductVariant,
} from './products.mapper.ts';
import {
  findComboGroups,
  findProduct,
  isOnAnyMenu,
  listProducts,
  listVariants,
  loadProductExtras,
  menuExists,
  menuPrices,
  type ProductType,
} from './products.repository.ts';
import { productSearch } from './products.search.ts';

export type ProductListInput = {
  page: number;
  limit: number;
  search?: string;
  fields?: (keyof TProductSummary)[];
  product_types?: ProductType[];
  menu_id?: string;
};

export const menuNotFound = () => apiError(404, 'MENU_NOT_FOUND');
export const productNotFound = () => apiError(404, 'PRODUCT_NOT_FOUND');

export async function assertMenu(db: DbOrTx, shipperId: string, menuId: string): Promise<void> {
  if (!(await menuExists(db, shipperId, menuId))) throw menuNotFound();
}

export async function getProducts(
  db: DbOrTx,
  shipperId: string,
  input: ProductListInput,
): Promise<TProductListResponse> {
  if (input.menu_id) await assertMenu(db, shipperId, input.menu_id);
  const { rows, count } = await listProducts(db, {
    shipperId,
    search: productSearch(input.search),
    types: input.product_types,
    menuId: input.menu_id,
    offset: offsetOf(input.page, input.limit),
    limit: input.limit,
  });
  const extras = await loadProductExtras(
    db,
    rows.map((r) => r.id),
  );
  return { count, products: rows.map((row) => pickFields(toProductSummary(row, extras), input.fields)) };
}

/**
 * One product by id or slug, variants included (a cart line names the variant). With a menu,
 * prices are that menu's and `active_in_menu` says whether the menu sells it.
 */
export async function getProduct(
  db: DbOrTx,
  shipperId: string,
  idOrSlug: string,
  menuId?: string,
): Promise<TProductDetail> {
  if (menuId) await assertMenu(db, shipperId, menuId);
  const row = await findProduct(db, shipperId, idOrSlug);
  // A size is ordered only through its origin product (the cart line names it as the variant), so
  // it has no page of its own: ordering it alone would be refused (PRODUCT_VARIANT_INVALID).
  if (!row?.isActive || row.parentId !== null) throw productNotFound();
  const [variants, groups, extras] = await Promise.all([
    row.type === 'origin' ? listVariants(db, row.id) : Promise.resolve([]),
    row.type === 'combo'
      ? findComboGroups(db, [row.id]).then((byCombo) => byCombo.get(row.id) ?? [])
      : Promise.resolve([]),
    loadProductExtras(db, row.parentId ? [row.id, row.parentId] : [row.id]),
  ]);
  const prices = menuId ? await menuPrices(db, menuId, [row.id, ...variants.map((v) => v.id)]) : undefined;
  const price = prices?.get(row.id) ?? row.outPrice;
  // With a menu, only the sizes it sells, at its prices: ordering refuses any other
  // (PRODUCT_NOT_ON_MENU). An origin product with no size left on it is not sold there either
  // (domain `soldOnMenu`; the menu's listings leave it out).
  const sizes = prices
    ? variants.flatMap((v) => {
        const sizePrice = prices.get(v.id);
        return sizePrice === undefined ? [] : [toProductVariant(v, sizePrice)];
      })
    : variants.map((v) => toProductVariant(v, v.outPrice));
  const activeInMenu = prices
    ? soldOnMenu({ type: row.type, sizeIds: sizes.map((s) => s.id) }, prices.has(row.id))
    : await isOnAnyMenu(db, row.id);
  return toProductDetail({ ...row, price }, extras, {
    activeInMenu,
    variants: sizes,
    comboGroups: groups.map(toComboGroup),
  });
}
