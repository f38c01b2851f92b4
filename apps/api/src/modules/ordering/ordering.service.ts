/**
 * Placing an order (POST /v2/ondemand-order) and quoting it (POST /v2/ondemand-order/quote). Both
 * compute the order with the one function of order-pricing.ts (its top lists the refusals in the
 * order they are met): placing fails at the first refusal and writes the order, its lines, its first
 * status (with the bus notification), the promo code's use and the Idempotency-Key's answer in one
 * transaction; a quote collects every refusal and writes nothing.
 */
import type { TCreateOrderResponse, TLocale, TOnlinePaymentType, TOrderQuoteResponse } from '@app/contracts';
import { ZCreateOrderResponse } from '@app/contracts';
import { initialOrderStatus } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderEvents } from '../../adapters/order-events/index.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { CustomerRow } from '../../db/schema/index.ts';
import { apiError } from '../../http/errors.ts';
import { autoAddedFlags } from '../auto-add/auto-add.service.ts';
import { isOnlinePaymentType, type OrderPaymentConfig, orderPaymentLink } from '../payments/order-payment.ts';
import { toOrderDiscounts } from '../pricing/pricing.mapper.ts';
import { recordPromoCodeUsage } from '../pricing/pricing.service.ts';
import { type KeyUse, keyAnswer, requestHash, takeKey } from './idempotency.ts';
import { type ChargedAhead, chargesAhead, placeChargingAhead, takeChargeForOrder } from './order-charge.ts';
import type { PricedOrderLine } from './order-lines.ts';
import { type OrderLoyaltyDeps, spendLoyalty } from './order-loyalty.ts';
import { type CreateOrderBody, type PriceOrderInput, priceOrder, shortfalls } from './order-pricing.ts';
import { insertOrder, newOrderId } from './ordering.repository.ts';
import { Refusals } from './refusals.ts';

export type { CreateOrderBody } from './order-pricing.ts';

/** What placing an order needs of the app (a FastifyInstance has all of it). */
export type OrderingDeps = {
  db: Db;
  clock: () => Date;
  orderEvents: Pick<OrderEvents, 'published'>;
  /** The payment providers' settings (app.config); absent: payme and click are refused. */
  config?: OrderPaymentConfig;
  /** Where bonuses charged ahead that could not be given back at once are told (order-charge.ts). */
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** Wakes the loyalty outbox job to give such bonuses back at once (order-charge.ts). */
  nudgeLoyaltyOutbox?: (() => void) | undefined;
} & OrderLoyaltyDeps;

/** The customer-facing order number: 'B-10001'. */
export const ORDER_NUMBER_PREFIX = 'B-';

export type PlaceOrderInput = {
  shipperId: string;
  customer: Pick<CustomerRow, 'id'>;
  body: CreateOrderBody;
  /** Set when the request carried an Idempotency-Key: its answer is stored with the order. */
  idempotencyKey: string | null;
  /** The customer's language (Accept-Language): the payment page's, and where it sends them back. */
  locale?: TLocale;
};

/** The answer of a created order (201). */
export const ORDER_CREATED = 201;

export type PlaceOrderResult = {
  status: number;
  body: TCreateOrderResponse;
  /** The stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
};

/**
 * POST /v2/ondemand-order: prices and writes the order in one transaction (order-pricing.ts lists the
 * refusals; nothing is written when it refuses), honouring the Idempotency-Key when there is one
 * (idempotency.ts): in that same transaction the key is taken first, then replayed or refused, or
 * its answer is stored with the order. Bonuses on a card a provider keeps are charged there before
 * that transaction, and given back if the order is not written (order-charge.ts).
 */
export async function placeOrder(deps: OrderingDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const now = deps.clock();
  const key: KeyUse | null = input.idempotencyKey
    ? {
        customerId: input.customer.id,
        key: input.idempotencyKey,
        hash: requestHash({ shipper: input.shipperId, body: input.body }),
        now,
      }
    : null;
  const place = (charged: ChargedAhead | null) =>
    deps.db.transaction(async (tx): Promise<PlaceOrderResult> => {
      if (key) {
        const stored = await takeKey(tx, key);
        if (stored) {
          return { status: stored.status, body: ZCreateOrderResponse.parse(stored.body), replayed: true };
        }
      }
      // With a key, its answer is written with the order (the same statement).
      const body = await writeOrder(tx, deps, input, now, key, charged);
      return { status: ORDER_CREATED, body, replayed: false };
    });
  if (!chargesAhead(deps.loyalty, input.body.loyalty_amount)) return place(null);
  return placeChargingAhead(deps, {
    key,
    numberPrefix: ORDER_NUMBER_PREFIX,
    price: () => priceOrder(deps.db, pricingInput(deps, input, now, false), Refusals.failFast()),
    place,
  });
}

/**
 * What pricing the order to place it takes: with `charged`, in the order's transaction after the
 * bonuses were charged ahead (their balance read then); null in it, locking what it reads; outside
 * any transaction (before a charge), `false`: nothing locked.
 */
function pricingInput(
  deps: OrderingDeps,
  input: PlaceOrderInput,
  now: Date,
  charged: ChargedAhead | null | false,
): PriceOrderInput {
  const lock = charged !== false;
  return {
    shipperId: input.shipperId,
    customerId: input.customer.id,
    body: input.body,
    now,
    lockPromoCode: lock,
    loyalty: { loyalty: deps.loyalty, lock, ...(charged ? { balance: charged.balance } : {}) },
    payments: deps.config,
  };
}

/**
 * Prices the order and writes it, its lines, its first status, the key's answer (`key`, taken), its
 * promo code use and its bonuses (taken here, or `charged` ahead and made the order's), in `tx`.
 */
async function writeOrder(
  tx: Tx,
  deps: OrderingDeps,
  input: PlaceOrderInput,
  now: Date,
  key: KeyUse | null,
  charged: ChargedAhead | null,
): Promise<TCreateOrderResponse> {
  const { body, shipperId } = input;
  // Bonuses on a provider's card come charged (order-charge.ts); without the charge (a key that was
  // answered when looked at, and no longer is: it expired that instant), the customer sends it again.
  if (!charged && chargesAhead(deps.loyalty, body.loyalty_amount)) throw apiError(503, 'LOYALTY_UNAVAILABLE');
  const pricing = await priceOrder(tx, pricingInput(deps, input, now, charged), Refusals.failFast());
  const { branch, zone, point, fare, discounts, total, futureTime, changeFrom } = pricing;
  const lines = pricing.lines.map((l) => l.priced);
  // A fail-fast pricing that returned has met no refusal, so every part is there.
  if (!branch || !fare || !discounts || !lines.every((l): l is PricedOrderLine => l !== null)) {
    throw new Error('writeOrder: a pricing without refusals lacks a part');
  }
  const isDelivery = body.delivery_type === 'delivery';

  const online = isOnlinePaymentType(body.payment_type) ? body.payment_type : null;
  const status = initialOrderStatus({
    future_time: body.future_time ?? null,
    awaits_payment: online !== null,
  });
  // Read with the lines' products (findOrderProducts): the same answer as autoAddedLines.
  const autoAdded = autoAddedFlags(lines, pricing.autoAddMinimum, total.goods);
  const orderId = charged?.orderId ?? newOrderId();
  // What the provider takes: the total less the bonus part.
  const loyaltyAmount = pricing.loyalty.amount;
  const link = online ? onlinePaymentLink(deps, input, online, orderId, total.total - loyaltyAmount) : null;
  // The first status goes to the status outbox with the order's own insert (one statement fewer
  // than `publish`), and the bus is told it was written: listeners hear it once the order commits.
  // Its time is the database's, read by that insert, which answers the event with it.
  const order = await insertOrder(
    tx,
    orderId,
    {
      shipperId,
      customerId: input.customer.id,
      branchId: branch.id,
      deliveryType: body.delivery_type,
      paymentType: body.payment_type,
      paid: false,
      status,
      toAddress: isDelivery ? (body.to_address ?? null) : null,
      toLat: point?.lat ?? null,
      toLong: point?.long ?? null,
      deliveryZoneId: zone?.id ?? null,
      accommodation: isDelivery ? body.accommodation : '',
      apartment: isDelivery ? body.apartment : '',
      building: isDelivery ? body.building : '',
      floor: isDelivery ? body.floor : '',
      description: isDelivery ? body.description : '',
      isCourierCall: isDelivery ? body.is_courier_call : true,
      comment: body.comment,
      futureTime,
      isPreorder: body.is_preorder,
      source: body.source,
      goodsPrice: total.goods,
      deliveryPrice: total.delivery,
      deliveryReason: pricing.deliveryReason ?? fare.reason,
      deliveryDistanceM: fare.distance,
      discountPrice: total.discount,
      totalPrice: total.total,
      loyaltyAmount,
      refundDue: false,
      promoCode: discounts.promoCode?.code ?? null,
      changeFrom,
      courierId: null,
      createdAt: now,
      updatedAt: now,
    },
    { prefix: ORDER_NUMBER_PREFIX, taken: charged?.orderNumber },
    lines.map((line, position) => ({
      position,
      productId: line.productId,
      type: line.type,
      title: line.title,
      variants: line.variants,
      modifiers: line.modifiers,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      totalPrice: line.totalPrice,
      comment: line.comment,
      autoAdded: autoAdded[position] ?? false,
    })),
    { order_id: orderId, status, courier: null },
    key ? { ...keyAnswer(key, ORDER_CREATED), paymentLink: link } : null,
  );

  if (discounts.promoCode) {
    await recordPromoCodeUsage(tx, {
      promoCodeId: discounts.promoCode.id,
      customerId: input.customer.id,
      orderId: order.id,
      now,
    });
  }
  if (charged) await takeChargeForOrder(tx, charged);
  else await spendLoyalty(tx, deps, pricing.loyalty, order, now);
  await deps.orderEvents.published(tx, order.event);

  return {
    order_id: order.id,
    external_order_id: order.externalOrderId,
    ...(link ? { payment_link: link } : {}),
  };
}

/** The link an online order is paid at (stored with the Idempotency-Key's answer, so a replay has it). */
function onlinePaymentLink(
  deps: OrderingDeps,
  input: PlaceOrderInput,
  provider: TOnlinePaymentType,
  orderId: string,
  amountDue: number,
): string {
  // Pricing refused the provider unless its settings are there.
  if (!deps.config) throw new Error('onlinePaymentLink: no payment settings');
  return orderPaymentLink(deps.config, provider, { id: orderId, amountDue }, input.locale ?? 'ru');
}

export type QuoteOrderInput = {
  shipperId: string;
  customer: Pick<CustomerRow, 'id'>;
  body: CreateOrderBody;
  /** The language of the refusals' messages. */
  locale: TLocale;
};

/**
 * POST /v2/ondemand-order/quote: the order the body describes, computed exactly as placing it would
 * (order-pricing.ts), with every refusal placing it now would meet in `errors`. Only reads: no order,
 * no promo code use, no idempotency key, nothing published.
 */
export async function quoteOrder(
  deps: Pick<OrderingDeps, 'db' | 'clock' | 'config'> & OrderLoyaltyDeps,
  input: QuoteOrderInput,
): Promise<TOrderQuoteResponse> {
  const refusals = Refusals.collect();
  const pricing = await priceOrder(
    deps.db,
    {
      shipperId: input.shipperId,
      customerId: input.customer.id,
      body: input.body,
      now: deps.clock(),
      lockPromoCode: false,
      loyalty: { loyalty: deps.loyalty, lock: false },
      payments: deps.config,
    },
    refusals,
  );
  const short = shortfalls(pricing);
  return {
    goods_price: pricing.total.goods,
    delivery_price: pricing.total.delivery,
    delivery_reason: pricing.deliveryReason,
    delivery_distance: pricing.fare?.distance ?? 0,
    discount_price: pricing.total.discount,
    total_price: pricing.total.total,
    loyalty_amount: pricing.loyalty.amount,
    loyalty_max: pricing.loyalty.max,
    amount_to_pay: pricing.loyalty.toPay,
    discounts: pricing.discounts ? toOrderDiscounts(pricing.discounts).discounts : [],
    lines: pricing.lines.map(({ index, productId, priced }) => ({
      index,
      product_id: productId,
      unit_price: priced?.unitPrice ?? null,
      total_price: priced?.totalPrice ?? null,
      in_stop: priced?.inStop ?? false,
    })),
    min_order_amount: pricing.minimum,
    free_delivery_order_amount: pricing.freeThreshold > 0 ? pricing.freeThreshold : null,
    min_order_shortfall: short.minimum,
    free_delivery_shortfall: short.freeDelivery,
    errors: refusals.list.map(({ error, field }) => {
      const named = error.fields?.[0]?.field ?? field;
      return {
        code: error.code,
        message: error.messageIn(input.locale),
        ...(named ? { field: named } : {}),
      };
    }),
  };
}
