import { z } from 'zod';

/**
 * What a cached read depends on, as the database announces it (channel `catalogue_changed`, written
 * by triggers, migration 0009) and as GET /v1/catalogue-changes forwards it to storefront processes:
 * - `catalogue`: menus, categories, tags, products and their variants, combos, modifiers, menu
 *   prices, branch stop lists, auto-add products, delivery fares, discounts and promo codes;
 * - `branches`: cities, branches (opening hours, delivery settings), delivery zones;
 * - `shipper`: the chain's own row (hotline, socials, settings);
 * - `content`: news, stocks, gallery, vacancies, recipes, pages, product reviews.
 */
export const CACHE_TAGS = ['catalogue', 'branches', 'shipper', 'content'] as const;
export const ZCacheTag = z.enum(CACHE_TAGS);
export type TCacheTag = z.infer<typeof ZCacheTag>;

/** One change: the tags whose cached answers are now stale (`event: change` of the stream). */
export const ZCatalogueChange = z.object({ tags: z.array(ZCacheTag).min(1) });
export type TCatalogueChange = z.infer<typeof ZCatalogueChange>;

/** `event: reset` of the stream (sent first on every connection): drop everything cached. */
export const ZCatalogueReset = z.object({}).strict();
export type TCatalogueReset = z.infer<typeof ZCatalogueReset>;
