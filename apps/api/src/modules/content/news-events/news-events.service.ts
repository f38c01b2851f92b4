import type { TNewsEvent } from '@app/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { offsetOf } from '../../../db/query-helpers.ts';
import { apiError } from '../../../http/errors.ts';
import { toNewsEvent } from './news-events.mapper.ts';
import { findNewsEvent, listNewsEvents, type NewsEventType } from './news-events.repository.ts';

export async function getNewsEvents(
  db: DbOrTx,
  shipperId: string,
  query: { type: NewsEventType; page: number; limit: number },
  now: Date = new Date(),
): Promise<{ count: number; news_events: TNewsEvent[] }> {
  const { rows, count } = await listNewsEvents(db, {
    shipperId,
    type: query.type,
    now,
    offset: offsetOf(query.page, query.limit),
    limit: query.limit,
  });
  return { count, news_events: rows.map(toNewsEvent) };
}

export async function getNewsEvent(
  db: DbOrTx,
  shipperId: string,
  idOrSlug: string,
  now: Date = new Date(),
): Promise<TNewsEvent> {
  const row = await findNewsEvent(db, { shipperId, idOrSlug, now });
  if (!row) throw apiError(404, 'NEWS_EVENT_NOT_FOUND');
  return toNewsEvent(row);
}
