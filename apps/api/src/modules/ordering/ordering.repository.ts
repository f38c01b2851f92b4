import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  comboGroupOptions,
  comboGroups,
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

export type ComboGroupWithOptions = typeof comboGroups.$inferSelect & {
  options: { id: string; productId: string; extraPrice: number; title: OrderProductRow['title'] }[];
};

/** The groups of the given combos with their options (only options whose product is active). */
export async function findComboGroups(
  db: DbOrTx,
  comboIds: string[],
): Promise<Map<string, ComboGroupWithOptions[]>> {
  const byCombo = new Map<string, ComboGroupWithOptions[]>();
  if (!comboIds.length) return byCombo;
  const groups = await db
    .select()
    .from(comboGroups)
    .where(inArray(comboGroups.productId, comboIds))
    .orderBy(asc(comboGroups.position), asc(comboGroups.id));
  if (!groups.length) return byCombo;
  const options = await db
    .select({
      id: comboGroupOptions.id,
      groupId: comboGroupOptions.groupId,
      productId: comboGroupOptions.productId,
      extraPrice: comboGroupOptions.extraPrice,
      title: products.title,
    })
    .from(comboGroupOptions)
    .innerJoin(products, and(eq(products.id, comboGroupOptions.productId), eq(products.isActive, true)))
    .where(
      inArray(
        comboGroupOptions.groupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(comboGroupOptions.position), asc(comboGroupOptions.id));
  for (const group of groups) {
    const list = byCombo.get(group.productId) ?? [];
    list.push({
      ...group,
      options: options
        .filter((o) => o.groupId === group.id)
        .map(({ groupId: _groupId, ...option }) => option),
    });
    byCombo.set(group.productId, list);
  }
  return byCombo;
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
// Idempotency keys

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** Forgets a customer's keys created before `before` (they are kept 24 hours). */
export async function deleteExpiredKeys(db: DbOrTx, customerId: string, before: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, customerId), lt(idempotencyKeys.createdAt, before)));
}

/** Inserts the key as in flight; false when the customer already has a row for it. */
export async function insertKey(
  db: DbOrTx,
  row: { customerId: string; key: string; requestHash: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

export async function findKey(
  db: DbOrTx,
  customerId: string,
  key: string,
): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/**
 * Takes over an abandoned in-flight key (its request died before answering): only if it is still
 * in flight and still the row that was read (created_at unchanged), so two takers cannot both win.
 */
export async function takeOverKey(
  db: DbOrTx,
  row: { customerId: string; key: string; seenCreatedAt: Date; createdAt: Date },
): Promise<boolean> {
  const updated = await db
    .update(idempotencyKeys)
    .set({ createdAt: row.createdAt })
    .where(
      and(
        eq(idempotencyKeys.customerId, row.customerId),
        eq(idempotencyKeys.key, row.key),
        eq(idempotencyKeys.createdAt, row.seenCreatedAt),
        isNull(idempotencyKeys.responseStatus),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return updated.length > 0;
}

/** Stores the answer of a key's request (in the order's transaction). */
export async function completeKey(
  db: DbOrTx,
  row: { customerId: string; key: string; status: number; body: unknown; at: Date },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: row.status, responseBody: row.body, completedAt: row.at })
    .where(and(eq(idempotencyKeys.customerId, row.customerId), eq(idempotencyKeys.key, row.key)));
}

/** Frees a key whose request was refused or failed (nothing was written), so it may be sent again. */
export async function releaseKey(db: DbOrTx, customerId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.customerId, customerId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}
