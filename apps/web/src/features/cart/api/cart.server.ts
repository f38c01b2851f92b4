import 'server-only';
import { ZShipper } from '@app/contracts';
import { cache } from 'react';
import { getRenderedLiveState } from '@/features/live-stop/server';
import { getMenuProducts, getMenuTarget } from '@/features/menu/server';
import { serverApi } from '@/lib/api-server';
import { env } from '@/lib/env';
import { stoppedIds } from '@/lib/stopped-ids';

export type CartPageData = {
  minimalOrderPrice: number;
  /** What the cart's lines are marked unavailable by (domain markStop): products, sizes, picks, modifiers. */
  stoppedIds: string[];
  menuId: string;
  /** The chosen branch (its menu prices the discounts); null: the city's menu, no branch chosen. */
  branchId: string | null;
};

/**
 * What the cart page needs from the API: the shipper's minimum order price and today's stop list of
 * the current menu: its stopped products, and the chosen branch's live stop list once there is one
 * (sizes, combo picks and modifiers too, as the live poller marks the cart with them).
 */
export const getCartPageData = cache(async (): Promise<CartPageData | null> => {
  const target = await getMenuTarget(undefined);
  if (!target) return null;
  const [shipper, menu, live] = await Promise.all([
    serverApi().get(`/v1/shippers/${env().SHIPPER_ID}`, { schema: ZShipper }),
    getMenuProducts(target.menuId, target.branchId),
    target.branchId ? getRenderedLiveState() : null,
  ]);
  const stopped = new Set(
    menu.categories.flatMap((c) => c.products.filter((p) => p.in_stop).map((p) => p.id)),
  );
  // The live state is the cookie's branch, which is the menu target's (null: read failed, as before).
  if (live && live.branch_id === target.branchId) {
    for (const id of stoppedIds(live)) stopped.add(id);
  }
  return {
    minimalOrderPrice: shipper.minimal_order_price,
    stoppedIds: [...stopped],
    menuId: target.menuId,
    branchId: target.branchId,
  };
});
