import { isOrderStatus, transition } from '@app/domain';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { applyEvent } from '../order-status/order-status.service.ts';
import { paymeReasonFor } from './open-payments.ts';
import { isPaymeError, PAYME, type PaymeError, paymeError } from './payme.errors.ts';
import {
  cancelExpiredPaymeTransactions,
  findPaymeTransaction,
  hasOpenTransaction,
  insertPaymeTransaction,
  markOrderRefunded,
  PAYME_REASON_TIMEOUT,
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
const REASON_TIMEOUT = PAYME_REASON_TIMEOUT;

/** Payme's transaction id: a 24-character string; any short word of letters, digits, '-' and '_' is taken. */
export const PAYME_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;

export type PaymeDeps = PaymentDeps & { db: Db; key: string | undefined };

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

export const isMethod = (method: string): method is PaymeMethod =>
  (PAYME_METHODS as readonly string[]).includes(method);

/** What a method learnt while it ran: the order it named, when that order exists. */
export type CallContext = { orderId: string | null };

/**
 * Runs `work` in one transaction; a PaymeError it *returns* is answered after the transaction commits
 * (what it wrote stays: an expired transaction cancelled), one it throws rolls everything back.
 */
async function inTransaction<T>(deps: PaymeDeps, work: (tx: Tx) => Promise<T | PaymeError>): Promise<T> {
  const outcome = await deps.db.transaction(work);
  if (isPaymeError(outcome)) throw outcome;
  return outcome;
}

/** Runs one of the six methods with its parameters checked (-32600 naming the field). */
export function runMethod(
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
    const at = deps.clock();
    // An order may await payment longer than Payme's 12 hours (PAYMENT_TIMEOUT_MIN up to 24 h): its
    // created transaction past them can no longer be performed, so it no longer blocks a new one. It
    // is cancelled (reason 4) here, as its own repeat or PerformTransaction would, and stays so even
    // when the new one is refused below (a returned error commits).
    await cancelExpiredPaymeTransactions(tx, order.id, at.getTime() - PAYME_TRANSACTION_TIMEOUT_MS, at);
    if (await hasOpenTransaction(tx, order.id)) return paymeError(PAYME.CANNOT_PERFORM);
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
      // (A cancel of the order now cancels its created transaction itself: open-payments.ts.)
      return cancelUnperformable(deps, tx, t, paymeReasonFor(order?.status));
    }
    await receivePayment(deps, tx, order.id);
    const done = await updatePaymeTransaction(tx, t.id, { state: 2, performTime: now.getTime(), at: now });
    return { transaction: done.id, perform_time: done.performTime, state: 2 };
  });
}

/**
 * Whether a refund may cancel the order as the server: the machine's refund rules let it (domain
 * REFUND_CANCELLABLE and the untouched statuses: whatever staff could still cancel, not once the
 * courier has picked it up). Payme refuses a refund (-31007) only once the order can no longer be
 * cancelled (payments-conformance: CancelTransaction of a performed transaction).
 */
const refundCancels = (order: PaymentOrder) =>
  isOrderStatus(order.status) &&
  transition({ status: order.status, delivery_type: order.deliveryType }, 'server-cancelled', 'server', {
    refund: true,
  }).ok;

/** The cancel's reason in the order's history, shown to staff beside 'cancelled automatically'. */
const REFUND_REASON = 'Payme';

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
    // Performed: a refund. Of an order already cancelled, or one that can still be cancelled (it is,
    // as the server: nobody cooks or delivers an order whose money went back); not once picked up.
    if (!order) return paymeError(PAYME.CANNOT_CANCEL);
    if (refundCancels(order)) {
      await applyEvent(deps, tx, order.id, 'server-cancelled', 'server', null, REFUND_REASON, {
        refund: true,
      });
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
