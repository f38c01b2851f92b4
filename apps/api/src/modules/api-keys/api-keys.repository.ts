import type { API_KEY_TYPES } from '@app/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';

export type ApiKeyType = (typeof API_KEY_TYPES)[number];

/** Newest first: the key written last (a replaced key counts as new), then the one created last. */
const NEWEST_FIRST = [desc(apiKeys.updatedAt), desc(apiKeys.createdAt), desc(apiKeys.id)] as const;

export async function listApiKeys(
  db: DbOrTx,
  filter: { shipperId: string; type?: ApiKeyType | undefined; offset: number; limit: number },
) {
  const conditions: SQL[] = [eq(apiKeys.shipperId, filter.shipperId)];
  if (filter.type) conditions.push(eq(apiKeys.type, filter.type));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select({ id: apiKeys.id, type: apiKeys.type, key: apiKeys.key })
      .from(apiKeys)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(apiKeys).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

/** The key an outside service is called with (the newest of its type), or undefined. */
export async function newestApiKey(
  db: DbOrTx,
  shipperId: string,
  type: ApiKeyType,
): Promise<string | undefined> {
  const rows = await db
    .select({ key: apiKeys.key })
    .from(apiKeys)
    .where(and(eq(apiKeys.shipperId, shipperId), eq(apiKeys.type, type)))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  return rows[0]?.key;
}

export async function updateApiKey(
  db: DbOrTx,
  input: { shipperId: string; id: string; key: string; type?: ApiKeyType | undefined; now: Date },
) {
  const rows = await db
    .update(apiKeys)
    .set({ key: input.key, updatedAt: input.now, ...(input.type ? { type: input.type } : {}) })
    .where(and(eq(apiKeys.shipperId, input.shipperId), eq(apiKeys.id, input.id)))
    .returning();
  return rows[0];
}
