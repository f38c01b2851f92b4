/**
 * Placing an order (POST /v2/ondemand-order) and quoting it (POST /v2/ondemand-order/quote). Both
 * compute the order with the one function of order-pricing.ts (its top lists the refusals in the
 * order they are met): placing fails at the first refusal and writes the order, its lines, its first
 * status (with the bus notification) and the promo code's use in one transaction; a quote collects
 * every refusal and writes nothing.
 */
import type { TCreateOrderResponse, TLocale, TOrderQuoteResponse, TOrderStatusEvent } from '@app/contracts';
import { ZCreateOrderResponse } from '@app/contracts';
import { initialOrderStatus } from '@app/domain';
import type { OrderEvents } from '../../adapters/order-events/index.ts';
import type { Db } from '../../db/client.ts';
import type { CustomerRow } from '../../db/schema/index.ts';
import { toOrderDiscounts } from '../pricing/pricing.mapper.ts';
import { recordPromoCodeUsage } from '../pricing/pricing.service.ts';
import { claimKey, releaseKey, requestHash } from './idempotency.ts';
import type { PricedOrderLine } from './order-lines.ts';
import { type CreateOrderBody, priceOrder, shortfalls } from './order-pricing.ts';
import { completeKey, insertOrder, nextOrderNumber } from './ordering.repository.ts';
import { Refusals } from './refusals.ts';

export type { CreateOrderBody } from './order-pricing.ts';

/** What placing an order needs of the app (a FastifyInstance has all of it). */
export type OrderingDeps = {
  db: Db;
  clock: () => Date;
  orderEvents: Pick<OrderEvents, 'publish'>;
};

/** The customer-facing order number: 'B-10001'. */
export const ORDER_NUMBER_PREFIX = 'B-';

export type PlaceOrderInput = {
  shipperId: string;
  customer: Pick<CustomerRow, 'id'>;
  body: CreateOrderBody;
  /** Set when the request carried an Idempotency-Key: its answer is stored with the order. */
  idempotencyKey: string | null;
};

/** The answer of a created order (201). */
export const ORDER_CREATED = 201;

/**
 * Prices and writes the order in one transaction (order-pricing.ts lists the refusals), and
 * stores the answer under the idempotency key when there is one. Nothing is written when it refuses.
 */
export async function createOrder(deps: OrderingDeps, input: PlaceOrderInput): Promise<TCreateOrderResponse> {
  const { body, shipperId } = input;
  const now = deps.clock();

  return deps.db.transaction(async (tx) => {
    const pricing = await priceOrder(
      tx,
      { shipperId, customerId: input.customer.id, body, now, lockPromoCode: true },
      Refusals.failFast(),
    );
    const { branch, zone, point, fare, discounts, total, futureTime, changeFrom } = pricing;
    const lines = pricing.lines.map((l) => l.priced);
    // A fail-fast pricing that returned has met no refusal, so every part is there.
    if (!branch || !fare || !discounts || !lines.every((l): l is PricedOrderLine => l !== null)) {
      throw new Error('createOrder: a pricing without refusals lacks a part');
    }
    const isDelivery = body.delivery_type === 'delivery';

    const status = initialOrderStatus({ future_time: body.future_time ?? null, awaits_payment: false });
    const externalOrderId = `${ORDER_NUMBER_PREFIX}${await nextOrderNumber(tx)}`;
    const order = await insertOrder(
      tx,
      {
        shipperId,
        externalOrderId,
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
        promoCode: discounts.promoCode?.code ?? null,
        changeFrom,
        courierId: null,
        createdAt: now,
        updatedAt: now,
      },
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
      })),
      { status, at: now },
    );

    if (discounts.promoCode) {
      await recordPromoCodeUsage(tx, {
        promoCodeId: discounts.promoCode.id,
        customerId: input.customer.id,
        orderId: order.id,
        now,
      });
    }
    const event: TOrderStatusEvent = { order_id: order.id, status, at: now.toISOString(), courier: null };
    await deps.orderEvents.publish(tx, event);

    const response: TCreateOrderResponse = { order_id: order.id, external_order_id: externalOrderId };
    if (input.idempotencyKey) {
      await completeKey(tx, {
        customerId: input.customer.id,
        key: input.idempotencyKey,
        status: ORDER_CREATED,
        body: response,
        at: now,
      });
    }
    return response;
  });
}

export type PlaceOrderResult = {
  status: number;
  body: TCreateOrderResponse;
  /** The stored answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
};

/**
 * POST /v2/ondemand-order: creates the order, honouring the Idempotency-Key when there is one
 * (idempotency.ts): the key is claimed before any work, replayed, refused, or freed again when the
 * order is refused.
 */
export async function placeOrder(deps: OrderingDeps, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const key = input.idempotencyKey;
  if (!key) return { status: ORDER_CREATED, body: await createOrder(deps, input), replayed: false };
  const customerId = input.customer.id;
  const claim = await claimKey(deps.db, {
    customerId,
    key,
    hash: requestHash({ shipper: input.shipperId, body: input.body }),
    now: deps.clock(),
  });
  if (claim.kind === 'replay') {
    return {
      status: claim.answer.status,
      body: ZCreateOrderResponse.parse(claim.answer.body),
      replayed: true,
    };
  }
  try {
    return { status: ORDER_CREATED, body: await createOrder(deps, input), replayed: false };
  } catch (error) {
    // Nothing was written: free the key so the corrected form may be sent with it. Should this fail
    // too, the key is taken over once IN_FLIGHT_TIMEOUT_MS has passed.
    await releaseKey(deps.db, customerId, key).catch(() => undefined);
    throw error;
  }
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
  deps: Pick<OrderingDeps, 'db' | 'clock'>,
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
