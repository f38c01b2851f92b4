import 'server-only';
import {
  type TModifierResponse,
  type TProductDetail,
  type TReviewListResponse,
  ZModifierResponse,
  ZProductDetail,
  ZReviewListResponse,
} from '@app/contracts';
import { optionsUnorderable } from '@app/domain';
import { cache } from 'react';
import { getRenderedLiveState } from '@/features/live-stop/server';
import { getMenuProducts, getMenuTarget } from '@/features/menu/server';
import { isApiFailure } from '@/lib/api-client';
import { serverApi } from '@/lib/api-server';
import { REVIEWS_PAGE_SIZE } from '../lib/reviews';

export type ProductPageData = {
  product: TProductDetail;
  modifiers: TModifierResponse['product_modifiers'];
  reviews: TReviewListResponse;
  /**
   * Its card at the current branch is `in_stop` (the product, every size, every option of a combo
   * group, or a required modifier stopped: the API's rules), it is not in the current menu, or no
   * choice of its sizes or combo picks can be ordered with the live stop list (every size, or every
   * option of a combo group, stopped; a combo group with no option, or no group): shown as
   * 'Unavailable'. The order form adds the modifiers' own rule (`modifiersUnorderable`).
   */
  unavailable: boolean;
  /** The product's sizes and combo picks (their product ids) on the branch's stop list. */
  stoppedOptionIds: string[];
  menuId: string;
  /** The city whose menu this is: `?city=` when it names a known city, else the default one. */
  citySlug: string;
};

const NO_MODIFIERS: TModifierResponse['product_modifiers'] = { single_modifiers: [], group_modifiers: [] };

/** A product by slug with the menu's price; null when the API does not know it. */
export const getProduct = cache(
  async (slug: string, menuId: string | undefined): Promise<TProductDetail | null> => {
    try {
      return await serverApi().get(`/v2/product/${encodeURIComponent(slug)}`, {
        schema: ZProductDetail,
        query: { menu_id: menuId },
      });
    } catch (error) {
      if (isApiFailure(error) && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  },
);

/**
 * Everything the product page and dialog show. The city (`?city=`, from a city's menu) decides the
 * menu and so the price; a chosen branch adds its stop list. Null for an unknown product or city.
 */
export const getProductPageData = cache(
  async (slug: string, citySlug: string | undefined): Promise<ProductPageData | null> => {
    const target = (await getMenuTarget(citySlug)) ?? (await getMenuTarget(undefined));
    if (!target) return null;
    const product = await getProduct(slug, target.menuId);
    if (!product) return null;
    const api = serverApi();
    const [modifiers, reviews, stopped, live] = await Promise.all([
      product.has_modifier
        ? api
            .get('/v2/modifier', {
              schema: ZModifierResponse,
              // With the branch: its modifier stop list marks them `in_stop` (issue 13).
              query: { product_id: product.id, branch_id: target.branchId ?? undefined },
            })
            .then((r) => r.product_modifiers)
        : Promise.resolve(NO_MODIFIERS),
      api.get('/v1/user_reviews', {
        schema: ZReviewListResponse,
        query: { related_subject: 'product', product_id: product.id, page: 1, limit: REVIEWS_PAGE_SIZE },
        // Cached like the rest: a new review is announced as a `content` change (lib/cache-tags.ts).
      }),
      target.branchId
        ? isStoppedAtBranch(product.id, target.menuId, target.branchId)
        : Promise.resolve(false),
      // The shop layout's own read of the branch's live state: the live poller compares its answers
      // with it and renders the page again (this too) when the stop list changes.
      target.branchId ? getRenderedLiveState() : Promise.resolve(null),
    ]);
    const stoppedIds = new Set(live?.branch_id === target.branchId ? live.product_ids : []);
    const options =
      product.type === 'origin'
        ? product.variants.map((v) => v.id)
        : product.combo_groups.flatMap((g) => g.variants.map((v) => v.product_id));
    return {
      product,
      modifiers,
      reviews,
      unavailable: stopped || !product.active_in_menu || optionsUnorderable(product, stoppedIds),
      stoppedOptionIds: [...new Set(options.filter((id) => stoppedIds.has(id)))],
      menuId: target.menuId,
      citySlug: target.city.slug,
    };
  },
);

async function isStoppedAtBranch(productId: string, menuId: string, branchId: string): Promise<boolean> {
  const menu = await getMenuProducts(menuId, branchId);
  return menu.categories.some((c) => c.products.some((p) => p.id === productId && p.in_stop));
}
