/**
 * Payme's Merchant API (payments-conformance.md): one JSON-RPC 2.0 call in, one answer out. The call's
 * authorization and envelope are checked here; the methods (payme.methods.ts) check their parameters
 * and run each in one database transaction under the order's row lock.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isUniqueViolation } from '../../db/query-helpers.ts';
import {
  isPaymeError,
  PAYME,
  type PaymeError,
  type PaymeErrorCode,
  paymeError,
  paymeMessage,
} from './payme.errors.ts';
import { type CallContext, isMethod, type PaymeDeps, runMethod } from './payme.methods.ts';

export type JsonRpcId = string | number | null;
export type PaymeAnswer =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: Record<string, unknown> }
  | {
      jsonrpc: '2.0';
      id: JsonRpcId;
      error: { code: PaymeErrorCode; message: { ru: string; uz: string; en: string }; data?: string };
    };

/** One call as it is recorded in payment_calls (recordPaymentCall). */
export type PaymeCallRecord = {
  method: string;
  params: unknown;
  answer: PaymeAnswer;
  errorCode: PaymeErrorCode | null;
  /** The order the call named, when it exists. */
  orderId: string | null;
};

export function errorAnswer(id: JsonRpcId, error: PaymeError): PaymeAnswer {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: error.code,
      message: paymeMessage(error.code),
      ...(error.data !== undefined ? { data: error.data } : {}),
    },
  };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * `Authorization: Basic base64("Paycom:" + key)`, compared in constant time (digests of equal length).
 * No key configured: Payme is not set up, nothing is authorized.
 */
export function isAuthorized(header: unknown, key: string | undefined): boolean {
  if (!key || typeof header !== 'string') return false;
  const match = /^Basic[ \t]+(\S+)[ \t]*$/i.exec(header);
  const given = match?.[1] ?? '';
  const expected = Buffer.from(`Paycom:${key}`, 'utf8').toString('base64');
  return timingSafeEqual(sha256(given), sha256(expected)) && given.length > 0;
}

/** The longest JSON-RPC id payment_calls keeps in its copy of our answer (ZRpcId allows 100). */
const STORED_ID_MAX_LENGTH = 100;

/**
 * What is kept of an authorized request's params: everything but a password (Payme's ChangePassword
 * carries one). recordPaymentCall caps what is stored (STORED_PARAMS_MAX_BYTES, the same for Click).
 */
function loggedParams(params: unknown): unknown {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return params ?? null;
  const { password: _password, ...rest } = params as Record<string, unknown>;
  return rest;
}

/**
 * Our answer as payment_calls keeps it: the answer itself, but an id longer than any Payme sends
 * (the answer echoes whatever id came, up to the body limit) replaced by a marker with its length.
 */
export function storedAnswer(answer: PaymeAnswer): PaymeAnswer {
  const { id } = answer;
  if (typeof id !== 'string' || id.length <= STORED_ID_MAX_LENGTH) return answer;
  return { ...answer, id: `[an id of ${id.length} characters, not kept]` };
}

/**
 * Answers one request to POST /v1/payments/payme: `body` is the raw text, `authorization` the header.
 * Never throws for anything Payme sent; an unexpected failure is -32400.
 */
export async function answerPaymeCall(
  deps: PaymeDeps,
  body: unknown,
  authorization: unknown,
  log: { error: (object: object, message: string) => void },
): Promise<PaymeCallRecord> {
  let request: unknown;
  let parsed = false;
  if (typeof body === 'string') {
    try {
      request = JSON.parse(body);
      parsed = true;
    } catch {
      parsed = false;
    }
  }
  const envelope =
    parsed && request && typeof request === 'object' && !Array.isArray(request)
      ? (request as Record<string, unknown>)
      : null;
  const rawId = envelope?.id;
  const id: JsonRpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  const method = typeof envelope?.method === 'string' ? envelope.method : '';
  const authorized = isAuthorized(authorization, deps.key);
  // A call without the key is kept as its method, id (in the answer) and address: anyone can send
  // one, so nothing of its body is stored.
  const params = authorized ? loggedParams(envelope?.params) : null;
  const ctx: CallContext = { orderId: null };
  const refuse = (error: PaymeError): PaymeCallRecord => ({
    method,
    params,
    answer: errorAnswer(id, error),
    errorCode: error.code,
    orderId: ctx.orderId,
  });

  if (!authorized) return refuse(paymeError(PAYME.UNAUTHORIZED));
  if (!parsed) return refuse(paymeError(PAYME.PARSE_ERROR));
  if (!envelope) return refuse(paymeError(PAYME.INVALID_REQUEST));
  if (typeof envelope.method !== 'string') return refuse(paymeError(PAYME.INVALID_REQUEST, 'method'));
  if (!isMethod(method)) return refuse(paymeError(PAYME.METHOD_NOT_FOUND, method.slice(0, 100)));
  const p = envelope.params;
  if (!p || typeof p !== 'object' || Array.isArray(p))
    return refuse(paymeError(PAYME.INVALID_REQUEST, 'params'));
  try {
    const result = await runMethod(deps, ctx, method, p);
    return { method, params, answer: { jsonrpc: '2.0', id, result }, errorCode: null, orderId: ctx.orderId };
  } catch (error) {
    if (isPaymeError(error)) return refuse(error);
    // Two concurrent calls raced past each other's checks; the schema's unique indexes kept one.
    if (
      isUniqueViolation(error, 'payment_transactions_one_open_unique') ||
      isUniqueViolation(error, 'payment_transactions_one_paid_unique') ||
      isUniqueViolation(error, 'payment_transactions_provider_id_unique')
    ) {
      return refuse(paymeError(PAYME.CANNOT_PERFORM));
    }
    log.error({ err: error, method }, 'payme call failed');
    return refuse(paymeError(PAYME.INTERNAL));
  }
}

export {
  PAYME_ID_PATTERN,
  PAYME_METHODS,
  PAYME_REASONS,
  PAYME_TRANSACTION_TIMEOUT_MS,
  type PaymeDeps,
  type PaymeMethod,
} from './payme.methods.ts';
