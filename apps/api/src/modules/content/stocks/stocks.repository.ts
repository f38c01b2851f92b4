import { and, asc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { byIdOrSlug } from '../../../db/query-helpers.ts';
import { type StockRow, stocks } from '../../../db/schema/content.ts';

/** Raw fragments get no column mapping, so the instant is passed as text in both drivers. */
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** 0 running now, 1 not started yet, 2 ended. */
const phase = (now: Date) => sql<number>`case
  when ${stocks.endsAt} is not null and ${stocks.endsAt} <= ${at(now)} then 2
  when ${stocks.startsAt} > ${at(now)} then 1
  else 0 end`;

/**
 * Running ones first (the newest first), then upcoming (the soonest first), then, when asked for,
 * ended ones (the most recently ended first): what a customer can use now comes before what he
 * can use later, and the archive comes last.
 */
const order = (now: Date): SQL[] => [
  asc(phase(now)),
  asc(sql`case
    when ${stocks.endsAt} is not null and ${stocks.endsAt} <= ${at(now)} then -extract(epoch from ${stocks.endsAt})
    when ${stocks.startsAt} > ${at(now)} then extract(epoch from ${stocks.startsAt})
    else -extract(epoch from ${stocks.startsAt}) end`),
  asc(stocks.id),
];

export async function listStocks(
  db: DbOrTx,
  params: { shipperId: string; now: Date; includeEnded: boolean; offset: number; limit: number },
): Promise<{ rows: StockRow[]; count: number }> {
  const where = and(
    eq(stocks.shipperId, params.shipperId),
    params.includeEnded ? undefined : or(isNull(stocks.endsAt), gt(stocks.endsAt, params.now)),
  );
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(stocks)
      .where(where)
      .orderBy(...order(params.now))
      .limit(params.limit)
      .offset(params.offset),
    db.$count(stocks, where),
  ]);
  return { rows, count };
}

/** Ended stocks stay reachable by id or slug: old news and shared links keep working. */
export async function findStock(
  db: DbOrTx,
  params: { shipperId: string; idOrSlug: string },
): Promise<StockRow | undefined> {
  const [row] = await db
    .select()
    .from(stocks)
    .where(and(eq(stocks.shipperId, params.shipperId), byIdOrSlug(stocks.id, stocks.slug, params.idOrSlug)))
    .limit(1);
  return row;
}
