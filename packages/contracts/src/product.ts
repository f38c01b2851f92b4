import { z } from 'zod';
import {
  ZClock,
  ZId,
  ZIdOrSlug,
  ZImage,
  ZLocalizedText,
  ZPageQuery,
  ZSingleLineText,
  ZSum,
} from './common.ts';

export const PRODUCT_TYPES = ['simple', 'combo', 'origin'] as const;
export const ZProductType = z.enum(PRODUCT_TYPES);
export type TProductType = z.infer<typeof ZProductType>;

export const ZTag = z.object({ slug: z.string(), title: ZLocalizedText });
export type TTag = z.infer<typeof ZTag>;

export const ZCategoryRef = z.object({ id: ZId, slug: z.string(), title: ZLocalizedText });

/** What a menu card needs. */
export const ZProductSummary = z.object({
  id: ZId,
  slug: z.string(),
  title: ZLocalizedText,
  description: ZLocalizedText,
  out_price: ZSum,
  type: ZProductType,
  has_modifier: z.boolean(),
  image: ZImage.nullable(),
  tags: z.array(ZTag),
  categories: z.array(ZCategoryRef),
  /** 0..5, one decimal; 0 when nobody has rated it yet. */
  rating: z.number().min(0).max(5),
  reviews_count: z.number().int().nonnegative(),
  /** Grams (or millilitres for drinks). */
  weight: z.number().int().nonnegative(),
  energy: z.number().int().nonnegative(),
  cooking_time: z.number().int().nonnegative(),
  /** How popular it is; the menu's default sort. */
  popularity: z.number().int().nonnegative(),
});
export type TProductSummary = z.infer<typeof ZProductSummary>;

/** A size or crust of an `origin` product: itself a product with its own price. */
export const ZProductVariant = z.object({
  id: ZId,
  title: ZLocalizedText,
  /** What tells it apart: '30 cm', '0.5 l'. */
  property: ZLocalizedText,
  out_price: ZSum,
  weight: z.number().int().nonnegative(),
});
export type TProductVariant = z.infer<typeof ZProductVariant>;

/** A group of a `combo`: the customer picks exactly one variant per group. */
export const ZComboGroup = z.object({
  id: ZId,
  title: ZLocalizedText,
  /**
   * Its options whose product the chain has switched on. May be empty (no `.min(1)`): with every
   * option switched off the group stays, so the combo cannot be ordered (ordering needs one pick per
   * group) and its page and card say 'Unavailable' (domain `optionsUnorderable`), not a broken answer.
   */
  variants: z.array(
    z.object({
      id: ZId,
      product_id: ZId,
      title: ZLocalizedText,
      /** Extra charge on top of the combo's price for choosing this one (usually 0). */
      out_price: ZSum,
    }),
  ),
});
export type TComboGroup = z.infer<typeof ZComboGroup>;

export const ZProductDetail = ZProductSummary.extend({
  fats: z.number().nonnegative(),
  proteins: z.number().nonnegative(),
  carbohydrates: z.number().nonnegative(),
  ingredients: ZLocalizedText,
  allergens: ZLocalizedText,
  active_in_menu: z.boolean(),
  variants: z.array(ZProductVariant),
  combo_groups: z.array(ZComboGroup),
});
export type TProductDetail = z.infer<typeof ZProductDetail>;

const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  ZSingleLineText.max(300)
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1));

export const PRODUCT_FIELDS = Object.keys(ZProductSummary.shape) as (keyof TProductSummary)[];

export const ZProductListQuery = ZPageQuery.extend({
  search: ZSingleLineText.trim().max(100).optional(),
  /** Comma-separated subset of the summary's fields; `id` always comes back. */
  fields: commaList(
    z.enum(PRODUCT_FIELDS as [keyof TProductSummary, ...(keyof TProductSummary)[]]),
  ).optional(),
  /** Comma-separated: simple,combo,origin. */
  product_types: commaList(ZProductType).optional(),
  /** Only products on this menu (with the menu's price). */
  menu_id: ZId.optional(),
});
export type TProductListQuery = z.infer<typeof ZProductListQuery>;

export const ZProductListResponse = z.object({
  count: z.number().int().nonnegative(),
  /** Full summaries, or only the requested `fields` (plus `id`) when `fields` is given. */
  products: z.array(ZProductSummary.partial().required({ id: true })),
});
export type TProductListResponse = z.infer<typeof ZProductListResponse>;

export const ZProductParams = z.object({ id: ZIdOrSlug });
export const ZProductDetailQuery = z.object({ menu_id: ZId.optional() });

export const ZMenuProduct = ZProductSummary.extend({
  /**
   * Nothing of it can be ordered (at the chosen branch, right now): shown as 'Unavailable'. The
   * product on the branch's stop list; an origin product with every size the menu sells stopped; a
   * combo with every option of one group stopped, or a group with no option left or no group at all
   * (so also without a branch); a compulsory single modifier stopped, or every variant of a group that
   * needs a choice (the branch's modifier stop list). Domain `menuDishStopped`, `comboPicksStopped`,
   * `requiredModifiersStopped`: the product page's rules.
   */
  in_stop: z.boolean(),
});
export type TMenuProduct = z.infer<typeof ZMenuProduct>;

export const ZMenuCategory = z.object({
  id: ZId,
  slug: z.string(),
  title: ZLocalizedText,
  products: z.array(ZMenuProduct),
});
export type TMenuCategory = z.infer<typeof ZMenuCategory>;

export const ZMenuProductsQuery = z
  .object({ menu_id: ZId.optional(), branch_id: ZId.optional() })
  .refine((q) => q.menu_id || q.branch_id, {
    message: 'menu_id or branch_id is required',
    path: ['menu_id'],
  });

/** GET /v2/stop-list (issue 13): a branch's stop list, read again every few seconds by an open storefront page. */
export const ZBranchStopsQuery = z.object({ branch_id: ZId });
export const ZBranchStopsResponse = z.object({
  branch_id: ZId,
  /** The branch's stopped products. */
  product_ids: z.array(ZId),
  /** The branch's stopped modifiers (single modifiers or a group's variants). */
  modifier_ids: z.array(ZId),
  /**
   * A fingerprint of the branch menu's products and prices: it changes when a manager changes a price
   * or takes a product off the menu or puts it on, so an open page knows to render its prices again.
   * Opaque: compare for equality only.
   */
  menu_version: z.string().max(64),
  /** The branch's pauses as `GET /v1/branches/{id}` gives them (issue 13: one read follows all three). */
  paused_until: z.iso.datetime().nullable(),
  delivery_paused_until: z.iso.datetime().nullable(),
  /**
   * The branch's working hours now ('HH:mm', Tashkent), so an open page that chose the branch
   * earlier follows a manager's change of them (the closed notice, the slots) without a new choice.
   */
  work_hour_start: ZClock,
  work_hour_end: ZClock,
});
export type TBranchStopsResponse = z.infer<typeof ZBranchStopsResponse>;

export const ZMenuProductsResponse = z.object({
  menu_id: ZId,
  branch_id: ZId.nullable(),
  categories: z.array(ZMenuCategory),
  tags: z.array(ZTag),
});
export type TMenuProductsResponse = z.infer<typeof ZMenuProductsResponse>;

export const ZSingleModifier = z.object({
  id: ZId,
  name: ZLocalizedText,
  price: ZSum,
  /** Added to every order of the product, cannot be removed. */
  is_compulsory: z.boolean(),
  category_name: ZLocalizedText,
  max_amount: z.number().int().positive(),
  /** On the asked branch's modifier stop list now (GET /v2/modifier?branch_id=): 'Unavailable', not choosable. */
  in_stop: z.boolean(),
});
export type TSingleModifier = z.infer<typeof ZSingleModifier>;

export const ZGroupModifier = z.object({
  id: ZId,
  name: ZLocalizedText,
  /** The customer must choose at least this many (0 = optional) and at most max_amount in total. */
  min_amount: z.number().int().nonnegative(),
  max_amount: z.number().int().positive(),
  variants: z
    .array(
      z.object({
        id: ZId,
        title: ZLocalizedText,
        out_price: ZSum,
        /** On the asked branch's modifier stop list now: 'Unavailable', not choosable. */
        in_stop: z.boolean(),
      }),
    )
    .min(1),
});
export type TGroupModifier = z.infer<typeof ZGroupModifier>;

export const ZModifierQuery = z.object({
  product_id: ZId,
  /** Mark `in_stop` the modifiers on this branch's modifier stop list (absent: none is marked). */
  branch_id: ZId.optional(),
});
export const ZModifierResponse = z.object({
  product_modifiers: z.object({
    single_modifiers: z.array(ZSingleModifier),
    group_modifiers: z.array(ZGroupModifier),
  }),
});
export type TModifierResponse = z.infer<typeof ZModifierResponse>;

export const ZDeliveryType = z.enum(['delivery', 'self-pickup']);
export type TDeliveryType = z.infer<typeof ZDeliveryType>;

export const ZAutoAddQuery = z.object({
  menu_id: ZId.optional(),
  delivery_type: ZDeliveryType.optional(),
  order_price: z.coerce.number().int().nonnegative().optional(),
});
export const ZAutoAddResponse = z.object({
  products: z.array(
    z.object({
      product: ZProductSummary,
      quantity: z.number().int().positive(),
      /** Which order type it is added to; null means both. */
      delivery_type: ZDeliveryType.nullable(),
      /** Added only from this order amount on. */
      min_order_price: ZSum,
    }),
  ),
});
export type TAutoAddResponse = z.infer<typeof ZAutoAddResponse>;

export const ZReview = z.object({
  id: ZId,
  rating: z.number().int().min(1).max(5),
  review_message: z.string(),
  created_at: z.iso.datetime(),
  client_name: z.string(),
});
export type TReview = z.infer<typeof ZReview>;
export const ZReviewListQuery = ZPageQuery.extend({
  related_subject: z.literal('product').default('product'),
  product_id: ZId,
});
export const ZReviewListResponse = z.object({
  count: z.number().int().nonnegative(),
  reviews: z.array(ZReview),
});
export type TReviewListResponse = z.infer<typeof ZReviewListResponse>;
