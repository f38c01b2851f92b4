import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';

export async function listReviews(db: DbOrTx, filter: { productId: string; offset: number; limit: number }) {
  const where = eq(reviews.productId, filter.productId);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}
