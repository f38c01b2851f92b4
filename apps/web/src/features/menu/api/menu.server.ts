import 'server-only';
import { type TMenuProductsResponse, ZBranch, ZMenuProductsResponse } from '@app/contracts';
import { COOKIE_NAMES } from '@app/domain';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { isApiFailure } from '@/lib/api-client';
import { serverApi } from '@/lib/api-server';
import { getCities } from '@/lib/cities.server';
import {
  branchIdFromCookie,
  type ChosenBranch,
  type MenuTarget,
  resolveMenuTarget,
} from '../lib/menu-target';

/**
 * The menu this request shows for a city (undefined = Tashkent), taking the branch chosen in the
 * location flow (cookies) into account. Null for an unknown city.
 */
export const getMenuTarget = cache(async (citySlug: string | undefined): Promise<MenuTarget | null> => {
  const [cities, branch] = await Promise.all([getCities(), getChosenBranch()]);
  return resolveMenuTarget({ cities, citySlug, branch });
});

/** The branch of cookie `branch_id`, read from the API (null when unset or unknown). */
const getChosenBranch = cache(async (): Promise<ChosenBranch | null> => {
  const id = branchIdFromCookie((await cookies()).get(COOKIE_NAMES.branchId)?.value);
  if (!id) return null;
  try {
    return await serverApi().get(`/v1/branches/${id}`, { schema: ZBranch });
  } catch (error) {
    // A branch removed since it was chosen: show the city's default menu rather than an error page.
    if (isApiFailure(error) && error.status === 404) return null;
    throw error;
  }
});

/** Categories with products, prices and (for a known branch) its stop list. */
export const getMenuProducts = cache(
  async (menuId: string, branchId: string | null): Promise<TMenuProductsResponse> =>
    serverApi().get('/v2/menu-products', {
      schema: ZMenuProductsResponse,
      // A branch's stop list changes during the day: cached only while the API's change stream is
      // live, and dropped when a change is announced (lib/cache-tags.ts).
      query: { menu_id: menuId, branch_id: branchId },
    }),
);
