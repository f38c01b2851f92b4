import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  branches,
  deliveryFares,
  deliveryZones,
  groupModifiers,
  groupModifierVariants,
  idempotencyKeys,
  menuProducts,
  orderLines,
  orderStatusHistory,
  orders,
  products,
  shippers,
  singleModifiers,
} from '../../db/schema/index.ts';
import type { ZoneWithBranches } from '../zones/zones.repository.ts';

export type OrderPlaceRows = {
  shipper: typeof shippers.$inferSelect;
  /** Undefined: no branch of this shipper has that id. */
  branch: typeof branches.$inferSelect | undefined;
  /** Undefined: no zone asked for, or no active zone of this shipper has that id. */
  zone: ZoneWithBranches | undefined;
  /** The zone's fare; undefined: none (or no zone asked for). */
  fare: typeof deliveryFares.$inferSelect | undefined;
};

/**
 * The shipper, the branch, and for a delivery the zone (with the branches serving it, in the
 * chain's branch order, as zones.repository's listActiveZones gives it) and its fare: what placing
 * and quoting check first, read in ONE statement instead of five (issue 11, docs/perf/orders.md).
 * Undefined when the shipper does not exist. The callers run the same checks on the rows as before.
 */
export async function findPlaceRows(
  db: DbOrTx,
  shipperId: string,
  branchId: string,
  zoneId: string | null,
): Promise<OrderPlaceRows | undefined> {
  const zoneOn = zoneId
    ? and(
        eq(deliveryZones.shipperId, shippers.id),
        eq(deliveryZones.id, zoneId),
        eq(deliveryZones.isActive, true),
      )
    : sql`false`;
  const fareOn = zoneId
    ? and(eq(deliveryFares.shipperId, shippers.id), eq(deliveryFares.zoneId, zoneId))
    : sql`false`;
  const [row] = await db
    .select({
      shipper: shippers,
      branch: branches,
      zone: deliveryZones,
      fare: deliveryFares,
      // A text[] (uuid[] has no parser in node-postgres; text[] parses the same in both drivers).
      // Qualified by hand: the subquery's columns must not be read as the outer query's.
      zoneBranchIds: sql<
        string[] | null
      >`array(select zb.branch_id::text from delivery_zone_branches zb join branches zbb on zbb.id = zb.branch_id where zb.zone_id = "delivery_zones"."id" order by zbb.position, zbb.slug)`,
    })
    .from(shippers)
    .leftJoin(branches, and(eq(branches.shipperId, shippers.id), eq(branches.id, branchId)))
    .leftJoin(deliveryZones, zoneOn)
    .leftJoin(deliveryFares, fareOn)
    .where(eq(shippers.id, shipperId))
    .limit(1);
  if (!row) return undefined;
  return {
    shipper: row.shipper,
    branch: row.branch ?? undefined,
    zone: row.zone ? { ...row.zone, branchIds: row.zoneBranchIds ?? [] } : undefined,
    fare: row.fare ?? undefined,
  };
}

export type OrderProductRow = typeof products.$inferSelect;

/**
 * The chain's active products among `ids` and the active sizes (variants) of the origin products
 * among them, keyed by id; with, in the same statement, each one's price on the branch's menu (absent:
 * not sold there) and whether it is on the branch's stop list.
 */
export async function findOrderProducts(
  db: DbOrTx,
  shipperId: string,
  branch: { id: string; menuId: string },
  ids: string[],
  deliveryType: 'delivery' | 'self-pickup',
): Promise<{
  products: Map<string, OrderProductRow>;
  prices: Map<string, number>;
  stopped: Set<string>;
  /** Each product's categories (a variant's are its parent's), as the discounts read them. */
  categoryIds: Map<string, string[]>;
  /**
   * Products with an auto-add rule for this order type, on the menu: the lowest min_order_price of
   * those rules (auto-add.service's autoAddedFlags decides with it, as autoAddedLines would).
   */
  autoAddMinimum: Map<string, number>;
}> {
  const found = {
    products: new Map<string, OrderProductRow>(),
    prices: new Map<string, number>(),
    stopped: new Set<string>(),
    categoryIds: new Map<string, string[]>(),
    autoAddMinimum: new Map<string, number>(),
  };
  if (!ids.length) return found;
  const rows = await db
    .select({
      product: products,
      price: menuProducts.price,
      // Qualified by hand: the subquery's columns must not be read as the outer query's.
      inStop: sql<boolean>`exists (select 1 from branch_stop_list s where s.branch_id = ${branch.id} and s.product_id = "products"."id")`,
      // What pricing's findProductFacts reads, here so that the discounts need not read it again.
      // text[]: uuid[] has no parser in node-postgres; text[] parses the same in both drivers.
      categoryIds: sql<
        string[]
      >`array(select pc.category_id::text from product_categories pc where pc.product_id = coalesce("products"."parent_id", "products"."id"))`,
      // auto-add.repository's listAutoAdd with a menu, order type and goods sum, for these products.
      autoAddMinimum: sql<
        number | null
      >`(select min(a.min_order_price) from auto_add_products a where a.shipper_id = ${shipperId} and a.product_id = "products"."id" and (a.delivery_type is null or a.delivery_type = ${deliveryType}))`,
    })
    .from(products)
    .leftJoin(
      menuProducts,
      and(eq(menuProducts.menuId, branch.menuId), eq(menuProducts.productId, products.id)),
    )
    .where(
      and(
        eq(products.shipperId, shipperId),
        eq(products.isActive, true),
        or(inArray(products.id, ids), inArray(products.parentId, ids)),
      ),
    );
  for (const { product, price, inStop, categoryIds, autoAddMinimum } of rows) {
    found.products.set(product.id, product);
    found.categoryIds.set(product.id, categoryIds);
    // A rule whose product the menu does not sell does not apply (listAutoAdd's inner join).
    if (autoAddMinimum !== null && price !== null)
      found.autoAddMinimum.set(product.id, Number(autoAddMinimum));
    if (price !== null) found.prices.set(product.id, price);
    if (inStop) found.stopped.add(product.id);
  }
  return found;
}

export type ModifierRows = {
  singles: (typeof singleModifiers.$inferSelect)[];
  groups: (typeof groupModifiers.$inferSelect & {
    variants: (typeof groupModifierVariants.$inferSelect)[];
  })[];
};

/**
 * The modifiers of several products in two statements: the single ones, and the groups joined with
 * their variants (modules/modifiers reads one product's).
 */
export async function findModifiers(db: DbOrTx, productIds: string[]): Promise<Map<string, ModifierRows>> {
  const byProduct = new Map<string, ModifierRows>(productIds.map((id) => [id, { singles: [], groups: [] }]));
  if (!productIds.length) return byProduct;
  // One after another: inside a transaction the queries share one connection.
  const singles = await db
    .select()
    .from(singleModifiers)
    .where(inArray(singleModifiers.productId, productIds))
    .orderBy(asc(singleModifiers.position));
  const groupRows = await db
    .select({ group: groupModifiers, variant: groupModifierVariants })
    .from(groupModifiers)
    .leftJoin(groupModifierVariants, eq(groupModifierVariants.groupId, groupModifiers.id))
    .where(inArray(groupModifiers.productId, productIds))
    .orderBy(asc(groupModifiers.position), asc(groupModifiers.id), asc(groupModifierVariants.position));
  for (const single of singles) byProduct.get(single.productId)?.singles.push(single);
  const groups = new Map<string, ModifierRows['groups'][number]>();
  for (const { group, variant } of groupRows) {
    let entry = groups.get(group.id);
    if (!entry) {
      entry = { ...group, variants: [] };
      groups.set(group.id, entry);
      byProduct.get(group.productId)?.groups.push(entry);
    }
    if (variant) entry.variants.push(variant);
  }
  return byProduct;
}

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'externalOrderId'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;

/**
 * The order, its lines and its first status, in the caller's transaction and in one statement (data-
 * modifying WITH clauses; the lines' and the status's foreign keys are checked at its end, when the
 * order is there). Its short number is `numberPrefix` and the next value of order_number_seq
 * (10001, 10002, ...): 'B-10001'.
 */
export async function insertOrder(
  tx: DbOrTx,
  order: NewOrder,
  numberPrefix: string,
  lines: NewOrderLine[],
  firstStatus: { status: string; at: Date },
): Promise<{ id: string; externalOrderId: string }> {
  const id = randomUUID();
  const insertOrderRow = tx
    .insert(orders)
    .values({
      ...order,
      id,
      externalOrderId: sql`${numberPrefix}::text || nextval('order_number_seq')::text`,
    })
    .returning({ externalOrderId: orders.externalOrderId });
  const insertHistory = tx.insert(orderStatusHistory).values({
    orderId: id,
    status: firstStatus.status,
    event: null,
    actor: 'server',
    staffId: null,
    createdAt: firstStatus.at,
  });
  const insertLines = lines.length
    ? sql`, l as (${tx
        .insert(orderLines)
        .values(lines.map((line) => ({ ...line, orderId: id })))
        .getSQL()})`
    : sql``;
  const result = await tx.execute(
    // getSQL(): a builder embedded as such would be parenthesised, which WITH does not take.
    sql`with o as (${insertOrderRow.getSQL()}), h as (${insertHistory.getSQL()})${insertLines} select external_order_id from o`,
  );
  // node-postgres and PGlite both answer { rows }.
  const [row] = (result as unknown as { rows: { external_order_id: string }[] }).rows;
  if (!row) throw new Error('insert into orders returned no row');
  return { id, externalOrderId: row.external_order_id };
}

// ---------------------------------------------------------------------------------------------
// Idempotency keys (idempotency.ts says how they are used)

/** Advisory-lock namespace of order keys (first key of pg_advisory_xact_lock(int, int); otp.repository.ts uses 31_001-31_002). */
const LOCK_ORDER_KEY = 31_010;

/**
 * Takes the key's transaction-scoped advisory lock if it is free; false when another transaction
 * holds it. Never waits. The second half of the lock is a 32-bit hash: two different keys in flight
 * at the same moment with the same hash make the later one answer 409 once, which a retry clears.
 */
export async function tryLockKey(tx: Tx, customerId: string, key: string): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${LOCK_ORDER_KEY}, hashtext(${`${customerId}:${key}`})) as locked`,
  );
  // node-postgres and PGlite both answer { rows }.
  const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
  return row?.locked === true;
}

export type AnsweredKey = { requestHash: string; responseStatus: number; responseBody: unknown };

/**
 * The key's answered row created since `since`, and, in the same statement, forgets the customer's
 * keys created before `since` (kept 24 hours). The forgetting skips rows another transaction has
 * locked, so it never makes an order wait. Rows without an answer (claims of the earlier design, see
 * idempotency.ts) count as absent.
 */
export async function findAnsweredKey(
  tx: Tx,
  params: { customerId: string; key: string; since: Date },
): Promise<AnsweredKey | undefined> {
  const { customerId, key } = params;
  // A raw query maps no values: the time goes as ISO text, read as timestamptz by both drivers.
  const since = params.since.toISOString();
  const result = await tx.execute(sql`
    with expired as (
      delete from idempotency_keys
      where customer_id = ${customerId}
        and key in (
          select key from idempotency_keys
          where customer_id = ${customerId} and created_at < ${since}::timestamptz
          for update skip locked
        )
    )
    select request_hash, response_status, response_body
    from idempotency_keys
    where customer_id = ${customerId} and key = ${key}
      and created_at >= ${since}::timestamptz and response_status is not null
  `);
  type Row = { request_hash: string; response_status: number; response_body: unknown };
  const [row] = (result as unknown as { rows: Row[] }).rows;
  return row
    ? { requestHash: row.request_hash, responseStatus: row.response_status, responseBody: row.response_body }
    : undefined;
}

/**
 * Writes the key's row with its answer, in the order's transaction. A row already there is one
 * `findAnsweredKey` read as absent (expired, or a claim without an answer): it is replaced.
 */
export async function saveAnsweredKey(tx: Tx, row: typeof idempotencyKeys.$inferInsert): Promise<void> {
  const { customerId: _customerId, key: _key, ...answer } = row;
  await tx
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoUpdate({ target: [idempotencyKeys.customerId, idempotencyKeys.key], set: answer });
}
