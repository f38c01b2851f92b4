import { PAGE_SLUGS, type TPage } from '@app/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { apiError } from '../../../http/errors.ts';
import { toPage } from './pages.mapper.ts';
import { findPage } from './pages.repository.ts';

const isPageSlug = (slug: string) => (PAGE_SLUGS as readonly string[]).includes(slug);

export async function getPage(db: DbOrTx, shipperId: string, slug: string): Promise<TPage> {
  const row = isPageSlug(slug) ? await findPage(db, { shipperId, slug }) : undefined;
  if (!row) throw apiError(404, 'PAGE_NOT_FOUND');
  return toPage(row);
}
