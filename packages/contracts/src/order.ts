/**
 * Orders (issue 5): placing one (POST /v2/ondemand-order), the customer's orders and their live
 * status, reviews of ordered dishes, and the staff API that moves an order through its life. Every
 * price here is computed by the server from the database; a client never sends one.
 */
import { z } from 'zod';
import {
  ZId,
  ZLatLong,
  ZLocalizedText,
  ZMultiLineText,
  ZPageQuery,
  ZSingleLineText,
  ZSum,
} from './common.ts';
import { ZPhone } from './content.ts';
import { ZFareReason, ZOrderDiscount } from './pricing.ts';
import { ZDeliveryType, ZReview } from './product.ts';
import { ZPaymentType } from './shipper.ts';

/**
 * Statuses of the platform (spec section 4 "Orders"). The one list: the domain's state machine
 * (packages/domain/src/order-status.ts) takes it, the events and the staff roles below as they are.
 */
export const ORDER_STATUS_VALUES = [
  'new',
  'future',
  'operator-accepted',
  'vendor-accepted',
  'vendor-ready',
  'courier-accepted',
  'courier-picked',
  'delivered',
  'finished',
  'operator-cancelled',
  'vendor-cancelled',
  'courier-cancelled',
  'server-cancelled',
  'payment-awaited',
] as const;
export const ZOrderStatus = z.enum(ORDER_STATUS_VALUES);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;

export const ORDER_EVENT_VALUES = [
  'operator-accepted',
  'operator-cancelled',
  'vendor-accepted',
  'vendor-cancelled',
  'vendor-ready',
  'courier-accepted',
  'courier-cancelled',
  'courier-picked',
  'delivered',
  'finished',
  'server-cancelled',
  'future-due',
  'payment-received',
] as const;
export const ZOrderEvent = z.enum(ORDER_EVENT_VALUES);
export type TOrderEvent = z.infer<typeof ZOrderEvent>;

export const STAFF_ROLES = ['operator', 'vendor', 'courier'] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;
/**
 * Every staff account's role: the three that move orders (STAFF_ROLES, the order machine's actors) and
 * the manager (issue 13), who runs the chain or one branch (stop list, prices, pauses, hours, staff,
 * figures, audit log) and sends no order events.
 */
export const STAFF_ACCOUNT_ROLES = [...STAFF_ROLES, 'manager'] as const;
export const ZStaffAccountRole = z.enum(STAFF_ACCOUNT_ROLES);
export type TStaffAccountRole = z.infer<typeof ZStaffAccountRole>;

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

// ---------------------------------------------------------------------------------------------
// Reading orders: GET /v2/orders?status=current|history, GET /v2/orders/{id}

export const ZOrderLineModifier = z.object({
  modifier_id: ZId,
  parent_id: ZId.nullable(),
  name: ZLocalizedText,
  quantity: z.number().int().positive(),
  /** Per unit of the line. */
  price: ZSum,
});

export const ZOrderLine = z.object({
  id: ZId,
  product_id: ZId,
  slug: z.string(),
  type: z.enum(['simple', 'combo', 'origin']),
  title: ZLocalizedText,
  /** The chosen size or combo picks, as titles. */
  variants: z.array(z.object({ group_id: ZId, product_id: ZId, title: ZLocalizedText })),
  modifiers: z.array(ZOrderLineModifier),
  quantity: z.number().int().positive(),
  /** One unit with its modifiers, before discounts. */
  unit_price: ZSum,
  /** unit_price x quantity. */
  total_price: ZSum,
  image_url: z.string().nullable(),
  comment: z.string(),
  /**
   * Added to the cart by the chain's auto-add rules (napkins on delivery), not chosen by the customer:
   * never rated, and not repeated as a dish of the customer's own.
   */
  auto_added: z.boolean(),
  /** The customer may still rate this dish (order delivered or finished, not auto-added, not yet rated). */
  can_review: z.boolean(),
});
export type TOrderLine = z.infer<typeof ZOrderLine>;

export const ZOrderStatusChange = z.object({ status: ZOrderStatus, at: z.iso.datetime() });

export const ZOrderCourier = z.object({ name: z.string(), phone: ZPhone });

export const ZOrderSummary = z.object({
  id: ZId,
  external_order_id: z.string(),
  status: ZOrderStatus,
  created_at: z.iso.datetime(),
  delivery_type: ZDeliveryType,
  branch: z.object({ id: ZId, slug: z.string(), name: ZLocalizedText }),
  total_price: ZSum,
  items_count: z.number().int().nonnegative(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

export const ZOrderDetail = ZOrderSummary.extend({
  updated_at: z.iso.datetime(),
  payment_type: ZPaymentType,
  paid: z.boolean(),
  to_address: z.string().nullable(),
  to_location: ZLatLong.nullable(),
  accommodation: z.string(),
  apartment: z.string(),
  building: z.string(),
  floor: z.string(),
  description: z.string(),
  is_courier_call: z.boolean(),
  comment: z.string(),
  /** Null: as soon as possible. */
  future_time: z.iso.datetime().nullable(),
  /** When the customer can expect the order (delivery) or collect it (pickup). */
  expected_at: z.iso.datetime().nullable(),
  goods_price: ZSum,
  delivery_price: ZSum,
  delivery_reason: ZFareReason,
  discount_price: ZSum,
  promo_code: z.string().nullable(),
  change_from: ZSum.nullable(),
  /** The part paid with the accumulative card's bonuses. */
  loyalty_amount: ZSum,
  /** What is paid by `payment_type`: total_price - loyalty_amount. */
  amount_to_pay: ZSum,
  /** Bonuses credited for this order (once it is delivered or finished); 0 before. */
  loyalty_earned: ZSum,
  /** An online order still awaiting its payment: the provider's page to pay it; null otherwise. */
  payment_link: z.url().nullable(),
  /** When an unpaid online order is cancelled by the server; null when not awaiting payment. */
  payment_deadline: z.iso.datetime().nullable(),
  /**
   * Payme: a payment of this order was begun on Payme's page (its transaction created) and is neither
   * completed nor cancelled. Payme takes no other payment of the order until it is, so the page says
   * to finish that one. False otherwise.
   */
  payment_started: z.boolean(),
  /** A paid order was cancelled: the money is to be returned (cleared once the provider refunds). */
  refund_due: z.boolean(),
  /** Null: not yet assigned. */
  courier: ZOrderCourier.nullable(),
  lines: z.array(ZOrderLine),
  history: z.array(ZOrderStatusChange),
});
export type TOrderDetail = z.infer<typeof ZOrderDetail>;

export const ZOrdersQuery = ZPageQuery.extend({ status: z.enum(['current', 'history']).default('current') });
/**
 * One order of the customer's own lists (GET /v2/orders): the summary, and the link to pay it while it
 * awaits an online payment (as on its page), so the card offers Pay. Staff lists do not carry it.
 */
export const ZCustomerOrderSummary = ZOrderSummary.extend({
  /** An online order still awaiting its payment: the provider's page to pay it; null otherwise. */
  payment_link: z.url().nullable(),
});
export type TCustomerOrderSummary = z.infer<typeof ZCustomerOrderSummary>;

export const ZOrdersResponse = z.object({
  count: z.number().int().nonnegative(),
  orders: z.array(ZCustomerOrderSummary),
});
export type TOrdersResponse = z.infer<typeof ZOrdersResponse>;
export const ZOrderParams = z.object({ id: ZId });

/** One message of the status stream (GET /v2/orders/{id}/status-stream, Server-Sent Events). */
export const ZOrderStatusEvent = z.object({
  order_id: ZId,
  status: ZOrderStatus,
  at: z.iso.datetime(),
  courier: ZOrderCourier.nullable(),
});
export type TOrderStatusEvent = z.infer<typeof ZOrderStatusEvent>;

// ---------------------------------------------------------------------------------------------
// Reviews: POST /v1/user_reviews

export const ZCreateReviewRequest = z.object({
  related_subject: z.literal('product').default('product'),
  product_id: ZId,
  order_id: ZId,
  rating: z.number().int().min(1).max(5),
  review_message: ZMultiLineText.trim().max(1000).default(''),
});
export type TCreateReviewRequest = z.input<typeof ZCreateReviewRequest>;
/** 201: the new review, as GET /v1/user_reviews lists it. */
export const ZCreateReviewResponse = ZReview;
export type TCreateReviewResponse = z.infer<typeof ZCreateReviewResponse>;

/** GET /v1/user_reviews/eligibility?product_id= (signed in): may the customer rate this dish now? */
export const ZReviewEligibilityQuery = z.object({ product_id: ZId });
/** Why not: no delivered or finished order of theirs holds the dish, or they rated it already. */
export const REVIEW_INELIGIBLE_REASONS = ['not_ordered', 'already_reviewed'] as const;
export const ZReviewEligibility = z.object({
  can_review: z.boolean(),
  /** When can_review: the newest delivered or finished order of the customer holding the dish. */
  order_id: ZId.nullable(),
  /** Null when can_review. */
  reason: z.enum(REVIEW_INELIGIBLE_REASONS).nullable(),
});
export type TReviewEligibility = z.infer<typeof ZReviewEligibility>;

// ---------------------------------------------------------------------------------------------
// Staff: POST /v1/staff/login, GET /v1/staff/orders, POST /v1/staff/orders/{id}/events

export const ZStaffLoginRequest = z.object({
  login: ZSingleLineText.trim().min(3).max(60),
  password: ZSingleLineText.min(8).max(200),
});
export const ZStaffMember = z.object({
  id: ZId,
  login: z.string(),
  name: z.string(),
  role: ZStaffAccountRole,
  /** The vendor's branch, or a branch manager's; null for operators, couriers and chain managers. */
  branch_id: ZId.nullable(),
});
export type TStaffMember = z.infer<typeof ZStaffMember>;
export const ZStaffLoginResponse = z.object({
  staff: ZStaffMember,
  access_token: z.string().min(32),
  expires_at: z.iso.datetime(),
});
export const ZStaffOrdersQuery = ZPageQuery.extend({ status: ZOrderStatus.optional() });
/** An order as a staff member sees it in GET /v1/staff/orders. */
export const ZStaffOrder = ZOrderSummary.extend({
  payment_type: ZPaymentType,
  paid: z.boolean(),
  /** The part paid with bonuses. */
  loyalty_amount: ZSum,
  refund_due: z.boolean(),
  to_address: z.string().nullable(),
  /** Null: as soon as possible. */
  future_time: z.iso.datetime().nullable(),
  comment: z.string(),
  customer: z.object({ name: z.string(), phone: ZPhone }),
  /** Null: no courier yet. */
  courier: ZOrderCourier.nullable(),
  /** The events this staff member may send for the order now (what a staff screen offers). */
  allowed_events: z.array(ZOrderEvent),
  /** The branch's delivery time (delivery) or cooking time (pickup), minutes: what the timers count against. */
  target_minutes: z.number().int().positive(),
});
export type TStaffOrder = z.infer<typeof ZStaffOrder>;
export const ZStaffOrdersResponse = z.object({
  count: z.number().int().nonnegative(),
  orders: z.array(ZStaffOrder),
});
export type TStaffOrdersResponse = z.infer<typeof ZStaffOrdersResponse>;
export const ZStaffOrderEventRequest = z.object({
  event: ZOrderEvent,
  /** Why: required with a cancelling event (operator-, vendor-, courier-cancelled), kept in the history. */
  reason: ZSingleLineText.trim().min(1).max(300).optional(),
});
export const ZStaffOrderEventResponse = z.object({
  order_id: ZId,
  status: ZOrderStatus,
  at: z.iso.datetime(),
});
