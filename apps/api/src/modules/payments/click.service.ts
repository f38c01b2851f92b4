/**
 * Click's SHOP API (docs.click.uz; the rules of the shared payments-conformance.md): Click calls
 * Prepare (action 0) when the customer confirms the payment, then Complete (action 1) once it has
 * taken the money (or failed to: `error < 0`). Every answer carries Click's own `error` code; the
 * checks run in the order of Click's official template, the first that fails answers:
 *
 *   -8 a field is missing or malformed (also an unreadable body: click.routes.ts)
 *   -1 the signature is wrong, the service_id is not ours, or Click is not configured here
 *      (CLICK_SERVICE_ID or CLICK_SECRET_KEY unset: nothing can be signed, so nothing is accepted)
 *   -3 the action is not this endpoint's (0 Prepare, 1 Complete)
 *   -5 merchant_trans_id names no order of ours paid with Click
 *   -6 Complete: merchant_prepare_id is no transaction of ours, or not this order's and click_trans_id's;
 *      Prepare: the click_trans_id is already another order's
 *   -4 the order is already paid (a repeated Complete too)
 *   -2 the amount differs from what the order leaves to pay (total - bonuses) by more than 0.01
 *   -9 the transaction is cancelled, or the order can no longer be paid (cancelled by the payment
 *      timeout or an operator; its prepared transaction is then cancelled too)
 *   -7 we failed to write (a database error): nothing was changed
 *    0 success
 *
 * A Complete with `error < 0` (Click failed the payment) whose transaction was found cancels it and
 * answers -9, unless the answer is already -4 or -9. A repeated Prepare with the same click_trans_id
 * answers the same merchant_prepare_id. A Prepare with a new click_trans_id while another one of the
 * order is prepared (the customer started over on Click's side) cancels the older one and prepares
 * the new one: an order has at most one prepared transaction (the schema's partial unique index),
 * and a later Complete of the older one answers -9.
 *
 * Each call runs in one database transaction holding the order's row lock, so concurrent calls for
 * one order take turns: two Completes make one payment (the second answers -4). Every call,
 * accepted or refused, is then recorded in payment_calls, as Payme's are: a signed call with its
 * fields (at most STORED_PARAMS_MAX_BYTES of them) under the order it names; one that is not signed
 * with our secret (-1, a malformed -8, an unreadable body) with none of them and no order, since
 * anyone can send one: its method, our answer, the time and the address only.
 */

import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import {
  CLICK_CANCELLED,
  CLICK_COMPLETED,
  CLICK_PREPARED,
  type ClickTransaction,
  cancelOtherPreparedClickTransactions,
  findClickTransaction,
  findClickTransactionBySeq,
  insertPreparedClickTransaction,
  settleClickTransaction,
} from './click.repository.ts';
import {
  amountMatches,
  CLICK_ERRORS,
  type ClickAnswer,
  type ClickErrorCode,
  type ClickMethod,
  type ClickRequest,
  clickParams,
  ERROR_NOTES,
  idNumber,
  readRequest,
  TEXT,
  textOf,
} from './click.request.ts';
import { clickSignMatches, clickSignString } from './click.sign.ts';
import {
  awaitsPaymentBy,
  findPaymentOrder,
  type PaymentOrder,
  recordPaymentCall,
} from './payments.repository.ts';
import { type PaymentDeps, receivePayment } from './payments.service.ts';

export type ClickDeps = PaymentDeps & {
  db: Db;
  config: Pick<Env, 'CLICK_SERVICE_ID' | 'CLICK_SECRET_KEY'>;
  log: { error: (object: object, message: string) => void };
};

type Outcome = {
  code: ClickErrorCode;
  /** merchant_prepare_id / merchant_confirm_id on success. */
  seq?: number;
  /** The order the call named, when it exists. */
  orderId?: string;
};

/** Thrown inside the transaction to roll it back and answer `outcome`. */
class Rollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('rollback');
  }
}

/** The answer when the call names no order Click may be asked about: one of ours paid with Click. */
const notClickOrder = (order: PaymentOrder | null): Outcome | null =>
  order?.paymentType === 'click'
    ? null
    : { code: CLICK_ERRORS.orderNotFound, ...(order ? { orderId: order.id } : {}) };

function signatureValid(deps: ClickDeps, method: ClickMethod, request: ClickRequest): boolean {
  const { CLICK_SERVICE_ID: serviceId, CLICK_SECRET_KEY: secret } = deps.config;
  if (!serviceId || !secret) return false;
  const expected = clickSignString(
    {
      click_trans_id: request.click_trans_id,
      service_id: request.service_id,
      merchant_trans_id: request.merchant_trans_id,
      merchant_prepare_id: method === 'complete' ? request.merchant_prepare_id : undefined,
      amount: request.amount,
      action: request.action,
      sign_time: request.sign_time,
    },
    secret,
  );
  // Both checked whatever the first says: the time taken does not tell which failed.
  const signed = clickSignMatches(request.sign_string, expected);
  return request.service_id === serviceId && signed;
}

async function prepare(deps: ClickDeps, request: ClickRequest): Promise<Outcome> {
  return deps.db.transaction(async (tx) => {
    const order = await findPaymentOrder(tx, request.merchant_trans_id, { lock: true });
    const refused = notClickOrder(order);
    if (refused || !order) return refused ?? { code: CLICK_ERRORS.orderNotFound };
    const orderId = order.id;
    const existing = await findClickTransaction(tx, request.click_trans_id);
    if (existing && existing.orderId !== orderId) return { code: CLICK_ERRORS.transactionNotFound, orderId };
    if (order.paid || existing?.state === CLICK_COMPLETED) return { code: CLICK_ERRORS.alreadyPaid, orderId };
    if (!amountMatches(request.amount, order.amountDue))
      return { code: CLICK_ERRORS.incorrectAmount, orderId };
    const at = deps.clock();
    if (existing?.state === CLICK_CANCELLED) return { code: CLICK_ERRORS.transactionCancelled, orderId };
    if (!awaitsPaymentBy(order, 'click')) {
      if (existing?.state === CLICK_PREPARED) {
        await settleClickTransaction(tx, existing.id, CLICK_CANCELLED, at, {
          cancelled_by: 'order-not-payable',
        });
      }
      return { code: CLICK_ERRORS.transactionCancelled, orderId };
    }
    // A repeat of the same Prepare: the same merchant_prepare_id.
    if (existing) return { code: CLICK_ERRORS.success, seq: existing.seq, orderId };
    await cancelOtherPreparedClickTransactions(tx, orderId, request.click_trans_id, at, {
      cancelled_by: 'superseded',
      superseded_by: request.click_trans_id,
    });
    const created = await insertPreparedClickTransaction(tx, {
      shipperId: order.shipperId,
      orderId,
      clickTransId: request.click_trans_id,
      amount: order.amountDue,
      details: {
        click_paydoc_id: request.click_paydoc_id,
        service_id: request.service_id,
        amount: request.amount,
        sign_time: request.sign_time,
      },
      at,
    });
    // Refused by a unique index: the click_trans_id was stored by a concurrent Prepare of another
    // order, or another provider's transaction is open for the order. Nothing is kept.
    if (!created) throw new Rollback({ code: CLICK_ERRORS.failedToUpdate, orderId });
    return { code: CLICK_ERRORS.success, seq: created.seq, orderId };
  });
}

/** merchant_prepare_id as our `seq`, or null when it cannot be one. */
function seqOf(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

async function complete(deps: ClickDeps, request: ClickRequest): Promise<Outcome> {
  return deps.db.transaction(async (tx) => {
    const order = await findPaymentOrder(tx, request.merchant_trans_id, { lock: true });
    const refused = notClickOrder(order);
    if (refused || !order) return refused ?? { code: CLICK_ERRORS.orderNotFound };
    const orderId = order.id;
    const seq = seqOf(request.merchant_prepare_id);
    const transaction: ClickTransaction | null =
      seq === null ? null : await findClickTransactionBySeq(tx, seq);
    if (
      !transaction ||
      transaction.orderId !== orderId ||
      transaction.providerId !== request.click_trans_id
    ) {
      return { code: CLICK_ERRORS.transactionNotFound, orderId };
    }
    if (order.paid || transaction.state === CLICK_COMPLETED)
      return { code: CLICK_ERRORS.alreadyPaid, orderId };
    const at = deps.clock();
    let code: ClickErrorCode = CLICK_ERRORS.success;
    let cancelled = transaction.state === CLICK_CANCELLED;
    if (!amountMatches(request.amount, order.amountDue)) {
      code = CLICK_ERRORS.incorrectAmount;
    } else if (cancelled) {
      code = CLICK_ERRORS.transactionCancelled;
    } else if (!awaitsPaymentBy(order, 'click')) {
      await settleClickTransaction(tx, transaction.id, CLICK_CANCELLED, at, {
        cancelled_by: 'order-not-payable',
      });
      cancelled = true;
      code = CLICK_ERRORS.transactionCancelled;
    }
    const clickError = Number(request.error);
    if (clickError < 0 && code !== CLICK_ERRORS.transactionCancelled) {
      if (!cancelled) {
        await settleClickTransaction(tx, transaction.id, CLICK_CANCELLED, at, {
          cancelled_by: 'click',
          click_error: clickError,
          click_error_note: request.error_note ?? '',
        });
      }
      return { code: CLICK_ERRORS.transactionCancelled, orderId };
    }
    if (code !== CLICK_ERRORS.success) return { code, orderId };
    await settleClickTransaction(tx, transaction.id, CLICK_COMPLETED, at, {
      confirmed_sign_time: request.sign_time,
    });
    await receivePayment(deps, tx, orderId);
    return { code: CLICK_ERRORS.success, seq: transaction.seq, orderId };
  });
}

function answerOf(method: ClickMethod, body: unknown, outcome: Outcome): ClickAnswer {
  const fields =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const merchantTransId = textOf(fields.merchant_trans_id);
  const common = {
    click_trans_id: idNumber(fields.click_trans_id),
    merchant_trans_id:
      typeof merchantTransId === 'string' && merchantTransId.length <= 100 && TEXT.test(merchantTransId)
        ? merchantTransId
        : null,
  };
  const id = outcome.code === CLICK_ERRORS.success ? (outcome.seq ?? null) : null;
  const tail = { error: outcome.code, error_note: ERROR_NOTES[outcome.code] };
  return method === 'prepare'
    ? { ...common, merchant_prepare_id: id, ...tail }
    : { ...common, merchant_confirm_id: id, ...tail };
}

/**
 * Records the call; a failure to record is logged, never turned into another answer. `signed`: the
 * call passed the signature check; only then is anything it sent kept (see the top of the file).
 */
async function record(
  deps: ClickDeps,
  call: { method: ClickMethod; body: unknown; signed: boolean; answer: ClickAnswer; orderId: string | null },
  address: string,
): Promise<void> {
  const { method, answer } = call;
  try {
    const params = call.signed ? clickParams(call.body) : null;
    // A signed call refused before its order was read (-3) is still filed under the order it names.
    const named =
      call.orderId ??
      (params ? (await findPaymentOrder(deps.db, params.merchant_trans_id))?.id : null) ??
      null;
    await recordPaymentCall(deps.db, {
      provider: 'click',
      method,
      params,
      response: answer,
      errorCode: answer.error === 0 ? null : answer.error,
      orderId: named,
      address,
      at: deps.clock(),
    });
  } catch (error) {
    deps.log.error({ err: error, method }, 'click: recording the call failed');
  }
}

/**
 * Answers one call of Click's (`body`: the form's or the JSON's fields) and records it. Never throws:
 * a database failure answers -7 (the call's transaction rolled back).
 */
export async function handleClickCall(
  deps: ClickDeps,
  method: ClickMethod,
  body: unknown,
  address: string,
): Promise<ClickAnswer> {
  let outcome: Outcome;
  const request = readRequest(method, body);
  const signed = request !== null && signatureValid(deps, method, request);
  if (!request) {
    outcome = { code: CLICK_ERRORS.badRequest };
  } else if (!signed) {
    outcome = { code: CLICK_ERRORS.signCheckFailed };
  } else if (request.action !== (method === 'prepare' ? '0' : '1')) {
    outcome = { code: CLICK_ERRORS.actionNotFound };
  } else {
    try {
      outcome = method === 'prepare' ? await prepare(deps, request) : await complete(deps, request);
    } catch (error) {
      if (error instanceof Rollback) {
        outcome = error.outcome;
      } else {
        deps.log.error({ err: error, method }, 'click: the call failed');
        outcome = { code: CLICK_ERRORS.failedToUpdate };
      }
    }
  }
  const answer = answerOf(method, body, outcome);
  await record(deps, { method, body, signed, answer, orderId: outcome.orderId ?? null }, address);
  return answer;
}

/** The answer to a request whose body could not be read at all (click.routes.ts), recorded too. */
export async function refuseUnreadableClickCall(
  deps: ClickDeps,
  method: ClickMethod,
  body: unknown,
  address: string,
): Promise<ClickAnswer> {
  const answer = answerOf(method, body, { code: CLICK_ERRORS.badRequest });
  await record(deps, { method, body, signed: false, answer, orderId: null }, address);
  return answer;
}

export {
  amountMatches,
  CLICK_ERRORS,
  CLICK_FIELDS,
  type ClickAnswer,
  type ClickCompleteAnswer,
  type ClickErrorCode,
  type ClickMethod,
  type ClickPrepareAnswer,
  clickParams,
} from './click.request.ts';
