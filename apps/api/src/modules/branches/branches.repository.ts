import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { byIdOrSlug } from '../../db/query-helpers.ts';
import { branches } from '../../db/schema/index.ts';

export type BranchFilter = {
  shipperId: string;
  city?: string;
  isActive?: boolean;
  offset: number;
  limit: number;
};

export async function listBranches(db: DbOrTx, filter: BranchFilter) {
  const conditions: SQL[] = [eq(branches.shipperId, filter.shipperId)];
  if (filter.city) conditions.push(eq(branches.city, filter.city));
  if (filter.isActive !== undefined) conditions.push(eq(branches.isActive, filter.isActive));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(branches)
      .where(where)
      .orderBy(asc(branches.position), asc(branches.slug))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(branches).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

export async function findBranch(db: DbOrTx, shipperId: string, idOrSlug: string) {
  const rows = await db
    .select()
    .from(branches)
    .where(and(eq(branches.shipperId, shipperId), byIdOrSlug(branches.id, branches.slug, idOrSlug)))
    .limit(1);
  return rows[0];
}
