import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const reads = vi.hoisted(() => ({
  target: { menuId: 'menu-1', branchId: 'branch-1' as string | null },
  live: null as null | {
    branch_id: string;
    product_ids: string[];
    modifier_ids: string[];
    menu_version: string;
  },
}));
vi.mock('@/features/menu/server', () => ({
  getMenuTarget: async () => reads.target,
  getMenuProducts: async () => ({
    categories: [
      {
        products: [
          { id: 'osh', in_stop: true },
          { id: 'somsa', in_stop: false },
        ],
      },
      { products: [{ id: 'osh', in_stop: true }] },
    ],
  }),
}));
vi.mock('@/features/live-stop/server', () => ({ getRenderedLiveState: async () => reads.live }));
vi.mock('@/lib/api-server', () => ({
  serverApi: () => ({ get: async () => ({ minimal_order_price: 50_000 }) }),
}));
vi.mock('@/lib/env', () => ({ env: () => ({ SHIPPER_ID: 'shipper-1' }) }));

const { getCartPageData } = await import('./cart.server');

describe('the cart page’s stop list', () => {
  it('marks by the menu’s stopped products and the branch’s live stops: sizes, picks and modifiers too', async () => {
    reads.target = { menuId: 'menu-1', branchId: 'branch-1' };
    reads.live = {
      branch_id: 'branch-1',
      product_ids: ['osh', 'pizza-large'],
      modifier_ids: ['cheese'],
      menu_version: 'v1',
    };
    const data = await getCartPageData();
    expect(data?.stoppedIds.sort()).toEqual(['cheese', 'osh', 'pizza-large']);
    expect(data?.minimalOrderPrice).toBe(50_000);
  });

  it('takes the menu’s alone without a branch, or when the live state is another branch’s or unread', async () => {
    reads.target = { menuId: 'menu-1', branchId: null };
    reads.live = {
      branch_id: 'branch-2',
      product_ids: ['plov'],
      modifier_ids: ['sauce'],
      menu_version: 'v1',
    };
    expect((await getCartPageData())?.stoppedIds).toEqual(['osh']);
    reads.target = { menuId: 'menu-1', branchId: 'branch-1' };
    expect((await getCartPageData())?.stoppedIds).toEqual(['osh']);
    reads.live = null;
    expect((await getCartPageData())?.stoppedIds).toEqual(['osh']);
  });
});
