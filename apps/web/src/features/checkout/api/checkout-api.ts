import type {
  TCheckPointResponse,
  TComputePriceRequest,
  TComputePriceResponse,
  TCreateOrderRequest,
  TCreateOrderResponse,
  TDeliveryType,
  TDiscountWithOrderPriceResponse,
  TLatLong,
} from '@app/contracts';
import type { TApiClient } from '@/lib/api-client';
import {
  isCheckPointResponse,
  isComputePriceResponse,
  isCreateOrderResponse,
  isDiscountWithOrderPriceResponse,
} from './guards';

/** The calls of the checkout, each a thin typed wrapper over the one client. */

/** The zones holding the point (their minimum order and free-delivery threshold). */
export const checkPointZones = (
  api: TApiClient,
  location: TLatLong,
  signal?: AbortSignal,
): Promise<TCheckPointResponse> =>
  api.get('/v1/check_point_delivery_zones', {
    schema: isCheckPointResponse,
    query: { lat: location.lat, lon: location.long },
    signal,
  });

/** PATCH /v1/fares/compute-price: the delivery price and the reason for it. */
export const computeFare = (
  api: TApiClient,
  body: TComputePriceRequest,
  signal?: AbortSignal,
): Promise<TComputePriceResponse> =>
  api.patch('/v1/fares/compute-price', { schema: isComputePriceResponse, body, signal });

export type TDiscountQuoteInput = {
  branchId: string;
  deliveryType: TDeliveryType;
  paymentType: string;
  orderPrice: number;
  deliveryPrice: number;
  products: string;
  promoCode: string | null;
};

/** GET /v2/discount-with-order-price: the discounts of this order, with the promo code if one is given. */
export const quoteDiscounts = (
  api: TApiClient,
  input: TDiscountQuoteInput,
  signal?: AbortSignal,
): Promise<TDiscountWithOrderPriceResponse> =>
  api.get('/v2/discount-with-order-price', {
    schema: isDiscountWithOrderPriceResponse,
    query: {
      branch_id: input.branchId,
      delivery_type: input.deliveryType,
      payment_type: input.paymentType,
      order_price: input.orderPrice,
      delivery_price: input.deliveryPrice,
      products: input.products,
      promo_code: input.promoCode,
    },
    signal,
  });

/** POST /v2/ondemand-order under an Idempotency-Key (see lib/idempotency.ts). */
export const placeOrder = (
  api: TApiClient,
  body: TCreateOrderRequest,
  idempotencyKey: string,
): Promise<TCreateOrderResponse> =>
  api.post('/v2/ondemand-order', {
    schema: isCreateOrderResponse,
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
