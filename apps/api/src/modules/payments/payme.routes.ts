/**
 * POST /v1/payments/payme: Payme's Merchant API (JSON-RPC 2.0; Payme calls us). Every answer is HTTP
 * 200 with `result` or `error`, whatever went wrong: Payme counts any other status as -32400. So this
 * plugin (encapsulated: none of it reaches other routes) keeps the body as raw text (a body that is not
 * JSON is -32700, never Fastify's 400/415), answers its own errors (a body over the limit, a failure in
 * a hook) as JSON-RPC errors, answers every other method on the path with -32300, and skips the
 * Shipper/Platform check (Payme sends none). Every call, accepted or refused, is recorded in
 * payment_calls after its transaction has ended: a call without the key, or one that is not JSON,
 * without its params; another with at most STORED_PARAMS_MAX_BYTES of them (payments.repository.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { rateLimited } from '../../http/rate-limit.ts';
import { PAYME, paymeError } from './payme.errors.ts';
import {
  answerPaymeCall,
  errorAnswer,
  PAYME_ID_PATTERN,
  PAYME_METHODS,
  type PaymeAnswer,
  type PaymeCallRecord,
  storedAnswer,
} from './payme.service.ts';
import { recordPaymentCall } from './payments.repository.ts';

export const PAYME_PATH = '/v1/payments/payme';
/** Payme's requests are a few hundred bytes; GetStatement's are the longest and still tiny. */
export const PAYME_BODY_LIMIT = 64 * 1024;

const ZMessage = z.object({ ru: z.string(), uz: z.string(), en: z.string() });
const ZRpcId = z.union([z.number().int(), z.string().regex(/^[0-9A-Za-z_.:-]{1,100}$/)]);

const ZPaymeRequest = z
  .object({
    jsonrpc: z.literal('2.0').optional(),
    id: ZRpcId,
    method: z.enum(PAYME_METHODS),
    params: z
      .object({
        id: z.string().regex(PAYME_ID_PATTERN).optional().describe("Payme's transaction id (24 characters)"),
        time: z.number().int().optional().describe("Payme's time of the transaction, Unix milliseconds"),
        amount: z.number().int().positive().optional().describe('Tiyin (sum x 100) of what is left to pay'),
        account: z.object({ order_id: z.uuid() }).optional().describe('Our order'),
        reason: z.number().int().optional().describe('Cancel reason: 1, 2, 3, 4 (timeout), 5 (refund), 10'),
        from: z.number().int().optional().describe('GetStatement: from, Unix milliseconds'),
        to: z.number().int().optional().describe('GetStatement: to, Unix milliseconds'),
      })
      .describe("The method's parameters"),
  })
  .describe('A JSON-RPC 2.0 request of Payme');

const ZPaymeResponse = z
  .object({
    jsonrpc: z.literal('2.0'),
    // null when the request's id could not be read (OpenAPI 3.0 wants `nullable` beside a type).
    id: z.union([z.number().int().nullable(), z.string()]),
    result: z.record(z.string(), z.unknown()).optional().describe("The method's result"),
    error: z
      .object({
        code: z.number().int(),
        message: ZMessage,
        data: z.string().optional().describe('The field at fault, or the unknown method'),
      })
      .optional(),
  })
  .describe('A JSON-RPC 2.0 answer: `result` or `error`, always with HTTP 200');

const DESCRIPTION = [
  "Payme's Merchant API, called by Payme (no Shipper/Platform headers). Authorization:",
  '`Basic base64("Paycom:" + PAYME_KEY)`; wrong or missing: error -32504. Methods: CheckPerformTransaction,',
  'CreateTransaction, PerformTransaction, CancelTransaction, CheckTransaction, GetStatement. Every answer is',
  'HTTP 200 with `result` or `error {code, message {ru, uz, en}, data?}` (-32300 not POST, -32700 not',
  'JSON, -32600 bad request, -32601 unknown method, -32400 internal error, -31001 wrong amount, -31003',
  'unknown transaction, -31007 cannot cancel, -31008 cannot perform, -31050..-31099 the order).',
].join(' ');

export async function paymeRoutes(app: FastifyInstance) {
  // This plugin's own parser: any content type, kept as text, parsed by the service (-32700).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: PAYME_BODY_LIMIT },
    (_request, body, done) => {
      done(null, body);
    },
  );

  const send = async (request: FastifyRequest, reply: FastifyReply, call: PaymeCallRecord) => {
    try {
      await recordPaymentCall(app.db, {
        provider: 'payme',
        method: call.method,
        params: call.params,
        response: storedAnswer(call.answer),
        errorCode: call.errorCode,
        orderId: call.orderId,
        address: request.ip,
        at: app.clock(),
      });
    } catch (error) {
      // The answer stands (what the call did is committed); the log keeps what could not be recorded.
      request.log.error(
        { err: error, method: call.method, errorCode: call.errorCode },
        'payme call not recorded',
      );
    }
    return reply.status(200).type('application/json; charset=utf-8').send(JSON.stringify(call.answer));
  };

  const refusal = (code: (typeof PAYME)[keyof typeof PAYME], data?: string): PaymeCallRecord => {
    const answer: PaymeAnswer = errorAnswer(null, paymeError(code, data));
    return { method: '', params: null, answer, errorCode: code, orderId: null };
  };

  // Whatever fails before or around the handler (a body over the limit, a hook's error) is still
  // answered in JSON-RPC with 200.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      return send(request, reply, refusal(PAYME.INVALID_REQUEST, 'body'));
    }
    if (error.statusCode === 429) {
      // RATE_LIMIT_PAYMENTS: Payme knows no 429 (it retries a system error later). Not recorded in
      // payment_calls: the limit is there to bound a flood, the table included.
      request.log.info({ ip: request.ip }, 'payme calls over the rate limit');
      const answer = errorAnswer(null, paymeError(PAYME.INTERNAL, 'rate_limited'));
      return reply.status(200).type('application/json; charset=utf-8').send(JSON.stringify(answer));
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'payme request refused before the handler');
      return send(request, reply, refusal(PAYME.INVALID_REQUEST));
    }
    request.log.error({ err: error }, 'payme request failed');
    return send(request, reply, refusal(PAYME.INTERNAL));
  });

  // No client headers: the path is a provider's (client-headers.ts, isProviderCallbackPath).
  const config = { personal: true, ...rateLimited(app, 'payments') };

  app.route({
    method: 'POST',
    url: PAYME_PATH,
    bodyLimit: PAYME_BODY_LIMIT,
    config,
    schema: {
      tags: ['payments'],
      summary: "Payme's Merchant API (JSON-RPC 2.0, called by Payme)",
      description: DESCRIPTION,
      security: [],
      body: ZPaymeRequest,
      response: { 200: ZPaymeResponse },
    },
    // The schemas above document the envelope; the service checks the call itself, so that every
    // mistake is answered in Payme's terms (-32700, -32600 naming the field, -32601) rather than 400.
    validatorCompiler: () => (value) => ({ value }),
    serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
    handler: async (request, reply) => {
      const call = await answerPaymeCall(
        {
          db: app.db,
          clock: app.clock,
          orderEvents: app.orderEvents,
          loyalty: app.loyalty,
          key: app.config.PAYME_KEY,
        },
        request.body,
        request.headers.authorization,
        request.log,
      );
      return send(request, reply, call);
    },
  });

  // Payme only POSTs; anything else on the path is -32300, still with 200.
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: PAYME_PATH,
    config,
    schema: { hide: true },
    handler: async (request, reply) => send(request, reply, refusal(PAYME.NOT_POST)),
  });
}
