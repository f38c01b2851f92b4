import type { TNewsEvent } from '@app/contracts';
import type { NewsEventRow } from '../../../db/schema/content.ts';

export function toNewsEvent(row: NewsEventRow): TNewsEvent {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    preview: row.preview,
    body: row.body,
    image: row.image,
    published_at: row.publishedAt.toISOString(),
  };
}
