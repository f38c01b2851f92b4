/**
 * Payme's Merchant API (payments-conformance.md): one JSON-RPC 2.0 call in, one answer out. The call's
 * authorization, envelope and parameters are checked here, then each method runs in one database
 * transaction that holds the order's row lock and the transaction's row lock, so Payme's concurrent
 * or repeated calls for one order take turns: one transaction is created, one payment received.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/query-helpers.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import {
  isPaymeError,
  PAYME,
  type PaymeError,
  type PaymeErrorCode,
  paymeError,
  paymeMessage,
} from './payme.errors.ts';
import {
  findPaymeTransaction,
  hasOpenTransaction,
  insertPaymeTransaction,
  markOrderRefunded,
  type PaymeTransaction,
  paymeStatement,
  updatePaymeTransaction,
} from './payme.repository.ts';
import { toTiyin } from './payment-links.ts';
import { awaitsPaymentBy, findPaymentOrder, type PaymentOrder } from './payments.repository.ts';
import { type PaymentDeps, receivePayment } from './payments.service.ts';

export const PAYME_METHODS = [
  'CheckPerformTransaction',
  'CreateTransaction',
  'PerformTransaction',
  'CancelTransaction',
  'CheckTransaction',
  'GetStatement',
] as const;
export type PaymeMethod = (typeof PAYME_METHODS)[number];

/** A created transaction not performed within this (from its create_time) is cancelled with reason 4. */
export const PAYME_TRANSACTION_TIMEOUT_MS = 43_200_000;
/** Payme's cancel reasons (1 receivers not found, 2 processing error, 3 execution failed, 4 timeout, 5 refund, 10 unknown). */
export const PAYME_REASONS = [1, 2, 3, 4, 5, 10] as const;
const REASON_EXECUTION_FAILED = 3;
const REASON_TIMEOUT = 4;

/** Payme's transaction id: a 24-character string; any short word of letters, digits, '-' and '_' is taken. */
export const PAYME_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

export type PaymeDeps = PaymentDeps & { db: Db; key: string | undefined };

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

/** What is stored of a request's params: everything but a password (Payme's ChangePassword carries one). */
function loggedParams(params: unknown): unknown {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return params ?? null;
  const { password: _password, ...rest } = params as Record<string, unknown>;
  return rest;
}

const ZId = z.string().regex(PAYME_ID_PATTERN);
/** Any number: a wrong one (not whole, not positive, not what is due) is -31001, not a malformed call. */
const ZAmount = z.number();
const ZAccount = z.looseObject({});
const ZTime = z.number().int().nonnegative();

const PARAMS = {
  CheckPerformTransaction: z.looseObject({ amount: ZAmount, account: ZAccount }),
  CreateTransaction: z.looseObject({ id: ZId, time: ZTime, amount: ZAmount, account: ZAccount }),
  PerformTransaction: z.looseObject({ id: ZId }),
  CancelTransaction: z.looseObject({
    id: ZId,
    reason: z.number().refine((n) => (PAYME_REASONS as readonly number[]).includes(n)),
  }),
  CheckTransaction: z.looseObject({ id: ZId }),
  GetStatement: z.looseObject({ from: ZTime, to: ZTime }),
} satisfies Record<PaymeMethod, z.ZodType>;

type Params<M extends PaymeMethod> = z.infer<(typeof PARAMS)[M]>;

function parseParams<M extends PaymeMethod>(method: M, params: unknown): Params<M> {
  const parsed = PARAMS[method].safeParse(params);
  if (parsed.success) return parsed.data as Params<M>;
  const field = parsed.error.issues[0]?.path.map(String).join('.') || 'params';
  throw paymeError(PAYME.INVALID_REQUEST, field);
}

const isMethod = (method: string): method is PaymeMethod =>
  (PAYME_METHODS as readonly string[]).includes(method);

/** What a method learnt while it ran: the order it named, when that order exists. */
type CallContext = { orderId: string | null };

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
  const params = loggedParams(envelope?.params);
  const ctx: CallContext = { orderId: null };
  const refuse = (error: PaymeError): PaymeCallRecord => ({
    method,
    params,
    answer: errorAnswer(id, error),
    errorCode: error.code,
    orderId: ctx.orderId,
  });

  if (!isAuthorized(authorization, deps.key)) return refuse(paymeError(PAYME.UNAUTHORIZED));
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

/**
 * Runs `work` in one transaction; a PaymeError it *returns* is answered after the transaction commits
 * (what it wrote stays: an expired transaction cancelled), one it throws rolls everything back.
 */
async function inTransaction<T>(deps: PaymeDeps, work: (tx: Tx) => Promise<T | PaymeError>): Promise<T> {
  const outcome = await deps.db.transaction(work);
  if (isPaymeError(outcome)) throw outcome;
  return outcome;
}

function runMethod(
  deps: PaymeDeps,
  ctx: CallContext,
  method: PaymeMethod,
  params: object,
): Promise<Record<string, unknown>> {
  switch (method) {
    case 'CheckPerformTransaction':
      return checkPerform(deps, ctx, parseParams(method, params));
    case 'CreateTransaction':
      return createTransaction(deps, ctx, parseParams(method, params));
    case 'PerformTransaction':
      return performTransaction(deps, ctx, parseParams(method, params));
    case 'CancelTransaction':
      return cancelTransaction(deps, ctx, parseParams(method, params));
    case 'CheckTransaction':
      return checkTransaction(deps, ctx, parseParams(method, params));
    case 'GetStatement':
      return getStatement(deps, parseParams(method, params));
  }
}

const isCancelledStatus = (status: string) => status.endsWith('-cancelled');

/**
 * The order `account.order_id` names, checked to be payable with Payme now for exactly `amount` tiyin:
 * -31050 unknown, -31051 paid, -31052 cancelled, -31053 not a Payme order, -31054 not awaiting
 * payment (all with data 'order_id'), then -31001 a wrong amount.
 */
async function payableOrder(
  tx: DbOrTx,
  ctx: CallContext,
  account: Record<string, unknown>,
  amount: number,
  lock: boolean,
): Promise<PaymentOrder> {
  const order = await findPaymentOrder(tx, account.order_id, { lock });
  if (!order) throw paymeError(PAYME.ORDER_NOT_FOUND, 'order_id');
  ctx.orderId = order.id;
  if (!awaitsPaymentBy(order, 'payme')) {
    if (order.paymentType !== 'payme') throw paymeError(PAYME.ORDER_NOT_PAYME, 'order_id');
    if (order.paid) throw paymeError(PAYME.ORDER_PAID, 'order_id');
    if (isCancelledStatus(order.status)) throw paymeError(PAYME.ORDER_CANCELLED, 'order_id');
    throw paymeError(PAYME.ORDER_NOT_AWAITING, 'order_id');
  }
  if (amount !== toTiyin(order.amountDue)) throw paymeError(PAYME.WRONG_AMOUNT, 'amount');
  return order;
}

async function checkPerform(
  deps: PaymeDeps,
  ctx: CallContext,
  params: Params<'CheckPerformTransaction'>,
): Promise<Record<string, unknown>> {
  await payableOrder(deps.db, ctx, params.account, params.amount, false);
  return { allow: true };
}

/**
 * The transaction `id` with its order locked first, then itself (the one lock order every method
 * takes, so two calls never wait on each other crosswise), or null when Payme never created it.
 */
async function lockTransaction(
  tx: Tx,
  ctx: CallContext,
  id: string,
): Promise<{ transaction: PaymeTransaction; order: PaymentOrder | null } | null> {
  const seen = await findPaymeTransaction(tx, id);
  if (!seen) return null;
  const order = await findPaymentOrder(tx, seen.orderId, { lock: true });
  if (order) ctx.orderId = order.id;
  const transaction = await findPaymeTransaction(tx, id, { lock: true });
  return transaction ? { transaction, order } : null;
}

const expired = (transaction: PaymeTransaction, now: number) =>
  now - transaction.createTime > PAYME_TRANSACTION_TIMEOUT_MS;

const createdAnswer = (t: PaymeTransaction) => ({
  create_time: t.createTime,
  transaction: t.id,
  state: t.state,
});

/** Cancels a created transaction (reason 4 on timeout) and answers -31008 once that is committed. */
async function cancelUnperformable(deps: PaymeDeps, tx: Tx, t: PaymeTransaction, reason: number) {
  const at = deps.clock();
  await updatePaymeTransaction(tx, t.id, { state: -1, reason, cancelTime: at.getTime(), at });
  return paymeError(PAYME.CANNOT_PERFORM);
}

async function createTransaction(
  deps: PaymeDeps,
  ctx: CallContext,
  params: Params<'CreateTransaction'>,
): Promise<Record<string, unknown>> {
  return inTransaction(deps, async (tx) => {
    const known = await lockTransaction(tx, ctx, params.id);
    if (known) return repeatedCreate(deps, tx, known.transaction);
    const order = await payableOrder(tx, ctx, params.account, params.amount, true);
    // Created by a concurrent call while this one waited for the order's lock.
    const raced = await findPaymeTransaction(tx, params.id, { lock: true });
    if (raced) return repeatedCreate(deps, tx, raced);
    if (await hasOpenTransaction(tx, order.id)) return paymeError(PAYME.CANNOT_PERFORM);
    const at = deps.clock();
    const created = await insertPaymeTransaction(tx, {
      shipperId: order.shipperId,
      orderId: order.id,
      providerId: params.id,
      providerTime: params.time,
      amount: params.amount,
      createTime: at.getTime(),
      at,
    });
    return createdAnswer(created);
  });
}

async function repeatedCreate(deps: PaymeDeps, tx: Tx, t: PaymeTransaction) {
  if (t.state !== 1) return paymeError(PAYME.CANNOT_PERFORM);
  if (expired(t, deps.clock().getTime())) return cancelUnperformable(deps, tx, t, REASON_TIMEOUT);
  return createdAnswer(t);
}

async function performTransaction(
  deps: PaymeDeps,
  ctx: CallContext,
  params: Params<'PerformTransaction'>,
): Promise<Record<string, unknown>> {
  return inTransaction(deps, async (tx) => {
    const found = await lockTransaction(tx, ctx, params.id);
    if (!found) return paymeError(PAYME.TRANSACTION_NOT_FOUND);
    const { transaction: t, order } = found;
    const performed = () => ({ transaction: t.id, perform_time: t.performTime, state: 2 });
    if (t.state === 2) return performed();
    if (t.state !== 1) return paymeError(PAYME.CANNOT_PERFORM);
    const now = deps.clock();
    if (expired(t, now.getTime())) return cancelUnperformable(deps, tx, t, REASON_TIMEOUT);
    if (!order || !awaitsPaymentBy(order, 'payme')) {
      // Cancelled since (the payment timeout, an operator) or paid otherwise: the money is not taken.
      const reason = order?.status === 'server-cancelled' ? REASON_TIMEOUT : REASON_EXECUTION_FAILED;
      return cancelUnperformable(deps, tx, t, reason);
    }
    await receivePayment(deps, tx, order.id);
    const done = await updatePaymeTransaction(tx, t.id, { state: 2, performTime: now.getTime(), at: now });
    return { transaction: done.id, perform_time: done.performTime, state: 2 };
  });
}

/** Statuses in which nobody has taken the order on yet: a refund cancels it as the server. */
const UNTOUCHED_STATUSES = new Set(['new', 'future']);

async function cancelTransaction(
  deps: PaymeDeps,
  ctx: CallContext,
  params: Params<'CancelTransaction'>,
): Promise<Record<string, unknown>> {
  return inTransaction(deps, async (tx) => {
    const found = await lockTransaction(tx, ctx, params.id);
    if (!found) return paymeError(PAYME.TRANSACTION_NOT_FOUND);
    const { transaction: t, order } = found;
    const cancelled = (row: PaymeTransaction) => ({
      transaction: row.id,
      cancel_time: row.cancelTime,
      state: row.state,
    });
    if (t.state === -1 || t.state === -2) return cancelled(t);
    const at = deps.clock();
    if (t.state === 1) {
      // The order stays 'payment-awaited': the customer may pay again until the payment timeout.
      return cancelled(
        await updatePaymeTransaction(tx, t.id, {
          state: -1,
          reason: params.reason,
          cancelTime: at.getTime(),
          at,
        }),
      );
    }
    // Performed: a refund. Only of an order already cancelled, or one nobody has taken on yet.
    if (!order) return paymeError(PAYME.CANNOT_CANCEL);
    if (UNTOUCHED_STATUSES.has(order.status)) {
      await applyEvent(deps, tx, order.id, 'server-cancelled', 'server');
    } else if (!isCancelledStatus(order.status)) {
      return paymeError(PAYME.CANNOT_CANCEL);
    }
    await markOrderRefunded(tx, order.id, at);
    return cancelled(
      await updatePaymeTransaction(tx, t.id, {
        state: -2,
        reason: params.reason,
        cancelTime: at.getTime(),
        at,
      }),
    );
  });
}

const transactionDetails = (t: PaymeTransaction) => ({
  create_time: t.createTime,
  perform_time: t.performTime,
  cancel_time: t.cancelTime,
  transaction: t.id,
  state: t.state,
  reason: t.reason ?? null,
});

async function checkTransaction(
  deps: PaymeDeps,
  ctx: CallContext,
  params: Params<'CheckTransaction'>,
): Promise<Record<string, unknown>> {
  const t = await findPaymeTransaction(deps.db, params.id);
  if (!t) throw paymeError(PAYME.TRANSACTION_NOT_FOUND);
  ctx.orderId = t.orderId;
  return transactionDetails(t);
}

async function getStatement(
  deps: PaymeDeps,
  params: Params<'GetStatement'>,
): Promise<Record<string, unknown>> {
  const rows = await paymeStatement(deps.db, params.from, params.to);
  return {
    transactions: rows.map((t) => ({
      id: t.providerId,
      time: t.providerTime,
      amount: t.amount,
      account: { order_id: t.orderId },
      ...transactionDetails(t),
      receivers: null,
    })),
  };
}
