/**
 * Click's SHOP API endpoints (issue 12): Click's servers call them, not the storefront. So no
 * Shipper/Platform headers (http/client-headers.ts leaves provider paths out), bodies form-encoded
 * as Click sends them or JSON (numbers kept as sent, for the signature), at most CLICK_BODY_LIMIT bytes, and every answer is HTTP 200 with
 * Click's fields: even a body that cannot be read answers `error: -8` (this plugin's own error
 * handler), because Click reads nothing but its `error` code.
 */
import { ZMultiLineText, ZSingleLineText } from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimited, rateLimitResponses } from '../../http/rate-limit.ts';
import { type ClickMethod, handleClickCall, refuseUnreadableClickCall } from './click.service.ts';

/** Click's calls are a dozen short fields: far below this. */
export const CLICK_BODY_LIMIT = 16 * 1024;

/** A form body's fields; a field sent twice becomes a list, which no Click field may be (-8). */
export function parseClickForm(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return { ...fields };
}

/** A JSON string literal, or a JSON number: the tokens of a body that carry digits. */
const JSON_STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * A JSON body with every number kept as the text Click wrote. Click signs the amount as it sends it
 * (click.sign.ts), and JSON.parse would turn `52000.00` into 52000, whose text '52000' signs
 * differently: a genuine call would fail its signature (-1). So each number outside a string is
 * quoted, and parsed again. Node 20's JSON.parse has no access to a number's source text.
 *
 * JSON.parse runs first: it refuses what is not JSON (`007`, `{1: 2}`) in one linear pass, and only
 * on valid JSON, where every string closes, is the token scan linear too (on an unclosed string
 * such as `"\"\"\"…` it would go back to every quote: quadratic, 200 ms for 16 KB).
 */
export function parseClickJson(body: string): unknown {
  JSON.parse(body);
  return JSON.parse(
    body.replace(JSON_STRING_OR_NUMBER, (token) => (token.startsWith('"') ? token : `"${token}"`)),
  );
}

const ZClickValue = z.union([ZSingleLineText, z.number()]);

/** What Click sends (documentation of the body; the service checks each field itself: -8). */
const ZClickRequest = z
  .object({
    click_trans_id: ZClickValue.optional().describe("Click's payment id (digits)"),
    service_id: ZClickValue.optional().describe('Our service id at Click (CLICK_SERVICE_ID)'),
    click_paydoc_id: ZClickValue.optional().describe("Click's payment document number"),
    merchant_trans_id: ZClickValue.optional().describe("Our order's id"),
    merchant_prepare_id: ZClickValue.optional().describe('Complete only: what Prepare answered'),
    amount: ZClickValue.optional().describe("Sums, decimal ('52000.00'); signed exactly as sent"),
    action: ZClickValue.optional().describe('0 Prepare, 1 Complete'),
    error: ZClickValue.optional().describe("Click's status of the payment: below 0 it failed"),
    error_note: z.union([ZMultiLineText, z.number()]).optional(),
    sign_time: ZClickValue.optional().describe("'YYYY-MM-DD HH:mm:ss'"),
    sign_string: ZClickValue.optional().describe('MD5 of the fields and the secret key (hex)'),
  })
  .loose();

const ZClickId = z.number().int().nullable();
const ZPrepareAnswer = z.object({
  click_trans_id: ZClickId,
  merchant_trans_id: z.string().nullable(),
  merchant_prepare_id: ZClickId.describe('Our id of the prepared transaction (null unless error is 0)'),
  error: z.number().int(),
  error_note: z.string(),
});
const ZCompleteAnswer = z.object({
  click_trans_id: ZClickId,
  merchant_trans_id: z.string().nullable(),
  merchant_confirm_id: ZClickId.describe('Our id of the completed transaction (null unless error is 0)'),
  error: z.number().int(),
  error_note: z.string(),
});

const ERRORS_DOC =
  "HTTP 200 (except over the rate limit, see the end); `error`: 0 success, -1 SIGN CHECK FAILED (also a wrong service_id, or Click not configured), -2 incorrect amount (more than 0.01 from what the order leaves to pay), -3 action not found, -4 already paid, -5 order not found, -6 transaction not found, -7 failed to update, -8 error in request (a missing or malformed field, an unreadable body), -9 transaction cancelled (or the order can no longer be paid). Every call is recorded. Over RATE_LIMIT_PAYMENTS (per address, shared with Payme's endpoint): HTTP 429 with a JSON error and Retry-After, not recorded.";

const PREPARE_DESCRIPTION = `Click's Prepare (action 0), form-encoded or JSON (a number signed as written). \`sign_string\` = md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id + amount + action + sign_time). Prepares a transaction for the order (\`merchant_trans_id\`): a repeat with the same click_trans_id answers the same \`merchant_prepare_id\`; a new click_trans_id cancels the order's other prepared one. ${ERRORS_DOC}`;

const COMPLETE_DESCRIPTION = `Click's Complete (action 1), form-encoded or JSON (a number signed as written). \`sign_string\` = md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id + merchant_prepare_id + amount + action + sign_time). Marks the order paid (it moves to new, or future when scheduled); \`error\` < 0 from Click cancels the transaction and answers -9. A repeat answers -4. ${ERRORS_DOC}`;

const methodOf = (request: FastifyRequest): ClickMethod =>
  request.routeOptions.url?.endsWith('/complete') ? 'complete' : 'prepare';

/** Click's merchant endpoints. Registered as their own plugin: the form parser and error handler stay here. */
export async function clickRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: CLICK_BODY_LIMIT },
    (_request, body, done) => done(null, parseClickForm(String(body))),
  );
  // This plugin's own JSON parser (the app's stays for every other route): numbers as sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: CLICK_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, parseClickJson(String(body)));
      } catch {
        // Answered -8 by the error handler below, as any unreadable body.
        done(
          Object.assign(new Error('the body is not JSON'), {
            statusCode: 400,
            code: 'FST_ERR_CTP_INVALID_JSON',
          }),
        );
      }
    },
  );

  // A body that is not JSON or a form, too large, or not an object, is Click's -8, never a 4xx page.
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 500;
    if (status === 429) {
      // RATE_LIMIT_PAYMENTS: a flood is refused before anything is read or recorded, with the API's
      // own 429 (JSON error, Retry-After) from the app's error handler; Click retries later.
      request.log.info({ ip: request.ip }, 'click calls over the rate limit');
      throw error;
    }
    if (status >= 500) request.log.error({ err: error }, 'click: request failed before its handler');
    else request.log.info({ code: error.code }, 'click: unreadable request');
    const answer = await refuseUnreadableClickCall(app, methodOf(request), request.body, request.ip);
    return reply.status(200).send(answer);
  });

  const routes = [
    [
      'prepare',
      'Click Prepare (action 0): prepare the payment of an order',
      PREPARE_DESCRIPTION,
      ZPrepareAnswer,
    ],
    [
      'complete',
      'Click Complete (action 1): the payment is made or failed',
      COMPLETE_DESCRIPTION,
      ZCompleteAnswer,
    ],
  ] as const;
  for (const [method, summary, description, answer] of routes) {
    app.post(
      `/v1/payments/click/${method}`,
      {
        bodyLimit: CLICK_BODY_LIMIT,
        // Never stored by a cache on the way (Cache-Control: no-store); one allowance per address
        // shared with Payme's endpoint (RATE_LIMIT_PAYMENTS).
        config: { personal: true, ...rateLimited(app, 'payments') },
        schema: {
          tags: ['payments'],
          summary,
          description,
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: ZClickRequest,
          security: [],
          response: { 200: answer, ...rateLimitResponses('payments') },
        },
      },
      async (request) => handleClickCall(app, method, request.body, request.ip),
    );
  }
}
