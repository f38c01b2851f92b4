import type { TBranch, TBranchListResponse } from '@app/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { offsetOf } from '../../db/query-helpers.ts';
import { apiError } from '../../http/errors.ts';
import { toBranch } from './branches.mapper.ts';
import { findBranch, listBranches } from './branches.repository.ts';

export async function getBranches(
  db: DbOrTx,
  shipperId: string,
  query: { page: number; limit: number; city?: string; is_active?: 'true' | 'false' },
): Promise<TBranchListResponse> {
  const { rows, count } = await listBranches(db, {
    shipperId,
    city: query.city,
    isActive: query.is_active === undefined ? undefined : query.is_active === 'true',
    offset: offsetOf(query.page, query.limit),
    limit: query.limit,
  });
  return { count, branches: rows.map(toBranch) };
}

export async function getBranch(db: DbOrTx, shipperId: string, idOrSlug: string): Promise<TBranch> {
  const row = await findBranch(db, shipperId, idOrSlug);
  if (!row) throw apiError(404, 'BRANCH_NOT_FOUND');
  return toBranch(row);
}
