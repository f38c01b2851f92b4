import 'server-only';
import { ZShipper } from '@app/contracts';
import { cache } from 'react';
import { getMenuProducts, getMenuTarget } from '@/features/menu/server';
import { serverApi } from '@/lib/api-server';
import { env } from '@/lib/env';

export type CartPageData = {
  minimalOrderPrice: number;
  stoppedProductIds: string[];
  menuId: string;
  /** The chosen branch (its menu prices the discounts); null: the city's menu, no branch chosen. */
  branchId: string | null;
};

/**
 * What the cart page needs from the API: the shipper's minimum order price and today's stop list of
 * the current menu (the chosen branch's, once there is one).
 */
export const getCartPageData = cache(async (): Promise<CartPageData | null> => {
  const target = await getMenuTarget(undefined);
  if (!target) return null;
  const [shipper, menu] = await Promise.all([
    serverApi().get(`/v1/shippers/${env().SHIPPER_ID}`, { schema: ZShipper }),
    getMenuProducts(target.menuId, target.branchId),
  ]);
  const stopped = new Set(
    menu.categories.flatMap((c) => c.products.filter((p) => p.in_stop).map((p) => p.id)),
  );
  return {
    minimalOrderPrice: shipper.minimal_order_price,
    stoppedProductIds: [...stopped],
    menuId: target.menuId,
    branchId: target.branchId,
  };
});
