import type { TStock } from '@app/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { offsetOf } from '../../../db/query-helpers.ts';
import { apiError } from '../../../http/errors.ts';
import { toStock } from './stocks.mapper.ts';
import { findStock, listStocks } from './stocks.repository.ts';

export async function getStocks(
  db: DbOrTx,
  shipperId: string,
  query: { page: number; limit: number; include_ended: boolean },
  now: Date = new Date(),
): Promise<{ count: number; stocks: TStock[] }> {
  const { rows, count } = await listStocks(db, {
    shipperId,
    now,
    includeEnded: query.include_ended,
    offset: offsetOf(query.page, query.limit),
    limit: query.limit,
  });
  return { count, stocks: rows.map(toStock) };
}

export async function getStock(db: DbOrTx, shipperId: string, idOrSlug: string): Promise<TStock> {
  const row = await findStock(db, { shipperId, idOrSlug });
  if (!row) throw apiError(404, 'STOCK_NOT_FOUND');
  return toStock(row);
}
