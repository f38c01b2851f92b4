import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { byIdOrSlug } from '../../../db/query-helpers.ts';
import { type NewsEventRow, newsEvents } from '../../../db/schema/content.ts';

export type NewsEventType = NewsEventRow['type'];

/** Only what is already published: a post dated in the future is scheduled, not public yet. */
const visible = (shipperId: string, now: Date) =>
  and(eq(newsEvents.shipperId, shipperId), lte(newsEvents.publishedAt, now));

export async function listNewsEvents(
  db: DbOrTx,
  params: { shipperId: string; type: NewsEventType; now: Date; offset: number; limit: number },
): Promise<{ rows: NewsEventRow[]; count: number }> {
  const where = and(visible(params.shipperId, params.now), eq(newsEvents.type, params.type));
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(newsEvents)
      .where(where)
      .orderBy(desc(newsEvents.publishedAt), newsEvents.id)
      .limit(params.limit)
      .offset(params.offset),
    db.$count(newsEvents, where),
  ]);
  return { rows, count };
}

export async function findNewsEvent(
  db: DbOrTx,
  params: { shipperId: string; idOrSlug: string; now: Date },
): Promise<NewsEventRow | undefined> {
  const [row] = await db
    .select()
    .from(newsEvents)
    .where(
      and(visible(params.shipperId, params.now), byIdOrSlug(newsEvents.id, newsEvents.slug, params.idOrSlug)),
    )
    .limit(1);
  return row;
}
