import 'server-only';
import {
  type TCity,
  type TMenuProductsResponse,
  ZCitiesResponse,
  ZMenuProductsResponse,
} from '@app/contracts';
import { COOKIE_NAMES } from '@app/domain';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { serverApi } from '@/lib/api-server';
import { type MenuTarget, resolveMenuTarget } from '../lib/menu-target';

export const getCities = cache(async (): Promise<TCity[]> => {
  const { cities } = await serverApi().get('/v1/cities', { schema: ZCitiesResponse });
  return cities;
});

/**
 * The menu this request shows for a city (undefined = Tashkent), taking the branch chosen in the
 * location flow (cookies) into account. Null for an unknown city.
 */
export const getMenuTarget = cache(async (citySlug: string | undefined): Promise<MenuTarget | null> => {
  const [cities, jar] = await Promise.all([getCities(), cookies()]);
  return resolveMenuTarget({
    cities,
    citySlug,
    cookieMenuId: jar.get(COOKIE_NAMES.menuId)?.value,
    cookieBranchId: jar.get(COOKIE_NAMES.branchId)?.value,
  });
});

/** Categories with products, prices and (for a known branch) its stop list. */
export const getMenuProducts = cache(
  async (menuId: string, branchId: string | null): Promise<TMenuProductsResponse> =>
    serverApi().get('/v2/menu-products', {
      schema: ZMenuProductsResponse,
      query: { menu_id: menuId, branch_id: branchId },
      // A branch's stop list changes during the day: never serve it from the data cache.
      ...(branchId ? { cache: 'no-store' as const } : {}),
    }),
);
