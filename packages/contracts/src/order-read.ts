/**
 * The customer's orders as read back: their lists and pages (GET /v2/orders, GET /v2/orders/{id}) and
 * the live status stream. The staff API builds its order on the summary and courier defined here.
 */
import { z } from 'zod';
import { ZId, ZLatLong, ZLocalizedText, ZPageQuery, ZSum } from './common.ts';
import { ZPhone } from './content.ts';
import { ZOrderStatus } from './order-status.ts';
import { ZFareReason } from './pricing.ts';
import { ZDeliveryType } from './product.ts';
import { ZPaymentType } from './shipper.ts';

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

export const ZOrdersQuery = ZPageQuery.extend({
  status: z.enum(['current', 'history']).default('current'),
  /**
   * Paging by key: the page starts after this order of the customer's (the previous page's
   * `next_before`), so an order moving between current and history while the customer reads the list
   * neither repeats one nor hides another, as paging by position does. With it, `page` is not used.
   */
  before: ZId.optional(),
});
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
  /** More orders follow: the `before` that reads the next page (this page's last order); null: none. */
  next_before: ZId.nullable(),
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
