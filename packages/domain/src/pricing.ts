import type { TDeliveryType } from '@app/contracts';

/**
 * Order money rules (issue 5): totals, the delivery fare, shortfalls, percentages and cash change.
 * Amounts are whole sums (UZS). Every amount argument must be a non-negative safe integer; anything
 * else is a bug upstream (a client price, a float from a division), so it throws a RangeError
 * rather than rounding a customer's money silently. The server computes with these; the storefront
 * uses them only to explain the server's numbers.
 */

const assertSum = (name: string, value: number): void => {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of sums >= 0, got ${value}`);
  }
};

export type OrderTotalInput = { goods: number; delivery: number; discount: number };
export type OrderTotal = {
  goods: number;
  delivery: number;
  /** The discount actually applied: the requested one, capped at goods + delivery. */
  discount: number;
  /** goods + delivery - discount, never negative. */
  total: number;
};

/**
 * The order's itemised total. The discount never exceeds goods + delivery (a 50 000 promo on a
 * 30 000 order makes it free, it does not pay the customer), so the total is never negative and
 * goods + delivery - discount = total always holds for the returned numbers, which the checkout and
 * the order page show as they are.
 */
export const orderTotal = ({ goods, delivery, discount }: OrderTotalInput): OrderTotal => {
  assertSum('goods', goods);
  assertSum('delivery', delivery);
  assertSum('discount', discount);
  const gross = goods + delivery;
  if (!Number.isSafeInteger(gross)) throw new RangeError(`goods + delivery is too large: ${gross}`);
  const applied = Math.min(discount, gross);
  return { goods, delivery, discount: applied, total: gross - applied };
};

/** The zone's fare (platform: PATCH /v1/fares/compute-price). */
export type Fare = {
  /** The price covering the first base_distance_m metres. */
  base_price: number;
  base_distance_m: number;
  /** Added for every started kilometre beyond the base distance. */
  price_per_km: number;
};

export type DeliveryFareInput = {
  deliveryType: TDeliveryType;
  /** The goods sum the zone's free-delivery threshold is compared with. */
  orderPrice: number;
  /** Straight-line distance from the branch in metres; required for delivery, ignored for pickup. */
  distanceMeters?: number;
  /** Required for delivery, ignored for pickup. 0 = the zone never delivers for free. */
  zone?: { free_delivery_order_amount: number };
  /** Required for delivery, ignored for pickup. */
  fare?: Fare;
};

export type DeliveryFareReason = 'pickup' | 'free_threshold' | 'distance';
export type DeliveryFare = {
  price: number;
  reason: DeliveryFareReason;
  /** The distance the price is for, in whole metres (0 for pickup). */
  distance: number;
};

const METERS_PER_KM = 1000;

/**
 * The delivery price and why it is what it is (the checkout shows the reason):
 * - 'pickup': self-pickup costs nothing;
 * - 'free_threshold': the order price is at or above the zone's free_delivery_order_amount, when
 *   that is above 0 (0 means the zone has no free delivery);
 * - 'distance': base_price covers base_distance_m; every started kilometre beyond adds
 *   price_per_km (base 3 000 m, distance 3 001 m: one extra km; 4 000 m: one; 4 001 m: two).
 * The distance is rounded to whole metres first, so a float from the distance formula
 * (3000.0000001) does not start a kilometre; the price is then a whole number of sums by
 * construction. A distance must be a finite number >= 0.
 */
export const deliveryFare = (input: DeliveryFareInput): DeliveryFare => {
  assertSum('orderPrice', input.orderPrice);
  if (input.deliveryType === 'self-pickup') return { price: 0, reason: 'pickup', distance: 0 };

  const { distanceMeters, zone, fare } = input;
  if (distanceMeters === undefined || zone === undefined || fare === undefined) {
    throw new RangeError('a delivery fare needs distanceMeters, zone and fare');
  }
  if (!Number.isFinite(distanceMeters) || distanceMeters < 0) {
    throw new RangeError(`distanceMeters must be a finite number >= 0, got ${distanceMeters}`);
  }
  assertSum('free_delivery_order_amount', zone.free_delivery_order_amount);
  assertSum('base_price', fare.base_price);
  assertSum('price_per_km', fare.price_per_km);
  if (!Number.isSafeInteger(fare.base_distance_m) || fare.base_distance_m < 0) {
    throw new RangeError(`base_distance_m must be a whole number >= 0, got ${fare.base_distance_m}`);
  }

  const distance = Math.round(distanceMeters);
  const threshold = zone.free_delivery_order_amount;
  if (threshold > 0 && input.orderPrice >= threshold) return { price: 0, reason: 'free_threshold', distance };

  const beyond = Math.max(0, distance - fare.base_distance_m);
  const extraKm = Math.ceil(beyond / METERS_PER_KM);
  const price = fare.base_price + extraKm * fare.price_per_km;
  if (!Number.isSafeInteger(price)) throw new RangeError(`delivery price is too large: ${price}`);
  return { price, reason: 'distance', distance };
};

/**
 * How much more the goods must cost to reach the minimum order price (0 when reached, and when the
 * minimum is 0). The order is refused while this is above 0 ('The minimum order price must be ...').
 */
export const minimumOrderShortfall = (goods: number, minimum: number): number => {
  assertSum('goods', goods);
  assertSum('minimum', minimum);
  return Math.max(0, minimum - goods);
};

/**
 * How much more the goods must cost for free delivery: 0 once reached, null when the zone has no
 * free delivery (threshold 0), so the checkout does not promise what cannot happen.
 */
export const freeDeliveryShortfall = (goods: number, threshold: number): number | null => {
  assertSum('goods', goods);
  assertSum('threshold', threshold);
  if (threshold === 0) return null;
  return Math.max(0, threshold - goods);
};

/**
 * `percent`% of `amount`, in whole sums: rounded to the nearest sum, an exact half rounded down
 * (10 005 x 10% = 1 000.5 -> 1 000; 10 006 x 10% = 1 000.6 -> 1 001). Computed in exact integer
 * arithmetic, so no float error decides a half. `percent` is 0..100 with at most two decimals
 * (12.5, 7.25). The result is at most half a sum from the exact value.
 *
 * Half down means a half sum is never charged: use it for what the customer pays (a percent
 * surcharge). For a percent discount use percentDiscount, which rounds the tie the customer's way
 * too (applyPercent(price, percent) would give half a sum less discount at a tie).
 */
export const applyPercent = (amount: number, percent: number): number => {
  assertSum('amount', amount);
  return shareHalfDown(amount, percentHundredths(percent));
};

/** percent as a whole number of hundredths of a percent (12.5 -> 1250); throws on anything else. */
const percentHundredths = (percent: number): number => {
  const hundredths = Math.round(percent * 100);
  if (
    !Number.isFinite(percent) ||
    percent < 0 ||
    percent > 100 ||
    Math.abs(percent * 100 - hundredths) > 1e-6
  ) {
    throw new RangeError(`percent must be 0..100 with at most two decimals, got ${percent}`);
  }
  return hundredths;
};

/** amount x hundredths / 10 000, nearest whole number, an exact half down; exact (BigInt). */
const shareHalfDown = (amount: number, hundredths: number): number => {
  const numerator = BigInt(amount) * BigInt(hundredths);
  const denominator = 10_000n;
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  // Strictly more than half rounds up; exactly half (2r = d) stays down.
  return Number(remainder * 2n > denominator ? quotient + 1n : quotient);
};

/**
 * The discount for `percent`% off `amount`, rounded so the customer is never charged a half sum:
 * what remains to pay is applyPercent(amount, 100 - percent) (nearest sum, tie down), and the
 * discount is the rest (1 005 at 10% off: 100.5 -> discount 101, 904 to pay). Never above `amount`.
 */
export const percentDiscount = (amount: number, percent: number): number => {
  assertSum('amount', amount);
  return amount - shareHalfDown(amount, 10_000 - percentHundredths(percent));
};

/**
 * The largest cash 'change from' an order takes: a hundred million sum, far above any order (the
 * contract's `change_from` bound, packages/contracts order-place.ts; the storefront says so at the field).
 */
export const MAX_CHANGE_FROM = 100_000_000;

/**
 * Cash 'change from': the banknote sum the customer will pay with must cover the total ('You
 * cannot deposit an amount less than the total amount.'). null or undefined means no change is
 * needed, which is valid.
 */
export const changeFromValid = (changeFrom: number | null | undefined, total: number): boolean => {
  assertSum('total', total);
  if (changeFrom === null || changeFrom === undefined) return true;
  assertSum('changeFrom', changeFrom);
  return changeFrom >= total;
};
