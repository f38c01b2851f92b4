/**
 * The one computation behind placing an order (POST /v2/ondemand-order) and quoting it (POST
 * /v2/ondemand-order/quote), so the two can never disagree: the server reads every product, size,
 * combo pick, modifier and price of the branch's menu itself and computes goods, delivery, discount
 * and total; a price a client sends is never read.
 *
 * Refusals, in the order they are met (placing answers the first; a quote lists them all):
 * 1. 400 DELIVERY_ADDRESS_REQUIRED (delivery without address, point or zone), 400
 *    ADDRESS_DETAILS_REQUIRED (is_courier_call off without apartment, floor and building);
 * 2. 422 LOYALTY_NOT_A_PAYMENT_TYPE ('loyalty': bonuses go in loyalty_amount beside a payment type),
 *    422 PAYMENT_TYPE_NOT_OFFERED (the chain does not take it), 422 ONLINE_PAYMENT_UNAVAILABLE (payme
 *    or click offered, but the provider's settings are missing: checkPaymentType, order-checks.ts);
 * 3. 404 BRANCH_NOT_FOUND (nothing more can be priced), 422 BRANCH_INACTIVE;
 * 4. timing (checkTiming, order-checks.ts): 422 BRANCH_CLOSED now (express: outside its hours or
 *    paused by a manager, with when it reopens), or for a scheduled order FUTURE_TIME_PAST, FUTURE_TIME_TOO_FAR (beyond the branch's
 *    future_*_order_time calendar days, Tashkent time), FUTURE_TIME_OUTSIDE_HOURS, BRANCH_CLOSED (the
 *    time falls in a pause); 422 DELIVERY_PAUSED (a delivery while deliveries are paused);
 * 5. delivery zone: 422 ADDRESS_OUT_OF_ZONE (unknown or switched-off zone, point outside it), 422
 *    BRANCH_NOT_SERVING_ZONE (no fare without a zone);
 * 6. each line (order-lines.ts): 422 ORDER_PRODUCT_NOT_FOUND, PRODUCT_VARIANT_INVALID,
 *    PRODUCT_NOT_ON_MENU, PRODUCT_UNAVAILABLE ('Unavailable'), MODIFIERS_INVALID, MODIFIER_UNAVAILABLE
 *    (a chosen modifier on the branch's modifier stop list);
 * 7. 422 MAX_ORDER_PRICE: goods above MAX_ORDER_PRICE; 422 MIN_ORDER_PRICE: goods below the zone's
 *    min_order_amount or the chain's minimal_order_price;
 * 8. the fare (computeFare: 404 FARE_NOT_FOUND) and the discounts (promo code errors of
 *    computeDiscounts; a quote then prices the automatic discounts alone); 422 MAX_ORDER_PRICE: goods
 *    and delivery above MAX_ORDER_PRICE (when the goods alone were not);
 * 9. the accumulative card's loyalty_amount (order-loyalty.ts: LOYALTY_NOT_OFFERED, LOYALTY_UNAVAILABLE,
 *    LOYALTY_AMOUNT_NOT_HUNDREDS, LOYALTY_AMOUNT_ABOVE_CAP, LOYALTY_AMOUNT_ABOVE_BALANCE);
 * 10. 422 CHANGE_FROM_TOO_SMALL: cash 'change from' below the amount to pay (the total less the bonuses);
 *     422 ONLINE_PAYMENT_NOTHING_TO_PAY: payme or click with nothing left to pay (bonuses or discounts
 *     cover the whole total).
 */
import type { TComputePriceResponse, TFareReason } from '@app/contracts';
import {
  changeFromValid,
  freeDeliveryShortfall,
  minimumOrderShortfall,
  type OrderTotal,
  orderTotal,
} from '@app/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { BranchRow } from '../../db/schema/index.ts';
import { apiError, isHttpError } from '../../http/errors.ts';
import { isOnlinePaymentType, type OrderPaymentConfig } from '../payments/order-payment.ts';
import type { DiscountResult } from '../pricing/discount-rules.ts';
import { customerHasOrders } from '../pricing/pricing.repository.ts';
import { computeDiscounts, computeFare } from '../pricing/pricing.service.ts';
import type { ZoneWithBranches } from '../zones/zones.repository.ts';
import {
  type CreateOrderBody,
  checkAddress,
  checkDeliveryZone,
  checkPaymentType,
  checkTiming,
} from './order-checks.ts';
import { type OrderCatalogue, type PricedOrderLine, priceLine } from './order-lines.ts';
import { noLoyalty, type OrderLoyalty, type OrderLoyaltyDeps, priceLoyalty } from './order-loyalty.ts';
import { findPlaceRows, type OrderPlaceRows } from './order-place-rows.repository.ts';
import { findOrderProducts } from './order-products.repository.ts';
import type { Refusals } from './refusals.ts';

export type { CreateOrderBody } from './order-checks.ts';

/**
 * The most an order may come to, in sums: goods, and goods with delivery (so the discount and the
 * total too, neither being more than that). The order's amounts are 32-bit integers in the database
 * (at most 2 147 483 647): above them placing would fail as it writes the order, after bonuses a
 * provider keeps were charged; this refusal comes before, and a quote lists it the same way.
 */
export const MAX_ORDER_PRICE = 1_000_000_000;

/** Everything the lines name, read from the branch's menu and stop list. */
async function loadCatalogue(
  db: DbOrTx,
  shipperId: string,
  branch: Pick<BranchRow, 'id' | 'menuId'>,
  body: CreateOrderBody,
): Promise<OrderCatalogue> {
  const lines = body.steps[0]?.products ?? [];
  const named = new Set<string>();
  for (const line of lines) {
    named.add(line.product_id.toLowerCase());
    for (const v of line.variants) named.add(v.product_id.toLowerCase());
  }
  // The products with their menu price, stop-list mark, modifiers and combo groups in one statement.
  const { products, prices, stopped, categoryIds, autoAddMinimum, modifiers, stoppedModifiers, comboGroups } =
    await findOrderProducts(db, shipperId, branch, [...named], body.delivery_type);
  return {
    products,
    prices,
    stopped,
    stoppedModifiers,
    comboGroups,
    modifiers,
    categoryIds,
    autoAddMinimum,
  };
}

export type PriceOrderInput = {
  shipperId: string;
  customerId: string;
  body: CreateOrderBody;
  now: Date;
  /** Lock the promo code's row until the transaction ends (placing, before recording its use). */
  lockPromoCode: boolean;
  /**
   * The accumulative card; `lock`: lock the customer's row before reading its balance (placing);
   * `balance`: the provider's, read before the transaction (order-charge.ts), not read again.
   */
  loyalty: OrderLoyaltyDeps & { lock: boolean; balance?: number | null };
  /** The providers' settings: payme and click are taken only when theirs are there. */
  payments?: OrderPaymentConfig | undefined;
};

/** One line of the body as priced: null when it cannot be priced (its refusal was met). */
export type OrderLinePricing = { index: number; productId: string; priced: PricedOrderLine | null };

/** What the server computed for an order; with a fail-fast Refusals every part is there. */
export type OrderPricing = {
  shipper: OrderPlaceRows['shipper'];
  /** Null: unknown branch (BRANCH_NOT_FOUND was met; nothing else could be priced). */
  branch: BranchRow | null;
  zone: ZoneWithBranches | null;
  point: { lat: number; long: number } | null;
  futureTime: Date | null;
  lines: OrderLinePricing[];
  /** The zone's minimum (delivery) and the chain's, whichever is higher. */
  minimum: number;
  /** The zone's free-delivery threshold that can still be reached; 0: none. */
  freeThreshold: number;
  /** Null: not priced (no zone, no fare). */
  fare: TComputePriceResponse | null;
  /** Null: the branch is unknown. */
  discounts: DiscountResult | null;
  /** A free-delivery discount made the fare 0. */
  freeByDiscount: boolean;
  deliveryReason: TFareReason | null;
  total: OrderTotal;
  /** The cash banknote kept with the order (null for other payment types). */
  changeFrom: number | null;
  /** Auto-add rules of the lines' products (OrderCatalogue.autoAddMinimum); empty: none read. */
  autoAddMinimum: ReadonlyMap<string, number>;
  /** The bonuses of the body, the most it may use and what is left to pay (order-loyalty.ts). */
  loyalty: OrderLoyalty;
};

const isStopped = (line: OrderLinePricing) => line.priced?.inStop === true;

/**
 * Computes the order the body describes, putting every refusal met into `refusals`: placing passes
 * a fail-fast one (the first refusal is thrown and nothing after it runs, see the top of this file
 * for their order), a quote one that collects them and goes on with what it can still price. Only
 * reads: the caller writes (placing, in its transaction).
 */
export async function priceOrder(
  db: DbOrTx,
  input: PriceOrderInput,
  refusals: Refusals,
): Promise<OrderPricing> {
  const { body, shipperId, now } = input;
  checkAddress(body, refusals);
  const step = body.steps[0];
  if (!step) throw new Error('priceOrder: the contract guarantees one step');
  const isDelivery = body.delivery_type === 'delivery';
  const point = isDelivery ? (body.to_location ?? null) : null;
  // The zone (and its fare) only where it was read before: a delivery with a point and a zone id.
  const zoneId = isDelivery && point && body.delivery_zone_id ? body.delivery_zone_id.toLowerCase() : null;
  // The shipper, branch, zone and fare in one statement; the checks below run as they did.
  const place = await findPlaceRows(db, shipperId, step.branch_id.toLowerCase(), zoneId);
  if (!place) throw apiError(404, 'SHIPPER_NOT_FOUND');
  const { shipper } = place;
  refusals.check(
    () => checkPaymentType(body.payment_type, shipper.paymentTypes, input.payments),
    'payment_type',
  );

  const futureTime = body.future_time ? new Date(body.future_time) : null;
  const changeFrom = body.payment_type === 'cash' ? (body.change_from ?? null) : null;
  const unpriced: OrderPricing = {
    shipper,
    branch: null,
    zone: null,
    point: null,
    futureTime,
    lines: step.products.map((line, index) => ({ index, productId: line.product_id, priced: null })),
    minimum: shipper.minimalOrderPrice,
    freeThreshold: 0,
    fare: null,
    discounts: null,
    freeByDiscount: false,
    deliveryReason: null,
    total: orderTotal({ goods: 0, delivery: 0, discount: 0 }),
    changeFrom,
    autoAddMinimum: new Map(),
    loyalty: noLoyalty(body.loyalty_amount, 0),
  };

  const { branch } = place;
  if (!branch) {
    refusals.add(apiError(404, 'BRANCH_NOT_FOUND'));
    return unpriced;
  }
  if (!branch.isActive) refusals.add(apiError(422, 'BRANCH_INACTIVE'));
  refusals.check(() => checkTiming(branch, body.delivery_type, futureTime, now), 'future_time');

  const zone =
    zoneId && point ? (refusals.check(() => checkDeliveryZone(place.zone, branch.id, point)) ?? null) : null;

  const catalogue = await loadCatalogue(db, shipperId, branch, body);
  const lines: OrderLinePricing[] = step.products.map((line, index) => ({
    index,
    productId: line.product_id,
    priced: priceLine(line, index, catalogue, refusals),
  }));
  const counted = lines.flatMap((line) => (line.priced && !isStopped(line) ? [line.priced] : []));
  const goods = counted.reduce((sum, line) => sum + line.totalPrice, 0);

  const goodsTooHigh = goods > MAX_ORDER_PRICE;
  if (goodsTooHigh) refusals.add(apiError(422, 'MAX_ORDER_PRICE', { price: MAX_ORDER_PRICE }));
  const minimum = Math.max(shipper.minimalOrderPrice, zone?.minOrderAmount ?? 0);
  if (minimumOrderShortfall(goods, minimum) > 0)
    refusals.add(apiError(422, 'MIN_ORDER_PRICE', { price: minimum }));

  const fare =
    !isDelivery || (point && zone)
      ? ((await refusals.checkAsync(() =>
          computeFare(
            db,
            shipperId,
            {
              branchId: branch.id,
              deliveryType: body.delivery_type,
              orderPrice: goods,
              ...(point && zone ? { point, zoneId: zone.id } : {}),
            },
            // Read above in this transaction: the fare checks them without reading them again.
            { branch, zone, fare: place.fare ?? null },
          ),
        )) ?? null)
      : null;

  // Only a first-order-only promo code asks whether the customer has ordered before.
  const hasOrders = body.promo_code ? await customerHasOrders(db, input.customerId) : false;
  const discountInput = {
    shipperId,
    branchId: branch.id,
    deliveryType: body.delivery_type,
    paymentType: body.payment_type,
    orderPrice: goods,
    lines: counted.map((l) => l.discount),
    promoCode: body.promo_code ?? null,
    customer: { id: input.customerId, hasOrders },
    now,
    lockPromoCode: input.lockPromoCode,
    // Read with the place rows: the discounts do not read them again.
    automatic: place.automaticDiscounts,
    // The lines' products were read with the catalogue: the discounts do not read them again.
    productFacts: counted.flatMap((l) => {
      const product = catalogue.products.get(l.discount.productId);
      return product
        ? [
            {
              id: product.id,
              parentId: product.parentId,
              outPrice: product.outPrice,
              categoryIds: new Set(catalogue.categoryIds.get(product.id) ?? []),
            },
          ]
        : [];
    }),
  };
  let discounts: DiscountResult;
  try {
    discounts = await computeDiscounts(db, discountInput);
  } catch (error) {
    if (!isHttpError(error) || discountInput.promoCode === null) throw error;
    // A refused promo code: placing stops here; a quote goes on with the automatic discounts.
    refusals.add(error, 'promo_code');
    discounts = await computeDiscounts(db, { ...discountInput, promoCode: null, lockPromoCode: false });
  }

  const freeByDiscount = isDelivery && discounts.isDeliveryFree && (fare?.price ?? 0) > 0;
  const delivery = freeByDiscount ? 0 : (fare?.price ?? 0);
  const total = orderTotal({ goods, delivery, discount: discounts.total });
  // Before the bonuses: placing refuses here, before any provider charges them.
  if (!goodsTooHigh && goods + delivery > MAX_ORDER_PRICE)
    refusals.add(apiError(422, 'MAX_ORDER_PRICE', { price: MAX_ORDER_PRICE }));
  const loyalty = await priceLoyalty(
    db,
    input.loyalty,
    {
      customerId: input.customerId,
      offered: shipper.paymentTypes,
      amount: body.loyalty_amount,
      total: total.total,
      lock: input.loyalty.lock,
      ...(input.loyalty.balance !== undefined ? { balance: input.loyalty.balance } : {}),
    },
    refusals,
  );
  if (!changeFromValid(changeFrom, loyalty.toPay))
    refusals.add(apiError(422, 'CHANGE_FROM_TOO_SMALL'), 'change_from');
  // A provider takes no payment of 0 (Payme's amount is positive): nothing left would leave the order
  // awaiting a payment that can never come.
  if (isOnlinePaymentType(body.payment_type) && loyalty.toPay === 0)
    refusals.add(apiError(422, 'ONLINE_PAYMENT_NOTHING_TO_PAY'), 'payment_type');

  return {
    shipper,
    branch,
    zone,
    point,
    futureTime,
    lines,
    minimum,
    freeThreshold: isDelivery && !freeByDiscount ? (zone?.freeDeliveryOrderAmount ?? 0) : 0,
    fare,
    discounts,
    freeByDiscount,
    deliveryReason: freeByDiscount ? 'discount' : (fare?.reason ?? null),
    total,
    changeFrom,
    autoAddMinimum: catalogue.autoAddMinimum,
    loyalty,
  };
}

/** How far the goods are from the minimum order and from free delivery (null: nothing to reach). */
export function shortfalls(pricing: OrderPricing): { minimum: number; freeDelivery: number | null } {
  return {
    minimum: minimumOrderShortfall(pricing.total.goods, pricing.minimum),
    freeDelivery: freeDeliveryShortfall(pricing.total.goods, pricing.freeThreshold),
  };
}
