/**
 * Prices of an order the server quotes (issue 5): the delivery fare (PATCH /v1/fares/compute-price)
 * and the discounts (GET /v2/discount-with-order-price, GET /v2/discount-with-products). Amounts a
 * client sends here are only the inputs of a quote; an order is priced again on the server from the
 * database.
 */
import { z } from 'zod';
import { ZId, ZLocalizedText, ZSingleLineText, ZSum } from './common.ts';
import { ZDeliveryType } from './product.ts';
import { ZPaymentType } from './shipper.ts';

// ---------------------------------------------------------------------------------------------
// Delivery fare

/**
 * Why the delivery costs what it costs (the checkout explains it). 'discount': a free-delivery
 * discount made it 0 (only on a placed order; PATCH /v1/fares/compute-price never answers it, the
 * discount quote says `is_delivery_free`).
 */
export const FARE_REASONS = ['pickup', 'free_threshold', 'distance', 'discount'] as const;
export const ZFareReason = z.enum(FARE_REASONS);
export type TFareReason = z.infer<typeof ZFareReason>;

const requiredForDelivery = 'is required for delivery';

/**
 * PATCH /v1/fares/compute-price. `lat`, `long` and `delivery_zone_id` are required for delivery
 * (the default) and ignored for self-pickup.
 */
export const ZComputePriceRequest = z
  .object({
    branch_id: ZId,
    lat: z.number().min(-90).max(90).optional(),
    long: z.number().min(-180).max(180).optional(),
    /** The goods sum, compared with the zone's free-delivery threshold. */
    order_price: ZSum,
    delivery_zone_id: ZId.optional(),
    delivery_type: ZDeliveryType.default('delivery'),
  })
  .superRefine((body, ctx) => {
    if (body.delivery_type !== 'delivery') return;
    for (const key of ['lat', 'long', 'delivery_zone_id'] as const) {
      if (body[key] === undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: requiredForDelivery });
    }
  });
export type TComputePriceRequest = z.input<typeof ZComputePriceRequest>;

export const ZComputePriceResponse = z.object({
  /** The delivery price in sums. */
  price: ZSum,
  /** Straight-line distance from the branch to the point in whole metres (0 for self-pickup). */
  distance: z.number().int().nonnegative(),
  reason: ZFareReason,
});
export type TComputePriceResponse = z.infer<typeof ZComputePriceResponse>;

// ---------------------------------------------------------------------------------------------
// Discounts

/** 'promo_code': given by a promo code; 'discount': applied automatically. */
export const DISCOUNT_TYPES = ['discount', 'promo_code'] as const;
export const ZDiscountType = z.enum(DISCOUNT_TYPES);
export type TDiscountType = z.infer<typeof ZDiscountType>;

/** 'percent' or 'fixed' (sums) off; 'free_delivery': the delivery costs nothing. */
export const DISCOUNT_MODES = ['percent', 'fixed', 'free_delivery'] as const;
export const ZDiscountMode = z.enum(DISCOUNT_MODES);
export type TDiscountMode = z.infer<typeof ZDiscountMode>;

/** At most this many different products in one quote. */
export const MAX_QUOTE_PRODUCTS = 100;
/** At most this many units of one product in one quote. */
export const MAX_QUOTE_PRODUCT_COUNT = 999;

const PRODUCT_ITEM = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{1,3})$/i;

/**
 * `products=<product id>:<count>,<product id>:<count>` (a repeated `products` parameter is read as
 * one list). The same product twice counts once with the counts added. Empty: no products.
 */
export const ZQuoteProductsParam = z
  .union([ZSingleLineText, z.array(ZSingleLineText)])
  .transform((value) => (Array.isArray(value) ? value.join(',') : value))
  .pipe(
    z
      .string()
      .max(MAX_QUOTE_PRODUCTS * 42, 'is too long')
      .transform((value, ctx) => {
        const counts = new Map<string, number>();
        for (const part of value.split(',')) {
          const item = part.trim();
          if (!item) continue;
          const match = PRODUCT_ITEM.exec(item);
          const count = match ? Number(match[2]) : 0;
          if (!match?.[1] || count < 1 || count > MAX_QUOTE_PRODUCT_COUNT) {
            ctx.addIssue({
              code: 'custom',
              message: `must be product_id:count pairs separated by commas, each count 1..${MAX_QUOTE_PRODUCT_COUNT}`,
            });
            return z.NEVER;
          }
          const id = match[1].toLowerCase();
          counts.set(id, (counts.get(id) ?? 0) + count);
        }
        if (counts.size > MAX_QUOTE_PRODUCTS) {
          ctx.addIssue({ code: 'custom', message: `must name at most ${MAX_QUOTE_PRODUCTS} products` });
          return z.NEVER;
        }
        for (const n of counts.values()) {
          if (n > MAX_QUOTE_PRODUCT_COUNT) {
            ctx.addIssue({
              code: 'custom',
              message: `must count at most ${MAX_QUOTE_PRODUCT_COUNT} of a product`,
            });
            return z.NEVER;
          }
        }
        return [...counts].map(([product_id, count]) => ({ product_id, count }));
      }),
  );
export type TQuoteProduct = { product_id: string; count: number };

/** A whole sum in a query string: '125000'. Empty, '1e5', '-1' and '12.5' are refused. */
const ZSumParam = z
  .string()
  // Spaces only: `\s` would let line breaks and U+2028/2029 through (finding 1).
  .regex(/^ *\d{1,12} *$/, 'must be a whole number of sums')
  .transform(Number)
  .pipe(ZSum);

/** The query both discount endpoints take. */
export const ZDiscountQuery = z.object({
  /** Absent: only discounts not limited to branches apply, products at their base price. */
  branch_id: ZId.optional(),
  delivery_type: ZDeliveryType.default('delivery'),
  /** Absent: discounts limited to payment types do not apply. */
  payment_type: ZPaymentType.optional(),
  /**
   * The goods sum (with modifiers). Required for the order discounts; for the product discounts it
   * defaults to the products at their prices.
   */
  order_price: ZSumParam.optional(),
  /** The delivery price the checkout shows (see `is_delivery_free`). */
  delivery_price: ZSumParam.default(0),
  products: ZQuoteProductsParam.optional(),
  /** Case does not matter. Codes limited per customer, bound to one or for the first order need a sign-in. */
  promo_code: ZSingleLineText.trim().min(1).max(64).optional(),
});
export type TDiscountQuery = z.input<typeof ZDiscountQuery>;

/** GET /v2/discount-with-order-price: `order_price` is required. */
export const ZDiscountWithOrderPriceQuery = ZDiscountQuery.extend({ order_price: ZSumParam });
export const ZDiscountWithProductsQuery = ZDiscountQuery;

/** A gift product of a discount (none are configured yet: always null). */
export const ZBonusProduct = z.object({ id: ZId, count: z.number().int().positive(), out_price: ZSum });

export const ZOrderDiscount = z.object({
  discount_id: ZId,
  discount_type: ZDiscountType,
  discount_mode: ZDiscountMode,
  /** The code as the chain wrote it, for a promo code discount; else null. */
  promo_code: z.string().nullable(),
  bonus_product: ZBonusProduct.nullable(),
  /** How much this discount takes off the order, in sums (0 for free delivery: see is_delivery_free). */
  discount_price_for_order: ZSum,
  discount_title: ZLocalizedText,
});
export type TOrderDiscount = z.infer<typeof ZOrderDiscount>;

export const ZDiscountWithOrderPriceResponse = z.object({
  discounts: z.array(ZOrderDiscount),
  /** The sum of every discount_price_for_order, never more than order_price. */
  all_discount_price: ZSum,
  /** A free-delivery discount applies: the delivery price becomes 0 (it is not in all_discount_price). */
  is_delivery_free: z.boolean(),
});
export type TDiscountWithOrderPriceResponse = z.infer<typeof ZDiscountWithOrderPriceResponse>;

/**
 * One discount on one unit of one product. A product may have several (an automatic one and a promo
 * code): the cart's price_with_discount is its price plus the sum of its `discount_price` values.
 */
export const ZProductDiscount = z.object({
  product_id: ZId,
  /** Added to the unit price: negative for a discount, never below -price. */
  discount_price: z.number().int().nonpositive(),
  discount_id: ZId,
  discount_type: ZDiscountType,
  discount_mode: ZDiscountMode,
  promo_code: z.string().nullable(),
  discount_title: ZLocalizedText,
});
export type TProductDiscount = z.infer<typeof ZProductDiscount>;

export const ZDiscountWithProductsResponse = z.object({ products: z.array(ZProductDiscount) });
export type TDiscountWithProductsResponse = z.infer<typeof ZDiscountWithProductsResponse>;
