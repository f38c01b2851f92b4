import 'server-only';
import { ZBranchStopsResponse } from '@app/contracts';
import { COOKIE_NAMES } from '@app/domain';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { serverApi } from '@/lib/api-server';
import { isUuid } from '@/lib/ids';
import type { TRenderedLiveState } from '../lib/live-stop';

/**
 * The live state of the branch chosen in the cookies (GET /v2/stop-list, cached and dropped with the
 * menu it describes), as the page being rendered sees it: the browser's poller compares its first
 * answer with it, so a change between this render and that answer (a price changed while the page
 * loaded) still renders the page again. Null without a branch, or when the read fails (the poller
 * then takes its first answer as the page's state, as before).
 */
export const getRenderedLiveState = cache(async (): Promise<TRenderedLiveState | null> => {
  const branchId = (await cookies()).get(COOKIE_NAMES.branchId)?.value;
  // A cookie value that is no branch id is never sent to the API.
  if (!branchId || !isUuid(branchId)) return null;
  try {
    const state = await serverApi().get('/v2/stop-list', {
      schema: ZBranchStopsResponse,
      query: { branch_id: branchId },
    });
    return {
      branch_id: state.branch_id,
      product_ids: state.product_ids,
      modifier_ids: state.modifier_ids,
      menu_version: state.menu_version,
    };
  } catch (error) {
    console.warn('live branch state: not read for the render', error);
    return null;
  }
});
