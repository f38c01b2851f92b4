import {
  type TFareReason,
  type TOrderDetail,
  type TOrderLine,
  type TOrderStatus,
  type TOrderStatusEvent,
  type TOrderSummary,
  type TPaymentType,
  ZFareReason,
  ZOrderStatus,
  ZPaymentType,
} from '@app/contracts';
import { isCancelledStatus } from '@app/domain';
import type {
  OrderCourierRow,
  OrderDetailRow,
  OrderHistoryRow,
  OrderLineWithProduct,
  OrderSummaryRow,
} from './orders.repository.ts';

/** Statuses in which the customer may rate the dishes of an order. */
export const REVIEWABLE_STATUSES: readonly TOrderStatus[] = ['delivered', 'finished'];

const MINUTE = 60_000;

/**
 * A status read from the database. The column is text written only through the domain's machine, so
 * anything else is a bug worth a 500 with a clear message rather than a wrong answer.
 */
export function orderStatusOf(value: string): TOrderStatus {
  const parsed = ZOrderStatus.safeParse(value);
  if (!parsed.success) throw new Error(`Order status '${value}' is not a known status`);
  return parsed.data;
}

const paymentTypeOf = (value: string): TPaymentType => {
  const parsed = ZPaymentType.safeParse(value);
  if (!parsed.success) throw new Error(`Payment type '${value}' is not a known payment type`);
  return parsed.data;
};

const fareReasonOf = (value: string): TFareReason => {
  const parsed = ZFareReason.safeParse(value);
  if (!parsed.success) throw new Error(`Delivery reason '${value}' is not a known reason`);
  return parsed.data;
};

export function toOrderSummary(row: OrderSummaryRow): TOrderSummary {
  const { order, branch } = row;
  return {
    id: order.id,
    external_order_id: order.externalOrderId,
    status: orderStatusOf(order.status),
    created_at: order.createdAt.toISOString(),
    delivery_type: order.deliveryType,
    branch: { id: branch.id, slug: branch.slug, name: branch.name },
    total_price: order.totalPrice,
    items_count: row.itemsCount,
  };
}

export function toOrderLine(line: OrderLineWithProduct, canReview: boolean): TOrderLine {
  return {
    id: line.id,
    product_id: line.productId,
    slug: line.slug,
    type: line.type,
    title: line.title,
    variants: line.variants.map((v) => ({ group_id: v.group_id, product_id: v.product_id, title: v.title })),
    modifiers: line.modifiers.map((m) => ({
      modifier_id: m.modifier_id,
      parent_id: m.parent_id,
      name: m.name,
      quantity: m.quantity,
      price: m.price,
    })),
    quantity: line.quantity,
    unit_price: line.unitPrice,
    total_price: line.totalPrice,
    image_url: line.image?.url ?? null,
    comment: line.comment,
    auto_added: line.autoAdded,
    can_review: canReview && !line.autoAdded,
  };
}

/**
 * When the customer can expect the order: the scheduled time, else placing time plus the branch's
 * delivery time (a delivery) or its cooking time (a pickup: when it can be collected, the time the
 * staff workspace's timer counts it against). Null for a cancelled order.
 */
export function expectedAt(row: OrderDetailRow): Date | null {
  const { order } = row;
  if (isCancelledStatus(orderStatusOf(order.status))) return null;
  if (order.futureTime) return order.futureTime;
  const minutes = order.deliveryType === 'delivery' ? row.branchDeliveryTime : row.branchCookingTime;
  return new Date(order.createdAt.getTime() + minutes * MINUTE);
}

/** What the order's page shows beside the order's own row: from the loyalty ledger and the payment. */
export type OrderDetailExtras = {
  /** Bonuses credited for the order (its 'earned' movement), 0 before. */
  loyaltyEarned: number;
  /** The payment link while the order awaits its online payment, else null. */
  paymentLink: string | null;
  /** When an unpaid online order is cancelled, while it awaits payment, else null. */
  paymentDeadline: Date | null;
  /** Payme: a transaction of the order is created and neither performed nor cancelled (state 1). */
  paymentStarted: boolean;
};

export const NO_DETAIL_EXTRAS: OrderDetailExtras = {
  loyaltyEarned: 0,
  paymentLink: null,
  paymentDeadline: null,
  paymentStarted: false,
};

export function toOrderDetail(
  row: OrderDetailRow,
  lines: readonly OrderLineWithProduct[],
  history: readonly OrderHistoryRow[],
  reviewed: ReadonlySet<string>,
  extras: OrderDetailExtras = NO_DETAIL_EXTRAS,
): TOrderDetail {
  const { order } = row;
  const status = orderStatusOf(order.status);
  const reviewable = REVIEWABLE_STATUSES.includes(status);
  const expected = expectedAt(row);
  return {
    ...toOrderSummary(row),
    updated_at: order.updatedAt.toISOString(),
    payment_type: paymentTypeOf(order.paymentType),
    paid: order.paid,
    to_address: order.toAddress,
    to_location:
      order.toLat !== null && order.toLong !== null ? { lat: order.toLat, long: order.toLong } : null,
    accommodation: order.accommodation,
    apartment: order.apartment,
    building: order.building,
    floor: order.floor,
    description: order.description,
    is_courier_call: order.isCourierCall,
    comment: order.comment,
    future_time: order.futureTime?.toISOString() ?? null,
    expected_at: expected?.toISOString() ?? null,
    goods_price: order.goodsPrice,
    delivery_price: order.deliveryPrice,
    delivery_reason: fareReasonOf(order.deliveryReason),
    discount_price: order.discountPrice,
    promo_code: order.promoCode,
    change_from: order.changeFrom,
    loyalty_amount: order.loyaltyAmount,
    amount_to_pay: order.totalPrice - order.loyaltyAmount,
    loyalty_earned: extras.loyaltyEarned,
    payment_link: extras.paymentLink,
    payment_deadline: extras.paymentDeadline?.toISOString() ?? null,
    payment_started: extras.paymentStarted,
    refund_due: order.refundDue,
    courier: row.courier ? toCourier(row.courier) : null,
    lines: lines.map((line) => toOrderLine(line, reviewable && !reviewed.has(line.productId))),
    history: history.map((h) => ({ status: orderStatusOf(h.status), at: h.createdAt.toISOString() })),
  };
}

export const toCourier = (c: OrderCourierRow) => ({ name: c.name, phone: c.phone });

export function toStatusEvent(
  orderId: string,
  current: { status: string; at: Date; courier: OrderCourierRow | null },
): TOrderStatusEvent {
  return {
    order_id: orderId,
    status: orderStatusOf(current.status),
    at: current.at.toISOString(),
    courier: current.courier ? toCourier(current.courier) : null,
  };
}
