/**
 * Placing an order (POST /v2/ondemand-order) and quoting one (POST /v2/ondemand-order/quote), with the
 * payment types an order may use. Every price is computed by the server from the database; a client
 * never sends one.
 */
import { z } from 'zod';
import { ZId, ZLatLong, ZMultiLineText, ZSingleLineText, ZSum } from './common.ts';
import { ZFareReason, ZOrderDiscount } from './pricing.ts';
import { ZDeliveryType } from './product.ts';
import { ZPaymentType } from './shipper.ts';

/**
 * How the part of an order not paid with bonuses is paid: on receipt (cash, card) or online before the
 * kitchen sees it (payme, click: the order waits in 'payment-awaited'). The shipper's fifth type,
 * 'loyalty' (the accumulative card), is never the order's payment type: bonuses pay at most
 * LOYALTY_MAX_SHARE_PERCENT of an order, through `loyalty_amount`, beside one of these.
 */
export const ORDER_PAYMENT_TYPES = ['cash', 'card', 'payme', 'click'] as const;
/** Paid online: the order is created 'payment-awaited' and answered with a `payment_link`. */
export const ONLINE_PAYMENT_TYPES = ['payme', 'click'] as const;
export type TOnlinePaymentType = (typeof ONLINE_PAYMENT_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Placing an order: POST /v2/ondemand-order (header Idempotency-Key, optional, up to 255 chars)

export const ZOrderModifierInput = z.object({
  modifier_id: ZId,
  modifier_quantity: z.number().int().min(1).max(99),
  /** The group modifier's id for a group variant; null/absent for a single modifier. */
  parent_id: ZId.nullable().optional(),
});

/** A combo's pick in a group, or an origin product's chosen size (group_id = the origin product). */
export const ZOrderVariantInput = z.object({ group_id: ZId, product_id: ZId });

export const ZOrderProductInput = z.object({
  product_id: ZId,
  type: z.enum(['simple', 'combo', 'origin']),
  variants: z.array(ZOrderVariantInput).max(20).default([]),
  quantity: z.number().int().min(1).max(99),
  order_modifiers: z.array(ZOrderModifierInput).max(50).default([]),
  comment: ZMultiLineText.trim().max(300).optional(),
});
export type TOrderProductInput = z.input<typeof ZOrderProductInput>;

/** One line (address details); `optionalNote` for the texts a customer may write on several lines. */
const optionalText = (max: number) => ZSingleLineText.trim().max(max).default('');
const optionalNote = (max: number) => ZMultiLineText.trim().max(max).default('');

export const ZCreateOrderRequest = z.object({
  delivery_type: ZDeliveryType,
  payment_type: ZPaymentType,
  /** Delivery only: the address text and point. */
  to_address: ZSingleLineText.trim().max(300).optional(),
  to_location: ZLatLong.optional(),
  delivery_zone_id: ZId.optional(),
  accommodation: optionalText(100),
  apartment: optionalText(20),
  building: optionalText(20),
  floor: optionalText(20),
  description: optionalNote(500),
  /** true (default): the courier calls on arrival, apartment/building/floor may stay empty. */
  is_courier_call: z.boolean().default(true),
  /** ISO date-time of a scheduled order; null or absent: as soon as possible. */
  future_time: z.iso.datetime({ offset: true }).nullable().optional(),
  is_preorder: z.boolean().default(false),
  source: z.literal('website').default('website'),
  promo_code: ZSingleLineText.trim().min(1).max(40).optional(),
  /**
   * Cash only: the banknote the customer pays with; must not be below the total to pay, nor above a
   * hundred million (domain MAX_CHANGE_FROM; the column is an integer, and the quote must refuse what
   * placing would).
   */
  change_from: ZSum.max(100_000_000).nullable().optional(),
  /**
   * Sums paid with the accumulative card's bonuses: at most the balance and LOYALTY_MAX_SHARE_PERCENT
   * of the total, a whole number of hundreds (spec section 5); the rest is paid by `payment_type`.
   */
  loyalty_amount: ZSum.max(100_000_000).default(0),
  comment: optionalNote(500),
  steps: z
    .array(z.object({ branch_id: ZId, products: z.array(ZOrderProductInput).min(1).max(100) }))
    .length(1),
});
export type TCreateOrderRequest = z.input<typeof ZCreateOrderRequest>;

export const ZCreateOrderResponse = z.object({
  order_id: ZId,
  /** The short number the customer and the operators read ('B-10234'). */
  external_order_id: z.string(),
  /**
   * payme or click: the provider's page where the customer pays (the order waits in 'payment-awaited'
   * until then); absent for cash and card on receipt.
   */
  payment_link: z.url().optional(),
});
export type TCreateOrderResponse = z.infer<typeof ZCreateOrderResponse>;

// ---------------------------------------------------------------------------------------------
// Quoting an order: POST /v2/ondemand-order/quote (the same body, signed in; writes nothing)

/** One line of the body as the server prices it (the same code path as placing the order). */
export const ZOrderQuoteLine = z.object({
  /** The line's position in `steps[0].products`. */
  index: z.number().int().nonnegative(),
  /** As the body named it. */
  product_id: ZId,
  /**
   * One unit: the product's or size's menu price, plus combo extras and modifiers, before discounts.
   * Null: the server cannot price the line as sent (its refusal is in `errors`).
   */
  unit_price: ZSum.nullable(),
  /** unit_price x quantity; null with unit_price. */
  total_price: ZSum.nullable(),
  /** The product, its size or a combo pick is on the branch's stop list: not counted in goods_price. */
  in_stop: z.boolean(),
});
export type TOrderQuoteLine = z.infer<typeof ZOrderQuoteLine>;

/** A refusal the order would get now, its message in the language of Accept-Language. */
export const ZOrderQuoteError = z.object({
  /** The refusal's code, as POST /v2/ondemand-order would answer it ('MIN_ORDER_PRICE'). */
  code: z.string(),
  message: z.string(),
  /** The body field it is about, when there is one ('promo_code', 'change_from', 'steps[0].products[1].product_id'). */
  field: z.string().optional(),
});
export type TOrderQuoteError = z.infer<typeof ZOrderQuoteError>;

/**
 * The server's computation of the order the body describes, exactly as placing it would compute
 * it. `errors` lists every refusal placing it now would meet (the order answers the first of them);
 * empty: it would be accepted as priced here (the server checks again when it is placed).
 */
export const ZOrderQuoteResponse = z.object({
  /** The lines that can be priced and are not stopped. */
  goods_price: ZSum,
  delivery_price: ZSum,
  /** Null: the delivery could not be priced (no address, outside the zones, no fare: see errors). */
  delivery_reason: ZFareReason.nullable(),
  /** Metres from the branch (0 for self-pickup or when not priced). */
  delivery_distance: z.number().int().nonnegative(),
  /** What the discounts take off (never more than goods and delivery). */
  discount_price: ZSum,
  total_price: ZSum,
  /** The body's loyalty_amount (what bonuses would pay); its refusals are in `errors`. */
  loyalty_amount: ZSum,
  /**
   * The most bonuses this order may use now: the customer's balance and LOYALTY_MAX_SHARE_PERCENT of
   * total_price, rounded down to the hundred; 0 when the chain offers no accumulative card.
   */
  loyalty_max: ZSum,
  /** What payment_type pays: total_price - loyalty_amount (never below 0). */
  amount_to_pay: ZSum,
  /** The discounts that apply, as GET /v2/discount-with-order-price gives them (promo code included). */
  discounts: z.array(ZOrderDiscount),
  lines: z.array(ZOrderQuoteLine),
  /** The smallest goods sum accepted: the zone's min_order_amount (delivery), never below the chain's. */
  min_order_amount: ZSum,
  /**
   * The zone's free-delivery threshold; null when there is none to reach (pickup, a zone without
   * one, delivery already free by a discount, or the zone unknown).
   */
  free_delivery_order_amount: ZSum.nullable(),
  /** How much more the goods must cost to be accepted; 0 when they are. */
  min_order_shortfall: ZSum,
  /** How much more for free delivery; 0 once reached; null when there is nothing to reach. */
  free_delivery_shortfall: ZSum.nullable(),
  errors: z.array(ZOrderQuoteError),
});
export type TOrderQuoteResponse = z.infer<typeof ZOrderQuoteResponse>;
