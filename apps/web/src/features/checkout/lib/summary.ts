import type {
  TComputePriceResponse,
  TDeliveryType,
  TDiscountWithOrderPriceResponse,
  TOrderDiscount,
} from '@app/contracts';
import { freeDeliveryShortfall, minimumOrderShortfall, orderTotal } from '@app/domain';

/** Why the delivery costs what the summary shows: the fare's reason, or a free-delivery discount. */
export type TDeliveryReason = TComputePriceResponse['reason'] | 'free_discount';

export type TCheckoutSummary = {
  goods: number;
  delivery: number;
  deliveryReason: TDeliveryReason;
  /** Metres from the restaurant (delivery by distance). */
  distance: number;
  discount: number;
  discounts: TOrderDiscount[];
  total: number;
  /** The smallest order accepted here: the zone's minimum for delivery, never below the shipper's. */
  minimum: number;
  /** How much more the goods must cost to be accepted; 0 when they do. */
  minimumShortfall: number;
  /** The zone's free-delivery threshold, or null when delivery is never free there (or already is). */
  freeFrom: number | null;
  /** How much more for free delivery, or null when there is nothing to reach. */
  freeShortfall: number | null;
};

export type TSummaryInput = {
  deliveryType: TDeliveryType;
  goods: number;
  /** The fare quote (delivery); ignored for pickup. */
  fare: TComputePriceResponse | null;
  quote: TDiscountWithOrderPriceResponse;
  shipperMinimum: number;
  /** The delivery zone's amounts (delivery only). */
  zone: { min_order_amount: number; free_delivery_order_amount: number } | null;
};

/**
 * The itemised total the checkout shows, from the server's quotes: goods, delivery (the fare, or 0
 * for pickup or a free-delivery discount), the discounts, and the total by the domain's orderTotal
 * (the discount never takes the total below 0). Also how far the goods are from the minimum order
 * and from free delivery.
 */
export function checkoutSummary(input: TSummaryInput): TCheckoutSummary {
  const pickup = input.deliveryType === 'self-pickup';
  const fare = pickup || !input.fare ? { price: 0, distance: 0, reason: 'pickup' as const } : input.fare;
  const freeByDiscount = !pickup && input.quote.is_delivery_free && fare.price > 0;
  const deliveryReason: TDeliveryReason = pickup ? 'pickup' : freeByDiscount ? 'free_discount' : fare.reason;
  const totals = orderTotal({
    goods: input.goods,
    delivery: freeByDiscount ? 0 : fare.price,
    discount: input.quote.all_discount_price,
  });
  const minimum = pickup
    ? input.shipperMinimum
    : Math.max(input.shipperMinimum, input.zone?.min_order_amount ?? 0);
  const threshold = pickup || freeByDiscount ? 0 : (input.zone?.free_delivery_order_amount ?? 0);
  return {
    goods: totals.goods,
    delivery: totals.delivery,
    deliveryReason,
    distance: fare.distance,
    discount: totals.discount,
    discounts: input.quote.discounts,
    total: totals.total,
    minimum,
    minimumShortfall: minimumOrderShortfall(input.goods, minimum),
    freeFrom: threshold > 0 ? threshold : null,
    freeShortfall: freeDeliveryShortfall(input.goods, threshold),
  };
}
