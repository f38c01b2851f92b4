import { type TPage, ZPageSlug } from '@app/contracts';
import type { PageRow } from '../../../db/schema/content.ts';

export function toPage(row: PageRow): TPage {
  return {
    // The service only looks up known slugs, so a row that fails here is corrupt data, not bad input.
    slug: ZPageSlug.parse(row.slug),
    title: row.title,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
  };
}
