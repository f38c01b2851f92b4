import {
  ZApiError,
  ZLoyaltyBalanceQuery,
  ZLoyaltyBalanceResponse,
  ZLoyaltyHistoryQuery,
  ZLoyaltyHistoryResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedIn } from '../../http/auth.ts';
import { rateLimited, rateLimitResponses } from '../../http/rate-limit.ts';
import { getLoyaltyBalance, getLoyaltyHistory } from './loyalty.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 503: ZApiError };

/** The signed-in customer's accumulative card (issue 12): its balance and its movements. */
export async function loyaltyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const preHandler = app.requireCustomer;
  const deps = () => ({ db: app.db, loyalty: app.loyalty });

  app.post(
    '/v2/crm/iiko-customer-info',
    {
      preHandler,
      // The balance may be asked of iiko Cloud: limited per customer like the other personal calls.
      config: rateLimited(app, 'customer-writes'),
      schema: {
        tags,
        summary: "The signed-in customer's accumulative card: balance and the chain's rules",
        description:
          "Query parameters, no body. `phone`, when given, must be the signed-in customer's own (400 LOYALTY_PHONE_NOT_OWN otherwise): no one reads another customer's card. 503 LOYALTY_UNAVAILABLE when iiko Cloud cannot be reached.",
        querystring: ZLoyaltyBalanceQuery,
        response: { 200: ZLoyaltyBalanceResponse, ...errors, ...rateLimitResponses('customer-writes') },
      },
    },
    async (request) => getLoyaltyBalance(deps(), signedIn(request).customer.id, request.query.phone),
  );

  app.get(
    '/v2/crm/loyalty-history',
    {
      preHandler,
      // It reads the balance too (iiko Cloud with LOYALTY_PROVIDER=iiko): the same per-customer limit.
      config: rateLimited(app, 'customer-writes'),
      schema: {
        tags,
        summary:
          "The signed-in customer's card: balance and movements (welcome, spent, refund, earned), newest first",
        querystring: ZLoyaltyHistoryQuery,
        response: { 200: ZLoyaltyHistoryResponse, ...errors, ...rateLimitResponses('customer-writes') },
      },
    },
    async (request) => getLoyaltyHistory(deps(), signedIn(request).customer.id, request.query),
  );
}
