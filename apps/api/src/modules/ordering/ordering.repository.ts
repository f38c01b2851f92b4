import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { outboxInsert } from '../../adapters/order-events/status-feed.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { pgArray, preparedQuery, preparedSql } from '../../db/prepared.ts';
import {
  branches,
  branchModifierStopList,
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
  /** What placing and quoting check of the chain (its whole row carries texts, logos and links). */
  shipper: Pick<typeof shippers.$inferSelect, 'id' | 'paymentTypes' | 'minimalOrderPrice'>;
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
const selectPlaceRows = preparedQuery<{ shipperId: string; branchId: string; zoneId: string | null }>()(
  (db, p) =>
    db
      .select({
        shipper: {
          id: shippers.id,
          paymentTypes: shippers.paymentTypes,
          minimalOrderPrice: shippers.minimalOrderPrice,
        },
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
      .leftJoin(branches, and(eq(branches.shipperId, shippers.id), eq(branches.id, p('branchId'))))
      // No zone asked for: the zone id is null, which equals nothing, so neither joins a row.
      .leftJoin(
        deliveryZones,
        and(
          eq(deliveryZones.shipperId, shippers.id),
          eq(deliveryZones.id, p('zoneId')),
          eq(deliveryZones.isActive, true),
        ),
      )
      .leftJoin(
        deliveryFares,
        and(eq(deliveryFares.shipperId, shippers.id), eq(deliveryFares.zoneId, p('zoneId'))),
      )
      .where(eq(shippers.id, p('shipperId')))
      .limit(1),
);

/** The place rows (selectPlaceRows above, built once: db/prepared.ts). */
export async function findPlaceRows(
  db: DbOrTx,
  shipperId: string,
  branchId: string,
  zoneId: string | null,
): Promise<OrderPlaceRows | undefined> {
  const [row] = await selectPlaceRows(db, { shipperId, branchId, zoneId });
  if (!row) return undefined;
  return {
    shipper: row.shipper,
    branch: row.branch ?? undefined,
    zone: row.zone ? { ...row.zone, branchIds: row.zoneBranchIds ?? [] } : undefined,
    fare: row.fare ?? undefined,
  };
}

/**
 * What pricing a line reads of a product: not its descriptions, ingredients, picture or search texts
 * (jsonb and long texts pg would parse on every order).
 */
export type OrderProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'parentId' | 'type' | 'title' | 'outPrice'
>;

const selectOrderProducts = preparedQuery<{
  shipperId: string;
  branchId: string;
  menuId: string;
  /** pgArray of the ids. */
  ids: string;
  deliveryType: 'delivery' | 'self-pickup';
}>()((db, p) =>
  db
    .select({
      product: {
        id: products.id,
        parentId: products.parentId,
        type: products.type,
        title: products.title,
        outPrice: products.outPrice,
      },
      price: menuProducts.price,
      // Qualified by hand: the subquery's columns must not be read as the outer query's.
      inStop: sql<boolean>`exists (select 1 from branch_stop_list s where s.branch_id = ${p('branchId')} and s.product_id = "products"."id")`,
      // What pricing's findProductFacts reads, here so that the discounts need not read it again.
      // text[]: uuid[] has no parser in node-postgres; text[] parses the same in both drivers.
      categoryIds: sql<
        string[]
      >`array(select pc.category_id::text from product_categories pc where pc.product_id = coalesce("products"."parent_id", "products"."id"))`,
      // auto-add.repository's listAutoAdd with a menu, order type and goods sum, for these products.
      autoAddMinimum: sql<
        number | null
      >`(select min(a.min_order_price) from auto_add_products a where a.shipper_id = ${p('shipperId')} and a.product_id = "products"."id" and (a.delivery_type is null or a.delivery_type = ${p('deliveryType')}))`,
    })
    .from(products)
    .leftJoin(
      menuProducts,
      and(eq(menuProducts.menuId, p('menuId')), eq(menuProducts.productId, products.id)),
    )
    .where(
      and(
        eq(products.shipperId, p('shipperId')),
        eq(products.isActive, true),
        sql`(${products.id} = any(${p('ids')}::uuid[]) or ${products.parentId} = any(${p('ids')}::uuid[]))`,
      ),
    ),
);

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
  const rows = await selectOrderProducts(db, {
    shipperId,
    branchId: branch.id,
    menuId: branch.menuId,
    ids: pgArray(ids),
    deliveryType,
  });
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

const selectSingleModifiers = preparedQuery<{ ids: string }>()((db, p) =>
  db
    .select()
    .from(singleModifiers)
    .where(sql`${singleModifiers.productId} = any(${p('ids')}::uuid[])`)
    .orderBy(asc(singleModifiers.position)),
);

const selectGroupModifiers = preparedQuery<{ ids: string }>()((db, p) =>
  db
    .select({ group: groupModifiers, variant: groupModifierVariants })
    .from(groupModifiers)
    .leftJoin(groupModifierVariants, eq(groupModifierVariants.groupId, groupModifiers.id))
    .where(sql`${groupModifiers.productId} = any(${p('ids')}::uuid[])`)
    .orderBy(asc(groupModifiers.position), asc(groupModifiers.id), asc(groupModifierVariants.position)),
);

/**
 * The modifiers of several products in two statements: the single ones, and the groups joined with
 * their variants (modules/modifiers reads one product's).
 */
export async function findModifiers(db: DbOrTx, productIds: string[]): Promise<Map<string, ModifierRows>> {
  const byProduct = new Map<string, ModifierRows>(productIds.map((id) => [id, { singles: [], groups: [] }]));
  if (!productIds.length) return byProduct;
  // One after another: inside a transaction the queries share one connection.
  const ids = pgArray(productIds);
  const singles = await selectSingleModifiers(db, { ids });
  const groupRows = await selectGroupModifiers(db, { ids });
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

const selectStoppedModifiers = preparedQuery<{ branchId: string; ids: string }>()((db, p) =>
  db
    .select({ id: branchModifierStopList.modifierId })
    .from(branchModifierStopList)
    .where(
      and(
        sql`${branchModifierStopList.branchId} = ${p('branchId')}::uuid`,
        sql`${branchModifierStopList.modifierId} = any(${p('ids')}::uuid[])`,
      ),
    ),
);

/**
 * Which of these modifier ids (single modifiers or group variants) are on the branch's modifier stop
 * list (issue 13).
 */
export async function findStoppedModifiers(
  db: DbOrTx,
  branchId: string,
  modifierIds: readonly string[],
): Promise<Set<string>> {
  if (!modifierIds.length) return new Set();
  const rows = await selectStoppedModifiers(db, { branchId, ids: pgArray([...modifierIds]) });
  return new Set(rows.map((r) => r.id));
}

/** Every column of the order but its id and number: the statement below writes each one as given. */
export type NewOrder = Required<Omit<typeof orders.$inferInsert, 'id' | 'externalOrderId'>>;
/** Every column of a line but the order's: the statement below writes them all. */
export type NewOrderLine = Required<Omit<typeof orderLines.$inferInsert, 'orderId' | 'id'>>;

/** The order's columns the statement writes from values (the id and the number are its own). */
const ORDER_COLUMNS = Object.keys(getTableColumns(orders)).filter(
  (key) => key !== 'id' && key !== 'externalOrderId',
) as (keyof NewOrder & string)[];

/** The Idempotency-Key whose answer is written with the order (idempotency.ts). */
export type KeyAnswer = {
  customerId: string;
  key: string;
  requestHash: string;
  status: number;
  at: Date;
  /** An online order's payment_link, part of the answer a replay gives (null: none). */
  paymentLink?: string | null;
};

type KeyValues = 'keyCustomerId' | 'key' | 'keyHash' | 'keyStatus' | 'keyAt' | 'keyPaymentLink';
type InsertOrderValues = Record<
  | keyof NewOrder
  | 'id'
  | 'numberPrefix'
  | 'lines'
  | 'firstStatus'
  | 'firstStatusAt'
  | 'outboxPayload'
  | KeyValues,
  unknown
>;

/**
 * The values go to the driver as they are (raw placeholders, not Drizzle's per-column encoders, which
 * do not take a null timestamp), so times are passed as ISO text; the lines go as ONE jsonb array so
 * the text is the same whatever their number.
 */
const insertOrderStatement = (withKey: boolean) =>
  preparedSql<InsertOrderValues, { external_order_id: string }>()((p, db) => {
    const raw = (name: keyof InsertOrderValues): SQL => sql`${p(name)}`;
    const orderValues = Object.fromEntries(ORDER_COLUMNS.map((key) => [key, raw(key)]));
    const insertOrderRow = db
      .insert(orders)
      // Every column a raw placeholder: Drizzle's insert takes SQL for any column, its types want values.
      .values({
        ...(orderValues as unknown as NewOrder),
        id: raw('id'),
        externalOrderId: sql`${p('numberPrefix')}::text || nextval('order_number_seq')::text`,
      })
      .returning({ externalOrderId: orders.externalOrderId });
    const insertHistory = db.insert(orderStatusHistory).values({
      orderId: raw('id'),
      status: raw('firstStatus'),
      event: null,
      actor: 'server',
      staffId: null,
      createdAt: raw('firstStatusAt'),
    });
    return sql`with o as (${insertOrderRow.getSQL()}), h as (${insertHistory.getSQL()}), l as (
    insert into ${orderLines} (order_id, position, product_id, type, title, variants, modifiers, quantity,
      unit_price, total_price, comment, auto_added)
    select ${p('id')}::uuid, x.position, x.product_id, x.type, x.title, x.variants, x.modifiers, x.quantity,
      x.unit_price, x.total_price, x.comment, x.auto_added
    from jsonb_to_recordset(${p('lines')}::jsonb) as x(position integer, product_id uuid, type text,
      title jsonb, variants jsonb, modifiers jsonb, quantity integer, unit_price integer,
      total_price integer, comment text, auto_added boolean)
  ), e as (${outboxInsert(sql`${p('outboxPayload')}::text`)})${withKey ? answerInsert(p) : sql``}
  select external_order_id from o`;
  });

/**
 * The key's row with its answer, the 201's body `{order_id, external_order_id, payment_link?}` (the number read
 * from the order's insert). A row already there is one `findAnsweredKey` read as absent (expired, or
 * a claim without an answer): it is replaced.
 */
const answerInsert = (p: (name: keyof InsertOrderValues) => Placeholder) => sql`, k as (
    insert into ${idempotencyKeys} (customer_id, key, request_hash, response_status, response_body,
      created_at, completed_at)
    select ${p('keyCustomerId')}::uuid, ${p('key')}::text, ${p('keyHash')}::text, ${p('keyStatus')}::integer,
      jsonb_strip_nulls(jsonb_build_object('order_id', ${p('id')}::text, 'external_order_id',
        o.external_order_id, 'payment_link', ${p('keyPaymentLink')}::text)),
      ${p('keyAt')}::timestamptz, ${p('keyAt')}::timestamptz
    from o
    on conflict (customer_id, key) do update set request_hash = excluded.request_hash,
      response_status = excluded.response_status, response_body = excluded.response_body,
      created_at = excluded.created_at, completed_at = excluded.completed_at
  )`;

/** With and without an Idempotency-Key's answer: two texts, each built once. */
const insertOrderWithKey = insertOrderStatement(true);
const insertOrderWithoutKey = insertOrderStatement(false);

/** A value as the driver takes it for a raw placeholder: a time as ISO text. */
const driverValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** A new order's id, drawn before it is written (its status event names it). */
export const newOrderId = (): string => randomUUID();

/**
 * The order `id`, its lines, its first status and that status's row in the status outbox (the
 * payload of `firstStatus.outboxPayload`, status-feed.ts; the caller then calls the bus's
 * `published`), in the caller's transaction and in one statement (data-modifying WITH clauses; the
 * lines' and the status's foreign keys are checked at its end, when the order is there), built once
 * (db/prepared.ts). Its short number is `numberPrefix` and the next value of order_number_seq
 * (10001, 10002, ...): 'B-10001'.
 */
export async function insertOrder(
  tx: DbOrTx,
  id: string,
  order: NewOrder,
  numberPrefix: string,
  lines: NewOrderLine[],
  firstStatus: { status: string; at: Date; outboxPayload: string },
  answer: KeyAnswer | null,
): Promise<{ id: string; externalOrderId: string }> {
  const values: Partial<InsertOrderValues> = {};
  for (const key of ORDER_COLUMNS) values[key] = driverValue(order[key]);
  const statement = answer ? insertOrderWithKey : insertOrderWithoutKey;
  const [row] = await statement(tx, {
    ...(values as InsertOrderValues),
    keyCustomerId: answer?.customerId ?? null,
    key: answer?.key ?? null,
    keyHash: answer?.requestHash ?? null,
    keyStatus: answer?.status ?? null,
    keyAt: answer?.at.toISOString() ?? null,
    keyPaymentLink: answer?.paymentLink ?? null,
    id,
    numberPrefix,
    firstStatus: firstStatus.status,
    firstStatusAt: firstStatus.at.toISOString(),
    outboxPayload: firstStatus.outboxPayload,
    lines: JSON.stringify(
      lines.map((line) => ({
        position: line.position,
        product_id: line.productId,
        type: line.type,
        title: line.title,
        variants: line.variants,
        modifiers: line.modifiers,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        total_price: line.totalPrice,
        comment: line.comment,
        auto_added: line.autoAdded,
      })),
    ),
  });
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
const tryLockStatement = preparedSql<{ lock: string }, { locked: boolean }>()(
  (p) =>
    sql`select pg_try_advisory_xact_lock(${sql.raw(String(LOCK_ORDER_KEY))}, hashtext(${p('lock')}::text)) as locked`,
);

export async function tryLockKey(tx: Tx, customerId: string, key: string): Promise<boolean> {
  const [row] = await tryLockStatement(tx, { lock: `${customerId}:${key}` });
  return row?.locked === true;
}

export type AnsweredKey = { requestHash: string; responseStatus: number; responseBody: unknown };

type AnsweredKeyRow = { request_hash: string; response_status: number; response_body: unknown };

const answeredKeyStatement = preparedSql<
  { customerId: string; key: string; since: string },
  AnsweredKeyRow
>()(
  (p) => sql`
    with expired as (
      delete from idempotency_keys
      where customer_id = ${p('customerId')}
        and key in (
          select key from idempotency_keys
          where customer_id = ${p('customerId')} and created_at < ${p('since')}::timestamptz
          for update skip locked
        )
    )
    select request_hash, response_status, response_body
    from idempotency_keys
    where customer_id = ${p('customerId')} and key = ${p('key')}
      and created_at >= ${p('since')}::timestamptz and response_status is not null
  `,
);

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
  const [row] = await answeredKeyStatement(tx, { customerId, key, since: params.since.toISOString() });
  return row
    ? { requestHash: row.request_hash, responseStatus: row.response_status, responseBody: row.response_body }
    : undefined;
}
