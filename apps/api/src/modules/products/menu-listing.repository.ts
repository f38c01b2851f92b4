import { soldOnMenu } from '@app/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { menuProducts, products } from '../../db/schema/index.ts';
import { listedConditions, type PricedProduct } from './products.repository.ts';

/*
 * The menu page's listing (`GET /v2/menu-products`): every product a menu sells, with what its card's
 * 'Unavailable' mark reads beside a branch's stop lists, in one query of the products (and one of the
 * menu's sizes). The mark itself is products.mapper.ts' `toMenuProduct`.
 */

/**
 * A product of a menu's page: an origin product carries the sizes the menu sells (domain `MenuDish`),
 * a combo its groups' options (domain `ComboOptionIds`) and every product its required modifier
 * choices (domain `RequiredModifierIds`), which its card's stop mark reads.
 */
export type MenuListedProduct = PricedProduct & {
  sizeIds: string[];
  comboOptionIds: string[][];
  requiredModifierIds: string[][];
};

/**
 * A combo's groups, each as its options' product ids (those whose product is active), in the chain's
 * order: findComboGroups' groups and options (what the product page offers and ordering accepts),
 * ids only. Null for a product that is not a combo; `[]` for a combo without groups, and `[]` for a
 * group whose every option is switched off (kept: the combo cannot be ordered).
 */
const comboOptionIdsSql = sql<string[][] | null>`case when ${products.type} = 'combo' then (
  select coalesce(json_agg((
    select coalesce(json_agg(o.product_id order by o.position, o.id), '[]'::json)
    from combo_group_options o join products op on op.id = o.product_id and op.is_active
    where o.group_id = cg.id
  ) order by cg.position, cg.id), '[]'::json)
  from combo_groups cg where cg.product_id = ${products.id}) end`;

/**
 * The product's required modifier choices (domain `requiredModifierIds`, from the rows ordering reads):
 * each compulsory single modifier as `[its id]`, then each group that needs a choice (min_amount > 0)
 * as its variants' ids; a group without variants is left out (never offered, never required). A
 * product's own modifiers: an origin product's sizes are ordered with them.
 */
const requiredModifierIdsSql = sql<string[][]>`(
  select coalesce(json_agg(r.ids order by r.kind, r.position, r.id), '[]'::json)
  from (
    select 0 as kind, sm.position, sm.id, json_build_array(sm.id) as ids
    from single_modifiers sm
    where sm.product_id = ${products.id} and sm.is_compulsory
    union all
    select 1, gm.position, gm.id, json_agg(v.id order by v.position, v.id)
    from group_modifiers gm join group_modifier_variants v on v.group_id = gm.id
    where gm.product_id = ${products.id} and gm.min_amount > 0
    group by gm.id, gm.position
  ) r)`;

/**
 * Every product a menu sells (not variants, nor an origin product with no size on it: domain
 * `soldOnMenu`), at the menu's price, in menu order; each origin product with its active sizes on the
 * menu (cheapest first, as its page lists them), each combo with its groups' options and each product
 * with its required modifiers, which its card's stop mark reads (domain `menuDishStopped`,
 * `comboPicksStopped`, `requiredModifiersStopped`). The menu's sizes are read once: they give the
 * origin products their sizes and leave out those with none, in code.
 */
export async function listMenuProducts(
  db: DbOrTx,
  shipperId: string,
  menuId: string,
): Promise<MenuListedProduct[]> {
  const onMenu = and(eq(menuProducts.productId, products.id), eq(menuProducts.menuId, menuId));
  const [rows, sizeRows] = await Promise.all([
    db
      .select({
        product: products,
        price: menuProducts.price,
        comboOptionIds: comboOptionIdsSql,
        requiredModifierIds: requiredModifierIdsSql,
      })
      .from(products)
      .innerJoin(menuProducts, onMenu)
      .where(and(...listedConditions(shipperId)))
      .orderBy(asc(products.position), asc(products.slug)),
    db
      .select({ id: products.id, parentId: products.parentId })
      .from(products)
      .innerJoin(menuProducts, onMenu)
      .where(
        and(eq(products.shipperId, shipperId), isNotNull(products.parentId), eq(products.isActive, true)),
      )
      .orderBy(asc(products.outPrice), asc(products.slug)),
  ]);
  const sizeIds = new Map<string, string[]>();
  for (const size of sizeRows) {
    if (size.parentId === null) continue;
    const list = sizeIds.get(size.parentId) ?? [];
    list.push(size.id);
    sizeIds.set(size.parentId, list);
  }
  return rows.flatMap((r) => {
    const dish = {
      ...r.product,
      price: r.price,
      sizeIds: r.product.type === 'origin' ? (sizeIds.get(r.product.id) ?? []) : [],
      comboOptionIds: r.comboOptionIds ?? [],
      requiredModifierIds: r.requiredModifierIds,
    };
    // On the menu (the inner join), and sold there: an origin product with a size on it.
    return soldOnMenu(dish, true) ? [dish] : [];
  });
}
