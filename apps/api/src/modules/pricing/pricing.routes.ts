import {
  ZApiError,
  ZComputePriceRequest,
  ZComputePriceResponse,
  ZDiscountWithOrderPriceQuery,
  ZDiscountWithOrderPriceResponse,
  ZDiscountWithProductsQuery,
  ZDiscountWithProductsResponse,
} from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tokenFromHeader } from '../../http/auth.ts';
import { rateLimited, rateLimitResponses } from '../../http/rate-limit.ts';
import { findCustomerByToken } from '../customers/customers.repository.ts';
import { hashToken } from '../customers/tokens.ts';
import {
  computeFare,
  type QuoteInput,
  quoteOrderDiscounts,
  quoteProductDiscounts,
} from './pricing.service.ts';

const DISCOUNT_RULES = `Product and category discounts work per unit (the best automatic one, plus a promo code's); order discounts on the goods left after them (the best automatic one, plus a promo code's); free delivery sets \`is_delivery_free\` and is not in the amounts. Products are priced from the branch's menu (no \`branch_id\`: their base prices); an unknown product gets no discount. A promo code answers 404 'Promocode is not found' (unknown, switched off, outside its days), 401 (needs a signed-in customer), 409 'You already used this discount' (your uses) or PROMO_CODE_EXHAUSTED (all uses), 422 'Promocode is not for you' (another customer's, or first order only: a refusal of the code, not of the sign-in, so never 403) or 422 (not for this branch, order type, payment type or hour, below its minimum, or nothing to take off). Signing in is optional otherwise; a stale token counts as signed out.`;

/** Delivery fare and discounts (issue 5): quotes for the cart and the checkout. */
export async function pricingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['pricing'];

  /** The signed-in customer when `Authorization` carries a live token; anyone else is anonymous. */
  const optionalCustomerId = async (request: FastifyRequest): Promise<string | null> => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) return null;
    const found = await findCustomerByToken(app.db, {
      tokenHash: hashToken(token),
      shipperId: request.shipperId,
      now: app.clock(),
    });
    return found?.customer.id ?? null;
  };

  app.patch(
    '/v1/fares/compute-price',
    {
      config: rateLimited(app, 'pricing'),
      schema: {
        tags,
        summary:
          'The delivery price of an order: 0 for pickup, free from the zone threshold, else by distance',
        description:
          "The zone's fare for the straight-line distance from the branch to the point: `base_price` covers `base_distance_m`, every started kilometre beyond adds `price_per_km`. Free (`reason: free_threshold`) when `order_price` reaches the zone's `free_delivery_order_amount` (0: never). 404 for an unknown branch or zone or a zone without a fare; 422 when the branch does not serve the zone or the point is outside it. Signing in is optional.",
        body: ZComputePriceRequest,
        response: {
          200: ZComputePriceResponse,
          400: ZApiError,
          404: ZApiError,
          422: ZApiError,
          ...rateLimitResponses('pricing'),
        },
      },
    },
    async (request) => {
      const body = request.body;
      return computeFare(app.db, request.shipperId, {
        branchId: body.branch_id,
        deliveryType: body.delivery_type,
        orderPrice: body.order_price,
        ...(body.lat !== undefined && body.long !== undefined
          ? { point: { lat: body.lat, long: body.long } }
          : {}),
        ...(body.delivery_zone_id ? { zoneId: body.delivery_zone_id } : {}),
      });
    },
  );

  const quoteInput = async (
    request: FastifyRequest,
    query: {
      branch_id?: string | undefined;
      delivery_type: QuoteInput['deliveryType'];
      payment_type?: QuoteInput['paymentType'];
      order_price?: number | undefined;
      products?: QuoteInput['products'] | undefined;
      promo_code?: string | undefined;
    },
  ): Promise<QuoteInput> => ({
    shipperId: request.shipperId,
    branchId: query.branch_id,
    deliveryType: query.delivery_type,
    paymentType: query.payment_type,
    orderPrice: query.order_price,
    products: query.products ?? [],
    promoCode: query.promo_code,
    customerId: await optionalCustomerId(request),
    now: app.clock(),
  });

  /** Signing in is optional: anonymous, or a customer token (some promo codes need it). */
  const optionalSignIn: { [scheme: string]: string[] }[] = [{}, { customerToken: [] }];

  const discountErrors = {
    400: ZApiError,
    401: ZApiError,
    404: ZApiError,
    409: ZApiError,
    422: ZApiError,
    ...rateLimitResponses('pricing'),
  };

  app.get(
    '/v2/discount-with-order-price',
    {
      config: rateLimited(app, 'pricing'),
      schema: {
        tags,
        summary:
          'The discounts of an order: each with what it takes off, their sum, and whether delivery is free',
        description: `\`products=<id>:<count>,...\`. ${DISCOUNT_RULES}`,
        querystring: ZDiscountWithOrderPriceQuery,
        security: optionalSignIn,
        response: { 200: ZDiscountWithOrderPriceResponse, ...discountErrors },
      },
    },
    async (request) => {
      const input = await quoteInput(request, request.query);
      return quoteOrderDiscounts(app.db, { ...input, orderPrice: request.query.order_price });
    },
  );

  app.get(
    '/v2/discount-with-products',
    {
      config: rateLimited(app, 'pricing'),
      schema: {
        tags,
        summary:
          "Per-unit discounts of the cart's products: price_with_discount = price + the sum of its discount_price",
        description: `\`products=<id>:<count>,...\`; \`product_id\` in the answer is the id as sent (send a size's own id for its exact discount). \`order_price\` (default: the products at their prices) is compared with the minimums. ${DISCOUNT_RULES}`,
        querystring: ZDiscountWithProductsQuery,
        security: optionalSignIn,
        response: { 200: ZDiscountWithProductsResponse, ...discountErrors },
      },
    },
    async (request) => quoteProductDiscounts(app.db, await quoteInput(request, request.query)),
  );
}
