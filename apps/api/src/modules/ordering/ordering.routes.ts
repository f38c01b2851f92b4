import { ZApiError, ZCreateOrderRequest, ZCreateOrderResponse, ZOrderQuoteResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInId } from '../../http/auth.ts';
import { ORDER_BODY_LIMIT } from '../../http/body-limits.ts';
import { ZClientHeadersSchema } from '../../http/client-headers.ts';
import { localeFromAcceptLanguage } from '../../http/locale.ts';
import { rateLimited, rateLimitResponses } from '../../http/rate-limit.ts';
import { IDEMPOTENCY_TTL_MS, MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotency.ts';
import { placeOrder, quoteOrder } from './ordering.service.ts';

/** The client headers plus the optional Idempotency-Key (a UUID v4 is what the storefront sends). */
const ZOrderHeaders = ZClientHeadersSchema.extend({
  'idempotency-key': z
    .string()
    .trim()
    .min(1)
    .max(MAX_IDEMPOTENCY_KEY_LENGTH)
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
});

const DESCRIPTION = `Places the signed-in customer's order. The server reads every product, size, combo pick, modifier and price from the branch's menu and computes goods, delivery (the zone's fare; 0 for pickup, from the zone's free-delivery threshold or with a free-delivery discount), discounts (automatic ones and \`promo_code\`) and the total itself; prices a client sends are not read. Answers 201 \`{order_id, external_order_id}\`; payme or click: the order waits in \`payment-awaited\` (staff do not see it) and the answer has \`payment_link\`, where the customer pays (unpaid after PAYMENT_TIMEOUT_MIN minutes: \`server-cancelled\`).

Refusals (message in the language of Accept-Language): 400 DELIVERY_ADDRESS_REQUIRED, ADDRESS_DETAILS_REQUIRED (\`is_courier_call: false\` needs apartment, floor and building); 422 LOYALTY_NOT_A_PAYMENT_TYPE (bonuses are \`loyalty_amount\` beside a payment type), PAYMENT_TYPE_NOT_OFFERED, ONLINE_PAYMENT_UNAVAILABLE (payme or click offered but the provider is not configured); 404 BRANCH_NOT_FOUND, 422 BRANCH_INACTIVE, BRANCH_CLOSED (express order while closed or paused, or a scheduled one inside a pause, with when it reopens), FUTURE_TIME_PAST, FUTURE_TIME_TOO_FAR (beyond the branch's \`future_delivery_order_time\` / \`future_self_pickup_order_time\` calendar days, Tashkent time), FUTURE_TIME_OUTSIDE_HOURS, DELIVERY_PAUSED (a delivery while the branch's deliveries are paused); 422 ADDRESS_OUT_OF_ZONE, BRANCH_NOT_SERVING_ZONE; 422 ORDER_PRODUCT_NOT_FOUND, PRODUCT_VARIANT_INVALID (an origin product needs \`variants: [{group_id: the product, product_id: the size}]\`, a combo one pick per group), PRODUCT_NOT_ON_MENU, PRODUCT_UNAVAILABLE (stop list), MODIFIERS_INVALID (min/max, compulsory), MODIFIER_UNAVAILABLE (a modifier on the branch's stop list); 422 MIN_ORDER_PRICE (the zone's \`min_order_amount\` and the chain's \`minimal_order_price\`, on the goods), MAX_ORDER_PRICE (goods, or goods with delivery, above 1,000,000,000); the promo code errors of GET /v2/discount-with-order-price; 422 CHANGE_FROM_TOO_SMALL (cash \`change_from\` below the total).

\`Idempotency-Key\` (optional, up to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters, kept per customer for ${IDEMPOTENCY_TTL_MS / 3_600_000} hours): the same key with the same body replays the first answer (header \`Idempotent-Replayed: true\`), with another body answers 422 IDEMPOTENCY_KEY_REUSED, while the first request is still working 409 ORDER_IN_PROGRESS. A refused request frees its key.`;

const QUOTE_DESCRIPTION = `Computes the order the body describes (the same body as POST /v2/ondemand-order) exactly as placing it would, with the same code, and writes nothing: no order, no promo code use, no idempotency key (an \`Idempotency-Key\` header is ignored), no status published. Answers 200 with goods, delivery (with its reason and distance), discounts, total, each line's unit and total price (\`in_stop\` for a stopped product, size, pick or modifier, left out of the goods), the minimum order and free-delivery amounts with what is missing, and \`errors\`: every refusal placing the order now would meet, in the order placing meets them (placing answers the first), each with its \`code\` as POST /v2/ondemand-order answers it, the \`message\` in the language of Accept-Language and the body \`field\` it is about when there is one (\`promo_code\` for the promo code's refusals, \`change_from\`, \`steps[0].products[i]...\` for a line). A refused promo code leaves the automatic discounts priced. An empty \`errors\` means the order would be accepted as quoted; placing it checks everything again. Only malformed bodies (400) and a missing sign-in (401) are answered as errors.`;

/** Placing an order (issue 5). */
export async function orderingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/v2/ondemand-order',
    {
      // The largest valid order (http/body-limits.ts); the sign-in is checked on request, before the
      // body is read: an anonymous caller costs no parsing. The per-customer limit (a preHandler)
      // then counts the customer it found.
      bodyLimit: ORDER_BODY_LIMIT,
      onRequest: app.requireSignedIn,
      config: rateLimited(app, 'order'),
      schema: {
        tags: ['orders'],
        summary: "Place the signed-in customer's order; the server computes every price",
        description: DESCRIPTION,
        headers: ZOrderHeaders,
        body: ZCreateOrderRequest,
        response: {
          201: ZCreateOrderResponse,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
          ...rateLimitResponses('order'),
        },
      },
    },
    async (request, reply) => {
      const { customerId } = signedInId(request);
      const result = await placeOrder(app, {
        shipperId: request.shipperId,
        customer: { id: customerId },
        body: request.body,
        idempotencyKey: request.headers['idempotency-key']?.trim() || null,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
      });
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(result.body);
    },
  );

  app.post(
    '/v2/ondemand-order/quote',
    {
      // The largest valid order (http/body-limits.ts); the sign-in is checked on request, before the
      // body is read: an anonymous caller costs no parsing. The per-customer limit (a preHandler)
      // then counts the customer it found.
      bodyLimit: ORDER_BODY_LIMIT,
      onRequest: app.requireSignedIn,
      config: rateLimited(app, 'quote'),
      schema: {
        tags: ['orders'],
        summary: 'Price the order as placing it would, with every refusal it would meet; writes nothing',
        description: QUOTE_DESCRIPTION,
        headers: ZClientHeadersSchema,
        body: ZCreateOrderRequest,
        response: {
          200: ZOrderQuoteResponse,
          400: ZApiError,
          401: ZApiError,
          ...rateLimitResponses('quote'),
        },
      },
    },
    async (request) => {
      const { customerId } = signedInId(request);
      return quoteOrder(app, {
        shipperId: request.shipperId,
        customer: { id: customerId },
        body: request.body,
        locale: localeFromAcceptLanguage(request.headers['accept-language']),
      });
    },
  );
}
