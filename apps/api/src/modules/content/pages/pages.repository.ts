import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type PageRow, pages } from '../../../db/schema/content.ts';

export async function findPage(
  db: DbOrTx,
  params: { shipperId: string; slug: string },
): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.shipperId, params.shipperId), eq(pages.slug, params.slug)))
    .limit(1);
  return row;
}
