import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  groupModifiers,
  groupModifierVariants,
  idempotencyKeys,
  orderLines,
  orderStatusHistory,
  orders,
  products,
  singleModifiers,
} from '../../db/schema/index.ts';

export type OrderProductRow = typeof products.$inferSelect;

/**
 * The chain's active products among `ids`, and the active sizes (variants) of the origin products
 * among them, keyed by id.
 */
export async function findOrderProducts(
  db: DbOrTx,
  shipperId: string,
  ids: string[],
): Promise<Map<string, OrderProductRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.shipperId, shipperId),
        eq(products.isActive, true),
        or(inArray(products.id, ids), inArray(products.parentId, ids)),
      ),
    );
  return new Map(rows.map((r) => [r.id, r]));
}

export type ModifierRows = {
  singles: (typeof singleModifiers.$inferSelect)[];
  groups: (typeof groupModifiers.$inferSelect & {
    variants: (typeof groupModifierVariants.$inferSelect)[];
  })[];
};

/** The modifiers of several products in three queries (modules/modifiers reads one product's). */
export async function findModifiers(db: DbOrTx, productIds: string[]): Promise<Map<string, ModifierRows>> {
  const byProduct = new Map<string, ModifierRows>(productIds.map((id) => [id, { singles: [], groups: [] }]));
  if (!productIds.length) return byProduct;
  // One after another: inside a transaction the queries share one connection.
  const singles = await db
    .select()
    .from(singleModifiers)
    .where(inArray(singleModifiers.productId, productIds))
    .orderBy(asc(singleModifiers.position));
  const groups = await db
    .select()
    .from(groupModifiers)
    .where(inArray(groupModifiers.productId, productIds))
    .orderBy(asc(groupModifiers.position));
  const variants = groups.length
    ? await db
        .select()
        .from(groupModifierVariants)
        .where(
          inArray(
            groupModifierVariants.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(groupModifierVariants.position))
    : [];
  for (const single of singles) byProduct.get(single.productId)?.singles.push(single);
  for (const group of groups) {
    byProduct
      .get(group.productId)
      ?.groups.push({ ...group, variants: variants.filter((v) => v.groupId === group.id) });
  }
  return byProduct;
}

/** The next short order number (sequence order_number_seq: 10001, 10002, ...). */
export async function nextOrderNumber(db: DbOrTx): Promise<number> {
  const rows = await db.execute<{ n: string | number }>(sql`select nextval('order_number_seq') as n`);
  // node-postgres answers { rows }, PGlite the same shape; bigint arrives as a string.
  const first = (rows as unknown as { rows: { n: string | number }[] }).rows[0];
  const n = Number(first?.n);
  if (!Number.isSafeInteger(n)) throw new Error('order_number_seq gave no number');
  return n;
}

export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;

/** The order, its lines and its first status, in the caller's transaction. */
export async function insertOrder(
  tx: DbOrTx,
  order: NewOrder,
  lines: NewOrderLine[],
  firstStatus: { status: string; at: Date },
): Promise<{ id: string }> {
  const [row] = await tx.insert(orders).values(order).returning({ id: orders.id });
  if (!row) throw new Error('insert into orders returned no row');
  await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: row.id })));
  await tx.insert(orderStatusHistory).values({
    orderId: row.id,
    status: firstStatus.status,
    event: null,
    actor: 'server',
    staffId: null,
    createdAt: firstStatus.at,
  });
  return row;
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
